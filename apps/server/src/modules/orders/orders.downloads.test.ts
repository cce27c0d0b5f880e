/**
 * The order downloads (ordering §7 Downloads; decision 0049): files parsed back with csv-parse and compared
 * with the order list and the database; the scope and field visibility of the list; formula
 * injection neutralised; another tenant's orders never in a file; the same rows as .xlsx (format=xlsx).
 */

import { gunzipSync } from 'node:zlib';
import { type Cell, ValueType, Workbook, type Worksheet } from '@cj-tech-master/excelts';
import type { Role } from '@selvedge/shared';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, idOfCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
type Who = Role | 'VENDOR2';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const get = async (who: Who | null, url: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1.0${url}`,
    headers: who ? t.auth(await t.tokenFor(who as Role)) : {},
  });

/** The file's records (header first) after checking the BOM, the line feed records and the answer's headers. */
async function download(who: Who, url: string, fileName: RegExp) {
  const res = await get(who, url);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(String(res.headers['content-disposition'])).toMatch(fileName);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  expect(res.body).toMatch(/^\uFEFF[^\r\n]+\n/);
  const records: string[][] = parse(res.body.slice(1), { relax_column_count: false });
  return { header: records[0]!, rows: records.slice(1) };
}

/** Every order id the order list shows the user (all pages). */
async function listedIds(who: Who, query = '') {
  const ids: number[] = [];
  for (let page = 0; ; page++) {
    const res = await get(who, `/orders?size=200&page=${page}${query}`);
    const body = res.json();
    ids.push(...body.orders.map((o: { orderId: number }) => o.orderId));
    if (body.lastPage) return ids;
  }
}

describe('download-all-csv', () => {
  it('answers 401 without a token and 400 to a bad filter', async () => {
    expect((await get(null, '/orders/download-all-csv')).statusCode).toBe(401);
    expect((await get('ADMIN', '/orders/download-all-csv?customer=abc')).statusCode).toBe(400);
  });

  it('holds exactly the orders the list shows, in its order, for every role', async () => {
    for (const who of ['ADMIN', 'VENDOR', 'VENDOR2', 'CUSTOMER', 'CSR', 'FINANCE'] as Who[]) {
      const { header, rows } = await download(
        who,
        '/orders/download-all-csv',
        /attachment; filename="?orders-\d{4}-\d{2}-\d{2}\.csv/,
      );
      expect(header[0]).toBe('Order Number');
      expect(
        rows.map((r) => Number(r[0])),
        who,
      ).toEqual(await listedIds(who));
    }
  });

  it("never holds another tenant's orders", async () => {
    const v1 = new Set(
      (await download('VENDOR', '/orders/download-all-csv', /orders/)).rows.map((r) => r[0]),
    );
    const v2 = (await download('VENDOR2', '/orders/download-all-csv', /orders/)).rows.map((r) => r[0]);
    expect(v1.size).toBeGreaterThan(0);
    expect(v2.filter((id) => v1.has(id))).toEqual([]);
  });

  it('applies the list filters', async () => {
    const roots = await idOfCustomer(t.db, 'Roots');
    const { header, rows } = await download(
      'ADMIN',
      `/orders/download-all-csv?customer=${roots}&page=3&size=1`,
      /orders/,
    );
    const customer = header.indexOf('Customer');
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r[customer]))).toEqual(new Set(['Roots']));
    expect(rows.map((r) => Number(r[0]))).toEqual(await listedIds('ADMIN', `&customer=${roots}`));
  });

  it('has price columns only for price roles and cost columns only for cost roles', async () => {
    const vendor = (await download('VENDOR', '/orders/download-all-csv', /orders/)).header;
    expect(vendor).toContain('Total Price');
    expect(vendor).not.toContain('Total Cost');
    const account = (await download('ACCOUNT', '/orders/download-all-csv', /orders/)).header;
    expect(account).toContain('Total Cost');
    expect(account).not.toContain('Total Price');
    const full = (await download('CSR', '/orders/download-all-full-csv', /orders-full/)).header;
    expect(full).toContain('Unit Cost');
    expect(full).not.toContain('Unit Price');
  });

  it('neutralises a formula in a vendor PO', async () => {
    const { rows: before } = await download('VENDOR', '/orders/download-all-csv', /orders/);
    const id = Number(before[0]![0]);
    await t.db.execute(
      sql`update orders set vendor_po = '=HYPERLINK("http://evil.example","x")' where id = ${id}`,
    );
    const { header, rows } = await download('VENDOR', '/orders/download-all-csv', /orders/);
    const row = rows.find((r) => Number(r[0]) === id)!;
    expect(row[header.indexOf('Vendor PO')]).toBe('\'=HYPERLINK("http://evil.example","x")');
  });

  it('keeps a line break inside its cell, so what follows it can never start a record (or run)', async () => {
    const { rows: before } = await download('VENDOR', '/orders/download-all-csv', /orders/);
    const id = Number(before[0]![0]);
    for (const poBreak of ['\n', '\r', '\r\n']) {
      const vendorPO = `PO 7${poBreak}=HYPERLINK("http://evil.example","x")`;
      await t.db.execute(sql`update orders set vendor_po = ${vendorPO} where id = ${id}`);
      const { header, rows } = await download('VENDOR', '/orders/download-all-csv', /orders/);
      expect(rows).toHaveLength(before.length);
      const row = rows.find((r) => Number(r[0]) === id)!;
      expect(row[header.indexOf('Vendor PO')]).toBe(vendorPO);
      expect(rows.some((r) => r[0]!.startsWith('='))).toBe(false);
    }
  });
});

describe('download-all-full-csv and an order download-csv', () => {
  it('holds one row per order line and size of the orders the list shows', async () => {
    const ids = await listedIds('VENDOR');
    const { header, rows } = await download('VENDOR', '/orders/download-all-full-csv', /orders-full-/);
    const { rows: expected } = await t.db.execute(sql`
      select oi.order_id as "orderId", ois.quantity from order_item_sizes ois
      join order_items oi on oi.id = ois.order_item_id
      where oi.order_id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`);
    expect(rows.length).toBe(expected.length);
    const qty = header.indexOf('Quantity');
    const sum = (list: number[]) => list.reduce((s, q) => s + q, 0);
    expect(sum(rows.map((r) => Number(r[qty])))).toBe(
      sum((expected as { quantity: number }[]).map((e) => e.quantity)),
    );
    expect(new Set(rows.map((r) => Number(r[0])))).toEqual(
      new Set((expected as { orderId: number }[]).map((e) => e.orderId)),
    );
  });

  it('writes each ticket of a variable-data line as its own row: PO, style, size, colour, barcode', async () => {
    const [id] = await listedIds('ADMIN');
    // A VARIABLE_DATA line of four tickets on a placed order: four rows of one product item, told
    // apart by their copies of the uploaded data (decision 0051).
    const { rows: lines } = await t.db.execute(sql`
      select oi.product_subcode_id as "subcodeId", ois.product_item_id as "itemId"
      from order_items oi join order_item_sizes ois on ois.order_item_id = oi.id
      where oi.order_id = ${id} limit 1`);
    const { subcodeId, itemId } = (lines as { subcodeId: number; itemId: number }[])[0]!;
    const { rows: inserted } = await t.db.execute(sql`
      insert into order_items (order_id, product_subcode_id, product_type, po_number, style_number, quantity, unit_price)
      values (${id}, ${subcodeId}, 'VARIABLE_DATA', 'PO-4411', 'ST-62', 1000, 0.05) returning id`);
    const lineId = (inserted as { id: number }[])[0]!.id;
    const tickets = [
      ['S', 'Black', '062040000013'],
      ['M', 'Black', '062040000020'],
      ['M', 'Heather Grey', '062040000037'],
      ['L', 'Heather Grey', '0062040000044'],
    ];
    for (const [k, [size, colour, barcode]] of tickets.entries()) {
      const data = {
        poNumber: 'PO-4411',
        styleNumber: 'ST-62',
        ticketType: 'RT-PT-401',
        vendorNumber: 'V-1',
        description: 'Crew',
        size,
        colour,
        barcode,
        prices: [],
      };
      await t.db.execute(sql`
        insert into order_item_sizes (order_item_id, product_item_id, quantity, unit_price, variable_data_row_id, variable_data)
        values (${lineId}, ${itemId}, 250, 0.05, ${900_000 + k}, ${JSON.stringify(data)}::jsonb)`);
    }
    for (const url of [`/orders/${id}/download-csv`, '/orders/download-all-full-csv']) {
      const { header, rows } = await download('ADMIN', url, /order/);
      const col = (name: string) => header.indexOf(name);
      const ticketRows = rows.filter((r) => Number(r[col('Order Item')]) === lineId);
      expect(
        ticketRows.map((r) => [
          r[col('PO Number')],
          r[col('Style Number')],
          r[col('Size')],
          r[col('Colour')],
          r[col('Barcode')],
          r[col('Quantity')],
        ]),
        url,
      ).toEqual(tickets.map(([size, colour, barcode]) => ['PO-4411', 'ST-62', size, colour, barcode, '250']));
      // A standard line's rows have its size and nothing in the variable-data columns.
      const standard = rows.find((r) => Number(r[0]) === id && Number(r[col('Order Item')]) !== lineId)!;
      expect(standard[col('Colour')]).toBe('');
      expect(standard[col('Barcode')]).toBe('');
    }
    await t.db.execute(sql`delete from order_items where id = ${lineId}`);
  });

  it('writes totals with 2 decimals and unit prices and costs with 4 (ordering §9), in CSV and .xlsx', async () => {
    const [id] = await listedIds('ADMIN');
    await t.db.execute(sql`update orders set total_price = 14.9500, total_cost = 6.4 where id = ${id}`);
    const orders = await download('ADMIN', '/orders/download-all-csv', /orders-/);
    const row = orders.rows.find((r) => Number(r[0]) === id)!;
    expect(row[orders.header.indexOf('Total Price')]).toBe('14.95');
    expect(row[orders.header.indexOf('Total Cost')]).toBe('6.40');
    for (const r of orders.rows) {
      expect(r[orders.header.indexOf('Total Price')]).toMatch(/^-?\d+\.\d{2}$/);
      expect(r[orders.header.indexOf('Total Cost')]).toMatch(/^(-?\d+\.\d{2})?$/);
    }
    const lines = await download('ADMIN', '/orders/download-all-full-csv', /orders-full-/);
    for (const r of lines.rows) {
      expect(r[lines.header.indexOf('Unit Price')]).toMatch(/^(\d+\.\d{4})?$/);
      expect(r[lines.header.indexOf('Unit Cost')]).toMatch(/^(\d+\.\d{4})?$/);
    }
    const sheet = await get('ADMIN', '/orders/download-all-csv?format=xlsx');
    const book = new Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const ws = book.worksheets[0]!;
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    let seen = 0;
    ws.eachRow((r, n) => {
      if (n === 1 || r.getCell(1).value !== id) return;
      seen++;
      expect(r.getCell(headers.indexOf('Total Price') + 1).value).toBe(14.95);
      expect(r.getCell(headers.indexOf('Total Price') + 1).numFmt).toBe('#,##0.00');
      expect(r.getCell(headers.indexOf('Total Cost') + 1).value).toBe(6.4);
    });
    expect(seen).toBe(1);
  });

  it("downloads one order in the scope, 404 for another tenant's", async () => {
    const [id] = await listedIds('VENDOR');
    const { rows } = await download('VENDOR', `/orders/${id}/download-csv`, new RegExp(`order-${id}\\.csv`));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => Number(r[0])))).toEqual(new Set([id]));
    expect((await get('VENDOR2', `/orders/${id}/download-csv`)).statusCode).toBe(404);
    expect((await get('VENDOR', '/orders/abc/download-csv')).statusCode).toBe(400);
  });
});

describe('inventory files and the customer checks', () => {
  it('answers 403 to roles that may not download inventory', async () => {
    for (const role of ['VENDOR', 'CSR'] as const) {
      expect((await get(role, '/orders/download-inventory-csv')).statusCode, role).toBe(403);
      expect((await get(role, '/orders/download-roots-inventory-csv')).statusCode, role).toBe(403);
    }
  });

  it('lists the stocked items of the customers the user sees', async () => {
    const { header, rows } = await download('ADMIN', '/orders/download-inventory-csv', /inventory-/);
    const { rows: stocked } = await t.db.execute(
      sql`select count(*)::int as n from product_items where has_inventory and product_type = 'STANDARD'`,
    );
    expect(rows.length).toBe((stocked as { n: number }[])[0]!.n);
    expect(header).toEqual([
      'Customer',
      'Product Subcode',
      'Description',
      'Size',
      'Active',
      'Current Inventory',
      'Minimum Inventory',
      'Maximum Inventory',
      'Restock Maximum',
      'On Open Orders',
    ]);
    const roots = await download('ADMIN', '/orders/download-roots-inventory-csv', /roots-inventory-/);
    expect(roots.rows.length).toBeGreaterThan(0);
    expect(new Set(roots.rows.map((r) => r[0]))).toEqual(new Set(['Roots']));
    const full = await download(
      'ADMIN',
      '/orders/download-roots-full-inventory-csv',
      /roots-full-inventory-/,
    );
    expect(full.rows.length).toBeGreaterThan(roots.rows.length);
  });

  it('writes a restock maximum beyond an integer (maximum at its limit, stock negative) in both formats', async () => {
    const { rows } = await t.db.execute(
      sql`update product_items set maximum_inventory = 2147483647, current_inventory = -5
        where id = (select min(id) from product_items where has_inventory and product_type = 'STANDARD')
        returning id`,
    );
    expect(rows).toHaveLength(1);
    const { header, rows: lines } = await download('ADMIN', '/orders/download-inventory-csv', /inventory-/);
    expect(lines.map((r) => r[header.indexOf('Restock Maximum')])).toContain('2147483652');
    expect((await get('ADMIN', '/orders/download-inventory-csv?format=xlsx')).statusCode).toBe(200);
  });

  it('says whether the user sees a Roots or a Dunnes customer', async () => {
    expect((await get('ADMIN', '/has-roots-customer')).json()).toEqual({ hasRootsCustomer: true });
    expect((await get('ADMIN', '/has-dunnes-customer')).json()).toEqual({ hasDunnesCustomer: true });
    await buildUser(t.db, { role: 'CUSTOMER', email: 'no-customers@example.com' });
    const nobody = await t.login('no-customers@example.com');
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/v1.0/has-roots-customer',
      headers: t.auth(nobody),
    });
    expect(none.json()).toEqual({ hasRootsCustomer: false });
    expect((await get(null, '/has-roots-customer')).statusCode).toBe(401);
  });
});

describe('format=xlsx', () => {
  /** The workbook of an .xlsx download after checking the answer's headers. */
  async function workbook(who: Who, url: string, fileName: RegExp) {
    const res = await get(who, url);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(String(res.headers['content-disposition'])).toMatch(fileName);
    const book = new Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets).toHaveLength(1);
    return book.worksheets[0]!;
  }
  /** The sheet's rows as arrays of cell values (header first). */
  const rowsOf = (sheet: Worksheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push(Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).value));
    });
    return rows;
  };

  it('holds the same rows as the CSV, with numbers, dates and money typed, and a frozen bold header', async () => {
    const csv = await download('VENDOR', '/orders/download-all-full-csv', /orders-full-/);
    const sheet = await workbook(
      'VENDOR',
      '/orders/download-all-full-csv?format=xlsx',
      /attachment; filename="?orders-full-\d{4}-\d{2}-\d{2}\.xlsx/,
    );
    expect(sheet.name).toBe('Order lines');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const [header, ...rows] = rowsOf(sheet);
    expect(header).toEqual(csv.header);
    expect(rows).toHaveLength(csv.rows.length);
    const col = (name: string) => csv.header.indexOf(name);
    const first = sheet.getRow(2);
    expect(rows[0]![col('Order Number')]).toBe(Number(csv.rows[0]![col('Order Number')]));
    expect(rows[0]![col('Quantity')]).toBe(Number(csv.rows[0]![col('Quantity')]));
    expect(rows[0]![col('Unit Price')]).toBe(Number(csv.rows[0]![col('Unit Price')]));
    expect(first.getCell(col('Unit Price') + 1).numFmt).toBe('#,##0.0000');
    const placed = rows[0]![col('Order Date (UTC)')] as Date;
    expect(placed).toBeInstanceOf(Date);
    expect(placed.toISOString().slice(0, 19).replace('T', ' ')).toBe(csv.rows[0]![col('Order Date (UTC)')]);
    expect(first.getCell(col('Order Date (UTC)') + 1).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(rows[0]![col('Cancelled')]).toBe(csv.rows[0]![col('Cancelled')]);
    expect(rows.map((r) => r[0])).toEqual(csv.rows.map((r) => Number(r[0])));
  });

  it('keeps a formula-like vendor PO as text, never a formula', async () => {
    const [id] = await listedIds('VENDOR');
    await t.db.execute(sql`update orders set vendor_po = '=1+2' where id = ${id}`);
    const sheet = await workbook('VENDOR', '/orders/download-all-csv?format=xlsx', /orders-\d/);
    const header = rowsOf(sheet)[0]!;
    let cell: Cell | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === id) cell = row.getCell(header.indexOf('Vendor PO') + 1);
    });
    expect(cell?.type).toBe(ValueType.String);
    expect(cell?.value).toBe('=1+2');
  });

  it('writes the inventory and one order too, and refuses an unknown format (400)', async () => {
    const csv = await download('ADMIN', '/orders/download-inventory-csv', /inventory-/);
    const sheet = await workbook('ADMIN', '/orders/download-inventory-csv?format=xlsx', /inventory-.*\.xlsx/);
    expect(rowsOf(sheet)).toHaveLength(csv.rows.length + 1);
    const [id] = await listedIds('VENDOR');
    const one = await workbook(
      'VENDOR',
      `/orders/${id}/download-csv?format=xlsx`,
      new RegExp(`order-${id}\\.xlsx`),
    );
    expect(
      new Set(
        rowsOf(one)
          .slice(1)
          .map((r) => r[0]),
      ),
    ).toEqual(new Set([id]));
    const bad = await get('ADMIN', '/orders/download-all-csv?format=pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('format');
    expect(bad.json().message).toMatch(/^Format must be one of/);
  });
});

describe('compression', () => {
  it('compresses a CSV download at the fast level, the same bytes once unpacked (decision 0049)', async () => {
    const token = await t.tokenFor('ADMIN');
    const url = '/api/v1.0/orders/download-all-full-csv';
    const plain = await t.app.inject({ method: 'GET', url, headers: t.auth(token) });
    const packed = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...t.auth(token), 'accept-encoding': 'gzip' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(packed.headers['content-encoding']).toBe('gzip');
    // gzip's header byte XFL is 4 when the stream was written at the fastest level (RFC 1952 2.3.1).
    expect(packed.rawPayload[8]).toBe(4);
    expect(gunzipSync(packed.rawPayload).equals(plain.rawPayload)).toBe(true);
  });
});
