/**
 * The uploaded sizes and colours of a VARIABLE_DATA or DYNAMIC product (ordering §2 Product details):
 * Size, Colour, the customer quantity (what the retailer asks for), the order quantity (digits only,
 * rounded on blur as every quantity field, ordering §5), what is in the cart already (when any), then
 * the barcode and the retail prices printed on the ticket — the quantities first, so that on a phone
 * they show without scrolling sideways. Rows come in the fixed size order (§9).
 */
import { Table, Text } from '@mantine/core';
import type { QuantityLimits } from '@selvedge/shared';
import { formatCount } from './product-line';
import { QuantityInput } from './QuantityInput';
import { formatTicketPrices, type TicketRow } from './variable-line';

export interface TicketRowsTableProps {
  rows: readonly TicketRow[];
  quantities: Record<number, string>;
  onQuantity: (id: number, value: string) => void;
  limits: QuantityLimits;
  testId?: string;
}

/** The rows table. */
export function TicketRowsTable({
  rows,
  quantities,
  onQuantity,
  limits,
  testId = 'ticket-rows',
}: TicketRowsTableProps) {
  const showCart = rows.some((r) => r.cartQuantity > 0);
  return (
    <Table.ScrollContainer minWidth={showCart ? 700 : 630}>
      <Table verticalSpacing={6} horizontalSpacing="xs" withRowBorders tabularNums data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Size</Table.Th>
            <Table.Th>Colour</Table.Th>
            <Table.Th ta="right">Customer Qty</Table.Th>
            <Table.Th w={100} ta="right">
              Order Qty
            </Table.Th>
            {showCart && <Table.Th ta="right">In Cart</Table.Th>}
            <Table.Th>Barcode</Table.Th>
            <Table.Th>Retail Prices</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const name = `${r.data.size} ${r.data.colour}`.trim();
            return (
              <Table.Tr key={r.id} data-testid={`ticket-row-${r.data.size}-${r.data.colour}`}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {r.data.size}
                  </Text>
                </Table.Td>
                <Table.Td>{r.data.colour}</Table.Td>
                <Table.Td ta="right" data-testid="customer-quantity">
                  {formatCount(r.customerQuantity)}
                </Table.Td>
                <Table.Td>
                  <QuantityInput
                    aria-label={`Order quantity ${name}`}
                    value={quantities[r.id] ?? ''}
                    onChange={(v) => onQuantity(r.id, v)}
                    limits={limits}
                    data-testid="order-quantity"
                  />
                </Table.Td>
                {showCart && (
                  <Table.Td ta="right">{r.cartQuantity > 0 ? formatCount(r.cartQuantity) : ''}</Table.Td>
                )}
                <Table.Td ff="monospace">{r.data.barcode}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTicketPrices(r.data.prices)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
