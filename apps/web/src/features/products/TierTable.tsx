/**
 * Price or cost tiers of a product (ordering §2 Product details; §9: the tier applied is the highest
 * tier at or below the quantity, the cart quantity counting toward it). Unit amounts with their
 * currency and 4 decimals ('CAD 0.0731', as in the cart).
 */
import { Badge, Group, Paper, Table, Text, Title } from '@mantine/core';
import { formatUnitMoney } from '@selvedge/shared';
import { formatCount, type TierPricing } from './product-line';

export interface TierTableProps {
  title: string;
  /** 'Unit Price' or 'Unit Cost'. */
  amountLabel: string;
  pricing: TierPricing;
  testId: string;
}

/** A tier table in its own panel. */
export function TierTable({ title, amountLabel, pricing, testId }: TierTableProps) {
  const { tiers, currency, applied } = pricing;
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId} component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={4}>{title}</Title>
        {currency && (
          <Badge variant="light" color="gray">
            {currency}
          </Badge>
        )}
      </Group>
      {tiers.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid={`${testId}-none`}>
          {currency ? `No tiers in ${currency} for this product.` : 'No tiers for this product.'}
        </Text>
      ) : (
        <Table verticalSpacing={6} horizontalSpacing="sm" tabularNums>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Quantity</Table.Th>
              <Table.Th ta="right">{amountLabel}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tiers.map((t) => {
              const isApplied =
                applied !== null && applied.quantity === t.quantity && applied.currency === t.currency;
              return (
                <Table.Tr
                  key={`${t.currency}-${t.quantity}`}
                  bg={isApplied ? 'var(--mantine-primary-color-light)' : undefined}
                  data-applied={isApplied || undefined}
                  aria-current={isApplied ? 'true' : undefined}
                >
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={isApplied ? 600 : undefined}>
                        {formatCount(t.quantity)}+
                      </Text>
                      {isApplied && (
                        <Badge size="xs" variant="filled">
                          Applied
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={isApplied ? 600 : undefined}>
                      {formatUnitMoney(t)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
