/**
 * One line of the cart (ordering §2 Cart: item cards with edit and remove; §3 Order item): subcode,
 * description, quantities per size, attributes, unit price and line total (price roles), unit cost
 * (cost roles). Amounts the answer leaves out (the role may not see them) are not shown.
 */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type CartItem, formatMoney } from '@selvedge/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RfidBadge } from '../../ui/RfidBadge';
import { LineCareLabel } from '../care-label/LineCareLabel';
import { MISSING, displayTotal as total, displayUnit as unit } from '../orders/format';
import { LineSizesTable } from '../orders/LineSizesTable';

const quantity = (n: number) => n.toLocaleString('en-US');

function sameAttributes(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  if (keys.length === 0) return true;
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

export interface CartItemCardProps {
  item: CartItem;
  onRemove: (item: CartItem) => void;
  removing: boolean;
  disabled: boolean;
}

function AttributeList({ attributes, testId }: { attributes: Record<string, string>; testId?: string }) {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return null;
  return (
    <Group gap="xs" data-testid={testId}>
      {entries.map(([name, value]) => (
        <Text key={name} size="sm" span>
          <Text span c="dimmed" size="sm">
            {name}:
          </Text>{' '}
          {value || MISSING}
        </Text>
      ))}
    </Group>
  );
}

/** An item card of the cart. */
export function CartItemCard({ item, onRemove, removing, disabled }: CartItemCardProps) {
  const showUnitPrice = 'unitPrice' in item || item.sizes.some((s) => 'unitPrice' in s);
  const showUnitCost = 'unitCost' in item || item.sizes.some((s) => 'unitCost' in s);
  // Per-size attributes get a column only when some size has attributes other than the line's.
  const sizeAttributes = item.sizes.some((s) => !sameAttributes(s.attributesItem ?? {}, item.attributes));
  const hasCareLabel = item.careLabel != null;

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={`cart-item-${item.orderItemId}`}
      data-subcode={item.productSubcode}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <Text fw={700} data-testid="cart-item-subcode">
                {item.productSubcode}
              </Text>
              {hasCareLabel && (
                <Badge size="sm" variant="light" color="grape">
                  Care label
                </Badge>
              )}
              {item.rfid && <RfidBadge />}
            </Group>
            <Text size="sm" c="dimmed" data-testid="cart-item-description">
              {item.description}
            </Text>
            {item.poNumber && (
              <Text size="sm" data-testid="cart-item-po">
                PO Number {item.poNumber}
                {item.styleNumber ? ` · Style No. ${item.styleNumber}` : ''}
              </Text>
            )}
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Button
              component={Link}
              to={`/product-details?orderItemId=${item.orderItemId}`}
              variant="light"
              size="xs"
              leftSection={<IconPencil size={14} />}
              disabled={disabled}
              data-testid="cart-item-edit"
            >
              Edit
            </Button>
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => onRemove(item)}
              loading={removing}
              disabled={disabled && !removing}
              data-testid="cart-item-remove"
            >
              Remove
            </Button>
          </Group>
        </Group>

        <LineSizesTable
          sizes={item.sizes}
          withTableBorder
          striped
          verticalSpacing={4}
          horizontalSpacing="sm"
          fz="sm"
          data-testid="cart-item-sizes"
          rowTestId="cart-item-size"
          columns={[
            {
              key: 'quantity',
              head: 'Quantity',
              right: true,
              cell: (size) => quantity(size.quantity),
              testId: 'cart-item-size-quantity',
            },
            showUnitPrice && {
              key: 'unitPrice',
              head: 'Unit price',
              right: true,
              cell: (size) => unit(size.unitPrice ?? item.unitPrice),
              testId: 'cart-item-unit-price',
            },
            showUnitCost && {
              key: 'unitCost',
              head: 'Unit cost',
              right: true,
              cell: (size) => unit(size.unitCost ?? item.unitCost),
              testId: 'cart-item-unit-cost',
            },
            sizeAttributes && {
              key: 'attributes',
              head: 'Attributes',
              cell: (size) => <AttributeList attributes={size.attributesItem ?? {}} />,
            },
          ]}
        />

        {item.careLabel && <LineCareLabel label={item.careLabel} />}

        <AttributeList attributes={item.attributes} testId="cart-item-attributes" />

        <Group justify="space-between" align="flex-end" gap="xs">
          <Stack gap={0}>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                Total quantity:
              </Text>{' '}
              <span data-testid="cart-item-quantity">{quantity(item.quantity)}</span>
              {item.packSize > 1 && (
                <Text span c="dimmed" size="xs">
                  {' '}
                  (packs of {quantity(item.packSize)})
                </Text>
              )}
            </Text>
            {item.minValue && (
              <Text size="xs" c="dimmed" data-testid="cart-item-min-value">
                Minimum order value: {formatMoney(item.minValue)}
              </Text>
            )}
          </Stack>
          <Stack gap={0} align="flex-end">
            {'totalPrice' in item && (
              <Text size="sm">
                <Text span c="dimmed" size="sm">
                  Line total:
                </Text>{' '}
                <Text span fw={600} data-testid="cart-item-total-price">
                  {total(item.totalPrice)}
                </Text>
              </Text>
            )}
            {'totalCost' in item && (
              <Text size="sm">
                <Text span c="dimmed" size="sm">
                  Line cost:
                </Text>{' '}
                <Text span fw={600} data-testid="cart-item-total-cost">
                  {total(item.totalCost)}
                </Text>
              </Text>
            )}
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}
