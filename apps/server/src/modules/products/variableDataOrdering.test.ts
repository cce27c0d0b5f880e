/**
 * Ordering uploaded retailer data (ordering §2, §3, §5, §7, §9;
 * docs/decisions/0050, 0051) on a real database (PGlite; PostgreSQL with TEST_DATABASE_URL): the Roots
 * sample file of docs/formats is uploaded through the endpoint and imported by its job, then
 * - GET /products/variable-data: the search rules, the PO search groups, vendor row scoping;
 * - GET /products/details for VARIABLE_DATA items: rows in size order, start quantities of §9;
 * - GET /products/variable-data/dynamic/{id}: variants of a PO and style in the fixed size order;
 * - POST/PUT /orders with VARIABLE_DATA and DYNAMIC lines, the cart, edit details, placing;
 * - GET /orders/{id}/download-data: the ordered rows as CSV, 404 / 403 / 400.
 * 401 and 403 per role for every route are also the route matrix's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DOWNLOAD_DATA_MESSAGES,
  earliestDateRequested,
  MESSAGES,
  ORDER_AGAIN_MESSAGES,
  type OrderAgainResponse,
  VARIABLE_DATA_SEARCH_MESSAGES,
} from '@selvedge/shared';
import dayjs from 'dayjs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import { DEMO_FACTS } from '../../seed/demo';
import { buildUser, demoParties } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let parties: Awaited<ReturnType<typeof demoParties>>;
/** Region of the Roots price ticket's factory (NGB, China). */
let regionId: number;
/** A fresh vendor of vendor@example.com's vendor (no demo cart), and one of vendor2's. */
let vendor: string;
let vendor2: string;
let account: string;
let dynamicItemId: number;
const FORMATS = join(__dirname, '../../../../../docs/formats');
const ROOTS_SAMPLE = readFileSync(join(FORMATS, 'roots-sample.csv'));
const V = '/api/v1.0';

beforeAll(async () => {
  t = await createTestApp();
  parties = await demoParties(t.db);
  account = await t.tokenFor('ACCOUNT');
  const f = new FormData();
  f.append('customerId', String(parties.rootsId));
  f.append('file', new Blob([new Uint8Array(ROOTS_SAMPLE)], { type: 'text/csv' }), 'roots.csv');
  const body = new Response(f);
  const up = await t.app.inject({
    method: 'POST',
    url: `${V}/configuration/upload-variable-data`,
    headers: { ...t.auth(account), 'content-type': body.headers.get('content-type')! },
    payload: Buffer.from(await body.arrayBuffer()),
  });
  expect(up.statusCode, up.body).toBe(200);
  await t.jobs.idle(['variableData.import'], 60_000);
  const [ngb] = await t.db
    .select({ regionId: s.factories.productionRegionId })
    .from(s.factories)
    .where(eq(s.factories.shortCode, 'NGB'));
  regionId = ngb!.regionId!;
  vendor = await t.login((await buildUser(t.db, { role: 'VENDOR', vendorIds: [parties.vendorId] })).email);
  vendor2 = await t.login((await buildUser(t.db, { role: 'VENDOR', vendorIds: [parties.vendor2Id] })).email);
  // A DYNAMIC product of Roots: the items of a Roots subcode made in the same factory, converted.
  const [dyn] = await t.db
    .update(s.productItems)
    .set({ productType: 'DYNAMIC' })
    .where(
      and(
        eq(s.productItems.productType, 'STANDARD'),
        sql`${s.productItems.productSubcodeId} = (select id from product_subcodes where product_subcode = 'RT-PT-401')`,
      ),
    )
    .returning({ id: s.productItems.id });
  dynamicItemId = dyn!.id;
});
afterAll(async () => {
  await t?.close();
});

/** A fresh vendor of vendor@example.com's vendor, with an empty cart. */
const buyer = async () =>
  t.login((await buildUser(t.db, { role: 'VENDOR', vendorIds: [parties.vendorId] })).email);

const get = (token: string | null, url: string) =>
  t.app.inject({ url: `${V}${url}`, headers: token ? t.auth(token) : {} });
const send = (token: string, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url: `${V}${url}`, headers: t.auth(token), payload });
const search = (token: string | null, q: Record<string, string>) =>
  get(token, `/products/variable-data?${new URLSearchParams({ productionRegion: String(regionId), ...q })}`);

