/**
 * A downloaded table in the format asked for (decision 0049, ordering §7 Downloads): the same column
 * descriptions and rows as CSV (platform/csv.ts) or as a spreadsheet (platform/xlsx.ts), named
 * `<baseName>.csv` or `<baseName>.xlsx`, ready for `sendStream` (platform/http.ts).
 */
import type { DownloadFormat } from '@selvedge/shared';
import { CSV_CONTENT_TYPE, csvStream, type FileColumn, type RowSource } from './csv';
import type { StreamReply } from './http';
import { XLSX_CONTENT_TYPE, xlsxStream } from './xlsx';

/**
 * The file of `rows` under `columns` in `format`; `sheetName` names the spreadsheet's one sheet
 * (31 characters at most are kept).
 */
export function tableFile<Row>(
  format: DownloadFormat,
  columns: readonly FileColumn<Row>[],
  rows: RowSource<Row>,
  names: { baseName: string; sheetName: string },
): StreamReply {
  return format === 'xlsx'
    ? {
        body: xlsxStream(columns, rows, names.sheetName),
        contentType: XLSX_CONTENT_TYPE,
        fileName: `${names.baseName}.xlsx`,
      }
    : { body: csvStream(columns, rows), contentType: CSV_CONTENT_TYPE, fileName: `${names.baseName}.csv` };
}
