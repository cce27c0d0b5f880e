/**
 * Warehouses, production regions and product codes (master-data §2, §3, §7): the crud kit as pure
 * configuration — search, get, create (201), update, 401/403/404/400, duplicate and stale version
 * (409, nothing overwritten) and the history rows.
 */
import { MASTER_DATA_MESSAGES } from '@selvedge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { masterDataApi, unique } from './masterData.test-helpers';

let t: TestApp;
let api: ReturnType<typeof masterDataApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = masterDataApi(t);
});
afterAll(() => t?.close());

const warehouse = (name = unique('Warehouse')) => ({
  warehouseName: name,
  contactName: 'Ada Lovelace',
  email: 'Ada@Example.com',
  telephone: '+1 416 555 0100',
  address: '1 Dock Road\nToronto',
  preferredShippingMethod: 'Sea freight',
});

describe('warehouses', () => {
  it('creates (201), gets, searches and updates a warehouse, with a history row per change', async () => {
    const created = await api.create<{ id: number; version: number; email: string; warehouseName: string }>(
      '/warehouses',
      warehouse(),
    );
    expect(created.version).toBe(1);
    expect(created.email).toBe('ada@example.com');

    const got = await api.call('ADMIN', 'GET', `/warehouses/${created.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(created);

    const found = await api.call(
      'ADMIN',
      'GET',
      `/warehouses?warehouseName=${encodeURIComponent(created.warehouseName.slice(4).toUpperCase())}&address=`,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().warehouses.map((w: { id: number }) => w.id)).toEqual([created.id]);

    const updated = await api.call('ADMIN', 'PUT', `/warehouses/${created.id}`, {
      ...created,
      preferredShippingMethod: 'Air freight',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ preferredShippingMethod: 'Air freight', version: 2 });

    const history = await api.history('warehouse', created.id);
    expect(history.map((h) => [h.action, h.version])).toEqual([
      ['UPDATE', 2],
      ['CREATE', 1],
    ]);
    expect(history[0]!.changes).toEqual([
      { field: 'preferredShippingMethod', before: 'Sea freight', after: 'Air freight' },
    ]);
    expect(history[0]!.userName).toBeTruthy();
    expect(history[1]!.changes).toContainEqual({
      field: 'warehouseName',
      before: null,
      after: created.warehouseName,
    });
  });

  it('answers 409 to a stale version and overwrites nothing', async () => {
    const w = await api.create<{ id: number; version: number }>('/warehouses', warehouse());
    const first = await api.call('ADMIN', 'PUT', `/warehouses/${w.id}`, {
      ...warehouse(),
      ...w,
      contactName: 'First',
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await api.call('ADMIN', 'PUT', `/warehouses/${w.id}`, {
      ...w,
      ...warehouse(),
      contactName: 'Second',
      version: 1,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MASTER_DATA_MESSAGES.staleVersion);
    const now = (await api.call('ADMIN', 'GET', `/warehouses/${w.id}`)).json();
    expect(now).toMatchObject({ contactName: 'First', version: 2 });
    expect((await api.history('warehouse', w.id)).length).toBe(2);
  });

  it('of two saves of the same version at once, exactly one wins; the other answers 409', async () => {
    const w = await api.create<{ id: number; version: number }>('/warehouses', warehouse());
    const [a, b] = await Promise.all(
      ['A', 'B'].map((name) =>
        api.call('ADMIN', 'PUT', `/warehouses/${w.id}`, { ...warehouse(), contactName: name, version: 1 }),
      ),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const winner = a!.statusCode === 200 ? 'A' : 'B';
    expect((await api.call('ADMIN', 'GET', `/warehouses/${w.id}`)).json()).toMatchObject({
      contactName: winner,
      version: 2,
    });
    expect((await api.history('warehouse', w.id)).map((h) => h.action)).toEqual(['UPDATE', 'CREATE']);
  });

  it('answers 409 naming the duplicate name', async () => {
    const w = await api.create<{ warehouseName: string }>('/warehouses', warehouse());
    const res = await api.call('ADMIN', 'POST', '/warehouses', warehouse(w.warehouseName));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Warehouse "${w.warehouseName}" already exists.`);
  });

  it('answers 400 naming the field for missing or bad input', async () => {
    const missing = await api.call('ADMIN', 'POST', '/warehouses', { ...warehouse(), contactName: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ field: 'contactName', message: 'Contact Name is required' });
    const badEmail = await api.call('ADMIN', 'POST', '/warehouses', {
      ...warehouse(),
      email: 'not-an-email',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().field).toBe('email');
    const noVersion = await api.call('ADMIN', 'PUT', '/warehouses/1', warehouse());
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().field).toBe('version');
    const badId = await api.call('ADMIN', 'GET', '/warehouses/abc');
    expect(badId.statusCode).toBe(400);
  });

  it('answers 404 for a warehouse that does not exist (get and update)', async () => {
    expect((await api.call('ADMIN', 'GET', '/warehouses/999999')).statusCode).toBe(404);
    const res = await api.call('ADMIN', 'PUT', '/warehouses/999999', { ...warehouse(), version: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Warehouse not found.');
  });
});

describe('production regions', () => {
  it('creates, searches, updates; duplicate and stale answer 409', async () => {
    const name = unique('Region');
    const r = await api.create<{ id: number; version: number }>('/production-regions', {
      productionRegionName: ` ${name} `,
    });
    expect(r).toMatchObject({ productionRegionName: name, version: 1 });
    const list = await api.call(
      'ADMIN',
      'GET',
      `/production-regions?productionRegionName=${encodeURIComponent(name)}`,
    );
    expect(list.json().productionRegions).toEqual([r]);
    const all = (await api.call('ADMIN', 'GET', '/production-regions')).json().productionRegions;
    expect(all.map((x: { productionRegionName: string }) => x.productionRegionName)).toContain('Bangladesh');

    const dup = await api.call('ADMIN', 'POST', '/production-regions', {
      productionRegionName: 'Bangladesh',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Production region "Bangladesh" already exists.');

    const renamed = await api.call('ADMIN', 'PUT', `/production-regions/${r.id}`, {
      productionRegionName: `${name} 2`,
      version: 1,
    });
    expect(renamed.statusCode).toBe(200);
    // a save without changes takes a version but writes no history row
    const same = await api.call('ADMIN', 'PUT', `/production-regions/${r.id}`, {
      productionRegionName: `${name} 2`,
      version: 2,
    });
    expect(same.json().version).toBe(3);
    const dupRename = await api.call('ADMIN', 'PUT', `/production-regions/${r.id}`, {
      productionRegionName: 'Bangladesh',
      version: 3,
    });
    expect(dupRename.statusCode).toBe(409);
    // the failed update changed nothing, not even the version
    expect((await api.call('ADMIN', 'GET', `/production-regions/${r.id}`)).json()).toMatchObject({
      productionRegionName: `${name} 2`,
      version: 3,
    });
    const stale = await api.call('ADMIN', 'PUT', `/production-regions/${r.id}`, {
      productionRegionName: 'Whatever',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect((await api.history('productionRegion', r.id)).map((h) => h.action)).toEqual(['UPDATE', 'CREATE']);
  });

  it('answers 400 without a name', async () => {
    expect((await api.call('ADMIN', 'POST', '/production-regions', {})).statusCode).toBe(400);
  });
});

describe('product codes', () => {
  it('creates, gets, searches and updates; duplicates answer 409 naming the code', async () => {
    const code = unique('PC').replace(' ', '-');
    const c = await api.create<{ id: number }>('/product-codes', { productCode: code });
    expect((await api.call('ADMIN', 'GET', `/product-codes/${c.id}`)).json()).toEqual({
      id: c.id,
      productCode: code,
      version: 1,
    });
    const dup = await api.call('ADMIN', 'POST', '/product-codes', { productCode: code });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(`Product code "${code}" already exists.`);
    const search = await api.call(
      'ADMIN',
      'GET',
      `/product-codes?productCode=${encodeURIComponent(code.toLowerCase())}`,
    );
    expect(search.json().productCodes).toEqual([{ id: c.id, productCode: code, version: 1 }]);
    // pattern characters are matched literally
    expect((await api.call('ADMIN', 'GET', '/product-codes?productCode=%25')).json().productCodes).toEqual(
      [],
    );
    const up = await api.call('ADMIN', 'PUT', `/product-codes/${c.id}`, {
      productCode: `${code}X`,
      version: 1,
    });
    expect(up.json()).toEqual({ id: c.id, productCode: `${code}X`, version: 2 });
    const [h] = await api.history('productCode', c.id);
    expect(h!.changes).toEqual([{ field: 'productCode', before: code, after: `${code}X` }]);
  });

  it('answers 400 to an empty code and to a history query of an unknown entity', async () => {
    expect((await api.call('ADMIN', 'POST', '/product-codes', { productCode: '' })).statusCode).toBe(400);
    expect((await api.call('ADMIN', 'GET', '/history?entity=orders&id=1')).statusCode).toBe(400);
    expect((await api.call('CSR', 'GET', '/history?entity=productCode&id=1')).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents every master-data call with its search parameters (ARCHITECTURE.md Contract)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1.0/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; tags?: string[] }>>;
    };
    const query = (path: string) =>
      (doc.paths[`/api/v1.0${path}`]?.get?.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => p.name);
    expect(query('/warehouses').sort()).toEqual(['address', 'preferredShippingMethod', 'warehouseName']);
    expect(query('/users').sort()).toEqual(['active', 'email', 'name', 'role']);
    expect(query('/vendors/search').sort()).toEqual(['address', 'companyName', 'customerId']);
    expect(query('/factories').sort()).toEqual(['customerId', 'factoryName', 'regionId', 'shortCode']);
    expect(query('/product-subcodes').sort()).toEqual([
      'customerId',
      'description',
      'factoryId',
      'fulfillmentProcess',
      'productCode',
      'productSubcode',
      'sampleReferenceNumber',
      'sustainable',
    ]);
    expect(query('/attributes/schemas').sort()).toEqual(['customer', 'global', 'name', 'productGroup']);
    for (const path of [
      '/customers/{id}',
      '/product-codes/{id}',
      '/products/product-items/{id}',
      '/attributes/schemas/{id}',
    ])
      expect(Object.keys(doc.paths[`/api/v1.0${path}`] ?? {}).sort(), path).toEqual(['get', 'put']);
    expect(doc.paths['/api/v1.0/history']?.get?.tags).toEqual(['master data']);
  });
});
