/**
 * The table of an editor inside a master-data form (shipping addresses, attribute fields, tiers and
 * minimum order values): one row per entry, '---' when there is none; while editing, the first cell
 * is a button that selects its row for Update and Remove (the selected row is highlighted and
 * pressed). The editors keep their entries and rules; this is only how they list them.
 */
import { Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { MISSING } from '../orders/format';

/** A column: its header, optional width, and the cell of a row (style for long texts). */
export interface EditorColumn<R> {
  header: string;
  width?: number | string;
  cell: (row: R) => ReactNode;
  style?: React.CSSProperties;
}

export function SelectableRowsTable<R>({
  rows,
  columns,
  rowKey,
  isSelected,
  onSelect,
  editing,
  rowTestId,
  labelledBy,
  label,
}: {
  rows: readonly R[];
  /** The first column's cell is the row's select button while editing. */
  columns: EditorColumn<R>[];
  rowKey: (row: R) => string;
  isSelected: (row: R) => boolean;
  onSelect: (row: R) => void;
  editing: boolean;
  rowTestId: string;
  /** The id of the editor's title, or else an accessible name. */
  labelledBy?: string;
  label?: string;
}) {
  return (
    <Table withTableBorder verticalSpacing={6} fz="sm" aria-labelledby={labelledBy} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.header} w={c.width}>
              {c.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>
              <Text size="sm" c="dimmed">
                {MISSING}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((row) => {
            const selected = isSelected(row);
            return (
              <Table.Tr
                key={rowKey(row)}
                bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
                data-testid={rowTestId}
              >
                {columns.map((c, i) => (
                  <Table.Td key={c.header} style={c.style}>
                    {i === 0 && editing ? (
                      <UnstyledButton
                        fz="sm"
                        fw={600}
                        c="blue.8"
                        aria-pressed={selected}
                        onClick={() => onSelect(row)}
                      >
                        {c.cell(row)}
                      </UnstyledButton>
                    ) : (
                      c.cell(row)
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })
        )}
      </Table.Tbody>
    </Table>
  );
}
