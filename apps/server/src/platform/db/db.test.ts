import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase, openDatabase, withPreparedStatements } from './index';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('openDatabase on PostgreSQL', () => {
  it('survives the server ending an idle connection, and the pool replaces it', async () => {
    const scratch = await createScratchDatabase(serverUrl!, `selvedge_test_idle_${Date.now()}`);
    const idleErrors: Error[] = [];
    const database = await openDatabase({
      url: scratch.url,
      poolSize: 1,
      onIdleError: (e) => idleErrors.push(e),
    });
    try {
      const pid = (await database.db.execute(sql`select pg_backend_pid() as pid`)).rows[0] as { pid: number };
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid.pid]);
      await admin.end();
      await expect.poll(() => idleErrors.length).toBe(1);
      const again = (await database.db.execute(sql`select 1 as one`)).rows[0] as { one: number };
      expect(again.one).toBe(1);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});

describe.skipIf(!serverUrl)('prepared statements (platform/db/preparedStatements.ts)', () => {
  it('prepares parameterized statements inside withPreparedStatements only, up to the limit of texts', async () => {
    const scratch = await createScratchDatabase(serverUrl!, `selvedge_test_prepared_${Date.now()}`);
    // one connection, so every statement below meets the same session's prepared statements
    const database = await openDatabase({ url: scratch.url, poolSize: 1, preparedStatements: 2 });
    const prepared = async () =>
      (
        (await database.db.execute(sql`select statement from pg_prepared_statements order by name`)).rows as {
          statement: string;
        }[]
      ).map((r) => r.statement);
    try {
      const run = (n: number) => database.db.execute(sql`select ${n}::int + ${n}::int as sum`);
      await run(1);
      expect(await prepared()).toEqual([]);

      const answers = await withPreparedStatements(async () => {
        const a = await run(1);
        const b = await run(2);
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`select ${'x'}::text as x`);
          // a third text: beyond the limit of 2, sent unnamed
          await tx.execute(sql`select ${'y'}::text || 'z' as y`);
        });
        // no parameters: never named
        await database.db.execute(sql`select 1 as one`);
        return [a.rows[0], b.rows[0]];
      });
      expect(answers).toEqual([{ sum: 2 }, { sum: 4 }]);
      expect(await prepared()).toEqual(['select $1::int + $2::int as sum', 'select $1::text as x']);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });

  it('names a pool query that waited for a connection opened outside withPreparedStatements', async () => {
    const scratch = await createScratchDatabase(serverUrl!, `selvedge_test_prepared_q_${Date.now()}`);
    const database = await openDatabase({ url: scratch.url, poolSize: 1 });
    try {
      // the pool's one connection is opened here, outside the prepared context
      await database.db.execute(sql`select ${1}::int as warm`);
      // the second statement waits for the connection; the pool hands it over from the first one's
      // callback, which runs in the connection's async context
      await withPreparedStatements(() =>
        Promise.all([
          database.db.execute(sql`select ${2}::int as first`),
          database.db.execute(sql`select ${3}::int as second`),
        ]),
      );
      const rows = (
        await database.db.execute(sql`select statement from pg_prepared_statements order by name`)
      ).rows as { statement: string }[];
      expect(rows.map((r) => r.statement)).toEqual(['select $1::int as first', 'select $1::int as second']);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
