/**
 * Inventory of an inventory product (ordering §2 Product details, §5 Inventory fields, §6): per
 * stocked size the current, minimum and maximum inventory, for the roles that see inventory and the
 * users who may update it (canSeeInventory: a CSR given the permission too). A user
 * with the update-inventory permission (role and per-user flag: `canUpdateInventory` of the answer)
 * edits the current quantities — digits, minus sign and period as typed, a whole number on blur,
 * Enter blurs — and saves them with 'Update Inventory' (PUT /products/inventory) → 'Inventory
 * successfully updated.'. Only changed sizes are sent.
 */
import { Button, Group, Paper, Table, Text, TextInput, Title } from '@mantine/core';
import {
  canSeeInventory,
  inventoryText,
  MESSAGES,
  OVERLAYS,
  type ProductItemDetails,
  parseInventory,
  type Role,
} from '@selvedge/shared';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useUpdateInventoryMutation } from '../../api/products';
import { showSuccess } from '../../ui/messages';
import { withOverlay } from '../../ui/overlay';
import { formatCount } from './product-line';

export interface InventoryPanelProps {
  product: ProductItemDetails;
  role: Role | null;
  canUpdateInventory: boolean;
}

/** The inventory section; nothing for a product without stocked sizes or a user who does not see inventory. */
export function InventoryPanel({ product, role, canUpdateInventory }: InventoryPanelProps) {
  const stocked = product.items.filter((i) => i.hasInventory && i.inventoryQuantity !== undefined);
  const [texts, setTexts] = useState<Record<number, string>>({});
  const update = useUpdateInventoryMutation();
  if (!canSeeInventory({ role, canUpdateInventory }) || stocked.length === 0) return null;

  const textOf = (id: number, current: number) => texts[id] ?? String(current);
  const changed = Object.fromEntries(
    stocked.flatMap((i) => {
      const q = parseInventory(textOf(i.productItemId, i.inventoryQuantity ?? 0));
      return q !== null && q !== i.inventoryQuantity ? [[i.productItemId, q]] : [];
    }),
  ) as Record<number, number>;
  const dirty = Object.keys(changed).length > 0;

  async function save() {
    await withOverlay(OVERLAYS.updating, update.mutateAsync(changed));
    setTexts({});
    showSuccess(MESSAGES.inventoryUpdated);
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label="Inventory"
      data-testid="product-inventory"
    >
      <Group justify="space-between" mb="xs" gap="xs" align="baseline">
        <Title order={4}>Inventory</Title>
        {canUpdateInventory && (
          <Button
            size="xs"
            leftSection={<IconDeviceFloppy size={16} />}
            disabled={!dirty}
            loading={update.isPending}
            onClick={() => void save().catch(() => undefined)}
            data-testid="update-inventory"
          >
            Update Inventory
          </Button>
        )}
      </Group>
      <Table.ScrollContainer minWidth={360}>
        <Table verticalSpacing={6} horizontalSpacing="sm" tabularNums>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Size</Table.Th>
              <Table.Th ta="right" w={130}>
                Current
              </Table.Th>
              <Table.Th ta="right" w={100}>
                Minimum
              </Table.Th>
              <Table.Th ta="right" w={100}>
                Maximum
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stocked.map((i) => (
              <Table.Tr key={i.productItemId} data-testid={`inventory-row-${i.productSize}`}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {i.productSize}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  {canUpdateInventory ? (
                    <TextInput
                      size="xs"
                      aria-label={`Current inventory ${i.productSize}`}
                      inputMode="decimal"
                      autoComplete="off"
                      value={textOf(i.productItemId, i.inventoryQuantity ?? 0)}
                      onChange={(e) => {
                        const value = inventoryText(e.currentTarget.value).slice(0, 12);
                        setTexts((t) => ({ ...t, [i.productItemId]: value }));
                      }}
                      onBlur={() => {
                        const q = parseInventory(textOf(i.productItemId, i.inventoryQuantity ?? 0));
                        setTexts((t) => ({ ...t, [i.productItemId]: String(q ?? i.inventoryQuantity ?? 0) }));
                      }}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') {
                          e.preventDefault();
                          e.currentTarget.blur();
                        }
                      }}
                      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
                      data-testid={`inventory-input-${i.productSize}`}
                    />
                  ) : (
                    <Text size="sm">{formatCount(i.inventoryQuantity ?? 0)}</Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatCount(i.inventoryMin ?? 0)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatCount(i.inventoryMax ?? 0)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
