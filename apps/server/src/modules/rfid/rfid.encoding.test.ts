/**
 * RFID end to end on the server (docs/rfid.md): a vendor places an order with an RFID line (placing
 * allocates its serials), and GET /orders/{id}/rfid-encoding gives one row per tag whose EPC decodes
 * with epc-tds back to its GTIN and serial; roles (401/403), 404s, .xlsx, formula neutralisation.
 */
import { gtin14Of, RFID_ENCODING_MESSAGES } from '@selvedge/shared';
import { parse } from 'csv-parse/sync';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import { completeCartHeader } from '../../test/cartApi';
import { createTestApp, type TestApp } from '../../test/harness';
import { decodeSgtin96 } from './rfid.epc';

let t: TestApp;
let orderId: number;
let plainOrderId: number;
const PREFIX = '0099881';
const GTIN = gtin14Of(`0${PREFIX}00001`);

async function call(
  url: string,
  role?: Parameters<TestApp['tokenFor']>[0],
  method: 'GET' | 'POST' | 'PUT' = 'GET',
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/api/v1.0${url}`,
    headers: role ? t.auth(await t.tokenFor(role)) : {},
    ...(payload ? { payload } : {}),
  });
}

/** Adds `pieces` of RT-TF-601's first size to vendor@example.com's cart; answers its item and subcode ids. */
async function addToCart(pieces: number) {
  const [sc] = await t.db
    .select()
    .from(s.productSubcodes)
    .where(eq(s.productSubcodes.productSubcode, 'RT-TF-601'));
  const [item] = await t.db
    .select()
    .from(s.productItems)
    .where(and(eq(s.productItems.productSubcodeId, sc!.id), eq(s.productItems.active, true)))
    .orderBy(asc(s.productItems.sortKey))
    .limit(1);
  const add = await call('/orders', 'VENDOR', 'POST', {
    productType: 'STANDARD',
    quantities: { [String(item!.id)]: pieces },
    attributes: {},
  });
  expect(add.statusCode, add.body).toBe(200);
  return { itemId: item!.id, subcodeId: sc!.id };
}

/** Places vendor@example.com's cart of `pieces` of RT-TF-601's first size (RFID or not). */
async function placeOrder(pieces: number, vendorPO: string) {
  const added = await addToCart(pieces);
  await completeCartHeader(t, vendorPO);
  const placed = await call('/orders/place?termsAndConditions=true', 'VENDOR', 'PUT');
  expect(placed.json().orderId, placed.body).toBeGreaterThan(0);
  return { orderId: placed.json().orderId as number, ...added };
}

beforeAll(async () => {
  t = await createTestApp();
  plainOrderId = (await placeOrder(200, 'PO-PLAIN-1')).orderId;
  // RT-TF-601 becomes RFID: Roots gets a prefix, the size a GTIN of it.
  const [roots] = await t.db.select().from(s.customers).where(eq(s.customers.companyName, 'Roots'));
  await t.db.update(s.customers).set({ gs1CompanyPrefix: PREFIX }).where(eq(s.customers.id, roots!.id));
  const [sc] = await t.db
    .select()
    .from(s.productSubcodes)
    .where(eq(s.productSubcodes.productSubcode, 'RT-TF-601'));
  await t.db.update(s.productSubcodes).set({ rfid: true }).where(eq(s.productSubcodes.id, sc!.id));
  await t.db.update(s.productItems).set({ gtin: GTIN }).where(eq(s.productItems.productSubcodeId, sc!.id));
  // A PO that a spreadsheet would read as a formula.
  orderId = (await placeOrder(300, '=HYPERLINK("x")')).orderId;
});
afterAll(() => t?.close());

describe('GET /orders/{id}/rfid-encoding', () => {
  it('gives one row per piece in serial order, each EPC decoding to its GTIN and serial', async () => {
    const res = await call(`/orders/${orderId}/rfid-encoding`, 'CSR');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain(`order-${orderId}-rfid.csv`);
    const [header, ...rows] = parse(res.body.slice(1)) as string[][];
    const col = (name: string) => header!.indexOf(name);
    expect(rows).toHaveLength(300);
    const first = Number(rows[0]![col('Serial')]);
    rows.forEach((r, i) => {
      expect(r[col('Tag')]).toBe(String(i + 1));
      expect(r[col('EPC Hex')]).toMatch(/^[0-9A-F]{24}$/);
      expect(Number(r[col('Serial')])).toBe(first + i);
      expect(r[col('GTIN-14')]).toBe(GTIN);
      expect(decodeSgtin96(r[col('EPC Hex')]!)).toEqual({
        gtin14: GTIN,
        serial: first + i,
        filter: 3,
        partition: 5,
      });
      expect(r[col('EPC Tag URI')]).toBe(
        `urn:epc:tag:sgtin-96:3.${PREFIX}.0${GTIN.slice(8, 13)}.${first + i}`,
      );
      expect(r[col('Ticket Type')]).toBe('RT-TF-601');
    });
    // Formula neutralisation as in every other CSV.
    expect(rows[0]![col('PO Number')]).toBe(`'=HYPERLINK("x")`);
  });

  it('answers .xlsx too', async () => {
    const res = await call(`/orders/${orderId}/rfid-encoding?format=xlsx`, 'ADMIN');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`order-${orderId}-rfid.xlsx`);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('a second order continues the serials (the counter never goes back)', async () => {
    const next = (await placeOrder(200, 'PO-RFID-3')).orderId;
    const a = parse((await call(`/orders/${orderId}/rfid-encoding`, 'ADMIN')).body.slice(1)) as string[][];
    const b = parse((await call(`/orders/${next}/rfid-encoding`, 'ADMIN')).body.slice(1)) as string[][];
    const serial = a[0]!.indexOf('Serial');
    expect(Number(b[1]![serial])).toBe(Number(a.at(-1)![serial]) + 1);
  });

  it('refuses vendors and customers (403), strangers (401); 404 for no order and no tags', async () => {
    expect((await call(`/orders/${orderId}/rfid-encoding`)).statusCode).toBe(401);
    for (const role of ['VENDOR', 'CUSTOMER', 'FINANCE'] as const)
      expect((await call(`/orders/${orderId}/rfid-encoding`, role)).statusCode, role).toBe(403);
    for (const role of ['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT'] as const)
      expect((await call(`/orders/${orderId}/rfid-encoding`, role)).statusCode, role).toBe(200);
    expect((await call('/orders/99999999/rfid-encoding', 'ADMIN')).statusCode).toBe(404);
    const none = await call(`/orders/${plainOrderId}/rfid-encoding`, 'ADMIN');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(RFID_ENCODING_MESSAGES.noTags);
  });
});

