/**
 * RFID master data (docs/rfid.md): the customer's GS1 Company Prefix, a subcode's RFID
 * and EPC filter value, a size's GTIN — validation naming the field, the refusals (no prefix, a
 * GTIN of another prefix), history and 409 on a stale edit, as for every other field.
 */
import { RFID_MESSAGES } from '@selvedge/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { masterDataApi, unique } from '../masterData/masterData.test-helpers';

let t: TestApp;
let api: ReturnType<typeof masterDataApi>;
let productCodeId: number;
type Rec = Record<string, unknown> & { id: number; version: number };

beforeAll(async () => {
  t = await createTestApp();
  api = masterDataApi(t);
  productCodeId = (await api.create<{ id: number }>('/product-codes', { productCode: unique('RF') })).id;
});
afterAll(() => t?.close());

const subcodeBody = (customerId: number, extra: Record<string, unknown> = {}) => ({
  productSubcode: unique('RFID'),
  description: 'RFID price ticket',
  customer: { id: customerId },
  productCode: { id: productCodeId },
  ...extra,
});

describe('RFID master data', () => {
  it('keeps the prefix with history, refuses a bad one naming the field and a stale edit', async () => {
    const c = await api.create<Rec>('/customers', { companyName: unique('Rfid Co') });
    expect(c.gs1CompanyPrefix).toBeNull();
    for (const bad of ['12345', '1234567890123', '06a2345']) {
      const res = await api.call('ADMIN', 'PUT', `/customers/${c.id}`, {
        ...c,
        gs1CompanyPrefix: bad,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), res.body).toMatchObject({
        field: 'gs1CompanyPrefix',
        message: RFID_MESSAGES.prefixDigits,
      });
    }
    const ok = await api.call('ADMIN', 'PUT', `/customers/${c.id}`, { ...c, gs1CompanyPrefix: '0062345' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().gs1CompanyPrefix).toBe('0062345');
    const stale = await api.call('ADMIN', 'PUT', `/customers/${c.id}`, { ...c, gs1CompanyPrefix: '0062346' });
    expect(stale.statusCode).toBe(409);
    const [last] = await api.history('customer', c.id);
    expect(last!.changes).toContainEqual({ field: 'gs1CompanyPrefix', before: null, after: '0062345' });
  });

  it('refuses an RFID subcode of a customer without prefix, and a garment GTIN of another prefix', async () => {
    const name = unique('No Prefix');
    const c = await api.create<Rec>('/customers', { companyName: name });
    const refused = await api.call('ADMIN', 'POST', '/product-subcodes', subcodeBody(c.id, { rfid: true }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'rfid', message: RFID_MESSAGES.noPrefix(name) });
    // Without RFID the same subcode is fine.
    const plain = await api.create<Rec>('/product-subcodes', subcodeBody(c.id));
    expect(plain).toMatchObject({ rfid: false, epcFilter: 3 });

    const p = await api.create<Rec>('/customers', {
      companyName: unique('Prefix'),
      gs1CompanyPrefix: '0062345',
    });
    const other = await api.call(
      'ADMIN',
      'POST',
      '/product-subcodes',
      subcodeBody(p.id, { rfid: true, gtin: '036000291452' }),
    );
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      field: 'gtin',
      message: RFID_MESSAGES.prefixMismatch('Garment GTIN', '00036000291452', '0062345'),
    });
    const filter = await api.call(
      'ADMIN',
      'POST',
      '/product-subcodes',
      subcodeBody(p.id, { rfid: true, epcFilter: 8 }),
    );
    expect(filter.statusCode).toBe(400);
    expect(filter.json().field).toBe('epcFilter');
    const sc = await api.create<Rec>(
      '/product-subcodes',
      subcodeBody(p.id, { rfid: true, epcFilter: 1, gtin: '062345000015' }),
    );
    expect(sc).toMatchObject({ rfid: true, epcFilter: 1, gtin: '00062345000015' });
  });

  it("refuses a size GTIN of an RFID subcode outside the customer's prefix, on create and on save", async () => {
    const p = await api.create<Rec>('/customers', {
      companyName: unique('Sizes'),
      gs1CompanyPrefix: '0062345',
    });
    const sc = await api.create<Rec>('/product-subcodes', subcodeBody(p.id, { rfid: true }));
    const item = (extra: Record<string, unknown>) => ({
      productSubcode: { id: sc.id },
      productSize: 'M',
      currentInventory: 0,
      minimumInventory: 0,
      maximumInventory: 0,
      ...extra,
    });
    const bad = await api.call('ADMIN', 'POST', '/products/product-items', item({ gtin: '036000291452' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      field: 'gtin',
      message: RFID_MESSAGES.prefixMismatch('GTIN', '00036000291452', '0062345'),
    });
    const checkDigit = await api.call(
      'ADMIN',
      'POST',
      '/products/product-items',
      item({ gtin: '062345000016' }),
    );
    expect(checkDigit.statusCode).toBe(400);
    expect(checkDigit.json().field).toBe('gtin');
    const ok = await api.create<Rec>('/products/product-items', item({ gtin: '062345000015' }));
    expect(ok.gtin).toBe('00062345000015');
    const { id, productSubcode: _s, productType: _t, ...rest } = ok;
    const save = await api.call('ADMIN', 'PUT', `/products/product-items/${id}`, {
      ...rest,
      productGroup: null,
      productSubgroup: null,
      attributeSchema: null,
      gtin: '036000291452',
    });
    expect(save.statusCode, save.body).toBe(400);
    expect(save.json().field).toBe('gtin');
  });
});
