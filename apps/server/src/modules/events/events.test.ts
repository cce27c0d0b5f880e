/**
 * Live updates over real HTTP (docs/decisions/0068): GET /api/v1.0/events signed in like every call (401),
 * uncompressed; an order action reaches the streams of the users who may see the order and no
 * other (vendor2 gets 0 events while vendor's orders move); an event goes out after its change
 * commits and never for a change rolled back; Last-Event-ID resumes (or resets); a sign-out ends
 * the user's streams at once. Cross-instance delivery: events.multi-instance.test.ts.
 */
import { LIVE_DATA_AGE_MAX_MS } from '@selvedge/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import { publishLiveEvent } from '../../platform/liveEvents';
import { buildOrder, buildSubcode, buildUser, demoParties } from '../../test/factories';
import { createTestApp, DEMO_EMAILS, type TestApp } from '../../test/harness';
import { DATA_AGE_MARGIN_MS } from './events.hub';
import { liveHubs } from './events.routes';
import { coveringTheMargin, openStream, type StreamProbe } from './events.testing';

let t: TestApp;
let base = '';
let p: Awaited<ReturnType<typeof demoParties>>;
let subPlain: Awaited<ReturnType<typeof buildSubcode>>;
let vendorUserId = 0;
const open: StreamProbe[] = [];

const stream = async (token: string | null, opts?: Parameters<typeof openStream>[2]) => {
  const probe = await openStream(base, token, opts);
  open.push(probe);
  return probe;
};
const hub = () => liveHubs.get(t.app.ctx)!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until every event committed so far reached this instance's hub (and its streams). */
const settle = async () => {
  await hub().sync();
  await sleep(50);
};
const productionReady = async () =>
  (
    await buildOrder(t.db, {
      status: 'PRODUCTION_READY',
      userId: vendorUserId,
      vendorId: p.vendorId,
      customerId: p.rootsId,
      regionId: p.regionId,
      factoryId: p.factoryId,
      items: [{ subcode: subPlain }],
    })
  ).orderId;