/** Fills the cart header and places the cart of `token`'s user; answers the order id. */
async function placeAs(token: string, vendorPO: string): Promise<number> {
  const addresses = (await get(token, '/orders/shipping-addresses')).json().addresses as {
    address: string;
  }[];
  const header = await send(token, 'PUT', '/orders/cart', {
    vendorPO,
    phone: '+880 2 5555 0100',
    shippingAddress: addresses[0]?.address ?? 'Dock 4',
    dateRequested: dayjs(earliestDateRequested()).add(3, 'day').format('YYYY-MM-DD'),
  });
  expect(header.statusCode, header.body).toBe(200);
  const placed = await send(token, 'PUT', '/orders/place?termsAndConditions=true', {});
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().orderId as number;
  expect(orderId).toBeGreaterThan(0);
  return orderId;
}

interface Row {
  variableDataRowId: number;
  productSize: string;
  defaultOrderQuantity: number;
  defaultCustomerQuantity: number;
  variableData: { colour: string; barcode: string; prices: { currency: string; amount: string }[] };
}

/**
 * A VARIABLE_DATA order-line payload (docs/decisions/0057): `quantities` names the item with the
 * line's total, `rowQuantities` the pieces per uploaded row.
 */
function vdPayload(itemId: number, rowQuantities: Record<string, number>) {
  const total = Object.values(rowQuantities).reduce((a, q) => a + q, 0);
  return { productType: 'VARIABLE_DATA', quantities: { [itemId]: total }, rowQuantities };
}

async function itemOf(token: string, poNumber: string, styleNumber: string) {
  const res = await search(token, { poNumber, styleNumber });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().products[0].productItemIds[0] as number;
}

