/**
 * The columns and row shape the file writers' tests share (csv.test.ts, xlsx.test.ts): one column of
 * each cell type, so both formats are checked on the same description.
 */
import type { FileColumn } from '../../platform/csv';

/** A row of the writers' tests. */
export interface TestRow {
  name: string;
  qty: number | null;
  price: string;
  placed: Date;
  day: string;
  shipped: boolean;
}

/** One column of each cell type: text, integer, decimal (2 digits), datetime, date, boolean. */
export const TEST_COLUMNS: FileColumn<TestRow>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Quantity', type: 'integer', value: (r) => r.qty },
  { header: 'Price', type: 'decimal', value: (r) => r.price, decimals: 2 },
  { header: 'Placed (UTC)', type: 'datetime', value: (r) => r.placed },
  { header: 'Requested', type: 'date', value: (r) => r.day },
  { header: 'Shipped', type: 'boolean', value: (r) => r.shipped },
];
