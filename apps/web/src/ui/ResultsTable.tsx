/**
 * The table of a screen's search results (ordering §2 Product list; master-data §2 list screens):
 * striped and bordered, with roomy cells. `stale` (the next page or search is loading) dims the rows
 * and marks the table busy, so the old rows stay readable until the new ones replace them.
 */
import { Table, type TableProps } from '@mantine/core';

/** A results table; every Mantine Table prop passes through and may override the style above. */
export function ResultsTable({ stale, ...table }: TableProps & { stale?: boolean }) {
  return (
    <Table
      striped
      withTableBorder
      verticalSpacing="sm"
      horizontalSpacing="md"
      aria-busy={stale}
      style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
      {...table}
    />
  );
}
