/**
 * The variable-data search results (ordering §2 Product list, variable-data mode; §3 Product search
 * result (variable data)): PO Number, Style No., Ticket Type, Description, Create Date and Ordered,
 * one row per PO and style with a checkbox; 'Order Selected' opens product details with the
 * productItemIds of the rows chosen (every ticket type of each). On a phone (usePhone) a row is
 * its checkbox and one cell holding the same six values, so nothing hides behind a sideways scroll
 * (decision 0038: every screen fits 390 px).
 */
import { Badge, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { formatDisplayDate, LABELS, MAX_DETAIL_IDS, type VariableDataSearchResult } from '@selvedge/shared';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePhone } from '../../ui/phone';
import { ResultsTable } from '../../ui/ResultsTable';

export interface VariableDataResultsTableProps {
  products: VariableDataSearchResult[];
  /** True while the next page loads (rows dim). */
  stale?: boolean;
}

const keyOf = (p: VariableDataSearchResult) => p.productItemIds.join(',');

/** Product details of the chosen rows' items (ordering §2: 'Order Selected'). */
export const orderSelectedPath = (rows: readonly VariableDataSearchResult[]) =>
  `/product-details?productItemId=${rows.flatMap((r) => r.productItemIds).join(',')}`;

const descriptionOf = (p: VariableDataSearchResult) => [...new Set(p.descriptions)].join(', ');

/**
 * The Ordered value: a green badge, else a dimmed `no` ("No" under the Ordered column; "Not ordered"
 * in a phone's one cell, where no header says what it answers).
 */
function orderedMark(ordered: boolean, no = 'No') {
  return ordered ? (
    <Badge color="green" variant="light">
      Ordered
    </Badge>
  ) : (
    <Text size="sm" c="dimmed">
      {no}
    </Text>
  );
}

/** The results table with its 'Order Selected' button. */
export function VariableDataResultsTable({ products, stale }: VariableDataResultsTableProps) {
  const navigate = useNavigate();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const chosen = products.filter((p) => selected.has(keyOf(p)));
  const ids = chosen.reduce((n, p) => n + p.productItemIds.length, 0);
  const toggle = (key: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const allOn = products.length > 0 && chosen.length === products.length;
  const phone = usePhone();

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="vd-selected-count">
          {chosen.length === 0 ? 'Choose the POs and styles to order.' : `${chosen.length} selected`}
        </Text>
        <Button
          leftSection={<IconShoppingCartPlus size={16} />}
          disabled={chosen.length === 0 || ids > MAX_DETAIL_IDS}
          onClick={() => void navigate(orderSelectedPath(chosen))}
          data-testid="order-selected"
        >
          {LABELS.orderSelected}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={phone ? 0 : 760}>
        <ResultsTable data-testid="variable-data-results" stale={stale}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all rows"
                  checked={allOn}
                  indeterminate={chosen.length > 0 && !allOn}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    setSelected(on ? new Set(products.map(keyOf)) : new Set());
                  }}
                />
              </Table.Th>
              {phone ? (
                <Table.Th>PO Number and Style No.</Table.Th>
              ) : (
                <>
                  <Table.Th>PO Number</Table.Th>
                  <Table.Th>Style No.</Table.Th>
                  <Table.Th>Ticket Type</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Create Date</Table.Th>
                  <Table.Th>Ordered</Table.Th>
                </>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {products.map((p) => {
              const key = keyOf(p);
              return (
                <Table.Tr
                  key={key}
                  data-testid="variable-data-row"
                  data-po-number={p.poNumber}
                  data-style-number={p.styleNumber}
                >
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select PO ${p.poNumber} style ${p.styleNumber}`}
                      checked={selected.has(key)}
                      onChange={(e) => toggle(key, e.currentTarget.checked)}
                      data-testid="variable-data-select"
                    />
                  </Table.Td>
                  {phone ? (
                    <Table.Td data-testid="variable-data-summary">
                      <Group gap={6} wrap="wrap">
                        <Text size="sm" ff="monospace" fw={600}>
                          {p.poNumber}
                        </Text>
                        <Text size="sm" ff="monospace">
                          {p.styleNumber}
                        </Text>
                        {orderedMark(p.ordered, 'Not ordered')}
                      </Group>
                      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {p.productSubcodes.join(', ')}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {descriptionOf(p)} · {formatDisplayDate(p.creationDate)}
                      </Text>
                    </Table.Td>
                  ) : (
                    <>
                      <Table.Td ff="monospace" fw={600}>
                        {p.poNumber}
                      </Table.Td>
                      <Table.Td ff="monospace">{p.styleNumber}</Table.Td>
                      <Table.Td ff="monospace">{p.productSubcodes.join(', ')}</Table.Td>
                      <Table.Td>{descriptionOf(p)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDisplayDate(p.creationDate)}
                      </Table.Td>
                      <Table.Td>{orderedMark(p.ordered)}</Table.Td>
                    </>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ResultsTable>
      </Table.ScrollContainer>
    </Stack>
  );
}
