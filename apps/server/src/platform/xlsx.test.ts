/**
 * The .xlsx writer (platform/xlsx.ts): the workbook read back with excelts (typed cells, number
 * formats, frozen bold header, widths), text never a formula, batches read only as the reader takes
 * bytes, the source stopped when the reader goes away, a first-batch failure failing the stream
 * before any byte.
 */
import { buffer } from 'node:stream/consumers';
import { ValueType, Workbook } from '@cj-tech-master/excelts';
import { describe, expect, it, vi } from 'vitest';
import { TEST_COLUMNS, type TestRow } from '../test/factories';
import type { FileColumn } from './csv';
import { decimalFormat, xlsxCell, xlsxStream } from './xlsx';

type Row = TestRow;
/** The shared columns, the first with its own width (the others take the header's). */
const COLUMNS: FileColumn<Row>[] = TEST_COLUMNS.map((c, i) => (i === 0 ? { ...c, width: 30 } : c));
const ROW: Row = {
  name: '=HYPERLINK("http://evil.example","x")',
  qty: -3,
  price: '1234.5',
  placed: new Date('2026-11-02T09:08:07Z'),
  day: '2026-12-01',
  shipped: true,
};

async function sheetOf(bytes: Buffer) {
  const book = new Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

describe('xlsxCell', () => {
  it('types numbers, dates and instants, and writes anything else as text', () => {
    expect(xlsxCell('12.50', 'decimal')).toEqual({ value: 12.5 });
    // At its column's places, rounded as the CSV writes it, and shown with them.
    expect(xlsxCell('14.9550', 'decimal', 2)).toEqual({ value: 14.96, numFmt: '#,##0.00' });
    expect(xlsxCell('0.12345', 'decimal', 4)).toEqual({ value: 0.1235, numFmt: '#,##0.0000' });
    expect(xlsxCell(7, 'integer')).toEqual({ value: 7 });
    expect(xlsxCell('n/a', 'integer')).toEqual({ value: 'n/a' });
    expect(xlsxCell('2026-12-01', 'date')).toEqual({
      value: new Date('2026-12-01T00:00:00Z'),
      numFmt: 'yyyy-mm-dd',
    });
    expect(xlsxCell('2026-11-02T09:08:07Z', 'datetime')).toEqual({
      value: new Date('2026-11-02T09:08:07Z'),
      numFmt: 'yyyy-mm-dd hh:mm:ss',
    });
    // The files' own form, as the database formats it, is a UTC instant whatever the server's zone.
    expect(xlsxCell('2026-11-02 09:08:07', 'datetime')).toEqual({
      value: new Date('2026-11-02T09:08:07Z'),
      numFmt: 'yyyy-mm-dd hh:mm:ss',
    });
    expect(xlsxCell(false, 'boolean')).toEqual({ value: 'No' });
    expect(xlsxCell(null)).toEqual({ value: null });
    expect(decimalFormat(2)).toBe('#,##0.00');
    expect(decimalFormat(0)).toBe('#,##0');
  });
});

describe('xlsxStream', () => {
  it('writes a sheet with a frozen bold header, widths and typed cells that read back', async () => {
    const sheet = await sheetOf(await buffer(xlsxStream(COLUMNS, [ROW, { ...ROW, qty: null }], 'Orders')));
    expect(sheet.name).toBe('Orders');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getColumn(1).width).toBe(30);
    expect(sheet.getColumn(2).width).toBe(10);
    const values = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(values).toEqual([ROW.name, -3, 1234.5, ROW.placed, new Date('2026-12-01T00:00:00Z'), 'Yes']);
    expect(sheet.getRow(2).getCell(1).type).toBe(ValueType.String);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(3).getCell(2).value).toBeNull();
    expect(sheet.rowCount).toBe(3);
  });

  it('reads the next batch only as the reader takes bytes, and stops the source when the reader goes', async () => {
    let served = 0;
    let stopped = false;
    async function* batches() {
      try {
        for (let i = 0; i < 10_000; i++) {
          served++;
          yield Array.from({ length: 500 }, (_, j) => ({ ...ROW, name: `row ${i}-${j} ${'x'.repeat(40)}` }));
        }
      } finally {
        stopped = true;
      }
    }
    const stream = xlsxStream(COLUMNS, batches(), 'Big');
    const reader = stream[Symbol.asyncIterator]();
    await reader.next();
    await new Promise((r) => setTimeout(r, 300));
    expect(served).toBeLessThan(200);
    await reader.return?.();
    await vi.waitFor(() => expect(stopped).toBe(true));
  });

  it('fails before its first byte when the first batch fails', async () => {
    // biome-ignore lint/correctness/useYield: a source that fails at once
    async function* failing(): AsyncGenerator<Row[]> {
      throw new Error('bad statement');
    }
    const reader = xlsxStream(COLUMNS, failing(), 'X')[Symbol.asyncIterator]();
    await expect(reader.next()).rejects.toThrow('bad statement');
  });
});
