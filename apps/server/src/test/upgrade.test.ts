/**
 * Upgrades lose nothing (docs/decisions/0053; docs/DEPLOY.md "Upgrades and migrations"): a database
 * of the previous release (its migrations, up to PREVIOUS_RELEASE, and its data as that release
 * wrote it: the demo data plus placed orders with care labels and variable-data lines, carts, related
 * documents, an artwork upload and a retailer data upload; test/release.ts) is migrated to this
 * code's head as a server does at start, then
 * - every table, column and row of the release is still there, with the same values;
 * - the API reads it back: every placed order with its lines, care labels, artwork versions and
 *   documents; every cart, signed in as its owner; every stored file, byte for byte; the generated
 *   production POs and packing slips; every upload with its report, and the variable-data rows of
 *   every uploaded item.
 * On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 *
 * WRITE_RELEASE_FIXTURE=1 with TEST_DATABASE_URL (re)writes the fixture instead, from the demo data
 * and the activity below: only at a release's own commit (the journal must end at PREVIOUS_RELEASE),
 * whose code then writes the rows (see docs/decisions/0053 for the next release).
 *
 * It reads the demo rows and the release's own rows, not rows of the test factories
 * (test/factories/): upgrading what a release wrote is what it checks (decision 0062).
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { earliestDateRequested } from '@selvedge/shared';
import dayjs from 'dayjs';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type Database, openDatabase } from '../platform/db';
import * as s from '../platform/db/schema';
import { demoParties } from './factories';
import { createTestApp, DEMO_EMAILS, type TestApp } from './harness';
import {
  appliedMigrations,
  headMigrations,
  lostRows,
  migrateWith,
  migrationsUpTo,
  PREVIOUS_RELEASE,
  runScript,
  type Snapshot,
  snapshot,
  unpackReleaseFixture,
  writeReleaseFixture,
} from './release';

const V = '/api/v1.0';
const WRITE = process.env.WRITE_RELEASE_FIXTURE === '1';

/**
 * Columns whose values a migration after PREVIOUS_RELEASE changes on purpose (table → columns):
 * those tables are compared by their rows' presence, not their values. A migration that backfills
 * or rewrites existing values adds its columns here, with the decision that says why.
 */
