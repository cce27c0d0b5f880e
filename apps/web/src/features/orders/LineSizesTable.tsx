/**
 * The sizes table of a line (ordering §3 Order item `sizes`), shared by the cart's item cards and
 * the order's: Size, and for VARIABLE_DATA and DYNAMIC lines the uploaded row's Colour and Barcode,
 * then the columns each card gives (quantity, unit price and cost, attributes), one row per size.
 */
import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** What the table reads of a size of a cart line or an order line. */
interface LineSize {
  productItemId: number;
  size: string;
  variableData?: { size: string; colour: string; barcode: string };
}

/** A column after Size (and Colour, Barcode): its heading and the cell of each size. */
export interface SizeColumn<S> {
  /** Distinct within the table. */
  key: string;
  head: string;
  /** Numbers and amounts align right. */
  right?: boolean;
  cell: (size: S) => ReactNode;
  testId?: string;
}

/**
 * The table. `text` shows Size, Colour and Barcode (the order's cards show '---' for a blank one);
 * `rowTestId` marks each row, which also carries its size as `data-size`.
 */
export function LineSizesTable<S extends LineSize>({
  sizes,
  columns,
  text = (value) => value,
  rowTestId,
  ...table
}: {
  sizes: readonly S[];
  columns: readonly (SizeColumn<S> | false)[];
  text?: (value: string | undefined) => ReactNode;
  rowTestId?: string;
} & Omit<TableProps, 'children'>) {
  const shown = columns.filter((c): c is SizeColumn<S> => c !== false);
  // VARIABLE_DATA and DYNAMIC lines: each row is an uploaded size and colour with its barcode.
  const variableData = sizes.some((s) => s.variableData);
  return (
    <Table {...table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Size</Table.Th>
          {variableData && <Table.Th>Colour</Table.Th>}
          {variableData && <Table.Th>Barcode</Table.Th>}
          {shown.map((c) => (
            <Table.Th key={c.key} ta={c.right ? 'right' : undefined}>
              {c.head}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sizes.map((size) => (
          <Table.Tr
            key={`${size.productItemId}-${size.variableData ? `${size.variableData.size}/${size.variableData.colour}` : ''}`}
            data-testid={rowTestId}
            data-size={size.size}
          >
            <Table.Td>{text(size.size)}</Table.Td>
            {variableData && <Table.Td>{text(size.variableData?.colour)}</Table.Td>}
            {variableData && <Table.Td ff="monospace">{text(size.variableData?.barcode)}</Table.Td>}
            {shown.map((c) => (
              <Table.Td key={c.key} ta={c.right ? 'right' : undefined} data-testid={c.testId}>
                {c.cell(size)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
