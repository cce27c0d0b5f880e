/**
 * Charges of the cart (ordering §3 Cart: orderCharges of chargeName, subcode, subCodeDescription,
 * charge), e.g. a Minimum Order Value shortfall. Shown only when the answer has charges (price roles).
 */
import { Paper, Table, Text, Title } from '@mantine/core';
import { formatMoney, type OrderCharge } from '@selvedge/shared';

/** The charges table; nothing when there are none. */
export function CartCharges({ charges }: { charges: OrderCharge[] | undefined }) {
  if (!charges || charges.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="cart-charges">
      <Title order={3} size="h4" mb="sm">
        Charges
      </Title>
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
                data-testid="cart-charge"
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="cart-charge-name">
                  {c.chargeName}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="cart-charge-subcode">
                  {c.subcode ?? '---'}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {c.subCodeDescription ?? '---'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="cart-charge-amount">
                  {formatMoney(c.charge)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
