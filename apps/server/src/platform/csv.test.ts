/**
 * The CSV writer (platform/csv.ts), the cursor behind large files (platform/db streamRows) and the
 * streaming reply (platform/http.ts sendStream): content parsed back with csv-parse, formula
 * injection neutralised, batches read lazily, the cursor closed when the reader stops, errors before
 * the first byte answered as errors.
 */
import { buffer } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_COLUMNS, type TestRow } from '../test/factories';
import { createTestDatabase } from '../test/harness';
import { CSV_CONTENT_TYPE, csvCell, csvStream, neutraliseFormula } from './csv';
import { type Database, streamRows, streamTextRows } from './db';
import { AppError } from './errors';
import { registerErrorHandling, sendStream } from './http';

type Row = TestRow;
const COLUMNS = TEST_COLUMNS;

const parseCsv = (csv: string) => parse(csv, { bom: true }) as string[][];
/** The stream's bytes as UTF-8 text, BOM kept (TextDecoder-based helpers drop it). */
const text = async (stream: NodeJS.ReadableStream) => (await buffer(stream)).toString('utf8');

describe('neutraliseFormula', () => {
  it('prefixes an apostrophe to text a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'])
      expect(neutraliseFormula(`${start}HYPERLINK("http://x")`)).toBe(`'${start}HYPERLINK("http://x")`);
  });
  it('leaves other text alone, including formula characters further in', () => {
    for (const t of ['PO-123', 'a=b', ' =1', '', "'=1", 'Zürich']) expect(neutraliseFormula(t)).toBe(t);
  });
});

describe('csvCell', () => {
  it('writes numbers as numbers, negative ones too, and anything else in a number column as text', () => {
    expect(csvCell(-5, 'integer')).toBe('-5');
    expect(csvCell('-12.50', 'decimal')).toBe('-12.50');
    expect(csvCell('=1+1', 'decimal')).toBe("'=1+1");
    expect(csvCell('-12.50', 'text')).toBe("'-12.50");
  });
  it("writes a decimal at its column's places, half up (totals 2, unit prices 4), else with its own digits", () => {
    expect(csvCell('14.9500', 'decimal', 2)).toBe('14.95');
    expect(csvCell('6.4', 'decimal', 2)).toBe('6.40');
    expect(csvCell('6.4000', 'decimal')).toBe('6.4000');
    expect(csvCell('0.0450', 'decimal', 2)).toBe('0.05');
    expect(csvCell('-0.0450', 'decimal', 2)).toBe('-0.05');
    expect(csvCell('1234567.125', 'decimal', 2)).toBe('1234567.13');
    expect(csvCell(12.5, 'decimal', 2)).toBe('12.50');
    expect(csvCell('0.125', 'decimal', 4)).toBe('0.1250');
    expect(csvCell('3', 'decimal', 2)).toBe('3.00');
    expect(csvCell('=1+1', 'decimal', 2)).toBe("'=1+1");
  });
  it('writes dates as ISO days, instants as UTC date and time, booleans as Yes/No, nothing as empty', () => {
    expect(csvCell(new Date('2026-03-04T05:06:07.890Z'), 'datetime')).toBe('2026-03-04 05:06:07');
    expect(csvCell('2026-03-04T05:06:07+02:00', 'datetime')).toBe('2026-03-04 03:06:07');
    expect(csvCell('2026-03-04 05:06:07', 'datetime')).toBe('2026-03-04 05:06:07');
    expect(csvCell('2026-03-04', 'date')).toBe('2026-03-04');
    expect(csvCell(new Date('2026-03-04T23:00:00Z'), 'date')).toBe('2026-03-04');
    expect(csvCell(true, 'boolean')).toBe('Yes');
    expect(csvCell(false, 'boolean')).toBe('No');
    // PostgreSQL's text form of a boolean (streamTextRows) reads the same; other text stays text.
    expect(csvCell('t', 'boolean')).toBe('Yes');
    expect(csvCell('f', 'boolean')).toBe('No');
    expect(csvCell('true', 'boolean')).toBe('true');
    expect(csvCell(null, 'integer')).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('=evil', 'date')).toBe("'=evil");
  });
});

describe('csvStream', () => {
  const rows: Row[] = [
    {
      name: 'Étiquette "tissée", Zürich\nline two',
      qty: 1200,
      price: '0.0450',
      placed: new Date('2026-01-02T03:04:05Z'),
      day: '2026-01-20',
      shipped: false,
    },
    {
      name: '=HYPERLINK("http://evil.example","click")',
      qty: null,
      price: '-3.1',
      placed: new Date('2026-02-03T00:00:00Z'),
      day: '2026-02-17',
      shipped: true,
    },
  ];

  it('writes a BOM, a header and line feed records that parse back to the same values', async () => {
    const csv = await text(csvStream(COLUMNS, rows));
    expect(csv.startsWith('\uFEFFName,Quantity,Price,Placed (UTC),Requested,Shipped\n')).toBe(true);
    expect(parseCsv(csv)).toEqual([
      ['Name', 'Quantity', 'Price', 'Placed (UTC)', 'Requested', 'Shipped'],
      // Price has 2 decimals: '0.0450' is written rounded half up, '-3.1' padded.
      ['Étiquette "tissée", Zürich\nline two', '1200', '0.05', '2026-01-02 03:04:05', '2026-01-20', 'No'],
      [
        '\'=HYPERLINK("http://evil.example","click")',
        '',
        '-3.10',
        '2026-02-03 00:00:00',
        '2026-02-17',
        'Yes',
      ],
    ]);
  });

  it('writes only the header for no rows', async () => {
    expect(parseCsv(await text(csvStream(COLUMNS, [])))).toEqual([COLUMNS.map((c) => c.header)]);
  });

  it('reads the next batch only when the reader wants more, and stops the source when destroyed', async () => {
    let served = 0;
    let stopped = false;
    async function* batches() {
      try {
        for (let i = 0; i < 1_000; i++) {
          served++;
          yield Array.from({ length: 100 }, () => rows[0]!);
        }
      } finally {
        stopped = true;
      }
    }
    const stream = csvStream(COLUMNS, batches());
    const reader = stream[Symbol.asyncIterator]();
    await reader.next();
    await reader.next();
    // Readable.from reads ahead up to its buffer, never the whole source.
    expect(served).toBeLessThan(20);
    await reader.return?.();
    await vi.waitFor(() => expect(stopped).toBe(true));
  });
});

