/**
 * The charges of a cart or an order (ordering §3: orderCharges of chargeName, subcode,
 * subCodeDescription, charge), e.g. a Minimum Order Value shortfall. Cart and order details show
 * the same table; `testIdPrefix` keeps each screen's test ids ('cart-charge', 'order-charge'...).
 */
import { Table, Text } from '@mantine/core';
import type { OrderCharge } from '@selvedge/shared';
import { displayTotal, orDash } from './format';

export function ChargesTable({ charges, testIdPrefix }: { charges: OrderCharge[]; testIdPrefix: string }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table withTableBorder striped verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Charge</Table.Th>
            <Table.Th>Subcode</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {charges.map((c) => (
            <Table.Tr
              key={`${c.chargeName}|${c.subcode ?? ''}|${c.charge.currency}${c.charge.price}`}
              data-testid={`${testIdPrefix}-charge`}
            >
              <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid={`${testIdPrefix}-charge-name`}>
                {orDash(c.chargeName)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid={`${testIdPrefix}-charge-subcode`}>
                {orDash(c.subcode)}
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {orDash(c.subCodeDescription)}
                </Text>
              </Table.Td>
              <Table.Td
                ta="right"
                style={{ whiteSpace: 'nowrap' }}
                data-testid={`${testIdPrefix}-charge-amount`}
              >
                {displayTotal(c.charge)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
