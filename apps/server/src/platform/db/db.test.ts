import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase, openDatabase } from './index';

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
