/**
 * One rule for every master-data unique name (decision 0046): trimmed and ignoring case,
 * enforced by the database (migration 0013's indexes on lower(btrim(name))), answered by the crud
 * kit's one table of unique names as 409 `<Entity> "<name>" already exists.`. Per entity kind: a
 * create that differs only by case and spaces, and an update renaming onto another record's name in
 * other case. The migration's renaming of duplicates already in the data: platform/db/migrations.test.ts.
 * PGlite, or PostgreSQL when TEST_DATABASE_URL is set.
 */
import { MASTER_DATA_MESSAGES } from '@selvedge/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoParties } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { masterDataApi } from './masterData.test-helpers';

let t: TestApp;
let api: ReturnType<typeof masterDataApi>;
let demo: Awaited<ReturnType<typeof demoParties>>;
let productCodeId: number;
beforeAll(async () => {
  t = await createTestApp();
  api = masterDataApi(t);
  demo = await demoParties(t.db);
  productCodeId = (await api.create<{ id: number }>('/product-codes', { productCode: 'UNQ-BASE' })).id;
});
afterAll(() => t?.close());

type Rec = Record<string, unknown> & { id: number; version: number };
interface Kind {
  /** The create path; a record is read and updated at `${path}/${id}`. */
  path: string;
  /** The field holding the unique name. */
  field: string;
  /** The 409's subject. */
  label: string;
  /** A create body with `name` in the unique field. */
  body: (name: string) => Record<string, unknown>;
}

let seq = 0;
const digits = () => `${Date.now() % 1e6}${++seq}`.slice(-9);
const KINDS: Kind[] = [
  {
    path: '/warehouses',
    field: 'warehouseName',
    label: 'Warehouse',
    body: (name) => ({
      warehouseName: name,
      contactName: 'Ada',
      email: 'ada@example.com',
      telephone: '1',
      address: '1 Dock Road',
      preferredShippingMethod: 'Sea',
    }),
  },
  {
    path: '/production-regions',
    field: 'productionRegionName',
    label: 'Production region',
    body: (name) => ({ productionRegionName: name }),
  },
  {
    path: '/product-codes',
    field: 'productCode',
    label: 'Product code',
    body: (name) => ({ productCode: name }),
  },
  { path: '/customers', field: 'companyName', label: 'Customer', body: (name) => ({ companyName: name }) },
  {
    path: '/vendors',
    field: 'companyName',
    label: 'Vendor',
    body: (name) => ({ companyName: name, vendorNumber: digits(), customers: [] }),
  },
  {
    path: '/factories',
    field: 'shortCode',
    label: 'Factory short code',
    body: (name) => ({ name: `Factory ${name}`, shortCode: name }),
  },
  {
    path: '/product-subcodes',
    field: 'productSubcode',
    label: 'Product subcode',
    body: (name) => ({
      productSubcode: name,
      description: 'Woven main label',
      customer: { id: demo.rootsId },
      productCode: { id: productCodeId },
    }),
  },
  ...(
    ['country-of-origin', 'caution-maintenance', 'special-instruction', 'component-type', 'material'] as const
  ).map(
    (kind): Kind => ({
      path: `/care-label/options/${kind}`,
      field: 'name',
      label: {
        'country-of-origin': 'Country of origin',
        'caution-maintenance': 'Caution maintenance',
        'special-instruction': 'Special instruction',
        'component-type': 'Component type',
        material: 'Material type',
      }[kind],
      body: (name) => ({ name }),
    }),
  ),
  {
    path: '/care-label/options/care-code',
    field: 'code',
    label: 'Care code',
    body: (code) => ({ code, text: 'x' }),
  },
  {
    path: '/care-label/options/care-instruction',
    field: 'displayName',
    label: 'Care instruction',
    body: (displayName) => ({ type: 'WASH', displayName, icon: 'wash-30', sortKey: 3 }),
  },
];

/** Two names per kind: "<Word> Bangladesh" (created) and "<Word> WL" (the other record). */
const names = (i: number) => ({ first: `Q${i} Bangladesh`, second: `Q${i} WL` });

describe('unique names, one rule for every entity', () => {
  it.each(KINDS.map((k, i) => [k.path, k, i] as const))(
    '%s: " bangladesh " after "Bangladesh" is 409 with the entity\'s message; so is renaming onto it',
    async (_path, kind, i) => {
      const { first, second } = names(i);
      const a = await api.create<Rec>(kind.path, kind.body(first));
      expect(a[kind.field]).toBe(first);

      const dup = await api.call('ADMIN', 'POST', kind.path, kind.body(`  ${first.toLowerCase()} `));
      expect(dup.statusCode, dup.body).toBe(409);
      expect(dup.json().message).toBe(MASTER_DATA_MESSAGES.duplicate(kind.label, first.toLowerCase()));

      // Saved names are trimmed, so the stored name never carries the spaces the index ignores.
      const b = await api.create<Rec>(kind.path, kind.body(` ${second.toLowerCase()}  `));
      expect(b[kind.field]).toBe(second.toLowerCase());

      const renamed = await api.call('ADMIN', 'PUT', `${kind.path}/${b.id}`, {
        ...b,
        [kind.field]: first.toUpperCase(),
      });
      expect(renamed.statusCode, renamed.body).toBe(409);
      expect(renamed.json().message).toBe(MASTER_DATA_MESSAGES.duplicate(kind.label, first.toUpperCase()));
      // Nothing was written: the record keeps its name and version.
      const after = (await api.call('ADMIN', 'GET', `${kind.path}/${b.id}`)).json();
      expect([after[kind.field], after.version]).toEqual([second.toLowerCase(), b.version]);
    },
  );

  it('users: an email differing by case and spaces is the same email (409)', async () => {
    await api.create('/users', { email: 'Case.Twin@Example.test', contactName: 'Case Twin' });
    const dup = await api.call('ADMIN', 'POST', '/users', {
      email: ' case.twin@EXAMPLE.test ',
      contactName: 'X',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(
      MASTER_DATA_MESSAGES.duplicate('A user with email', 'case.twin@example.test'),
    );
  });

  it('care-label lists: a list name differing by case and spaces within a kind is 409', async () => {
    const first = await api.call('ADMIN', 'POST', '/care-label/lists/country-of-origin', {
      name: 'Q Bangladesh',
    });
    expect(first.statusCode, first.body).toBe(201);
    const dup = await api.call('ADMIN', 'POST', '/care-label/lists/country-of-origin', {
      name: ' q bangladesh ',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('List "q bangladesh" already exists.');
  });

  it('the database refuses a duplicate in other case that bypasses the service', async () => {
    await expect(
      t.db.execute(sql`insert into production_regions (production_region_name) values (' BANGLADESH ')`),
    ).rejects.toThrow();
  });
});