describe('streamRows', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  const numbers = (n: number) =>
    sql`select g::int as n, ('row ' || g) as label from generate_series(1, ${n}) g order by g`;

  it('answers every row of the statement, in batches of the size asked', async () => {
    const sizes: number[] = [];
    const seen: number[] = [];
    for await (const batch of streamRows<{ n: number; label: string }>(database.db, numbers(2_500), {
      batchSize: 1_000,
    })) {
      sizes.push(batch.length);
      for (const r of batch) seen.push(r.n);
    }
    expect(sizes).toEqual([1_000, 1_000, 500]);
    expect(seen).toEqual(Array.from({ length: 2_500 }, (_, i) => i + 1));
  });

  it('answers no batch for no rows, and lets other statements run between batches', async () => {
    const none = [];
    for await (const batch of streamRows(database.db, numbers(0))) none.push(batch);
    expect(none).toEqual([]);
    const batches = streamRows<{ n: number }>(database.db, numbers(30), { batchSize: 10 });
    const first = await batches.next();
    const { rows } = await database.db.execute(sql`select 42 as answer`);
    expect(rows).toEqual([{ answer: 42 }]);
    const second = await batches.next();
    expect([first.value, second.value].map((b) => (b as { n: number }[])[0]?.n)).toEqual([1, 11]);
    await batches.return();
  });

  it('closes the cursor when the reader stops early, and fails on a bad statement at the first batch', async () => {
    const batches = streamRows(database.db, numbers(100), { batchSize: 10 });
    await batches.next();
    await batches.return();
    const open = await database.db.execute(
      sql`select name from pg_cursors where name like 'selvedge_cursor_%'`,
    );
    expect(open.rows).toEqual([]);
    await expect(streamRows(database.db, sql`select * from no_such_table`).next()).rejects.toThrow(
      /no_such_table/,
    );
    // The connection is usable afterwards (PostgreSQL: rolled back and released; PGlite: no transaction left).
    expect((await database.db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });

  it('streamTextRows answers each row as the columns’ text forms in select order, unparsed', async () => {
    const batches: unknown[][] = [];
    for await (const batch of streamTextRows(
      database.db,
      sql`select g::int as n, g % 2 = 0 as even, (g * 1.5)::numeric(10, 2) as price,
        (timestamptz '2026-03-04 05:06:07+00' + g * interval '1 day') at time zone 'UTC' as at,
        date '2026-03-04' + g as day, 9007199254740993::bigint + g as big,
        case when g = 2 then null else 'row ' || g end as label
        from generate_series(1, 3) g order by g`,
      { batchSize: 2 },
    ))
      batches.push(batch);
    expect(batches).toEqual([
      [
        ['1', 'f', '1.50', '2026-03-05 05:06:07', '2026-03-05', '9007199254740994', 'row 1'],
        ['2', 't', '3.00', '2026-03-06 05:06:07', '2026-03-06', '9007199254740995', null],
      ],
      [['3', 'f', '4.50', '2026-03-07 05:06:07', '2026-03-07', '9007199254740996', 'row 3']],
    ]);
  });
});

describe('sendStream', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandling(app);
    app.get('/ok', (_req, reply) =>
      sendStream(reply, {
        body: csvStream(COLUMNS.slice(0, 1), [{ name: 'x' } as Row]),
        contentType: CSV_CONTENT_TYPE,
        fileName: 'orders 2026.csv',
      }),
    );
    app.get('/fails', (_req, reply) => {
      async function* failing(): AsyncGenerator<Row[]> {
        yield* [];
        throw new AppError(409, 'Not now.');
      }
      return sendStream(reply, {
        body: csvStream(COLUMNS, failing()),
        contentType: CSV_CONTENT_TYPE,
        fileName: 'x.csv',
      });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends the file chunked with its type and name, uncached', async () => {
    const res = await app.inject({ url: '/ok' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(CSV_CONTENT_TYPE);
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['content-disposition']).toContain('filename="orders 2026.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toBe('\uFEFFName\nx\n');
  });

  it('answers an error that comes before the first row as an error with its status', async () => {
    const res = await app.inject({ url: '/fails' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Not now.' });
  });
});