describe('GET /products/variable-data', () => {
  it('answers 401 without a token and 403 for FINANCE', async () => {
    expect((await search(null, { poNumber: 'PO-778120' })).statusCode).toBe(401);
    expect((await search(await t.tokenFor('FINANCE'), { poNumber: 'PO-778120' })).statusCode).toBe(403);
  });

  it('answers 400 naming the field: region, PO number (not for a vendor), style number (Roots), group', async () => {
    const noRegion = await get(account, '/products/variable-data?poNumber=PO-778120&styleNumber=62040000');
    expect(noRegion.statusCode).toBe(400);
    expect(noRegion.json().message).toMatch(/Production region is required/);
    const noPo = await search(account, { styleNumber: '62040000' });
    expect(noPo.statusCode).toBe(400);
    expect(noPo.json().message).toBe(VARIABLE_DATA_SEARCH_MESSAGES.poNumberRequired);
    // Roots has VARIABLE_DATA_STYLE_NUMBER_REQUIRED = true: the vendor (PO optional) needs a style.
    const noStyle = await search(vendor, {});
    expect(noStyle.statusCode).toBe(400);
    expect(noStyle.json().message).toBe(VARIABLE_DATA_SEARCH_MESSAGES.styleNumberRequired);
    const group = await search(account, {
      poNumber: 'PO-778120',
      styleNumber: '62040000',
      orderStatus: 'OPEN',
    });
    expect(group.statusCode).toBe(400);
    expect(group.json().field).toBe('orderStatus');
    const unknownRegion = await get(
      account,
      '/products/variable-data?productionRegion=2147483647&poNumber=P&styleNumber=S',
    );
    expect(unknownRegion.statusCode).toBe(400);
  });

  it('finds a PO and style with its ticket types, in the PO Uploaded group by default', async () => {
    const res = await search(account, { poNumber: 'PO-778120', styleNumber: '62040000' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.pageableOrderItemsInfo).toEqual({
      currentPage: 0,
      pageSize: 50,
      lastPage: true,
      totalItems: 1,
    });
    expect(body.products).toEqual([
      {
        poNumber: 'PO-778120',
        styleNumber: '62040000',
        creationDate: dayjs().format('YYYY-MM-DD'),
        ordered: false,
        productSubcodes: ['RT-PT-401'],
        descriptions: ['Linen Shirt Navy'],
        productItemIds: [expect.any(Number)],
      },
    ]);
    const placed = await search(account, {
      poNumber: 'PO-778120',
      styleNumber: '62040000',
      orderStatus: 'PLACED',
    });
    expect(placed.json().products).toEqual([]);
  });

  it('lets a vendor find only POs with rows of its own vendor number, paged in SQL', async () => {
    // PO-778134 / 62040020 is vendor 5520871's (vendor2@example.com's vendor).
    expect(
      (await search(vendor, { poNumber: 'PO-778134', styleNumber: '62040020' })).json().products,
    ).toEqual([]);
    const own = await search(vendor2, { styleNumber: '62040020' });
    expect(own.json().products.map((p: { poNumber: string }) => p.poNumber)).toEqual(['PO-778134']);
    const page = await search(vendor, {
      poNumber: 'PO-778120',
      styleNumber: '62040000',
      size: '1',
      page: '3',
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      products: [],
      pageableOrderItemsInfo: { currentPage: 3, pageSize: 1, lastPage: true, totalItems: 1 },
    });
  });
});

describe('GET /products/variable-data: a search that finds nothing says where to look (decision 0057)', () => {
  it('names the regions and PO search groups holding the PO, never another vendor’s', async () => {
    const [bangladesh] = await t.db
      .select({ id: s.productionRegions.id })
      .from(s.productionRegions)
      .where(eq(s.productionRegions.productionRegionName, 'Bangladesh'));
    const elsewhere = [
      { productionRegionId: regionId, productionRegion: 'China', orderStatus: 'UPLOADED', totalItems: 1 },
    ];
    // The vendor's PO is made in China; searched in Bangladesh, the answer says so.
    const wrongRegion = await get(
      vendor,
      `/products/variable-data?${new URLSearchParams({ productionRegion: String(bangladesh!.id), poNumber: 'PO-778120', styleNumber: '62040000' })}`,
    );
    expect(wrongRegion.statusCode, wrongRegion.body).toBe(200);
    expect(wrongRegion.json()).toMatchObject({ products: [], foundElsewhere: elsewhere });
    // Another PO search group of the same region.
    const placed = await search(vendor, {
      poNumber: 'PO-778120',
      styleNumber: '62040000',
      orderStatus: 'PLACED',
    });
    expect(placed.json()).toMatchObject({ products: [], foundElsewhere: elsewhere });
    // A vendor without the PO's rows learns nothing of it; an unknown PO is found nowhere.
    const foreign = await search(vendor2, { poNumber: 'PO-778120', styleNumber: '62040000' });
    expect(foreign.json()).toMatchObject({ products: [], foundElsewhere: [] });
    expect(
      (await search(vendor, { poNumber: 'PO-000000', styleNumber: '62040000' })).json().foundElsewhere,
    ).toEqual([]);
    // A search that finds something answers no foundElsewhere.
    expect(
      (await search(vendor, { poNumber: 'PO-778120', styleNumber: '62040000' })).json(),
    ).not.toHaveProperty('foundElsewhere');
  });
});

describe('GET /products/details of VARIABLE_DATA items', () => {
  it('answers one row per size and colour in size order, with start quantities raised to MOQ and pack', async () => {
    const id = await itemOf(vendor, 'PO-778120', '62040000');
    const res = await get(vendor, `/products/details?ids=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.productType).toBe('VARIABLE_DATA');
    const [p] = body.products;
    expect(p).toMatchObject({
      productItemId: id,
      productSubcode: 'RT-PT-401',
      productType: 'VARIABLE_DATA',
      poNumber: 'PO-778120',
      styleNumber: '62040000',
      packSize: 500,
      minOrderQuantity: 1000,
    });
    expect(p.prices.length).toBeGreaterThan(0);
    const rows = p.items as Row[];
    // Line 5 of the sample (size L) has a bad check digit: refused at upload (docs/formats/README.md).
    expect(rows.map((r) => r.productSize)).toEqual(['XS', 'S', 'M', 'XL', 'XXL']);
    expect(rows[0]).toMatchObject({
      defaultCustomerQuantity: 336,
      defaultOrderQuantity: 1000,
      variableData: { colour: 'NVY', barcode: '062040000006' },
    });
    expect(rows[0].variableData.prices).toEqual([
      { currency: 'CAD', amount: '117.99' },
      { currency: 'USD', amount: '94.00' },
    ]);
  });

  it("answers 404 for another vendor's item and 400 for ids of two product types", async () => {
    const other = await itemOf(vendor2, 'PO-778134', '62040020');
    expect((await get(vendor, `/products/details?ids=${other}`)).statusCode).toBe(404);
    const own = await itemOf(vendor, 'PO-778120', '62040000');
    const mixed = await get(vendor, `/products/details?ids=${own},${dynamicItemId}`);
    expect(mixed.statusCode).toBe(400);
  });
});

describe('GET /products/variable-data/dynamic/{id}', () => {
  const dyn = (token: string | null, id: number | string, q: string) =>
    get(token, `/products/variable-data/dynamic/${id}?${q}`);

  it('answers 401, 403 (FINANCE), 400 without both fields or a bad id, 404 for a non-DYNAMIC item', async () => {
    expect((await dyn(null, dynamicItemId, 'styleNumber=1&poNumber=2')).statusCode).toBe(401);
    expect(
      (await dyn(await t.tokenFor('FINANCE'), dynamicItemId, 'styleNumber=1&poNumber=2')).statusCode,
    ).toBe(403);
    const missing = await dyn(vendor, dynamicItemId, 'styleNumber=62040000');
    expect(missing.statusCode).toBe(400);
    // The spec's text exactly, the field beside it (decision 0058), never 'poNumber: …'.
    expect(missing.json()).toEqual({ field: 'poNumber', message: MESSAGES.dynamicSearchRequired });
    const neither = await dyn(vendor, dynamicItemId, '');
    expect(neither.json()).toEqual({
      field: 'styleNumber',
      message: MESSAGES.dynamicSearchRequired,
      fields: [
        { field: 'styleNumber', message: MESSAGES.dynamicSearchRequired },
        { field: 'poNumber', message: MESSAGES.dynamicSearchRequired },
      ],
    });
    expect((await dyn(vendor, 'abc', 'styleNumber=1&poNumber=2')).statusCode).toBe(400);
    expect((await dyn(vendor, '99999999999', 'styleNumber=1&poNumber=2')).statusCode).toBe(400);
    const vdItem = await itemOf(vendor, 'PO-778120', '62040000');
    expect((await dyn(vendor, vdItem, 'styleNumber=62040000&poNumber=PO-778120')).statusCode).toBe(404);
    expect((await dyn(vendor, 2147483647, 'styleNumber=62040000&poNumber=PO-778120')).statusCode).toBe(404);
  });

  it('finds the DYNAMIC product by the standard search, and its details answer the DYNAMIC layout', async () => {
    const found = await get(vendor, `/products?productionRegion=${regionId}&search=RT-PT-401`);
    expect(found.json().products).toEqual([
      expect.objectContaining({ productItemId: dynamicItemId, productSubcode: 'RT-PT-401' }),
    ]);
    const details = await get(vendor, `/products/details?ids=${dynamicItemId}`);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toMatchObject({ productType: 'DYNAMIC', products: [{ productType: 'DYNAMIC' }] });
  });

  it("the demo's DYNAMIC product is found by the standard search and loads the demo vendor's variants", async () => {
    const { productSubcode, poNumber, styleNumber } = DEMO_FACTS.dynamicProduct;
    const found = await get(vendor, `/products?productionRegion=${regionId}&search=${productSubcode}`);
    const [product] = found.json().products;
    expect(product).toMatchObject({ productSubcode });
    const details = (await get(vendor, `/products/details?ids=${product.productItemId}`)).json();
    expect(details.productType).toBe('DYNAMIC');
    const res = await dyn(
      vendor,
      product.productItemId,
      new URLSearchParams({ styleNumber, poNumber }).toString(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().variants.length).toBeGreaterThan(1);
  });

  it('answers the variants in size order, only the vendor’s own, and none for an unknown PO', async () => {
    const res = await dyn(vendor, dynamicItemId, 'styleNumber=62040000&poNumber=PO-778120');
    expect(res.statusCode, res.body).toBe(200);
    const variants = res.json().variants;
    expect(variants.map((v: { dynamicData: { size: string } }) => v.dynamicData.size)).toEqual([
      'XS',
      'S',
      'M',
      'XL',
      'XXL',
    ]);
    expect(variants[0]).toMatchObject({ customerQuantity: 336, cartQuantity: 0 });
    expect(
      (await dyn(vendor, dynamicItemId, 'styleNumber=62040020&poNumber=PO-778134')).json().variants,
    ).toEqual([]);
    expect(
      (await dyn(vendor2, dynamicItemId, 'styleNumber=62040020&poNumber=PO-778134')).json().variants,
    ).toHaveLength(6);
  });
});

describe('the VARIABLE_DATA order-line payload (ordering §3: quantities keyed by item id; decision 0057)', () => {
  it('does not take a product item id for an uploaded row: quantities name the item, rowQuantities the rows', async () => {
    const mine = await buyer();
    const id = await itemOf(mine, 'PO-778120', '62040000');
    const rows = (await get(mine, `/products/details?ids=${id}`)).json().products[0].items as Row[];
    const row = rows[0].variableDataRowId;
    // A client following §3 keys quantities by item id; a row id in its place orders nothing.
    const byRowId = await send(mine, 'POST', '/orders', {
      productType: 'VARIABLE_DATA',
      quantities: { [row]: 1000 },
    });
    expect(byRowId.statusCode, byRowId.body).toBe(400);
    expect(byRowId.json()).toMatchObject({
      message: expect.stringMatching(/^A variable-data line gives the quantity of each uploaded row/),
      field: 'rowQuantities',
    });
    const itemOnly = await send(mine, 'POST', '/orders', {
      productType: 'VARIABLE_DATA',
      quantities: { [id]: 1000 },
    });
    expect(itemOnly.statusCode).toBe(400);
    expect(itemOnly.json().field).toBe('rowQuantities');
    // quantities must name the item once with the rows' sum.
    for (const quantities of [{ [id]: 999 }, { [id]: 1000, [row]: 0 }]) {
      const bad = await send(mine, 'POST', '/orders', {
        productType: 'VARIABLE_DATA',
        quantities,
        rowQuantities: { [row]: 1000 },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        message: expect.stringMatching(/^A variable-data line names its product item/),
        field: 'quantities',
      });
    }
    // A row of another PO and style (of the same vendor) is refused naming the field and the row.
    const other = await itemOf(mine, 'PO-778120', '62040001');
    const otherRow = (
      (await get(mine, `/products/details?ids=${other}`)).json().products[0].items as Row[]
    )[0].variableDataRowId;
    const foreignRow = await send(mine, 'POST', '/orders', vdPayload(id, { [row]: 1000, [otherRow]: 1000 }));
    expect(foreignRow.statusCode).toBe(400);
    expect(foreignRow.json()).toMatchObject({
      message: `Row ${otherRow} is not an uploaded row of PO PO-778120, style 62040000, ticket type RT-PT-401.`,
      field: `rowQuantities.${otherRow}`,
    });
    // A STANDARD item named as the line's item; rowQuantities on a STANDARD line.
    expect(
      (await send(mine, 'POST', '/orders', vdPayload(dynamicItemId, { [row]: 1000 }))).json().message,
    ).toBe(`Item ${dynamicItemId} is not a VARIABLE_DATA product.`);
    const standard = await send(mine, 'POST', '/orders', {
      productType: 'STANDARD',
      quantities: { [row]: 1000 },
      rowQuantities: { [row]: 1000 },
    });
    expect(standard.statusCode).toBe(400);
    expect(standard.json()).toMatchObject({
      message: expect.stringMatching(/^Only a variable-data line gives quantities by uploaded row/),
      field: 'rowQuantities',
    });
    // Nothing was added by any of these.
    expect((await get(mine, '/orders/cart')).json().orderItems).toEqual([]);
    // The OpenAPI document says the same.
    const doc = (await t.app.inject({ url: `${V}/openapi.json` })).json();
    const payload = doc.components.schemas.OrderLinePayload;
    expect(Object.keys(payload.properties)).toEqual(expect.arrayContaining(['quantities', 'rowQuantities']));
    expect(payload.properties.rowQuantities.description).toMatch(/uploaded row id/);
    // The right payload is taken.
    const ok = await send(mine, 'POST', '/orders', vdPayload(id, { [row]: 1000 }));
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe("who orders a VARIABLE_DATA line (ordering §2 'vendor may use' Adjust Quantity and Refresh, §6)", () => {
  it('takes typed quantities from every cart role; Refresh is a vendor tool on the screen only', async () => {
    const staff = await t.login(
      (await buildUser(t.db, { role: 'ACCOUNT', customerIds: [parties.rootsId] })).email,
    );
    const id = await itemOf(staff, 'PO-778120', '62040000');
    const [row] = (await get(staff, `/products/details?ids=${id}`)).json().products[0].items as Row[];
    const added = await send(staff, 'POST', '/orders', vdPayload(id, { [row.variableDataRowId]: 2000 }));
    expect(added.statusCode, added.body).toBe(200);
    for (const role of ['CSR', 'CUSTOMER', 'FACTORY_ACCOUNT'] as const) {
      const res = await send(
        await t.tokenFor(role),
        'POST',
        '/orders',
        vdPayload(id, { [row.variableDataRowId]: 2000 }),
      );
      expect(res.statusCode, role).toBe(403);
    }
  });
});

describe('ordering VARIABLE_DATA and DYNAMIC lines, placing, Download Data', () => {
  let orderId: number;

  it('adds, edits and places a variable-data line and a dynamic line; Download Data gives the rows', async () => {
    const id = await itemOf(vendor, 'PO-778120', '62040000');
    const rows = (await get(vendor, `/products/details?ids=${id}`)).json().products[0].items as Row[];
    // 400: a quantity off the pack size, named by its row; 404: another vendor's item.
    const offPack = await send(
      vendor,
      'POST',
      '/orders',
      vdPayload(id, { [rows[0].variableDataRowId]: 1200 }),
    );
    expect(offPack.statusCode).toBe(400);
    expect(offPack.json().message).toBe(
      `Quantity 1200 of size XS NVY (row ${rows[0].variableDataRowId}) must be a multiple of the pack size of 500 and at least the minimum order quantity of 1000; use 1500.`,
    );
    const otherItem = await itemOf(vendor2, 'PO-778134', '62040020');
    const otherRows = (await get(vendor2, `/products/details?ids=${otherItem}`)).json().products[0]
      .items as Row[];
    const foreign = await send(
      vendor,
      'POST',
      '/orders',
      vdPayload(otherItem, { [otherRows[0].variableDataRowId]: 1000 }),
    );
    expect(foreign.statusCode).toBe(404);

    const rowQuantities = Object.fromEntries(rows.map((r) => [r.variableDataRowId, r.defaultOrderQuantity]));
    const added = await send(vendor, 'POST', '/orders', vdPayload(id, rowQuantities));
    expect(added.statusCode, added.body).toBe(200);
    const lineId = added.json().orderItemId as number;

    // Edit: the line's quantities come back per row; Save Changes replaces them.
    const edit = await get(vendor, `/products/edit-details/${lineId}`);
    expect(edit.statusCode, edit.body).toBe(200);
    expect((edit.json().products[0].items as (Row & { quantity: number })[]).map((r) => r.quantity)).toEqual(
      rows.map((r) => r.defaultOrderQuantity),
    );
    const saved = await send(vendor, 'PUT', '/orders', {
      ...vdPayload(id, { ...rowQuantities, [rows[0].variableDataRowId]: 1500 }),
      orderItemId: lineId,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // A DYNAMIC line of another style of the PO.
    const variants = (
      await get(
        vendor,
        `/products/variable-data/dynamic/${dynamicItemId}?styleNumber=62040002&poNumber=PO-778120`,
      )
    ).json().variants as { id: number }[];
    const badTotal = await send(vendor, 'POST', '/orders', {
      productType: 'DYNAMIC',
      quantities: { [dynamicItemId]: 1 },
      dynamicVariants: {
        styleNumber: '62040002',
        poNumber: 'PO-778120',
        variants: [{ id: variants[0].id, orderQuantity: 1000 }],
      },
    });
    expect(badTotal.statusCode).toBe(400);
    const wrongPo = await send(vendor, 'POST', '/orders', {
      productType: 'DYNAMIC',
      quantities: { [dynamicItemId]: 1000 },
      dynamicVariants: {
        styleNumber: '62040000',
        poNumber: 'PO-778120',
        variants: [{ id: variants[0].id, orderQuantity: 1000 }],
      },
    });
    expect(wrongPo.statusCode).toBe(400);
    const dynAdded = await send(vendor, 'POST', '/orders', {
      productType: 'DYNAMIC',
      quantities: { [dynamicItemId]: 2000 },
      dynamicVariants: {
        styleNumber: '62040002',
        poNumber: 'PO-778120',
        variants: [
          { id: variants[1].id, orderQuantity: 1000 },
          { id: variants[0].id, orderQuantity: 1000 },
        ],
      },
    });
    expect(dynAdded.statusCode, dynAdded.body).toBe(200);

    const cart = (await get(vendor, '/orders/cart')).json();
    const [vdLine, dynLine] = cart.orderItems;
    expect(vdLine).toMatchObject({
      productType: 'VARIABLE_DATA',
      poNumber: 'PO-778120',
      styleNumber: '62040000',
    });
    expect(vdLine.quantity).toBe(5500);
    expect(
      vdLine.items.map((i: { variableData: { size: string }; quantity: number }) => [
        i.variableData.size,
        i.quantity,
      ]),
    ).toEqual([
      ['XS', 1500],
      ['S', 1000],
      ['M', 1000],
      ['XL', 1000],
      ['XXL', 1000],
    ]);
    expect(dynLine).toMatchObject({ productType: 'DYNAMIC', poNumber: 'PO-778120', styleNumber: '62040002' });
    expect(dynLine.variants.map((v: { dynamicData: { size: string } }) => v.dynamicData.size)).toEqual([
      'XS',
      'S',
    ]);
    const dynEdit = (await get(vendor, `/products/edit-details/${dynLine.orderItemId}`)).json();
    expect(dynEdit.productType).toBe('DYNAMIC');
    expect(dynEdit.products[0]).toMatchObject({ poNumber: 'PO-778120', styleNumber: '62040002' });
    expect(dynEdit.products[0].variants.map((v: { quantity: number }) => v.quantity)).toEqual([1000, 1000]);

    // Placing works as for standard lines.
    const addresses = (await get(vendor, '/orders/shipping-addresses')).json().addresses as {
      address: string;
    }[];
    const header = await send(vendor, 'PUT', '/orders/cart', {
      vendorPO: 'VD-1',
      phone: '+880 2 5555 0100',
      shippingAddress: addresses[0]?.address ?? 'Dock 4',
      dateRequested: dayjs(earliestDateRequested()).add(3, 'day').format('YYYY-MM-DD'),
    });
    expect(header.statusCode, header.body).toBe(200);
    const placed = await send(vendor, 'PUT', '/orders/place?termsAndConditions=true', {});
    expect(placed.statusCode, placed.body).toBe(200);
    orderId = placed.json().orderId;
    expect(orderId).toBeGreaterThan(0);
    const details = (await get(account, `/orders/${orderId}`)).json();
    expect(details.orderItems[0].items).toHaveLength(5);
    expect(details.orderItems[1].variants).toHaveLength(2);

    // Now in the PO Placed group, and ordered.
    const placedGroup = await search(account, {
      poNumber: 'PO-778120',
      styleNumber: '62040000',
      orderStatus: 'PLACED',
    });
    expect(placedGroup.json().products[0]).toMatchObject({ ordered: true });

    // The order list says which orders have variable data (their Download Data button).
    const listed = (await get(account, `/orders?orderNumber=${orderId}`)).json().orders;
    expect(listed.map((o: { hasVariableData: boolean }) => o.hasVariableData)).toEqual([true]);
    // …and whose customer it is: 'Download Data' shows on a Dunnes customer's orders only (decision 0057).
    expect(listed[0].customerId).toBe(parties.rootsId);
    expect(details.customerId).toBe(parties.rootsId);

    const csv = await get(account, `/orders/${orderId}/download-data`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`order-${orderId}-data.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Order Number,Order Item,PO Number,Style Number,Ticket Type,Vendor Number,Description,Size,Colour,Barcode,Price 1 Currency,Price 1,Price 2 Currency,Price 2,Quantity',
    );
    expect(lines).toHaveLength(1 + 5 + 2);
    expect(lines[1]).toBe(
      `${orderId},${details.orderItems[0].orderItemId},PO-778120,62040000,RT-PT-401,4410023,Linen Shirt Navy,XS,NVY,062040000006,CAD,117.99,USD,94.00,1500`,
    );
  });

  it('Download Data: 401, 403 for a vendor, 400 for a bad id, 404 outside the scope or without data', async () => {
    expect((await get(null, `/orders/${orderId}/download-data`)).statusCode).toBe(401);
    expect((await get(vendor, `/orders/${orderId}/download-data`)).statusCode).toBe(403);
    expect((await get(account, '/orders/abc/download-data')).statusCode).toBe(400);
    expect((await get(account, '/orders/2147483648/download-data')).statusCode).toBe(400);
    const other = await buildUser(t.db, { role: 'ACCOUNT', customerIds: [parties.dunnesId] });
    const outside = await get(await t.login(other.email), `/orders/${orderId}/download-data`);
    expect(outside.statusCode, outside.body).toBe(404);
    expect(outside.json().message).toBe(DOWNLOAD_DATA_MESSAGES.notFound);
    const [plain] = await t.db
      .select({ id: s.orders.id })
      .from(s.orders)
      .where(and(sql`${s.orders.orderStatus} <> 'PENDING'`, eq(s.orders.customerId, parties.rootsId)))
      .orderBy(s.orders.id)
      .limit(1);
    const none = await get(await t.tokenFor('ADMIN'), `/orders/${plain!.id}/download-data`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(DOWNLOAD_DATA_MESSAGES.noData);
  });

  it('Order again names the rows already ordered (this order included) and leaves them out (decision 0057)', async () => {
    const again = await send(vendor, 'POST', `/orders/${orderId}/order-again`, {});
    expect(again.statusCode, again.body).toBe(200);
    const body = again.json() as OrderAgainResponse;
    expect(body.copied).toBe(0);
    expect(body.lines.map((l) => [l.productSubcode, l.poNumber, l.styleNumber, l.result, l.reason])).toEqual([
      ['RT-PT-401', 'PO-778120', '62040000', 'NOT_COPIED', ORDER_AGAIN_MESSAGES.allOrdered],
      ['RT-PT-401', 'PO-778120', '62040002', 'NOT_COPIED', ORDER_AGAIN_MESSAGES.allOrdered],
    ]);
    expect(body.lines[0].changes).toEqual([
      {
        kind: 'ALREADY_ORDERED',
        message: ORDER_AGAIN_MESSAGES.alreadyOrdered([
          { orderIds: [orderId], sizes: ['XS NVY', 'S NVY', 'M NVY', 'XL NVY', 'XXL NVY'] },
        ]),
      },
    ]);
    expect(body.lines[0].changes[0]!.message).toBe(
      `Already ordered, left out: XS NVY, S NVY, M NVY, XL NVY, XXL NVY (order #${orderId}).`,
    );
    expect((await get(vendor, '/orders/cart')).json().orderItems).toEqual([]);
  });

  it('Order again of a cancelled order copies its rows as they are now, less those ordered since', async () => {
    const cancelled = await send(vendor, 'PUT', `/orders/cancel-order/${orderId}`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Another user of the vendor orders size XS of the PO and style since, and places it.
    const other = await buyer();
    const id = await itemOf(other, 'PO-778120', '62040000');
    const rows = (await get(other, `/products/details?ids=${id}`)).json().products[0].items as Row[];
    expect(
      (await send(other, 'POST', '/orders', vdPayload(id, { [rows[0].variableDataRowId]: 1000 }))).statusCode,
    ).toBe(200);
    const since = await placeAs(other, 'VD-2');

    const again = await send(vendor, 'POST', `/orders/${orderId}/order-again`, {});
    expect(again.statusCode, again.body).toBe(200);
    const body = again.json() as OrderAgainResponse;
    expect(body.copied).toBe(2);
    const [vd, dyn] = body.lines;
    expect(vd).toMatchObject({
      result: 'CHANGED',
      poNumber: 'PO-778120',
      styleNumber: '62040000',
      changes: [{ kind: 'ALREADY_ORDERED', message: `Already ordered, left out: XS NVY (order #${since}).` }],
    });
    expect(dyn).toMatchObject({ result: 'COPIED', styleNumber: '62040002', changes: [] });
    const cart = (await get(vendor, '/orders/cart')).json();
    expect(
      cart.orderItems.map((l: { productType: string; styleNumber: string; quantity: number }) => [
        l.productType,
        l.styleNumber,
        l.quantity,
      ]),
    ).toEqual([
      ['VARIABLE_DATA', '62040000', 4000],
      ['DYNAMIC', '62040002', 2000],
    ]);
    expect(
      cart.orderItems[0].items.map((i: { variableData: { size: string } }) => i.variableData.size),
    ).toEqual(['S', 'M', 'XL', 'XXL']);
  });

  it('Order again leaves out the rows no longer uploaded (an item no longer active)', async () => {
    const me = await buyer();
    const [found] = await t.db
      .select({ id: s.productItems.id })
      .from(s.productItems)
      .where(
        and(
          eq(s.productItems.productType, 'VARIABLE_DATA'),
          eq(s.productItems.poNumber, 'PO-778120'),
          eq(s.productItems.styleNumber, '62040000'),
        ),
      );
    const vdItem = found!.id;
    await t.db.update(s.productItems).set({ active: false }).where(eq(s.productItems.id, vdItem));
    try {
      const body = (
        await send(me, 'POST', `/orders/${orderId}/order-again`, {})
      ).json() as OrderAgainResponse;
      expect(body.lines[0]).toMatchObject({
        result: 'NOT_COPIED',
        reason: ORDER_AGAIN_MESSAGES.nothingLeft,
        changes: [
          {
            kind: 'INACTIVE_SIZE',
            message:
              'No longer in the uploaded data of this PO and style, left out: XS NVY, S NVY, M NVY, XL NVY, XXL NVY.',
          },
        ],
      });
      // The DYNAMIC line reads the rows of another style: still there (priced alone now: CHANGED).
      expect(body.lines[1]).toMatchObject({ cartOrderItemId: expect.any(Number), result: 'CHANGED' });
      expect(body.lines[1]!.changes.map((c) => c.kind)).toEqual(['PRICE']);
    } finally {
      await t.db.update(s.productItems).set({ active: true }).where(eq(s.productItems.id, vdItem));
    }
  });
});
