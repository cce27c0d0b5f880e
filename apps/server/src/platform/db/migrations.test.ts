/**
 * Migrations that change existing data, run on data written before them: one fresh in-memory PGlite
 * is migrated step by step (each migration's statements in one transaction, as drizzle's migrator
 * runs them), rows are written as they could be before a migration, then the migration runs.
 * - 0013 (decision 0046): names that are duplicates ignoring case and spaces are renamed " (2)",
 *   " (3)"… in id order, the oldest kept, before the unique indexes on lower(btrim(name)) are built.
 * - 0014 (decision 0047): placed orders' lines take today's minimum order value; the cart's do not.
 * - 0016 (decision 0044): placed orders' care-labelled lines get a passport serial; the cart's do not.
 */
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths';

const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
const db = new PGlite();
afterAll(() => db.close());
let applied = 0;
/** Applies the pending migrations before the one whose SQL contains `marker`; answers that one's statements. */
async function migrateUntil(marker: string): Promise<string[]> {
  const at = migrations.findIndex((m) => m.sql.join('').includes(marker));
  expect(at, marker).toBeGreaterThanOrEqual(applied);
  for (; applied < at; applied++) await run(migrations[applied]!.sql);
  applied = at + 1;
  return migrations[at]!.sql;
}
const run = (statements: string[]) =>
  db.transaction(async (tx) => {
    for (const statement of statements) if (statement.trim()) await tx.exec(statement);
  });
const column = async (query: string) => (await db.query<{ n: unknown }>(query)).rows.map((r) => r.n);

describe('migrations over existing data', () => {
  it('0013 renames later duplicates " (2)", " (3)" in id order, keeps the oldest, then builds the indexes', async () => {
    const migration = await migrateUntil('warehouses_name_ci');
    await db.exec(`
      insert into production_regions (production_region_name) values ('Q Bangladesh'), ('q bangladesh'), (' Q BANGLADESH ');
      insert into product_codes (product_code) values ('WL'), ('wl'), ('Woven');
      insert into currencies (id, code, name) values (1, 'CAD', 'CAD'), (2, 'USD', 'USD');
      insert into vendors (company_name) values ('Walk Test Garments'), ('Walk Test Garments');
      insert into care_options (kind, name) values ('material', 'Cotton'), ('material', 'cotton'), ('component-type', 'cotton');
      insert into care_lists (kind, name) values ('country-of-origin', 'Basics'), ('country-of-origin', 'BASICS');`);
    await run(migration);
    expect(await column('select production_region_name as n from production_regions order by id')).toEqual(
      expect.arrayContaining(['Q Bangladesh', 'q bangladesh (2)', 'Q BANGLADESH (3)']),
    );
    expect(
      await column(`select product_code as n from product_codes where product_code ilike 'w%' order by id`),
    ).toEqual(['WL', 'wl (2)', 'Woven']);
    expect(await column('select company_name as n from vendors order by id')).toEqual([
      'Walk Test Garments',
      'Walk Test Garments (2)',
    ]);
    // Scoped by kind: the component type "cotton" is no duplicate of the material "Cotton".
    expect(await column('select name as n from care_options order by id')).toEqual([
      'Cotton',
      'cotton (2)',
      'cotton',
    ]);
    expect(await column('select name as n from care_lists order by id')).toEqual(['Basics', 'BASICS (2)']);
    // The indexes are there: the same name in other case is refused now.
    await expect(
      db.exec(`insert into vendors (company_name) values ('WALK TEST GARMENTS ')`),
    ).rejects.toThrow(/vendors_name_ci/);
  });

  it("0014 gives placed orders' lines today's minimum order value in their price currency, not the cart's", async () => {
    const migration = await migrateUntil('"min_value" numeric');
    await db.exec(`
      insert into customers (id, company_name) values (901, 'C');
      insert into product_codes (id, product_code) values (901, 'P');
      insert into product_subcodes (id, product_subcode, description, customer_id, product_code_id)
        values (901, 'S', 'd', 901, 901), (902, 'T', 'd', 901, 901);
      insert into min_values (product_subcode_id, currency_id, price) values (901, 1, 25), (901, 2, 20);
      insert into vendors (id, company_name, currency_type_id) values (901, 'V', 2);
      insert into users (id, email, contact_name) values (901, 'a@b.c', 'A');
      insert into orders (id, user_id, vendor_id, order_status, price_currency_id)
        values (901, 901, 901, 'SHIPPED', 1), (902, 901, 901, 'PENDING', 1), (903, 901, 901, 'SHIPPED', null);
      insert into order_items (id, order_id, product_subcode_id) values (901, 901, 901), (902, 901, 902), (903, 902, 901), (904, 903, 901);`);
    await run(migration);
    // 901: CAD 25; 902: no minimum; 903: the cart keeps none (it is priced live); 904: its vendor's USD.
    expect(await column('select min_value::text as n from order_items where id >= 901 order by id')).toEqual([
      '25.0000',
      null,
      null,
      '20.0000',
    ]);
    expect(await column('select price_currency_id as n from orders where id = 903')).toEqual([2]);
  });

  it("0016 gives placed orders' care-labelled lines a random serial, not the cart's nor unlabelled lines", async () => {
    const migration = await migrateUntil('"passport_serial" text');
    await db.exec(`
      update order_items set care_label = '{"type":"CARELABEL_STANDARD"}' where id in (901, 903, 904);`);
    await run(migration);
    // 901, 904: placed and labelled; 902: no label; 903: the cart (placing will give it one).
    const serials = await column('select passport_serial as n from order_items where id >= 901 order by id');
    expect(serials.map((s) => (typeof s === 'string' ? /^[A-Za-z0-9_-]{20}$/.test(s) : s))).toEqual([
      true,
      null,
      null,
      true,
    ]);
    expect(serials[0]).not.toBe(serials[3]);
    expect(await column('select passport_gtin as n from order_items where id >= 901 order by id')).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});
