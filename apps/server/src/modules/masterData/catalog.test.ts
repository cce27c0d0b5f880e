/**
 * Product subcodes with tiers, product items (and the product type conversion) and attribute
 * schemas (master-data §3, §5, §7): rules of packages/shared checked again on save, 401/403/404/400,
 * duplicates and stale versions (409), history rows.
 */
import {
  MASTER_DATA_MESSAGES,
  MASTER_DATA_RULE_MESSAGES,
  MESSAGES,
  startsWithFieldPath,
} from '@selvedge/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import { buildSubcode, buildUser, demoParties } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { masterDataApi, unique } from './masterData.test-helpers';

let t: TestApp;
let api: ReturnType<typeof masterDataApi>;
let demo: Awaited<ReturnType<typeof demoParties>>;
let productCodeId: number;
const schemaId: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  api = masterDataApi(t);
  demo = await demoParties(t.db);
  productCodeId = (await api.create<{ id: number }>('/product-codes', { productCode: unique('SC') })).id;
  for (const r of await t.db.select().from(s.attributeSchemas)) schemaId[r.name] = r.id;
});
afterAll(() => t?.close());

type Rec = Record<string, unknown> & { id: number; version: number };

const subcodeBody = (extra: Record<string, unknown> = {}) => ({
  productSubcode: unique('SUB'),
  description: 'Woven main label',
  customer: { id: demo.rootsId },
  factory: { id: demo.factoryId },
  productCode: { id: productCodeId },
  minOrderQuantity: 0,
  packSize: 1,
  priceTiers: [
    { quantity: 1000, price: '0.0800', currency: 'USD' },
    { quantity: 1, price: '0.1200', currency: 'USD' },
  ],
  costTiers: [{ quantity: 1, price: 0.05, currency: 'CAD' }],
  minValues: [{ currency: 'USD', price: '25' }],
  ...extra,
});