describe('GET /orders/{id}/rfid', () => {
  it("gives per RFID line its GTIN, ranges, count and first EPC, matching the file's first row", async () => {
    const res = await call(`/orders/${orderId}/rfid`, 'CSR');
    expect(res.statusCode, res.body).toBe(200);
    const [line] = res.json().lines;
    const rows = parse((await call(`/orders/${orderId}/rfid-encoding`, 'ADMIN')).body.slice(1)) as string[][];
    const at = (name: string) => rows[1]![rows[0]!.indexOf(name)];
    expect(line).toMatchObject({ productSubcode: 'RT-TF-601', filter: 3, count: 300, gtins: [GTIN] });
    expect(line.ranges).toEqual([
      { gtin: GTIN, firstSerial: Number(at('Serial')), lastSerial: Number(at('Serial')) + 299, count: 300 },
    ]);
    expect([line.firstEpcHex, line.firstTagUri]).toEqual([at('EPC Hex'), at('EPC Tag URI')]);
    expect((await call(`/orders/${plainOrderId}/rfid`, 'ADMIN')).json()).toEqual({ lines: [] });
  });

  it('is for the roles that see production documents; 404 outside the scope', async () => {
    for (const role of ['VENDOR', 'CUSTOMER'] as const)
      expect((await call(`/orders/${orderId}/rfid`, role)).statusCode, role).toBe(403);
    expect((await call(`/orders/${orderId}/rfid`)).statusCode).toBe(401);
    expect((await call('/orders/99999999/rfid', 'ADMIN')).statusCode).toBe(404);
  });
});

describe('the RFID badge in the answers (product search, cart and order lines)', () => {
  it('marks the RFID subcode in the product search', async () => {
    const [row] = await t.db
      .select({ region: s.factories.productionRegionId })
      .from(s.productSubcodes)
      .innerJoin(s.factories, eq(s.factories.id, s.productSubcodes.factoryId))
      .where(eq(s.productSubcodes.productSubcode, 'RT-TF-601'));
    const res = await call(`/products?productionRegion=${row!.region}&search=RT-TF-60`, 'VENDOR');
    expect(res.statusCode, res.body).toBe(200);
    const products = res.json().products as { productSubcode: string; rfid: boolean }[];
    expect(products.find((p) => p.productSubcode === 'RT-TF-601')?.rfid).toBe(true);
    expect(products.filter((p) => p.productSubcode !== 'RT-TF-601').every((p) => p.rfid === false)).toBe(
      true,
    );
  });

  it('marks a cart line of an RFID subcode, and a placed line only when placing gave it tags', async () => {
    const lineOf = async (url: string) =>
      ((await call(url, 'VENDOR')).json().orderItems as { productSubcode: string; rfid: boolean }[]).find(
        (i) => i.productSubcode === 'RT-TF-601',
      );
    expect((await lineOf(`/orders/${orderId}`))?.rfid).toBe(true);
    // Placed before the subcode was RFID: no tags, no badge.
    expect((await lineOf(`/orders/${plainOrderId}`))?.rfid).toBe(false);
    await addToCart(200);
    expect((await lineOf('/orders/cart'))?.rfid).toBe(true);
  });
});
