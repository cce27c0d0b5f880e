/**
 * One line of an order (ordering §2 Order details, §3 Order item): subcode, description, pack size,
 * quantity, the sizes table (Size / attributes / Quantity / Unit Price / Unit Cost, prices and costs
 * only when the answer carries them), line attributes, the care label drawn as woven, line totals and, for a line that needs
 * artwork, the artwork panel (ordering §4 Item artwork).
 */
import { Badge, Card, Divider, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { OrderItem, OrderStatus } from '@selvedge/shared';
import { RfidBadge } from '../../ui/RfidBadge';
import { ArtworkPanel } from '../artwork/ArtworkPanel';
import { LineCareLabel } from '../care-label/LineCareLabel';
import { Field } from './Field';
import { displayTotal, displayUnit, orDash } from './format';
import { LineSizesTable } from './LineSizesTable';

const TYPE_LABELS: Record<OrderItem['productType'], string> = {
  STANDARD: 'Standard',
  VARIABLE_DATA: 'Variable data',
  DYNAMIC: 'Dynamic data',
};

/** The card of one order line. */
export function OrderItemCard({
  item,
  orderId,
  orderStatus,
  cancelled = false,
}: {
  item: OrderItem;
  orderId: number;
  orderStatus: OrderStatus;
  /** The order is cancelled: its artwork banners ask for nothing. */
  cancelled?: boolean;
}) {
  const showUnitPrice = item.sizes.some((s) => s.unitPrice);
  const showUnitCost = item.sizes.some((s) => s.unitCost);
  const sizeAttributeNames = [...new Set(item.sizes.flatMap((s) => Object.keys(s.attributesItem)))];
  // VARIABLE_DATA and DYNAMIC lines: each row is an uploaded size and colour with its barcode.
  const variableData = item.sizes.some((s) => s.variableData);
  // About 80 px a column (a barcode 140): Size, Quantity and the prices fit a 390 px phone without a
  // sideways scroll (decision 0038); a line with colours, barcodes or attributes scrolls in its box.
  const sizesMinWidth =
    80 * (2 + sizeAttributeNames.length + Number(showUnitPrice) + Number(showUnitCost)) +
    (variableData ? 80 + 140 : 0);
  const attributes = Object.entries(item.attributes);

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid={`order-item-${item.orderItemId}`}
      component="article"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          <Stack gap={2} miw={0}>
            <Group gap="xs" wrap="wrap">
              <Title order={4} data-testid="order-item-subcode">
                {item.productSubcode}
              </Title>
              {item.productType !== 'STANDARD' && (
                <Badge variant="light" color="violet" size="sm">
                  {TYPE_LABELS[item.productType]}
                </Badge>
              )}
              {item.careLabel && (
                <Badge variant="light" color="gray" size="sm">
                  Care label
                </Badge>
              )}
              {item.rfid && <RfidBadge />}
            </Group>
            <Text size="sm" c="dimmed" data-testid="order-item-description">
              {orDash(item.description)}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
            {(item.totalPrice || item.totalCost) && (
              <Text size="xs" c="dimmed" fw={500} tt="uppercase">
                Line Total
              </Text>
            )}
            {item.totalPrice && (
              <Text fw={700} data-testid="order-item-total-price">
                {displayTotal(item.totalPrice)}
              </Text>
            )}
            {item.totalCost && (
              <Text
                size={item.totalPrice ? 'sm' : 'md'}
                c={item.totalPrice ? 'dimmed' : undefined}
                fw={item.totalPrice ? 400 : 700}
                data-testid="order-item-total-cost"
              >
                {item.totalPrice ? 'Cost ' : ''}
                {displayTotal(item.totalCost)}
              </Text>
            )}
          </Stack>
        </Group>

        <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }} spacing="md" verticalSpacing="xs">
          <Field label="Pack Size" value={item.packSize.toLocaleString('en-US')} />
          <Field
            label="Quantity"
            value={item.quantity.toLocaleString('en-US')}
            testId="order-item-quantity"
          />
          {item.poNumber && <Field label="PO Number" value={item.poNumber} />}
          {item.styleNumber && <Field label="Style No." value={item.styleNumber} />}
          {item.unitPrice && !showUnitPrice && (
            <Field label="Unit Price" value={displayUnit(item.unitPrice)} />
          )}
          {item.unitCost && !showUnitCost && <Field label="Unit Cost" value={displayUnit(item.unitCost)} />}
          {item.minValue && <Field label="Minimum Order Value" value={displayTotal(item.minValue)} />}
        </SimpleGrid>

        {attributes.length > 0 && (
          <Group gap="xs" data-testid="order-item-attributes">
            <Text size="xs" c="dimmed" fw={500} tt="uppercase">
              Attributes
            </Text>
            {attributes.map(([name, value]) => (
              <Badge key={name} variant="default" size="md" tt="none" fw={400}>
                {name}: {orDash(value)}
              </Badge>
            ))}
          </Group>
        )}

        {item.careLabel && <LineCareLabel label={item.careLabel} digitalLink={item.digitalLink} open />}

        {item.sizes.length > 0 && (
          <Table.ScrollContainer minWidth={sizesMinWidth}>
            <LineSizesTable
              sizes={item.sizes}
              striped
              withTableBorder
              highlightOnHover
              verticalSpacing={6}
              fz="sm"
              data-testid="order-item-sizes"
              text={orDash}
              columns={[
                ...sizeAttributeNames.map((name) => ({
                  key: `attribute:${name}`,
                  head: name,
                  cell: (size: OrderItem['sizes'][number]) => orDash(size.attributesItem[name]),
                })),
                {
                  key: 'quantity',
                  head: 'Quantity',
                  right: true,
                  cell: (size) => size.quantity.toLocaleString('en-US'),
                },
                showUnitPrice && {
                  key: 'unitPrice',
                  head: 'Unit Price',
                  right: true,
                  cell: (size) => displayUnit(size.unitPrice),
                },
                showUnitCost && {
                  key: 'unitCost',
                  head: 'Unit Cost',
                  right: true,
                  cell: (size) => displayUnit(size.unitCost),
                },
              ]}
            />
          </Table.ScrollContainer>
        )}

        {item.artwork && (
          <>
            <Divider />
            <ArtworkPanel
              orderId={orderId}
              orderStatus={orderStatus}
              cancelled={cancelled}
              item={{ ...item, artwork: item.artwork }}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
