import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness';
import { compiledSelect, queryBuilder } from './compiled';
import type { Database } from './index';
import { users } from './schema';

const columns = {
  id: users.id,
  email: users.email,
  lastLogin: users.lastLogin,
  active: users.active,
  shout: sql<string>`upper(${users.email})`,
};

const byIds = compiledSelect(['ids', 'active'], (p) =>
  queryBuilder
    .select(columns)
    .from(users)
    .where(and(sql`${users.id} = any(${p.ids})`, eq(users.active, p.active)))
    .orderBy(asc(users.id)),
);

describe('compiled queries (platform/db/compiled.ts)', () => {
  let database: Database;
  let ids: number[];
  beforeAll(async () => {
    database = await createTestDatabase();
    // Bare rows of a migrated database without the demo data, of exactly the columns the compiled
    // statement maps (a last login, an inactive user): the platform test needs no factory's defaults.
    const rows = await database.db
      .insert(users)
      .values([
        { email: 'a@compiled.test', contactName: 'A', lastLogin: new Date('2026-01-02T03:04:05.678Z') },
        { email: 'b@compiled.test', contactName: 'B', active: false },
        { email: 'c@compiled.test', contactName: 'C' },
      ])
      .returning({ id: users.id });
    ids = rows.map((r) => r.id);
  });
  afterAll(() => database.close());

  it('answers the rows Drizzle answers for the same select, mapped alike, values filled in per call', async () => {
    const { db } = database;
    const drizzleRows = await db
      .select(columns)
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.active, true)))
      .orderBy(asc(users.id));
    const rows = await byIds(db, { ids, active: true });
    expect(rows).toEqual(drizzleRows);
    expect(rows.map((r) => r.email)).toEqual(['a@compiled.test', 'c@compiled.test']);
    expect(rows[0]!.lastLogin).toEqual(new Date('2026-01-02T03:04:05.678Z'));
    expect(rows[0]!.shout).toBe('A@COMPILED.TEST');
    // the same statement with other values: nothing of the first call is kept
    expect((await byIds(db, { ids: [ids[1]!], active: false })).map((r) => r.email)).toEqual([
      'b@compiled.test',
    ]);
    expect(await byIds(db, { ids: [], active: true })).toEqual([]);
  });

  it('runs inside the caller’s transaction (sees its uncommitted rows)', async () => {
    const { db } = database;
    await db
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ email: 'd@compiled.test', contactName: 'D' })
          .returning({ id: users.id });
        expect((await byIds(tx, { ids: [row!.id], active: true })).map((r) => r.email)).toEqual([
          'd@compiled.test',
        ]);
        tx.rollback();
      })
      .catch(() => undefined);
    expect((await db.select().from(users).where(eq(users.email, 'd@compiled.test'))).length).toBe(0);
  });

  it('refuses a nested selection when it is defined', () => {
    expect(() =>
      compiledSelect([], () =>
        // biome-ignore lint/suspicious/noExplicitAny: a selection the helper must refuse
        queryBuilder.select({ user: { id: users.id } } as any).from(users),
      ),
    ).toThrow(/field user is not a column/);
  });
});
