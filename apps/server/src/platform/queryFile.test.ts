/**
 * Query files (platform/queryFile.ts): the CSV that PostgreSQL's COPY writes holds the same bytes as
 * the one csv.ts writes from a cursor (on PGlite both are the cursor's), every cell by csv.ts's rules
 * (formula neutralised, labels, Yes/No, numbers and dates as text, line breaks kept inside their
 * cell); a reader that stops early ends the COPY; a bad statement fails at the first chunk.
 */
import { buffer } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/harness';
import { csvStream } from './csv';
import { type Database, streamTextRows } from './db';
import {
  type QueryColumn,
  type QueryStatement,
  queryFile,
  queryFileColumns,
  querySelectList,
} from './queryFile';

const COLUMNS: QueryColumn[] = [
  { header: 'N', type: 'integer', value: sql`v.n` },
  { header: 'Name', value: sql`v.name` },
  { header: 'Status', value: sql`v.status`, labels: { PENDING: 'Pending', READY: '=Ready' } },
  { header: 'Price', type: 'decimal', value: sql`v.price`, decimals: 2 },
  { header: 'Shipped', type: 'boolean', value: sql`v.shipped` },
  { header: 'Placed (UTC)', type: 'datetime', value: sql`v.placed` },
  { header: 'Day', type: 'date', value: sql`v.day` },
];

/**
 * Names a spreadsheet would run, line breaks, quotes, commas, empty, NULL, accents. Passed as
 * parameters: on PostgreSQL COPY gets them written in as literals (db/copy.ts inlineParameters).
 */
const NAMES = [
  '=1+1',
  '+x',
  '-5',
  '@SUM(A1)',
  '\tx',
  '\rx',
  '\uFF1Dx',
  'PO 1\n=HYPERLINK("http://evil.example")',
  'a\rb',
  'a\r\nb',
  'say "hi"',
  'a,b',
  '',
  null,
  'Zürich',
  "'=already",
  'a=b',
];

const statement: QueryStatement = (list) => sql`select ${list} from (
    select g as n, (array[${sql.join(
      NAMES.map((n) => sql`${n}`),
      sql`, `,
    )}]::text[])[g] as name,
      (array['PENDING', 'READY', 'OTHER'])[g % 3 + 1] as status,
      (g * -1.25 - case g when 4 then 0.005 else 0 end)::numeric(12, 4) as price,
      case g % 3 when 0 then true when 1 then false end as shipped,
      '2026-03-04 05:06:07' as placed, date '2026-03-04' + g as day
    from generate_series(1, ${NAMES.length}) g) as v
  order by v.n`;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const csvOf = async (columns = COLUMNS, s = statement) =>
  (await buffer(queryFile(database.db, 'csv', columns, s, { baseName: 'x', sheetName: 'x' }).body)).toString(
    'utf8',
  );

describe('queryFile CSV', () => {
  it('writes every cell by the CSV rules, line breaks kept inside their cell', async () => {
    const records = parse(await csvOf(), { bom: true }) as string[][];
    expect(records[0]).toEqual(['N', 'Name', 'Status', 'Price', 'Shipped', 'Placed (UTC)', 'Day']);
    expect(records.slice(1).map((r) => r[1])).toEqual([
      "'=1+1",
      "'+x",
      "'-5",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      "'\uFF1Dx",
      'PO 1\n=HYPERLINK("http://evil.example")',
      'a\rb',
      'a\r\nb',
      'say "hi"',
      'a,b',
      '',
      '',
      'Zürich',
      "'=already",
      'a=b',
    ]);
    expect(records[1]).toEqual([
      '1',
      "'=1+1",
      "'=Ready",
      // Price has 2 decimals: numeric(12, 4) values are written at 2 places, half away from zero.
      '-1.25',
      'No',
      '2026-03-04 05:06:07',
      '2026-03-05',
    ]);
    expect(records[2]).toEqual(['2', "'+x", 'OTHER', '-2.50', '', '2026-03-04 05:06:07', '2026-03-06']);
    expect(records[3]).toEqual(['3', "'-5", 'Pending', '-3.75', 'Yes', '2026-03-04 05:06:07', '2026-03-07']);
    expect(records[4]![3]).toBe('-5.01');
  });

  it('holds the same bytes as csv.ts writes from a cursor (PostgreSQL: COPY; PGlite: the cursor)', async () => {
    const fromCursor = (
      await buffer(
        csvStream(
          queryFileColumns(COLUMNS),
          streamTextRows(database.db, statement(querySelectList(COLUMNS))),
        ),
      )
    ).toString('utf8');
    expect(await csvOf()).toBe(fromCursor);
  });

  it('writes only the header for no rows, and fails at the first chunk on a bad statement', async () => {
    const none: QueryStatement = (list) => sql`${statement(list)} limit 0`;
    expect(await csvOf(COLUMNS, none)).toBe('\uFEFFN,Name,Status,Price,Shipped,Placed (UTC),Day\n');
    const bad: QueryStatement = (list) => sql`select ${list} from no_such_table v`;
    const body = queryFile(database.db, 'csv', COLUMNS, bad, { baseName: 'x', sheetName: 'x' }).body;
    await expect(body[Symbol.asyncIterator]().next()).rejects.toThrow(/no_such_table/);
    expect((await database.db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });

  it('ends the statement when the reader stops early', async () => {
    // Enough rows that PostgreSQL's COPY is still writing when the reader stops. PGlite has no COPY
    // here: its cursor holds the whole result at DECLARE (cursor.ts), which took 26 s for 2,000,000.
    const rows = database.kind === 'postgres' ? 2_000_000 : 20_000;
    const many: QueryStatement = (list) =>
      sql`select ${list} from (select g as n, repeat('x', 200) as name, 'PENDING' as status, 1.5 as price,
        true as shipped, '2026-03-04 05:06:07' as placed, date '2026-03-04' as day
        from generate_series(1, ${sql.raw(String(rows))}) g) as v`;
    const body = queryFile(database.db, 'csv', COLUMNS, many, { baseName: 'x', sheetName: 'x' }).body;
    const reader = body[Symbol.asyncIterator]();
    expect((await reader.next()).done).toBe(false);
    await reader.return?.(undefined);
    if (database.kind === 'postgres') {
      await vi.waitFor(
        async () => {
          const { rows } = await database.db.execute(
            sql`select 1 from pg_stat_activity where query like 'copy (%generate_series(1, 2000000)%' and pid <> pg_backend_pid()`,
          );
          expect(rows).toEqual([]);
        },
        { timeout: 10_000 },
      );
    }
    expect((await database.db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });
});