const act = async (role: keyof typeof DEMO_EMAILS, method: 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1.0${url}`,
    headers: t.auth(await t.tokenFor(role)),
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  p = await demoParties(t.db);
  vendorUserId = (await t.db.select().from(s.users).where(eq(s.users.email, DEMO_EMAILS.VENDOR)))[0]!.id;
  subPlain = await buildSubcode(t.db, {
    customerId: p.rootsId,
    factoryId: p.factoryId,
    artworkRequired: false,
  });
});
afterAll(async () => {
  for (const probe of open) probe.close();
  await t?.close();
});

describe('GET /api/v1.0/events', () => {
  it('answers 401 without a token and with a bad one', async () => {
    expect((await stream(null)).status).toBe(401);
    expect((await stream('not-a-token')).status).toBe(401);
  });

  it('opens an uncompressed event stream for a signed-in user', async () => {
    const probe = await stream(await t.tokenFor('CSR'), { headers: { 'accept-encoding': 'br, gzip' } });
    expect(probe.status).toBe(200);
    expect(probe.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(probe.headers.get('content-encoding')).toBeNull();
    expect(probe.comments).toContain('connected');
  });

  it("sends an order's change to those who may see it, and nothing to vendor2", async () => {
    const vendor = await stream(await t.tokenFor('VENDOR'));
    const vendor2 = await stream(await t.tokenFor('VENDOR2'));
    const admin = await stream(await t.tokenFor('ADMIN'));
    const ids = [await productionReady(), await productionReady()];
    for (const id of ids) {
      const res = await act('ADMIN', 'POST', '/orders/completion-date', {
        orderId: id,
        estimatedCompletionDate: '2099-01-31',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await act('ADMIN', 'PUT', `/orders/cancel-order/${id}`)).statusCode).toBe(200);
    }
    const got = await vendor.waitFor(4);
    await admin.waitFor(4);
    await settle();
    expect(got.map((e) => e.kind === 'order' && [e.orderId, e.change])).toEqual([
      [ids[0], 'setEstimatedCompletionDate'],
      [ids[0], 'cancel'],
      [ids[1], 'setEstimatedCompletionDate'],
      [ids[1], 'cancel'],
    ]);
    expect(got[1]).toMatchObject({
      status: 'PRODUCTION_READY',
      actor: { email: DEMO_EMAILS.ADMIN, role: 'ADMIN' },
    });
    // No scoping keys, no prices: ids and what changed only.
    expect(Object.keys(got[0]!).sort()).toEqual(['actor', 'change', 'id', 'kind', 'orderId', 'status']);
    expect(vendor2.events).toEqual([]);
  });

  it('sends nothing for a refused action nor for a rolled-back transaction', async () => {
    const vendor = await stream(await t.tokenFor('VENDOR'));
    const id = await productionReady();
    expect((await act('ADMIN', 'PUT', `/orders/cancel-order/${id}`)).statusCode).toBe(200);
    // Cancelling again is refused (409): its transaction rolls back.
    expect((await act('ADMIN', 'PUT', `/orders/cancel-order/${id}`)).statusCode).toBe(409);
    await t.db
      .transaction(async (tx) => {
        await publishLiveEvent(
          tx,
          {
            kind: 'order',
            orderId: id,
            change: 'updated',
            status: 'PRODUCTION_READY',
            actor: { email: 'x', role: 'ADMIN' },
          },
          { order: { vendorId: p.vendorId, customerId: null, productionRegionId: null, factoryId: null } },
        );
        throw new Error('roll back');
      })
      .catch(() => {});
    await settle();
    expect(vendor.events.map((e) => e.kind === 'order' && e.change)).toEqual(['cancel']);
  });

  it('holds an event back until its transaction commits', async () => {
    const vendor = await stream(await t.tokenFor('VENDOR'));
    let seenInside = -1;
    await t.db.transaction(async (tx) => {
      await publishLiveEvent(
        tx,
        {
          kind: 'order',
          orderId: 1,
          change: 'updated',
          status: 'PRODUCTION_READY',
          actor: { email: 'x', role: 'ADMIN' },
        },
        { order: { vendorId: p.vendorId, customerId: null, productionRegionId: null, factoryId: null } },
      );
      await new Promise((r) => setTimeout(r, 100));
      seenInside = vendor.events.length;
    });
    expect(seenInside).toBe(0);
    await vendor.waitFor(1);
  });

  it('resumes after Last-Event-ID, and resets for an id it does not know', async () => {
    const first = await stream(await t.tokenFor('VENDOR'));
    const id = await productionReady();
    await act('ADMIN', 'POST', '/orders/completion-date', {
      orderId: id,
      estimatedCompletionDate: '2099-02-01',
    });
    const [seen] = await first.waitFor(1);
    first.close();
    await act('ADMIN', 'POST', '/orders/completion-date', {
      orderId: id,
      estimatedCompletionDate: '2099-02-02',
    });
    await act('ADMIN', 'PUT', `/orders/cancel-order/${id}`);
    await settle();
    const resumed = await stream(await t.tokenFor('VENDOR'), { lastEventId: seen!.id });
    expect(resumed.events.map((e) => e.kind === 'order' && e.change)).toEqual([
      'setEstimatedCompletionDate',
      'cancel',
    ]);
    expect(resumed.resets).toBe(0);
    const unknown = await stream(await t.tokenFor('VENDOR'), { lastEventId: 'no-such-event' });
    expect(unknown.resets).toBe(1);
    expect(unknown.events).toEqual([]);
  });

  it('catches a first stream up on the events since its data was fetched (?dataAge=), for its user only, and resets when it cannot', async () => {
    await coveringTheMargin(hub());
    const id = await productionReady();
    await act('ADMIN', 'POST', '/orders/completion-date', {
      orderId: id,
      estimatedCompletionDate: '2099-03-01',
    });
    await settle();
    // Older than the margin before the data was fetched: not sent again.
    await sleep(DATA_AGE_MARGIN_MS + 100);
    const fetchedAt = Date.now();
    await act('ADMIN', 'PUT', `/orders/cancel-order/${id}`);
    await settle();
    const dataAge = Date.now() - fetchedAt;
    const caughtUp = await stream(await t.tokenFor('VENDOR'), { dataAge });
    await caughtUp.waitFor(1);
    const ofOrder = caughtUp.events.filter((e) => e.kind === 'order' && e.orderId === id);
    expect(ofOrder.map((e) => e.kind === 'order' && e.change)).toEqual(['cancel']);
    expect(caughtUp.resets).toBe(0);
    const other = await stream(await t.tokenFor('VENDOR2'), { dataAge });
    await settle();
    expect(other.events).toEqual([]);
    expect(other.resets).toBe(0);
    // Older than this instance has listened: it cannot know what happened then.
    const tooOld = await stream(await t.tokenFor('VENDOR'), { dataAge: LIVE_DATA_AGE_MAX_MS });
    await settle();
    expect(tooOld.resets).toBe(1);
    expect(tooOld.events).toEqual([]);
  });

  it('answers 400 for a dataAge that is not a whole number of ms up to a day', async () => {
    const token = await t.tokenFor('VENDOR');
    for (const dataAge of ['-1', 'soon', '1.5', String(LIVE_DATA_AGE_MAX_MS + 1)]) {
      const probe = await stream(token, { dataAge });
      expect(probe.status, dataAge).toBe(400);
    }
  });

  it("sends a cart change to its owner's other tabs only", async () => {
    const tab = await stream(await t.tokenFor('VENDOR'));
    const vendor2 = await stream(await t.tokenFor('VENDOR2'));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1.0/orders/cart',
      headers: t.auth(await t.tokenFor('VENDOR')),
      payload: { vendorPO: 'PO-LIVE-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await tab.waitFor(1);
    expect(event).toMatchObject({ kind: 'cart', actor: { email: DEMO_EMAILS.VENDOR } });
    await settle();
    expect(vendor2.events).toEqual([]);
  });

  it('sends a master-data save to the administrators only', async () => {
    const admin = await stream(await t.tokenFor('ADMIN'));
    const vendor = await stream(await t.tokenFor('VENDOR'));
    const created = await act('ADMIN', 'POST', '/production-regions', {
      productionRegionName: 'Live Region',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1.0/production-regions/${id}`,
      headers: t.auth(await t.tokenFor('ADMIN')),
      payload: { productionRegionName: 'Live Region 2', version: 1 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The create and the save: other admins' searches list the new record, an open one learns of the save.
    const events = await admin.waitFor(2);
    for (const event of events)
      expect(event).toMatchObject({ kind: 'masterData', entity: 'productionRegions', recordId: id });
    await settle();
    expect(vendor.events).toEqual([]);
  });

  it("sends a VENDOR's save of its own vendor to that vendor's users and the admins, not to vendor2", async () => {
    const tab = await stream(await t.tokenFor('VENDOR'));
    const admin = await stream(await t.tokenFor('ADMIN'));
    const vendor2 = await stream(await t.tokenFor('VENDOR2'));
    const own = await act('VENDOR', 'PUT', `/vendors/${p.vendorId}`);
    expect(own.statusCode).toBe(400); // no body: refused, nothing sent
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1.0/vendors/${p.vendorId}`,
      headers: t.auth(await t.tokenFor('VENDOR')),
    });
    const saved = await act('VENDOR', 'PUT', `/vendors/${p.vendorId}`, {
      ...read.json(),
      billingAccountNumber: 'BA-LIVE',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = { kind: 'masterData', entity: 'vendors', recordId: p.vendorId };
    expect((await tab.waitFor(1))[0]).toMatchObject({ ...expected, actor: { email: DEMO_EMAILS.VENDOR } });
    expect((await admin.waitFor(1))[0]).toMatchObject(expected);
    await settle();
    expect(tab.events).toHaveLength(1);
    expect(vendor2.events).toEqual([]);
  });

  it('sends care-label list changes to the administrators only', async () => {
    const admin = await stream(await t.tokenFor('ADMIN'));
    const csr = await stream(await t.tokenFor('CSR'));
    const added = await act('ADMIN', 'POST', '/care-label/lists/care-code', { name: 'Live list' });
    expect(added.statusCode, added.body).toBe(201);
    const listId = added.json().id as number;
    expect(
      (await act('ADMIN', 'PUT', `/care-label/lists/care-code/${listId}`, { name: 'Live 2' })).statusCode,
    ).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1.0/care-label/lists/care-code/${listId}`,
      headers: t.auth(await t.tokenFor('ADMIN')),
    });
    expect(removed.statusCode).toBe(204);
    const events = await admin.waitFor(3);
    for (const event of events)
      expect(event).toMatchObject({
        kind: 'careList',
        listKind: 'care-code',
        listId,
        actor: { role: 'ADMIN' },
      });
    await settle();
    expect(csr.events).toEqual([]);
  });

  it("sends an inventory update to the product screens' users of the customer, not to others", async () => {
    const stocked = await buildSubcode(t.db, {
      customerId: p.rootsId,
      factoryId: p.factoryId,
      sizes: [{ productSize: 'S', hasInventory: true, currentInventory: 5 }],
    });
    const itemId = stocked.items[0]!.id;
    await buildUser(t.db, { role: 'ACCOUNT', email: 'live-dunnes@example.com', customerIds: [p.dunnesId] });
    const account = await stream(await t.tokenFor('ACCOUNT'));
    const vendor = await stream(await t.tokenFor('VENDOR'));
    const dunnesOnly = await stream(await t.login('live-dunnes@example.com'));
    const finance = await stream(await t.tokenFor('FINANCE'));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1.0/products/inventory',
      headers: t.auth(await t.tokenFor('ACCOUNT')),
      payload: { inventories: { [itemId]: 7 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { kind: 'stock', productItemIds: [itemId], actor: { email: DEMO_EMAILS.ACCOUNT } };
    expect((await account.waitFor(1))[0]).toMatchObject(expected);
    expect((await vendor.waitFor(1))[0]).toMatchObject(expected);
    await settle();
    expect(dunnesOnly.events).toEqual([]);
    expect(finance.events).toEqual([]);
  });

  it('sends the stock a shipment takes to the customer’s product-screen users, not to others', async () => {
    const stocked = await buildSubcode(t.db, {
      customerId: p.rootsId,
      factoryId: p.factoryId,
      sizes: [{ productSize: 'S', hasInventory: true, currentInventory: 900, maximumInventory: 1000 }],
    });
    const { orderId } = await buildOrder(t.db, {
      status: 'READY_TO_SHIP',
      userId: vendorUserId,
      vendorId: p.vendorId,
      customerId: p.rootsId,
      regionId: p.regionId,
      factoryId: p.factoryId,
      items: [{ subcode: stocked }],
      financeApproval: true,
      csrProductionConfirmed: true,
    });
    const account = await stream(await t.tokenFor('ACCOUNT'));
    const dunnesOnly = await stream(await t.login('live-dunnes@example.com'));
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/v1.0/orders/${orderId}/ship-and-complete`,
      headers: t.auth(await t.tokenFor('CSR')),
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const got = await account.waitFor(1);
    await settle();
    expect(got.filter((e) => e.kind === 'stock')).toEqual([
      expect.objectContaining({
        productItemIds: [stocked.items[0]!.id],
        actor: expect.objectContaining({ role: 'CSR' }),
      }),
    ]);
    expect(dunnesOnly.events).toEqual([]);
  });

  it("ends a user's streams at once when the user signs out", async () => {
    const token = await t.login(DEMO_EMAILS.CSR);
    const probe = await stream(token);
    const other = await stream(await t.tokenFor('ADMIN'));
    expect(hub().size).toBeGreaterThanOrEqual(2);
    const out = await t.app.inject({ method: 'GET', url: '/api/v1.0/auth/logout', headers: t.auth(token) });
    expect(out.statusCode).toBe(200);
    await Promise.race([
      probe.ended,
      new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open')), 3_000)),
    ]);
    // Another user's stream stays.
    const id = await productionReady();
    await act('ADMIN', 'PUT', `/orders/cancel-order/${id}`);
    await other.waitFor(1);
  });
});