const CHANGED_ON_PURPOSE: Record<string, string[]> = {};

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A multipart body of `fields` then one file, for app.inject. */
async function multipart(
  fields: Record<string, string>,
  file: { field: string; name: string; body: Buffer; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(file.field, new Blob([new Uint8Array(file.body)], { type: file.type }), file.name);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

/** One call as `token`; fails the test unless it answers 200; answers the JSON (or the raw body). */
async function ok<T extends object = Record<string, unknown>>(
  t: TestApp,
  token: string,
  method: InjectOptions['method'],
  url: string,
  payload?: object | { payload: Buffer; headers: Record<string, string> },
): Promise<T & { raw: Buffer }> {
  const isForm = payload && 'payload' in payload && Buffer.isBuffer(payload.payload);
  const res = await t.app.inject({
    method,
    url: `${V}${url}`,
    headers: {
      ...t.auth(token),
      ...(isForm ? (payload as { headers: Record<string, string> }).headers : {}),
    },
    payload: isForm ? (payload as { payload: Buffer }).payload : (payload as object | undefined),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 500)}`).toBe(200);
  const type = String(res.headers['content-type'] ?? '');
  const json = type.startsWith('application/json') ? (res.json() as T) : ({} as T);
  return Object.assign(json, { raw: res.rawPayload });
}

const rowsOf = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  (await database.db.execute(query)).rows as T[];

// ---------------------------------------------------------------- the upgrade

describe.skipIf(WRITE)(`an upgrade from the previous release (${PREVIOUS_RELEASE}) to this code`, () => {
  let database: Database;
  let t: TestApp;
  let before: Snapshot;
  let after: Snapshot;
  let releaseMigrations: number;
  let admin: string;
  let dropScratch = async () => {};

  beforeAll(async () => {
    const fixture = unpackReleaseFixture();
    const release = migrationsUpTo(PREVIOUS_RELEASE);
    try {
      const url = process.env.TEST_DATABASE_URL;
      if (url) {
        const scratch = await createScratchDatabase(
          url,
          `selvedge_upgrade_${randomUUID().replace(/-/g, '').slice(0, 12)}`,
        );
        dropScratch = scratch.drop;
        database = await openDatabase({ url: scratch.url, poolSize: 4 });
      } else {
        database = await openDatabase({ dataDir: 'memory://' });
      }
      await migrateWith(database, release.folder);
      releaseMigrations = await appliedMigrations(database);
      await runScript(database, fixture.sql);
      before = await snapshot(database);
      // What a server of this code does at start (platform/db: migrate under the advisory lock).
      await database.migrate();
      after = await snapshot(database, new Map([...before.tables].map(([k, v]) => [k, v.columns])));
      // The fixture's users last signed in when it was written: once it is six months old they would
      // count as inactive (decision 0004) and could not sign in to read their carts and uploads.
      await database.db.update(s.users).set({ lastLogin: new Date() });
      t = await createTestApp({ database, files: fixture.files });
      admin = await t.tokenFor('ADMIN');
    } finally {
      fixture.remove();
      release.remove();
    }
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await dropScratch();
  });

  it('starts from the release: its migrations applied, its rows loaded', () => {
    expect(releaseMigrations).toBe(headMigrations().indexOf(PREVIOUS_RELEASE) + 1);
    const count = (table: string) => before.tables.get(table)?.rows.length ?? 0;
    expect(count('orders')).toBeGreaterThan(50);
    expect(count('order_items')).toBeGreaterThan(0);
    expect(count('artwork_versions')).toBeGreaterThan(0);
    expect(count('order_documents')).toBeGreaterThan(0);
    expect(count('data_uploads')).toBeGreaterThan(2);
    expect(count('variable_data_rows')).toBeGreaterThan(0);
  });

  it("applies this code's migrations and keeps every table, column and row of the release as it was", async () => {
    expect(await appliedMigrations(database)).toBe(headMigrations().length);
    expect(lostRows(before, after, CHANGED_ON_PURPOSE)).toEqual([]);
    // The migrated database is what this code expects: ready (every migration of this code in).
    const ready = await t.app.inject({ url: `${V}/health/ready` });
    expect(ready.statusCode).toBe(200);
  });

  it('reads every placed order through the API: its lines, care labels, artwork versions and documents', async () => {
    const placed = await rowsOf<{ id: number }>(
      database,
      sql`select id from orders where order_status <> 'PENDING' order by id`,
    );
    const listed: number[] = [];
    for (let page = 0; ; page++) {
      const list = await ok<{ orders: { orderId: number }[]; lastPage: boolean }>(
        t,
        admin,
        'GET',
        `/orders?size=200&page=${page}`,
      );
      listed.push(...list.orders.map((o) => o.orderId));
      if (list.lastPage || list.orders.length === 0) break;
    }
    expect(listed.sort((a, b) => a - b)).toEqual(placed.map((o) => o.id));

    const lines = await rowsOf<{ order_id: number; id: number; care_label: unknown }>(
      database,
      sql`select order_id, id, care_label from order_items order by id`,
    );
    const versions = await rowsOf<{ order_item_id: number; id: number; sha256: string }>(
      database,
      sql`select order_item_id, id, sha256 from artwork_versions order by id`,
    );
    const documents = await rowsOf<{ order_id: number; id: number; kind: string }>(
      database,
      sql`select order_id, id, kind from order_documents order by id`,
    );
    const productionPOs = await rowsOf<{ order_id: number; id: number }>(
      database,
      sql`select order_id, id from production_purchase_orders order by id`,
    );
    const slips = await rowsOf<{ order_id: number; id: number }>(
      database,
      sql`select order_id, id from packing_slips where kind = 'PRODUCTION' order by id`,
    );
    let careLabels = 0;
    for (const { id } of placed) {
      const order = await ok<{
        orderItems: {
          orderItemId: number;
          careLabel: unknown;
          artwork: { versions: { versionId: number; sha256: string }[] } | null;
        }[];
        relatedDocs: { documentId: number }[];
        shippingDocs?: { documentId: number }[];
        productionsPurchaseOrders: { purchaseOrderId: number }[];
        productionPackingSlips: { packingSlipId: number }[];
      }>(t, admin, 'GET', `/orders/${id}`);
      const mine = lines.filter((l) => l.order_id === id);
      expect(order.orderItems.map((i) => i.orderItemId).sort((a, b) => a - b)).toEqual(mine.map((l) => l.id));
      for (const item of order.orderItems) {
        const row = mine.find((l) => l.id === item.orderItemId)!;
        const stored = typeof row.care_label === 'string' ? JSON.parse(row.care_label) : row.care_label;
        expect(item.careLabel, `order ${id} line ${item.orderItemId}`).toEqual(stored ?? null);
        if (stored) careLabels++;
        expect((item.artwork?.versions ?? []).map((v) => `${v.versionId} ${v.sha256}`).sort()).toEqual(
          versions
            .filter((v) => v.order_item_id === item.orderItemId)
            .map((v) => `${v.id} ${v.sha256}`)
            .sort(),
        );
      }
      const docs = documents.filter((d) => d.order_id === id);
      expect(order.relatedDocs.map((d) => d.documentId)).toEqual(
        docs.filter((d) => d.kind === 'RELATED').map((d) => d.id),
      );
      expect((order.shippingDocs ?? []).map((d) => d.documentId)).toEqual(
        docs.filter((d) => d.kind === 'SHIPPING').map((d) => d.id),
      );
      expect(order.productionsPurchaseOrders.map((p) => p.purchaseOrderId)).toEqual(
        productionPOs.filter((p) => p.order_id === id).map((p) => p.id),
      );
      expect(order.productionPackingSlips.map((p) => p.packingSlipId)).toEqual(
        slips.filter((p) => p.order_id === id).map((p) => p.id),
      );
    }
    expect(careLabels).toBeGreaterThan(0);
  }, 300_000);

  it('reads every cart through its owner, with its lines, care labels and documents', async () => {
    const carts = await rowsOf<{ id: number; email: string }>(
      database,
      sql`select o.id, u.email from orders o join users u on u.id = o.user_id where o.order_status = 'PENDING' order by o.id`,
    );
    expect(carts.length).toBeGreaterThanOrEqual(2);
    for (const cart of carts) {
      const token = await t.login(cart.email);
      const answer = await ok<{
        orderId: number;
        orderItems: { orderItemId: number; careLabel: unknown; items?: unknown[] }[];
        relatedDocs: { documentId: number }[];
      }>(t, token, 'GET', '/orders/cart');
      expect(answer.orderId).toBe(cart.id);
      const lines = await rowsOf<{ id: number; care_label: unknown }>(
        database,
        sql`select id, care_label from order_items where order_id = ${cart.id} order by id`,
      );
      expect(answer.orderItems.map((i) => i.orderItemId).sort((a, b) => a - b)).toEqual(
        lines.map((l) => l.id),
      );
      for (const item of answer.orderItems) {
        const row = lines.find((l) => l.id === item.orderItemId)!;
        const stored = typeof row.care_label === 'string' ? JSON.parse(row.care_label) : row.care_label;
        expect(item.careLabel).toEqual(stored ?? null);
      }
      const docs = await rowsOf<{ id: number }>(
        database,
        sql`select id from order_documents where order_id = ${cart.id} order by id`,
      );
      expect(answer.relatedDocs.map((d) => d.documentId)).toEqual(docs.map((d) => d.id));
    }
  });

  it('downloads every stored file byte for byte, and the production POs and packing slips', async () => {
    const versions = await rowsOf<{ order_id: number; order_item_id: number; id: number; sha256: string }>(
      database,
      sql`select i.order_id, v.order_item_id, v.id, v.sha256 from artwork_versions v join order_items i on i.id = v.order_item_id order by v.id`,
    );
    for (const v of versions) {
      const file = await ok(
        t,
        admin,
        'GET',
        `/orders/${v.order_id}/artwork/${v.order_item_id}/versions/${v.id}`,
      );
      expect(sha256(file.raw), `artwork version ${v.id}`).toBe(v.sha256);
    }
    const documents = await rowsOf<{
      order_id: number;
      id: number;
      kind: string;
      sha256: string | null;
      size: number;
    }>(database, sql`select order_id, id, kind, sha256, size from order_documents order by id`);
    for (const d of documents) {
      const route = d.kind === 'SHIPPING' ? 'shipping-document' : 'related-document';
      const file = await ok(t, admin, 'GET', `/orders/${d.order_id}/${route}/${d.id}`);
      if (d.sha256) expect(sha256(file.raw), `document ${d.id}`).toBe(d.sha256);
      else expect(file.raw.length, `document ${d.id}`).toBe(d.size);
    }
    const generated = await rowsOf<{ order_id: number; id: number; route: string }>(
      database,
      sql`select order_id, id, 'production-po' as route from production_purchase_orders
          union all select order_id, id, 'production-packing-slip' from packing_slips where kind = 'PRODUCTION'
          order by 1, 2`,
    );
    for (const g of generated) {
      const pdf = await ok(t, admin, 'GET', `/orders/${g.order_id}/${g.route}/${g.id}`);
      expect(pdf.raw.subarray(0, 5).toString('latin1'), `${g.route} ${g.id}`).toBe('%PDF-');
    }
    expect(versions.length + documents.length + generated.length).toBeGreaterThan(0);
  }, 300_000);

  it('reads every upload with its report, and the variable-data rows of every uploaded item', async () => {
    const uploads = await rowsOf<{ id: number; email: string; state: string; report: unknown }>(
      database,
      sql`select d.id, u.email, d.state, d.report from data_uploads d join users u on u.id = d.uploaded_by order by d.id`,
    );
    for (const email of new Set(uploads.map((u) => u.email))) {
      const listed = await ok<{ uploads: { id: number; state: string; report: unknown }[] }>(
        t,
        await t.login(email),
        'GET',
        '/configuration/variable-data-uploads',
      );
      for (const upload of uploads.filter((u) => u.email === email)) {
        const stored = typeof upload.report === 'string' ? JSON.parse(upload.report) : upload.report;
        expect(listed.uploads.find((u) => u.id === upload.id)).toMatchObject({
          state: upload.state,
          report: stored,
        });
      }
    }
    const items = await rowsOf<{ item: number; rows: number[] }>(
      database,
      sql`select product_item_id as item, array_agg(id order by id) as rows from variable_data_rows group by 1 order by 1`,
    );
    expect(items.length).toBeGreaterThan(0);
    for (const { item, rows } of items) {
      const details = await ok<{ products: { items: { variableDataRowId: number }[] }[] }>(
        t,
        admin,
        'GET',
        `/products/details?ids=${item}`,
      );
      const ids = details.products.flatMap((p) => p.items.map((i) => i.variableDataRowId));
      expect(
        ids.sort((a, b) => a - b),
        `item ${item}`,
      ).toEqual(rows.map(Number));
    }
  }, 300_000);
});

// ---------------------------------------------------------------- writing the fixture

/**
 * What the release's users did on top of the demo data, through the API: orders placed with care
 * labels and with variable-data lines, carts left open (one with a related document), an artwork
 * version and a related document uploaded, a retailer data file uploaded and imported.
 */
async function releaseActivity(t: TestApp) {
  const parties = await demoParties(t.db);
  const [vendor, vendor2, account, csr] = await Promise.all([
    t.tokenFor('VENDOR'),
    t.tokenFor('VENDOR2'),
    t.tokenFor('ACCOUNT'),
    t.tokenFor('CSR'),
  ]);
  const pdf = (what: string) =>
    Buffer.from(`%PDF-1.4\n% ${what}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
  const fillHeader = async (token: string, po: string) => {
    const { addresses } = await ok<{ addresses: { address: string }[] }>(
      t,
      token,
      'GET',
      '/orders/shipping-addresses',
    );
    return ok<{ orderId: number }>(t, token, 'PUT', '/orders/cart', {
      vendorPO: po,
      shippingAddress: addresses[0]!.address,
      dateRequested: dayjs(earliestDateRequested()).add(7, 'day').format('YYYY-MM-DD'),
      phone: '+1 555 0153',
    });
  };
  const place = async (token: string) => {
    let placed = await ok<{ orderId: number }>(t, token, 'PUT', '/orders/place?termsAndConditions=true');
    if (placed.orderId <= 0) placed = await ok(t, token, 'PUT', '/orders/place?termsAndConditions=true');
    expect(placed.orderId).toBeGreaterThan(0);
    return placed.orderId;
  };
  const variableDataLine = async (token: string, poNumber: string, styleNumber: string) => {
    const [item] = await t.db
      .select({ id: s.productItems.id })
      .from(s.productItems)
      .where(
        sql`${s.productItems.productType} = 'VARIABLE_DATA' and ${s.productItems.poNumber} = ${poNumber} and ${s.productItems.styleNumber} = ${styleNumber}`,
      );
    const details = await ok<{
      products: { items: { variableDataRowId: number; defaultOrderQuantity: number }[] }[];
    }>(t, token, 'GET', `/products/details?ids=${item!.id}`);
    const quantities = Object.fromEntries(
      details.products[0]!.items.map((r) => [String(r.variableDataRowId), r.defaultOrderQuantity]),
    );
    await ok(t, token, 'POST', '/orders', { productType: 'VARIABLE_DATA', quantities });
  };
  // A demo order of the vendor with care labels on its lines.
  const [careOrder] = await rowsOf<{ id: number }>(
    t.database,
    sql`select o.id from orders o where o.vendor_id = ${parties.vendorId} and not o.cancelled
        and exists (select 1 from order_items i where i.order_id = o.id and i.care_label is not null)
        order by o.id limit 1`,
  );

  // 1. Order again with its care labels, a related document on the cart, placed; an artwork version.
  const again = await ok<{ copied: number }>(t, vendor, 'POST', `/orders/${careOrder!.id}/order-again`);
  expect(again.copied).toBeGreaterThan(0);
  const cart = await fillHeader(vendor, 'PO-RELEASE-CARE');
  await ok(
    t,
    vendor,
    'POST',
    `/orders/${cart.orderId}/related-document`,
    await multipart(
      {},
      { field: 'relatedDocument', name: 'our PO.pdf', body: pdf('our PO'), type: 'application/pdf' },
    ),
  );
  const careOrderId = await place(vendor);
  const placed = await ok<{ orderItems: { orderItemId: number; artwork: { actions: string[] } | null }[] }>(
    t,
    csr,
    'GET',
    `/orders/${careOrderId}`,
  );
  for (const line of placed.orderItems.filter((l) => l.artwork?.actions.includes('upload'))) {
    await ok(
      t,
      csr,
      'POST',
      `/orders/${careOrderId}/artwork/${line.orderItemId}`,
      await multipart(
        {},
        {
          field: 'artwork',
          name: 'proof.pdf',
          body: pdf(`proof ${line.orderItemId}`),
          type: 'application/pdf',
        },
      ),
    );
  }

  // 2. A variable-data line (the Roots sample's PO-778120, style 62040000), placed.
  await variableDataLine(vendor, 'PO-778120', '62040000');
  await fillHeader(vendor, 'PO-RELEASE-VD');
  await place(vendor);

  // 3. Carts left open: the care-labelled order again (vendor), a variable-data line (vendor 2).
  await ok(t, vendor, 'POST', `/orders/${careOrder!.id}/order-again`);
  await fillHeader(vendor, 'PO-RELEASE-OPEN');
  await variableDataLine(vendor2, 'PO-778134', '62040020');

  // 4. A retailer data file of a PO of its own, uploaded and imported.
  const roots = readFileSync(join(import.meta.dirname, '../../../../docs/formats/roots-sample.csv'), 'utf8');
  await ok(
    t,
    account,
    'POST',
    '/configuration/upload-variable-data',
    await multipart(
      { customerId: String(parties.rootsId) },
      {
        field: 'file',
        name: 'roots-release.csv',
        body: Buffer.from(roots.replaceAll('PO-778120', 'PO-RELEASE-1')),
        type: 'text/csv',
      },
    ),
  );
  await t.settleJobs();
}

describe.runIf(WRITE)('the previous release fixture', () => {
  it('is written by the release itself: the demo data and its users’ activity, with their files', async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('WRITE_RELEASE_FIXTURE needs TEST_DATABASE_URL (pg_dump reads PostgreSQL)');
    const head = headMigrations();
    if (head.at(-1) !== PREVIOUS_RELEASE) {
      throw new Error(
        `the journal ends at ${head.at(-1)}, not ${PREVIOUS_RELEASE}: write the fixture at the release's commit`,
      );
    }
    const t = await createTestApp();
    try {
      await releaseActivity(t);
      const [{ carts, vd }] = await rowsOf<{ carts: number; vd: number }>(
        t.database,
        sql`select (select count(*)::int from orders where order_status = 'PENDING') as carts,
                   (select count(*)::int from order_item_sizes z join order_items i on i.id = z.order_item_id
                    join orders o on o.id = i.order_id
                    where z.variable_data_row_id is not null and o.order_status <> 'PENDING') as vd`,
      );
      expect(carts).toBe(2);
      expect(vd).toBeGreaterThan(0);
      expect((await t.db.select().from(s.users).where(eq(s.users.email, DEMO_EMAILS.VENDOR))).length).toBe(1);
      writeReleaseFixture(t.database.url!, join(t.config.dataDir, 'files'));
    } finally {
      await t.close();
    }
  }, 300_000);
});
