/**
 * The size rows of a STANDARD product (ordering §2 Product details): Size, Quantity (digits only,
 * rounded on blur), the pieces already in the cart when there are any, Inventory for inventory
 * products (users who see inventory: canSeeInventory), and the attributes of sizes whose own schema differs from
 * the line's. Then the unit price (price roles) and unit cost (cost roles) of the tier applied with
 * its currency, 4 decimals ('CAD 0.0731', as the cart shows it; ordering §9), on the sizes with a
 * quantity. Totals are the line's, in the summary (unit ×
 * line quantity, as the cart prices it), so no per-size amounts that could differ from it by a cent.
 */
import { Table, Text } from '@mantine/core';
import { canSeeInventory, formatUnitMoney, type ProductItemDetails, type Role } from '@selvedge/shared';
import { AttributeInput } from './AttributeInput';
import {
  formatCount,
  itemLimitsOf,
  type LineInput,
  ownAttributeColumns,
  type ProductPricing,
  quantityOf,
  sizesWithOwnAttributes,
  type TierPricing,
} from './product-line';
import { QuantityInput } from './QuantityInput';

export interface SizeQuantityTableProps {
  product: ProductItemDetails;
  input: LineInput;
  role: Role | null;
  onQuantity: (productItemId: number, value: string) => void;
  onItemAttribute: (productItemId: number, name: string, value: string) => void;
  /** productItemId → attribute name → error. */
  itemErrors: Record<number, Record<string, string>>;
  pricing: ProductPricing;
  /** The user may restock (the answer's canRestock): inventory sizes are capped at their restock maximum. */
  canRestock?: boolean;
  /** The user may update inventory (the answer's canUpdateInventory): such a user sees it too. */
  canUpdateInventory?: boolean;
}

/** One money side of the table: its headers and how a size's cells read. */
interface AmountColumns {
  key: string;
  unitLabel: string;
  side: TierPricing;
}

function amountColumns(pricing: ProductPricing): AmountColumns[] {
  const cols: AmountColumns[] = [];
  if (pricing.price?.currency) {
    cols.push({ key: 'price', unitLabel: 'Unit Price', side: pricing.price });
  }
  if (pricing.cost?.currency) {
    cols.push({ key: 'cost', unitLabel: 'Unit Cost', side: pricing.cost });
  }
  return cols;
}

const dash = (
  <Text span size="sm" c="dimmed">
    —
  </Text>
);

/** The size table. */
export function SizeQuantityTable({
  product,
  input,
  role,
  onQuantity,
  onItemAttribute,
  itemErrors,
  pricing,
  canRestock = false,
  canUpdateInventory = false,
}: SizeQuantityTableProps) {
  const showInventory =
    product.hasInventory &&
    canSeeInventory({ role, canUpdateInventory }) &&
    product.items.some((i) => i.inventoryQuantity !== undefined);
  const showCart = product.items.some((i) => i.cartQuantity > 0);
  const attributeColumns = ownAttributeColumns(product);
  const own = new Set(sizesWithOwnAttributes(product).map((i) => i.productItemId));
  const total = product.items.reduce((s, i) => s + quantityOf(input.quantities[i.productItemId]), 0);
  const money = amountColumns(pricing);
  // Narrow enough that Size, Quantity, In Cart and one price fit a 390 px phone without a sideways
  // scroll (decision 0038); wider tables (attributes, inventory, two prices) scroll in their box.
  const minWidth =
    150 +
    money.length * 100 +
    attributeColumns.length * 180 +
    (showCart ? 70 : 0) +
    (showInventory ? 120 : 0);

  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing={6} horizontalSpacing="xs" withRowBorders data-testid="size-table" tabularNums>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Size</Table.Th>
            <Table.Th w={100} ta="right">
              Quantity
            </Table.Th>
            {showCart && (
              <Table.Th ta="right" w={70}>
                In Cart
              </Table.Th>
            )}
            {showInventory && (
              <Table.Th ta="right" w={120}>
                Inventory
              </Table.Th>
            )}
            {attributeColumns.map((f) => (
              <Table.Th key={f.name} miw={160}>
                {f.name}
              </Table.Th>
            ))}
            {money.map((c) => (
              <Table.Th
                key={c.key}
                ta="right"
                w={100}
                title={c.side.currency ? `${c.unitLabel} in ${c.side.currency}` : undefined}
              >
                {c.unitLabel}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {product.items.map((item) => (
            <Table.Tr key={item.productItemId} data-testid={`size-row-${item.productSize}`}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {item.productSize}
                </Text>
              </Table.Td>
              <Table.Td>
                <QuantityInput
                  aria-label={`Quantity ${item.productSize}`}
                  value={input.quantities[item.productItemId] ?? ''}
                  onChange={(v) => onQuantity(item.productItemId, v)}
                  limits={itemLimitsOf(product, item, canRestock)}
                  size="xs"
                  data-testid={`quantity-${item.productSize}`}
                  data-product-item-id={item.productItemId}
                />
              </Table.Td>
              {showCart && (
                <Table.Td ta="right">
                  <Text size="sm" c={item.cartQuantity > 0 ? undefined : 'dimmed'}>
                    {formatCount(item.cartQuantity)}
                  </Text>
                </Table.Td>
              )}
              {showInventory && (
                <Table.Td ta="right" data-testid={`inventory-${item.productSize}`}>
                  {item.hasInventory && item.inventoryQuantity !== undefined ? (
                    <Text size="sm">
                      {formatCount(item.inventoryQuantity)}
                      {item.inventoryMax ? (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          / {formatCount(item.inventoryMax)}
                        </Text>
                      ) : null}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              )}
              {attributeColumns.map((f) => {
                const field = item.attributes.find((a) => a.name === f.name);
                return (
                  <Table.Td key={f.name}>
                    {own.has(item.productItemId) && field ? (
                      <AttributeInput
                        field={field}
                        value={input.itemAttributes[item.productItemId]?.[f.name] ?? ''}
                        onChange={(v) => onItemAttribute(item.productItemId, f.name, v)}
                        error={itemErrors[item.productItemId]?.[f.name]}
                        ariaLabel={`${f.name} ${item.productSize}`}
                        size="xs"
                        testId={`size-attribute-${item.productSize}-${f.name}`}
                      />
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                );
              })}
              {money.map((c) => {
                const q = quantityOf(input.quantities[item.productItemId]);
                const applied = c.side.applied;
                return (
                  <Table.Td key={c.key} ta="right" data-testid={`${c.key}-unit-${item.productSize}`}>
                    {applied && q > 0 ? (
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatUnitMoney(applied)}
                      </Text>
                    ) : (
                      dash
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {product.items.length > 1 && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              <Table.Th ta="right" pr="md" data-testid="size-total">
                {formatCount(total)}
              </Table.Th>
              {showCart && <Table.Th />}
              {showInventory && <Table.Th />}
              {attributeColumns.map((f) => (
                <Table.Th key={f.name} />
              ))}
              {money.map((c) => (
                <Table.Th key={c.key} />
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
