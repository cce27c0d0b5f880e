/**
 * A downloaded table whose columns are SQL expressions (the order and inventory downloads, decision 0049;
 * ordering §7 Downloads): one description of each column from which both ways of writing the file
 * are derived, so they hold the same cells.
 *
 * - CSV on PostgreSQL: the database writes the file (`COPY … TO STDOUT`, platform/db copyCsv). Each
 *   cell is computed in SQL by the rules csv.ts applies in JavaScript — a text cell neutralised
 *   (FORMULA_FIRST_CHARACTERS get a leading apostrophe) and empty as NULL is, booleans Yes/No,
 *   labels for codes, decimals rounded to their places, other numbers and dates as their text —
 *   and COPY quotes it as csv-stringify would. This process only passes the chunks on: a million-row file costs it neither CPU per row nor
 *   memory (bench:export, decision 0049).
 * - CSV on PGlite (whose COPY is not streamed) and .xlsx everywhere: the rows come from a cursor as
 *   the columns' text forms (streamTextRows) and are written by csv.ts or xlsx.ts (tableFile).
 */
import type { DownloadFormat } from '@selvedge/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  type Cell,
  CSV_CONTENT_TYPE,
  csvStreamOfRecords,
  type FileColumn,
  FORMULA_FIRST_CHARACTERS,
} from './csv';
import { copyCsv, type Db, streamTextRows, type TextRow } from './db';
import type { StreamReply } from './http';
import { tableFile } from './tableFile';

/** One column of a query file: a FileColumn whose value is an SQL expression. */
export interface QueryColumn extends Omit<FileColumn<TextRow>, 'value' | 'decimals'> {
  /**
   * The value, an expression over the statement's FROM. By type: text — any type, written as its
   * text; integer and decimal — a number type; date — a date; datetime — text already in the files'
   * form (`YYYY-MM-DD HH:mm:ss`, UTC: format it with to_char); boolean — a boolean.
   */
  value: SQL;
  /** Text shown for some values (e.g. ORDER_STATUS_LABELS); other values are shown as they are. */
  labels?: Readonly<Record<string, string>>;
  /** decimal: the places its cells are rounded to (FileColumn.decimals), one for the whole column. */
  decimals?: number;
}

/** A statement around a select list: `select ${list} from … where … order by …`. */
export type QueryStatement = (selectList: SQL) => SQL;

const column = (i: number) => sql.identifier(`c${i}`);

/** The first characters of a formula as SQL literals (tab and carriage return as chr()). */
const FORMULA_FIRST_SQL = sql.raw(
  FORMULA_FIRST_CHARACTERS.map((c) => (c === '\t' ? 'chr(9)' : c === '\r' ? 'chr(13)' : `'${c}'`)).join(', '),
);

/** A value as its text with its label, if it has one. */
function labelled(value: SQL, labels: Readonly<Record<string, string>> | undefined): SQL {
  const text = sql`${value}::text`;
  if (!labels) return text;
  const cases = Object.entries(labels).map(([code, label]) => sql`when ${code} then ${label}`);
  return sql`case ${text} ${sql.join(cases, sql` `)} else ${text} end`;
}

/** The CSV cell of `c` whose value is `value`, in SQL (csv.ts csvCell's rules). */
function cellSql(c: QueryColumn, value: SQL): SQL {
  switch (c.type ?? 'text') {
    case 'boolean':
      return sql`case when ${value} then 'Yes' when not ${value} then 'No' end`;
    case 'decimal':
      // round(numeric, n) keeps n places ('6.40') and rounds half away from zero, as csv.ts's
      // toFixedAmount does (ROUND_HALF_UP).
      return c.decimals === undefined
        ? sql`${value}::text`
        : sql`round((${value})::numeric, ${sql.raw(String(Math.trunc(c.decimals)))})::text`;
    case 'text': {
      const text = labelled(value, c.labels);
      // nullif: COPY writes an empty string as "" but NULL as nothing; csv.ts writes both as nothing.
      return sql`nullif(case when left(${text}, 1) in (${FORMULA_FIRST_SQL}) then '''' || ${text} else ${text} end, '')`;
    }
    default:
      return sql`${value}::text`;
  }
}

/** The FileColumns of `columns` reading the text rows of `statement(querySelectList(columns))`. */
export function queryFileColumns(columns: readonly QueryColumn[]): FileColumn<TextRow>[] {
  return columns.map(fileColumn);
}

/** The FileColumn reading `c`'s value at position `i` of a text row. */
function fileColumn(c: QueryColumn, i: number): FileColumn<TextRow> {
  const { value: _, labels, ...rest } = c;
  const value = labels
    ? (r: TextRow): Cell => {
        const v = r[i];
        return v === null ? null : (labels[v] ?? v);
      }
    : (r: TextRow): Cell => r[i];
  return { ...rest, value };
}

/** `value as "c0", value as "c1", …` of `columns`: the statement's own result, one column each. */
export function querySelectList(columns: readonly QueryColumn[]): SQL {
  return sql.join(
    columns.map((c, i) => sql`${c.value} as ${column(i)}`),
    sql`, `,
  );
}

/**
 * The file of `statement` with `columns` in `format`, named `<baseName>.csv` or `.xlsx`, for
 * sendStream (platform/http.ts); `sheetName` names the spreadsheet's sheet.
 */
export function queryFile(
  db: Db,
  format: DownloadFormat,
  columns: readonly QueryColumn[],
  statement: QueryStatement,
  names: { baseName: string; sheetName: string },
): StreamReply {
  const selectList = querySelectList(columns);
  if (format === 'csv') {
    // The cells computed over the statement's result; `offset 0` keeps it a subquery of its own, so
    // an expression that a cell reads more than once (a correlated lookup) runs once per row.
    const cells = sql.join(
      columns.map((c, i) => cellSql(c, sql`q.${column(i)}`)),
      sql`, `,
    );
    const records = copyCsv(db, sql`select ${cells} from (${statement(selectList)} offset 0) as q`);
    if (records) {
      return {
        body: csvStreamOfRecords(
          columns.map((c) => c.header),
          records,
        ),
        contentType: CSV_CONTENT_TYPE,
        fileName: `${names.baseName}.csv`,
      };
    }
  }
  return tableFile(format, queryFileColumns(columns), streamTextRows(db, statement(selectList)), names);
}
