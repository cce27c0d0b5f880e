/**
 * Spreadsheet (.xlsx) files of the same column descriptions as the CSV files (platform/csv.ts), so a
 * download has the same columns and rows in both formats (decision
 * 0049). Written with the streaming WorkbookWriter of excelts (@cj-tech-master/excelts, the maintained
 * TypeScript fork of exceljs: exceljs 4.4's writer keeps every byte of a sheet in memory, exceljs
 * https://github.com/exceljs/exceljs/issues/2916): rows are committed batch by batch and the zip is streamed out, so memory stays
 * about one batch whatever the number of rows.
 *
 * - Typed cells: integer and decimal columns hold numbers (a decimal shown with its `decimals`:
 *   money with its currency's minor units), date columns dates (`yyyy-mm-dd`), datetime columns
 *   instants in UTC (`yyyy-mm-dd hh:mm:ss`; the header says UTC), booleans Yes / No as in the CSV.
 *   A value that is not of its column's type is written as text.
 * - Text cells are inline strings, never formulas: `=HYPERLINK(...)` in a vendor PO is shown as the
 *   text it is, so no apostrophe is added (that is the CSV's defence, where a spreadsheet guesses).
 * - A bold header row, frozen so it stays on screen while scrolling; column widths from the column
 *   descriptions (or the header's length).
 *
 * excelts is loaded on the first .xlsx download, not at server start.
 */
import { PassThrough, type Readable } from 'node:stream';
import {
  asInstant,
  batchesOf,
  booleanOf,
  type Cell,
  type CellType,
  calendarDay,
  decimalText,
  type FileColumn,
  numberText,
  type RowSource,
} from './csv';

/** Content type of the .xlsx downloads. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The number format of a decimal cell with `decimals` digits after the point ('0.00' for 2). */
export function decimalFormat(decimals: number): string {
  return decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
}

/**
 * A cell's value as the spreadsheet holds it, and its number format, for `value` in a column of
 * `type`; a decimal rounded to `decimals` places and shown with them when given (as the CSV writes it).
 */
export function xlsxCell(
  value: Cell,
  type: CellType = 'text',
  decimals?: number,
): { value: string | number | Date | null; numFmt?: string } {
  if (value === null || value === undefined) return { value: null };
  switch (type) {
    case 'integer': {
      const digits = numberText(value);
      if (digits !== null) return { value: Number(digits) };
      break;
    }
    case 'decimal': {
      const digits = decimalText(value, decimals);
      if (digits !== null)
        return decimals === undefined
          ? { value: Number(digits) }
          : { value: Number(digits), numFmt: decimalFormat(decimals) };
      break;
    }
    case 'date': {
      const day = calendarDay(value);
      if (day) return { value: new Date(`${day}T00:00:00Z`), numFmt: 'yyyy-mm-dd' };
      break;
    }
    case 'datetime': {
      const instant = asInstant(value);
      if (instant) return { value: instant, numFmt: 'yyyy-mm-dd hh:mm:ss' };
      break;
    }
    case 'boolean': {
      const yes = booleanOf(value);
      if (yes !== null) return { value: yes ? 'Yes' : 'No' };
      break;
    }
  }
  return { value: value instanceof Date ? value.toISOString() : String(value) };
}

/**
 * A workbook of one sheet named `sheetName` as a stream of bytes: the header row, then `rows` batch
 * by batch. The next batch is read only once the bytes written so far are taken (backpressure);
 * destroying the stream stops the source (a cursor is closed); a source failing fails the stream
 * (before its first byte when the first batch fails, so the answer is still an error).
 */
export function xlsxStream<Row>(
  columns: readonly FileColumn<Row>[],
  rows: RowSource<Row>,
  sheetName: string,
): Readable {
  const out = new PassThrough();
  const batches = batchesOf(rows);
  let stopped = false;
  let wake = () => {};
  out.once('close', () => {
    stopped = true;
    wake();
  });
  /** Until what was written is taken, or the reader went away. */
  const drained = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
      out.once('drain', resolve);
    });

  async function write() {
    const { WorkbookWriter } = await import('@cj-tech-master/excelts');
    const first = await batches.next();
    // trueStreaming: the sheet's bytes go to the zip as they are written, not in 64 KB batches.
    const workbook = new WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
      trueStreaming: true,
    });
    const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c) => ({
      header: c.header,
      width: c.width ?? Math.max(10, c.header.length + 2),
    }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    const add = (batch: readonly Row[]) => {
      for (const row of batch) {
        const line = sheet.addRow([]);
        columns.forEach((column, i) => {
          const decimals = typeof column.decimals === 'function' ? column.decimals(row) : column.decimals;
          const { value, numFmt } = xlsxCell(column.value(row), column.type, decimals);
          if (value === null) return;
          const cell = line.getCell(i + 1);
          cell.value = value;
          if (numFmt) cell.numFmt = numFmt;
        });
        line.commit();
      }
    };
    if (!first.done) add(first.value);
    for (;;) {
      // Let the zip take the rows written so far (its streams move on later turns of the event loop),
      // then wait while the reader has not taken what it wrote.
      await new Promise((resolve) => setImmediate(resolve));
      if (out.writableNeedDrain) await drained();
      if (stopped) return;
      const next = await batches.next();
      if (next.done) break;
      add(next.value);
    }
    sheet.commit();
    await workbook.commit();
  }

  write()
    .catch((err: unknown) => {
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    })
    // A reader gone away (or a failure) closes the source: a cursor behind it is released.
    .finally(() => batches.return?.(undefined));
  return out;
}