describe('product subcodes', () => {
  it('creates with defaults, rounds the MOQ down to the pack size, keeps tiers sorted', async () => {
    const sc = await api.create<Rec>(
      '/product-subcodes',
      subcodeBody({ minOrderQuantity: 1050, packSize: 100 }),
    );
    expect(sc).toMatchObject({
      minOrderQuantity: 1000,
      packSize: 100,
      fulfillmentProcess: 'PICK_AND_PACK',
      sustainable: false,
      schema: null,
      productImage: null,
      productType: null,
      customer: { id: demo.rootsId, name: 'Roots' },
      productCode: { id: productCodeId },
      priceTiers: [
        { quantity: 1, price: '0.1200', currency: 'USD' },
        { quantity: 1000, price: '0.0800', currency: 'USD' },
      ],
      costTiers: [{ quantity: 1, price: '0.0500', currency: 'CAD' }],
      minValues: [{ currency: 'USD', price: '25.0000' }],
      version: 1,
    });
    const got = await api.call('ADMIN', 'GET', `/product-subcodes/${sc.id}`);
    expect(got.json()).toEqual(sc);
  });

  it('update answers priceTiers, costTiers and minValues; history names the tier change', async () => {
    const sc = await api.create<Rec>('/product-subcodes', subcodeBody());
    const up = await api.call('ADMIN', 'PUT', `/product-subcodes/${sc.id}`, {
      ...sc,
      priceTiers: [
        { quantity: 1, price: '0.1100', currency: 'USD' },
        { quantity: 500, price: '0.0900', currency: 'USD' },
      ],
      minValues: [],
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({
      priceTiers: [
        { quantity: 1, price: '0.1100', currency: 'USD' },
        { quantity: 500, price: '0.0900', currency: 'USD' },
      ],
      minValues: [],
      version: 2,
    });
    const [h] = await api.history('productSubcode', sc.id);
    expect(h!.changes.map((c) => c.field).sort()).toEqual(['minValues', 'priceTiers']);
  });

  it('refuses tiers that break the rules with the spec messages and names the field (400)', async () => {
    const refusal = async (extra: Record<string, unknown>) => {
      const res = await api.call('ADMIN', 'POST', '/product-subcodes', subcodeBody(extra));
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as { message: string; field?: string };
      // Decision 0058: the field goes in `field`, never in front of the text.
      expect(startsWithFieldPath(body.message), body.message).toBe(false);
      return body;
    };
    const tier = (quantity: unknown, price: unknown, currency = 'USD') => ({ quantity, price, currency });
    expect(await refusal({ priceTiers: [tier(5, '1')] })).toEqual({
      field: 'priceTiers',
      message: MESSAGES.tierOfOneRequired,
    });
    expect(await refusal({ priceTiers: [tier(1, '1'), tier(1, '2')] })).toEqual({
      field: 'priceTiers',
      message: MESSAGES.tierExists,
    });
    expect(await refusal({ costTiers: [tier(0, '1')] })).toMatchObject({
      field: 'costTiers.0.quantity',
      message: MESSAGES.tierQuantityZero,
    });
    // A quantity of 2.6 is refused, not rounded to 3 behind the user's back; a price of -1 likewise.
    expect(await refusal({ priceTiers: [tier(1, '1'), tier(2.6, '1')] })).toMatchObject({
      field: 'priceTiers.1.quantity',
      message: MASTER_DATA_RULE_MESSAGES.tierQuantityWhole,
    });
    expect(await refusal({ costTiers: [tier(1, '-1')] })).toMatchObject({
      field: 'costTiers.0.price',
      message: 'Price cannot be below 0',
    });
    expect(await refusal({ costTiers: [tier(1, '1', 'XYZ')] })).toEqual({
      field: 'costTiers.0.currency',
      message: 'The currency XYZ is not known.',
    });
    expect(
      (
        await refusal({
          minValues: [
            { currency: 'USD', price: '1' },
            { currency: 'USD', price: '2' },
          ],
        })
      ).message,
    ).toMatch(/minimum order value for this currency/);
    expect((await refusal({ packSize: 0 })).field).toBe('packSize');
    expect((await refusal({ minOrderQuantity: -1 })).field).toBe('minOrderQuantity');
    expect(await refusal({ description: '' })).toMatchObject({
      field: 'description',
      message: 'Description is required',
    });
    expect(await refusal({ customer: { id: 999999 } })).toEqual({
      field: 'customer',
      message: 'The chosen customer does not exist (id 999999).',
    });
  });

  it('takes a global schema or the customer’s own, and refuses another customer’s', async () => {
    const global = await api.call(
      'ADMIN',
      'POST',
      '/product-subcodes',
      subcodeBody({ schema: { id: schemaId['Thread Colour'] } }),
    );
    expect(global.statusCode, global.body).toBe(201);
    expect(global.json().schema).toEqual({ id: schemaId['Thread Colour'], name: 'Thread Colour' });
    const own = await api.call(
      'ADMIN',
      'POST',
      '/product-subcodes',
      subcodeBody({ schema: { id: schemaId['Roots Hang Tag'] } }),
    );
    expect(own.statusCode).toBe(201);
    const other = await api.call(
      'ADMIN',
      'POST',
      '/product-subcodes',
      subcodeBody({ schema: { id: schemaId['Dunnes Style Details'] } }),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(MASTER_DATA_MESSAGES.schemaNotForCustomer);
  });

  it('answers 400 naming the field to an empty subcode and to a factory subcode without tiers (decision 0038)', async () => {
    const empty = await api.call('ADMIN', 'POST', '/product-subcodes', {
      productSubcode: 'X',
      description: 'Y',
      productCode: null,
      customer: { id: demo.rootsId },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ field: 'productCode', message: 'Product Code is required' });
    const noTiers = await api.call('ADMIN', 'POST', '/product-subcodes', subcodeBody({ costTiers: [] }));
    expect(noTiers.statusCode).toBe(400);
    expect(noTiers.json()).toEqual({ field: 'costTiers', message: MESSAGES.tierOfOneRequired });
    const noFactory = await api.call(
      'ADMIN',
      'POST',
      '/product-subcodes',
      subcodeBody({ factory: null, priceTiers: [], costTiers: [], minValues: [] }),
    );
    expect(noFactory.statusCode, noFactory.body).toBe(201);
  });

  it("keeps the garment's GTIN as a GTIN-14 and refuses a wrong check digit (decision 0044)", async () => {
    const sc = await api.create<Rec>('/product-subcodes', subcodeBody({ gtin: ' 036000291452 ' }));
    expect(sc.gtin).toBe('00036000291452');
    const none = await api.create<Rec>('/product-subcodes', subcodeBody({ gtin: '' }));
    expect(none.gtin).toBeNull();
    for (const gtin of ['036000291453', '12345', 'abcdefghijklm', '0'.repeat(30)]) {
      const bad = await api.call('ADMIN', 'POST', '/product-subcodes', subcodeBody({ gtin }));
      expect(bad.statusCode, `${gtin}: ${bad.body}`).toBe(400);
      expect(bad.json().field).toBe('gtin');
    }
  });

  it('answers 409 to a duplicate subcode of the customer and to a stale version; 404; 403', async () => {
    const sc = await api.create<Rec>('/product-subcodes', subcodeBody());
    const dup = await api.call(
      'ADMIN',
      'POST',
      '/product-subcodes',
      subcodeBody({ productSubcode: sc.productSubcode }),
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(`Product subcode "${sc.productSubcode}" already exists.`);
    // the same name for another customer is fine
    expect(
      (
        await api.call(
          'ADMIN',
          'POST',
          '/product-subcodes',
          subcodeBody({ productSubcode: sc.productSubcode, customer: { id: demo.dunnesId } }),
        )
      ).statusCode,
    ).toBe(201);
    await api.call('ADMIN', 'PUT', `/product-subcodes/${sc.id}`, { ...sc, description: 'First' });
    const stale = await api.call('ADMIN', 'PUT', `/product-subcodes/${sc.id}`, {
      ...sc,
      description: 'Second',
      priceTiers: [{ quantity: 1, price: '0.2000', currency: 'USD' }],
    });
    expect(stale.statusCode).toBe(409);
    const now = (await api.call('ADMIN', 'GET', `/product-subcodes/${sc.id}`)).json();
    expect(now.description).toBe('First');
    expect(now.priceTiers).toHaveLength(2);
    expect((await api.call('ADMIN', 'GET', '/product-subcodes/999999')).statusCode).toBe(404);
    expect((await api.call('CSR', 'GET', '/product-subcodes')).statusCode).toBe(403);
    expect((await api.call(null, 'GET', '/product-subcodes')).statusCode).toBe(401);
  });

  it('searches by every filter field', async () => {
    const sc = await api.create<Rec>(
      '/product-subcodes',
      subcodeBody({ sampleReferenceNumber: 'SR-77', sustainable: true, fulfillmentProcess: 'BUILD' }),
    );
    const ids = async (q: string) => {
      const res = await api.call('ADMIN', 'GET', `/product-subcodes?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().subcodes as Rec[]).map((x) => x.id);
    };
    const name = encodeURIComponent(String(sc.productSubcode));
    expect(await ids(`productSubcode=${name}`)).toEqual([sc.id]);
    expect(
      await ids(
        `productSubcode=${name}&sustainable=true&fulfillmentProcess=BUILD&sampleReferenceNumber=sr-7`,
      ),
    ).toEqual([sc.id]);
    expect(await ids(`productSubcode=${name}&sustainable=false`)).toEqual([]);
    expect(await ids(`productSubcode=${name}&customerId=${demo.dunnesId}`)).toEqual([]);
    expect(
      await ids(
        `productSubcode=${name}&factoryId=${demo.factoryId}&customerId=${demo.rootsId}&description=woven`,
      ),
    ).toEqual([sc.id]);
    expect(await ids(`productCode=${encodeURIComponent('SC')}&productSubcode=${name}`)).toEqual([sc.id]);
    expect((await api.call('ADMIN', 'GET', '/product-subcodes?fulfillmentProcess=SHIP')).statusCode).toBe(
      400,
    );
  });
});

describe('product items', () => {
  const itemBody = (subcodeId: number, extra: Record<string, unknown> = {}) => ({
    productSubcode: { id: subcodeId },
    productSize: 'XL',
    currentInventory: 0,
    minimumInventory: 0,
    maximumInventory: 100,
    ...extra,
  });

  it('creates with the defaults (ADMIN and CSR), lists by subcode, updates; history', async () => {
    const sc = await buildSubcode(t.db, { customerId: demo.rootsId, factoryId: demo.factoryId });
    const [group] = await t.db.select().from(s.productGroups).limit(1);
    const item = await api.create<Rec>(
      '/products/product-items',
      itemBody(sc.subcodeId, { productGroup: { id: group!.id } }),
    );
    expect(item).toMatchObject({
      productSubcode: { id: sc.subcodeId, name: sc.productSubcode },
      productType: 'STANDARD',
      sortKey: 1,
      active: true,
      defaultOrderQuantity: 0,
      productGroup: { id: group!.id, name: group!.displayName },
      productSubgroup: null,
      attributeSchema: null,
      version: 1,
    });
    const list = await api.call('ADMIN', 'GET', `/products/product-items?subcode=${sc.subcodeId}`);
    // by sort key, then id: the new item has the default sort key 1, like S
    expect(list.json().productItems.map((i: Rec) => i.productSize)).toEqual(['S', 'XL', 'M']);
    const csr = await buildUser(t.db, { role: 'CSR', customerIds: [demo.rootsId] });
    const token = { token: await t.login(csr.email) };
    const up = await api.call(token, 'PUT', `/products/product-items/${item.id}`, {
      ...item,
      active: false,
      sortKey: 9,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ active: false, sortKey: 9, version: 2 });
    expect(
      (await api.call('ADMIN', 'GET', `/products/product-items?subcode=${sc.subcodeId}&active=true`)).json()
        .productItems,
    ).toHaveLength(2);
    const [h] = await api.history('productItem', item.id);
    expect(h!.changes.map((c) => c.field).sort()).toEqual(['active', 'sortKey']);
  });

  it('a CSR reaches only its customers’ items (404); other roles 403; bad input 400; stale 409', async () => {
    const sc = await buildSubcode(t.db, { customerId: demo.dunnesId, factoryId: demo.factoryId });
    const item = await api.create<Rec>('/products/product-items', itemBody(sc.subcodeId));
    const csr = await buildUser(t.db, { role: 'CSR', customerIds: [demo.rootsId] });
    const token = { token: await t.login(csr.email) };
    expect((await api.call(token, 'GET', `/products/product-items/${item.id}`)).statusCode).toBe(404);
    expect((await api.call(token, 'PUT', `/products/product-items/${item.id}`, { ...item })).statusCode).toBe(
      404,
    );
    expect(
      (await api.call(token, 'POST', '/products/product-items', itemBody(sc.subcodeId))).statusCode,
    ).toBe(404);
    expect(
      (await api.call(token, 'GET', `/products/product-items?subcode=${sc.subcodeId}`)).json().productItems,
    ).toEqual([]);
    expect((await api.call('VENDOR', 'GET', `/products/product-items/${item.id}`)).statusCode).toBe(403);
    expect(
      (
        await api.call(
          'ADMIN',
          'POST',
          '/products/product-items',
          itemBody(sc.subcodeId, { productSize: '' }),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await api.call('ADMIN', 'POST', '/products/product-items', {
          productSubcode: { id: sc.subcodeId },
          productSize: 'M',
        })
      ).statusCode,
    ).toBe(400);
    expect((await api.call('ADMIN', 'GET', '/products/product-items')).statusCode).toBe(400);
    await api.call('ADMIN', 'PUT', `/products/product-items/${item.id}`, { ...item, sortKey: 2 });
    expect(
      (await api.call('ADMIN', 'PUT', `/products/product-items/${item.id}`, { ...item, sortKey: 3 }))
        .statusCode,
    ).toBe(409);
  });

  it('converts a subcode between STANDARD and DYNAMIC; variable-data items stay', async () => {
    const sc = await buildSubcode(t.db, {
      customerId: demo.rootsId,
      factoryId: demo.factoryId,
      sizes: ['S', 'M', { productSize: 'VD', productType: 'VARIABLE_DATA' }],
    });
    const res = await api.call('ADMIN', 'PUT', '/products/convert-product-type', {
      subcode: sc.subcodeId,
      productType: 'DYNAMIC',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().productItems.map((i: Rec) => i.productType)).toEqual(['DYNAMIC', 'DYNAMIC']);
    const types = await t.db
      .select()
      .from(s.productItems)
      .where(eq(s.productItems.productSubcodeId, sc.subcodeId));
    expect(types.map((r) => r.productType).sort()).toEqual(['DYNAMIC', 'DYNAMIC', 'VARIABLE_DATA']);
    expect((await api.call('ADMIN', 'GET', `/product-subcodes/${sc.subcodeId}`)).json().productType).toBe(
      'DYNAMIC',
    );
    const [h] = await api.history('productSubcode', sc.subcodeId);
    expect(h!.changes).toEqual([{ field: 'productType', before: 'STANDARD', after: 'DYNAMIC' }]);
    const [itemHistory] = await api.history('productItem', sc.items[0]!.id);
    expect(itemHistory).toMatchObject({
      version: 2,
      changes: [{ field: 'productType', before: 'STANDARD', after: 'DYNAMIC' }],
    });
    const back = await api.call('ADMIN', 'PUT', '/products/convert-product-type', {
      subcode: sc.subcodeId,
      productType: 'STANDARD',
    });
    expect(back.json().productItems.map((i: Rec) => i.productType)).toEqual(['STANDARD', 'STANDARD']);
    expect(
      (
        await api.call('ADMIN', 'PUT', '/products/convert-product-type', {
          subcode: 999999,
          productType: 'DYNAMIC',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await api.call('ADMIN', 'PUT', '/products/convert-product-type', {
          subcode: sc.subcodeId,
          productType: 'VARIABLE_DATA',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await api.call('CSR', 'PUT', '/products/convert-product-type', {
          subcode: sc.subcodeId,
          productType: 'DYNAMIC',
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('attribute schemas', () => {
  it('creates with fields sorted and options sorted, searches, updates (answers attributeFields)', async () => {
    const name = unique('Schema');
    const [group] = await t.db.select().from(s.productGroups).limit(1);
    const created = await api.create<Rec>('/attributes/schemas', {
      name,
      customer: { id: demo.rootsId },
      productGroup: { id: group!.id },
      attributeFields: [
        { name: 'Size Chart', type: 'STRING', options: ['ignored'] },
        { name: 'Colour', type: 'DROPDOWN', options: ['Red', 'Black'] },
      ],
    });
    expect(created).toMatchObject({
      global: false,
      customer: { id: demo.rootsId, name: 'Roots' },
      attributeFields: [
        { name: 'Colour', type: 'DROPDOWN', options: ['Black', 'Red'] },
        { name: 'Size Chart', type: 'STRING', options: [] },
      ],
    });
    const ids = async (q: string) =>
      ((await api.call('ADMIN', 'GET', `/attributes/schemas?${q}`)).json().listContent as Rec[]).map(
        (x) => x.id,
      );
    expect(
      await ids(
        `name=${encodeURIComponent(name)}&global=false&customer=${demo.rootsId}&productGroup=${group!.id}`,
      ),
    ).toEqual([created.id]);
    expect(await ids(`name=${encodeURIComponent(name)}&global=true`)).toEqual([]);
    const up = await api.call('ADMIN', 'PUT', `/attributes/schemas/${created.id}`, {
      ...created,
      global: true,
      attributeFields: [{ name: 'Colour', type: 'DROPDOWN', options: ['White', 'Black'] }],
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().attributeFields).toEqual([
      { name: 'Colour', type: 'DROPDOWN', options: ['Black', 'White'] },
    ]);
    const [h] = await api.history('attributeSchema', created.id);
    expect(h!.changes.map((c) => c.field).sort()).toEqual(['attributeFields', 'global']);
    const all = await api.call('CSR', 'GET', '/attributes/all-schemas');
    expect(all.statusCode).toBe(200);
    expect(all.json().listContent).toContainEqual({
      id: created.id,
      name,
      global: true,
      customerId: demo.rootsId,
    });
    const subgroups = await api.call('VENDOR', 'GET', '/refs/product-subgroup');
    expect(subgroups.json().productSubgroups.length).toBeGreaterThan(0);
  });

  it('refuses duplicate fields and options (400, spec messages); stale 409; 404; 403', async () => {
    const dupField = await api.call('ADMIN', 'POST', '/attributes/schemas', {
      name: unique('S'),
      attributeFields: [
        { name: 'A', type: 'STRING' },
        { name: 'a', type: 'STRING' },
      ],
    });
    expect(dupField.statusCode).toBe(400);
    expect(dupField.json()).toEqual({ field: 'attributeFields', message: MESSAGES.duplicateField });
    const dupOption = await api.call('ADMIN', 'POST', '/attributes/schemas', {
      name: unique('S'),
      attributeFields: [{ name: 'A', type: 'DROPDOWN', options: ['x', 'X'] }],
    });
    expect(dupOption.json()).toEqual({ field: 'attributeFields', message: MESSAGES.duplicateOption });
    expect((await api.call('ADMIN', 'POST', '/attributes/schemas', { name: '' })).statusCode).toBe(400);
    const sc = await api.create<Rec>('/attributes/schemas', { name: unique('S') });
    await api.call('ADMIN', 'PUT', `/attributes/schemas/${sc.id}`, { ...sc, global: true });
    expect(
      (await api.call('ADMIN', 'PUT', `/attributes/schemas/${sc.id}`, { ...sc, name: 'x' })).statusCode,
    ).toBe(409);
    expect((await api.call('ADMIN', 'GET', '/attributes/schemas/999999')).statusCode).toBe(404);
    expect((await api.call('ACCOUNT', 'GET', '/attributes/schemas')).statusCode).toBe(403);
  });
});
