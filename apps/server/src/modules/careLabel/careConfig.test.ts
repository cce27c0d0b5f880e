/**
 * The customer's care-label configuration (master-data §3 Customer; decision 0041): loadCustomerCareConfig and the
 * placing fragment answer the demo customers' lists and settings, and the tables themselves refuse an
 * option of the wrong kind in a list and the deletion of an option in use. PGlite, or PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CARE_SYMBOL_NAMES } from '@selvedge/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import type { Database } from '../../platform/db';
import * as s from '../../platform/db/schema';
import { createStorage } from '../../platform/storage';
import { seedDemoData } from '../../seed/demo';
import { idOfCustomer } from '../../test/factories';
import { createTestDatabase } from '../../test/harness';
import { loadCustomerCareConfig } from './careConfig.repository';
import { customerCareConfigSql } from './careConfig.sql';

let database: Database;
const customerIdOf = (companyName: string) => idOfCustomer(database.db, companyName);
const optionOf = async (kind: string, name: string) =>
  (
    await database.db
      .select()
      .from(s.careOptions)
      .where(and(eq(s.careOptions.kind, kind), eq(s.careOptions.name, name)))
  )[0];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, {
    storage: createStorage(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'selvedge-care-')) })),
  });
});
afterAll(() => database?.close());

describe('loadCustomerCareConfig', () => {
  it("answers Roots' standard-label configuration: its lists' options, sorted, and its settings", async () => {
    const roots = await customerIdOf('Roots');
    const config = await loadCustomerCareConfig(database.db, roots);
    expect(config).not.toBeNull();
    if (!config) return;
    expect(config.customerId).toBe(roots);
    expect(config.countriesOfOrigin.map((o) => o.name)).toEqual([
      'Bangladesh',
      'Cambodia',
      'Canada',
      'China',
      'Vietnam',
    ]);
    expect(config.componentTypes.map((o) => o.name)).toEqual(['Body', 'Fill', 'Lining', 'Rib', 'Shell']);
    expect(config.materials.map((o) => o.name)).toContain('Organic cotton');
    expect(config.materials.map((o) => o.name)).not.toContain('Shell');
    expect(config.careCodes).toEqual([]);
    // ISO 3758 order of types, then sort key
    expect(config.careInstructions.map((i) => i.type)).toEqual([
      'WASH',
      'WASH',
      'WASH',
      'BLEACH',
      'BLEACH',
      'DRY',
      'DRY',
      'DRY',
      'IRON',
      'IRON',
      'DRYCLEAN',
      'DRYCLEAN',
    ]);
    expect(config.careInstructions.slice(0, 3).map((i) => i.sortKey)).toEqual([1, 2, 4]);
    expect(config.careInstructions.every((i) => i.icon && CARE_SYMBOL_NAMES.includes(i.icon))).toBe(true);
    expect(config).toMatchObject({
      specialInstructionsLimit: 2,
      copyrightShow: true,
      fabricCompositionShow: true,
      countryOfOriginRequired: true,
      specialInstructionsRequired: false,
      markets: ['CA', 'US'],
      caNumber: '15322',
      rnNumber: '93512',
    });
  });

  it("answers Dunnes Stores' by-code configuration (EU, care codes, no care instructions)", async () => {
    const config = await loadCustomerCareConfig(database.db, await customerIdOf('Dunnes Stores'));
    expect(config?.careCodes.map((c) => c.code)).toEqual(['DS01', 'DS02', 'DS03', 'DS04']);
    expect(config?.careCodes[0].text).toMatch(/^Machine wash 40°C/);
    expect(config?.careInstructions).toEqual([]);
    expect(config?.markets).toEqual(['EU']);
    expect(config?.caNumber).toBeNull();
  });

  it('answers empty lists for a customer without care lists, and null for no customer', async () => {
    const config = await loadCustomerCareConfig(database.db, await customerIdOf('Northwind Outfitters'));
    expect(config).toMatchObject({
      countriesOfOrigin: [],
      cautionMaintenance: [],
      specialInstructions: [],
      componentTypes: [],
      materials: [],
      careInstructions: [],
      careCodes: [],
      markets: [],
      fabricCompositionShow: false,
    });
    expect(await loadCustomerCareConfig(database.db, 999_999)).toBeNull();
  });

  it('the placing fragment reads the configuration inside another statement, by a column of it', async () => {
    const r = await database.db
      .select({ id: s.customers.id, careConfig: customerCareConfigSql(s.customers.id) })
      .from(s.customers)
      .where(eq(s.customers.companyName, 'Roots'));
    expect(r[0].careConfig?.customerId).toBe(r[0].id);
    expect(r[0].careConfig?.countriesOfOrigin.length).toBe(5);
  });

  it('sees an option leave a list at once', async () => {
    const roots = await customerIdOf('Roots');
    const canada = await optionOf('country-of-origin', 'Canada');
    const [list] = await database.db.select().from(s.careLists).where(eq(s.careLists.name, 'Roots origins'));
    await database.db
      .delete(s.careListItems)
      .where(and(eq(s.careListItems.listId, list.id), eq(s.careListItems.optionId, canada.id)));
    expect(
      (await loadCustomerCareConfig(database.db, roots))?.countriesOfOrigin.map((o) => o.name),
    ).not.toContain('Canada');
    // Puts back the list item the test removed (a restore, not test data).
    await database.db
      .insert(s.careListItems)
      .values({ listId: list.id, listKind: list.kind, optionId: canada.id, optionKind: canada.kind });
  });
});

// The care tables' keys and checks are what these tests check: their inserts stay written out here,
// not in a factory (decision 0062).
describe('care tables', () => {
  it('refuse an option of another kind in a list, and allow component types and materials in fabric lists', async () => {
    const [origins] = await database.db
      .select()
      .from(s.careLists)
      .where(eq(s.careLists.name, 'Roots origins'));
    const cotton = await optionOf('material', 'Linen');
    await expect(
      database.db
        .insert(s.careListItems)
        .values({ listId: origins.id, listKind: origins.kind, optionId: cotton.id, optionKind: cotton.kind }),
    ).rejects.toThrow();
    // a kind that does not match the option's own kind fails the composite foreign key
    await expect(
      database.db.insert(s.careListItems).values({
        listId: origins.id,
        listKind: origins.kind,
        optionId: cotton.id,
        optionKind: 'country-of-origin',
      }),
    ).rejects.toThrow();
    const [fabrics] = await database.db
      .select()
      .from(s.careLists)
      .where(eq(s.careLists.name, 'Roots fabrics'));
    await database.db
      .insert(s.careListItems)
      .values({ listId: fabrics.id, listKind: fabrics.kind, optionId: cotton.id, optionKind: cotton.kind });
  });

  it('refuse deleting an option in use and a negative sort key; deleting a list removes its items', async () => {
    const wool = await optionOf('material', 'Wool');
    await expect(database.db.delete(s.careOptions).where(eq(s.careOptions.id, wool.id))).rejects.toThrow();
    await expect(
      database.db
        .insert(s.careOptions)
        .values({ kind: 'care-instruction', type: 'WASH', displayName: 'Bad', icon: 'wash-30', sortKey: -1 }),
    ).rejects.toThrow();
    const [list] = await database.db
      .insert(s.careLists)
      .values({ kind: 'fabric-composition', name: 'Scratch fabrics' })
      .returning();
    await database.db
      .insert(s.careListItems)
      .values({ listId: list.id, listKind: list.kind, optionId: wool.id, optionKind: wool.kind });
    await database.db.delete(s.careLists).where(eq(s.careLists.id, list.id));
    const left = await database.db.execute(
      sql`select count(*)::int as n from care_list_items where list_id = ${list.id}`,
    );
    expect(Number((left.rows[0] as { n: number }).n)).toBe(0);
  });

  it('marks the care-label subcodes of Roots (standard) and Dunnes Stores (by code)', async () => {
    const rows = await database.db
      .select({
        productSubcode: s.productSubcodes.productSubcode,
        careLabelType: s.productSubcodes.careLabelType,
      })
      .from(s.productSubcodes)
      .where(sql`${s.productSubcodes.careLabelType} is not null`);
    expect(Object.fromEntries(rows.map((r) => [r.productSubcode, r.careLabelType]))).toEqual({
      'RT-CL-301': 'CARELABEL_STANDARD',
      'RT-CL-305': 'CARELABEL_STANDARD',
      'DS-CL-310': 'CARELABEL_BY_CODE',
      'DS-CL-312': 'CARELABEL_BY_CODE',
    });
  });
});
