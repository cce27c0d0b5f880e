/**
 * Races (part of the standing suite run by npm test): concurrent requests against the real app and
 * database must never answer 500, and where one winner is expected there is exactly one.
 *
 * - Cart: one vendor user, 30 rounds of place (several at once), add-line and header save fired
 *   together on a ready cart. Every answer is 2xx or a 4xx with a message; a cart is placed at most
 *   once (no two places answer the same order), every 200 place names an order that is placed; then
 *   the order invariants hold (test/invariants.ts: no placed order without lines, one 'Order placed'
 *   log line each, at most one cart, totals = lines + charges).
 * - Workflow (docs/decisions/0014): parallel Complete Production, Approve, Ship & Complete and Request
 *   Artwork Approval on one order give one 200 and 409s, one log line and (shipping) one set of
 *   packing slips; cancel against Complete Production gives one winner and a consistent state;
 *   parallel artwork uploads to one line number the versions 1..n without gaps or duplicates.
 * - The invariant checks themselves report broken rows (so a green run means something).
 *
 * PGlite has one connection, so there the requests interleave but the transactions run one after
 * the other; with TEST_DATABASE_URL (PostgreSQL, a pool of 4) they really run side by side and the
 * row locks are what keeps these tests green. `RACE_SEED` replays a run's interleavings,
 * `RACE_ROUNDS` makes the cart race longer.
 */
import { earliestDateRequested, ORDER_PLACED_LOG, type OrderStatus, type Role } from '@selvedge/shared';
import dayjs from 'dayjs';
import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../platform/db/schema';
import {
  type BuildArtwork,
  buildOrder,
  buildOrderParts,
  buildSubcode,
  buildUser,
  demoParties,
} from './factories';
import { createTestApp, DEMO_EMAILS, type TestApp } from './harness';
import { orderInvariantViolations } from './invariants';

let t: TestApp;
let p: Awaited<ReturnType<typeof demoParties>>;
let vendorUserId = 0;
let subPlain: Awaited<ReturnType<typeof buildSubcode>>;
let subOther: Awaited<ReturnType<typeof buildSubcode>>;
let subArt: Awaited<ReturnType<typeof buildSubcode>>;
let otherFactoryId = 0;

const SEED = Number(process.env.RACE_SEED ?? Date.now() % 1_000_000);
/** Rounds of the cart race (RACE_ROUNDS for a longer hunt). */
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 30);
/** mulberry32: a small seeded generator, so a failing interleaving can be replayed. */
const random = (() => {
  let a = SEED >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
})();
function shuffle<T>(list: T[]): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

interface Answer {
  what: string;
  statusCode: number;
  body: string;
  json: () => unknown;
}

type Who = Role | { token: string };
const headersOf = async (who: Who) => t.auth(typeof who === 'string' ? await t.tokenFor(who) : who.token);

async function call(what: string, method: 'GET' | 'PUT' | 'POST', url: string, who: Who, payload?: object) {
  const res = await t.app.inject({
    method,
    url: `/api/v1.0${url}`,
    headers: await headersOf(who),
    ...(payload ? { payload } : {}),
  });
  return { what, statusCode: res.statusCode, body: res.body, json: () => res.json() } satisfies Answer;
}

/** Uploads artwork version `n` to a line (multipart built by the platform's own FormData). */
async function uploadArtwork(orderId: number, itemId: number, who: Who, n: number): Promise<Answer> {
  const form = new FormData();
  const body = Buffer.from(`%PDF-1.4\n% race artwork ${orderId}/${itemId} #${n}\n%%EOF\n`);
  form.append('artwork', new Blob([new Uint8Array(body)], { type: 'application/pdf' }), `race-${n}.pdf`);
  const r = new Response(form);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1.0/orders/${orderId}/artwork/${itemId}`,
    headers: { ...(await headersOf(who)), 'content-type': r.headers.get('content-type')! },
    payload: Buffer.from(await r.arrayBuffer()),
  });
  return { what: `upload #${n}`, statusCode: res.statusCode, body: res.body, json: () => res.json() };
}

/** Never a 5xx; a 4xx carries a message. */
function expectSane(answers: Answer[], context: string) {
  for (const a of answers) {
    const where = `${context} ${a.what} (RACE_SEED=${SEED}): ${a.statusCode} ${a.body}`;
    expect(a.statusCode, where).toBeLessThan(500);
    if (a.statusCode >= 400) {
      const message = (a.json() as { message?: unknown }).message;
      expect(typeof message === 'string' && message.length > 0, where).toBe(true);
    }
  }
}
const codes = (answers: Answer[]) => answers.map((a) => a.statusCode).sort((a, b) => a - b);
const oneWinner = (n: number) => [200, ...Array.from({ length: n - 1 }, () => 409)];

async function order(
  status: OrderStatus,
  opts: { artwork?: BuildArtwork[]; financeApproval?: boolean; twoFactories?: boolean } = {},
) {
  return buildOrder(t.db, {
    status,
    userId: vendorUserId,
    vendorId: p.vendorId,
    customerId: p.rootsId,
    regionId: p.regionId,
    factoryId: p.factoryId,
    items: [
      ...(opts.artwork ?? []).map((artwork) => ({ subcode: subArt, artwork })),
      ...(opts.artwork ? [] : [{ subcode: subPlain }]),
      ...(opts.twoFactories ? [{ subcode: subOther }] : []),
    ],
    financeApproval: opts.financeApproval,
    storage: t.storage,
  });
}

const orderRow = async (orderId: number) =>
  (await t.db.select().from(s.orders).where(eq(s.orders.id, orderId)))[0]!;
const logsOf = async (orderId: number) =>
  (
    await t.db
      .select({ description: s.orderLogs.description })
      .from(s.orderLogs)
      .where(eq(s.orderLogs.orderId, orderId))
      .orderBy(asc(s.orderLogs.id))
  ).map((l) => l.description);
const logCount = async (orderId: number, prefix: string) =>
  (await logsOf(orderId)).filter((d) => d.startsWith(prefix)).length;

beforeAll(async () => {
  t = await createTestApp();
  p = await demoParties(t.db);
  vendorUserId = (await t.db.select().from(s.users).where(eq(s.users.email, DEMO_EMAILS.VENDOR)))[0]!.id;
  subPlain = await buildSubcode(t.db, { customerId: p.rootsId, factoryId: p.factoryId });
  subArt = await buildSubcode(t.db, { customerId: p.rootsId, factoryId: p.factoryId, artworkRequired: true });
  const otherFactory = (
    await t.db
      .select({ id: s.factories.id })
      .from(s.factories)
      .where(and(ne(s.factories.id, p.factoryId), eq(s.factories.productionRegionId, p.regionId)))
      .limit(1)
  )[0];
  const anyOther = (
    await t.db
      .select({ id: s.factories.id })
      .from(s.factories)
      .where(ne(s.factories.id, p.factoryId))
      .limit(1)
  )[0]!;
  otherFactoryId = (otherFactory ?? anyOther).id;
  subOther = await buildSubcode(t.db, {
    customerId: p.rootsId,
    factoryId: otherFactoryId,
    sizes: ['One Size'],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('one vendor user: place, add a line and save the header at once', () => {
  it(`${ROUNDS} rounds: never a 500, a cart is placed at most once, the invariants hold`, async () => {
    const user = await buildUser(t.db, { role: 'VENDOR', vendorIds: [p.vendorId] });
    const me = { token: await t.login(user.email) };
    const addresses = (await call('addresses', 'GET', '/orders/shipping-addresses', me)).json() as {
      addresses: { address: string }[];
    };
    const shippingAddress = addresses.addresses[0]!.address;
    const dateRequested = dayjs(earliestDateRequested()).add(3, 'day').format('YYYY-MM-DD');
    const line = (q: number) => ({
      productType: 'STANDARD',
      quantities: { [String(subPlain.items[0]!.id)]: q, [String(subPlain.items[1]!.id)]: 10 },
      attributes: {},
    });
    const header = (po: string) => ({
      vendorPO: po,
      shippingAddress,
      dateRequested,
      phone: '+1 555 0199',
      comments: `race ${po}`,
    });
    const add = (i: number) => call(`add ${i}`, 'POST', '/orders', me, line(10 * (i + 1)));
    const save = (round: number, i: number) =>
      call(`header ${i}`, 'PUT', '/orders/cart', me, header(`RACE-${round}-${i}`));
    const place = (i: number) => call(`place ${i}`, 'PUT', '/orders/place?termsAndConditions=true', me);

    const placedIds: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A ready cart: a line and a complete header (the previous round may have left a new cart).
      const ready = [await add(9), await save(round, 9)];
      expect(codes(ready), `round ${round}: ${ready.map((a) => a.body).join(' | ')}`).toEqual([200, 200]);
      const places = 2 + (round % 3);
      const jobs = shuffle([
        ...Array.from({ length: places }, (_, i) => () => place(i)),
        ...Array.from({ length: 1 + (round % 2) }, (_, i) => () => add(i)),
        () => save(round, 0),
      ]);
      const answers = await Promise.all(jobs.map((job) => job()));
      expectSane(answers, `round ${round}`);
      const won = answers
        .filter((a) => a.what.startsWith('place') && a.statusCode === 200)
        .map((a) => (a.json() as { orderId: number }).orderId);
      // The ready cart is placed by the first place to lock it; a later place may place a cart that
      // adds and header saves of this round made anew, but never the same one twice.
      expect(won.length, `round ${round} (RACE_SEED=${SEED})`).toBeGreaterThanOrEqual(1);
      expect(new Set(won).size, `round ${round}: places answered ${won} (RACE_SEED=${SEED})`).toBe(
        won.length,
      );
      for (const id of won) {
        expect(id, `round ${round}`).toBeGreaterThan(0);
        expect((await orderRow(id)).orderStatus, `order ${id}`).not.toBe('PENDING');
      }
      placedIds.push(...won);
    }
    expect(new Set(placedIds).size).toBe(placedIds.length);

    // Exactly the orders the 200s named are placed, each with its one 'Order placed' log line.
    const placed = await t.db
      .select({ id: s.orders.id })
      .from(s.orders)
      .where(and(eq(s.orders.userId, user.id), ne(s.orders.orderStatus, 'PENDING')));
    expect(placed.map((o) => o.id).sort((a, b) => a - b)).toEqual([...placedIds].sort((a, b) => a - b));
    for (const id of placedIds) expect(await logCount(id, ORDER_PLACED_LOG), `order ${id}`).toBe(1);
    expect(await orderInvariantViolations(t.db, { placedBy: [user.id], userIds: [user.id] })).toEqual([]);
  }, 180_000);
});

describe('concurrent workflow actions on one order', () => {
  const N = 8;

  it('parallel Complete Production: one 200, the rest 409, one log line', async () => {
    const who: Role[] = ['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT', 'CSR'];
    for (let k = 0; k < 3; k++) {
      const { orderId } = await order('PRODUCTION_READY');
      const answers = await Promise.all(
        shuffle(Array.from({ length: N }, (_, i) => who[i % who.length]!)).map((role, i) =>
          call(`complete ${i} ${role}`, 'POST', `/orders/${orderId}/complete-production`, role),
        ),
      );
      expectSane(answers, `order ${orderId}`);
      expect(codes(answers), `order ${orderId} (RACE_SEED=${SEED})`).toEqual(oneWinner(N));
      expect((await orderRow(orderId)).orderStatus).toBe('PRODUCTION_CONFIRMED');
      expect(await logCount(orderId, 'Production completed')).toBe(1);
    }
  });

  it('parallel Approve (finance): one 200, the rest 409, one log line', async () => {
    const who: Role[] = ['FINANCE', 'ADMIN', 'FACTORY_ACCOUNT'];
    for (const status of ['PRODUCTION_CONFIRMED', 'PRODUCTION_READY'] as const) {
      const { orderId } = await order(status);
      const answers = await Promise.all(
        Array.from({ length: N }, (_, i) => who[i % who.length]!).map((role, i) =>
          call(`approve ${i} ${role}`, 'POST', `/orders/${orderId}/approve-finance`, role),
        ),
      );
      expectSane(answers, `order ${orderId}`);
      expect(codes(answers), `order ${orderId} (RACE_SEED=${SEED})`).toEqual(oneWinner(N));
      const row = await orderRow(orderId);
      expect(row.financeApproval).toBe(true);
      expect(row.orderStatus).toBe(status === 'PRODUCTION_CONFIRMED' ? 'READY_TO_SHIP' : status);
      expect(await logCount(orderId, 'Finance approved')).toBe(1);
    }
  });

  it('parallel Ship & Complete: one 200, the rest 409, exactly one set of packing slips', async () => {
    const who: Role[] = ['CSR', 'ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT'];
    const { orderId } = await order('READY_TO_SHIP', { financeApproval: true, twoFactories: true });
    const answers = await Promise.all(
      shuffle(Array.from({ length: N }, (_, i) => who[i % who.length]!)).map((role, i) =>
        call(`ship ${i} ${role}`, 'POST', `/orders/${orderId}/ship-and-complete`, role),
      ),
    );
    expectSane(answers, `order ${orderId}`);
    expect(codes(answers), `order ${orderId} (RACE_SEED=${SEED})`).toEqual(oneWinner(N));
    expect((await orderRow(orderId)).orderStatus).toBe('COMPLETE_AND_SHIPPED');
    expect(await logCount(orderId, 'Shipped and completed')).toBe(1);
    const slips = await t.db
      .select({ kind: s.packingSlips.kind, number: s.packingSlips.number })
      .from(s.packingSlips)
      .where(eq(s.packingSlips.orderId, orderId));
    const factories = new Set([p.factoryId, otherFactoryId]).size;
    expect(slips.filter((x) => x.kind === 'VENDOR')).toEqual([{ kind: 'VENDOR', number: `VPS-${orderId}` }]);
    expect(slips.filter((x) => x.kind === 'PRODUCTION')).toHaveLength(factories);
  });

  it('parallel Request Artwork Approval: one 200, the rest 409, one log line', async () => {
    const who: Role[] = ['CSR', 'ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT'];
    const { orderId } = await order('NEEDS_ARTWORK', {
      artwork: [{ status: 'UPLOADED' }, { status: 'UPLOADED', versions: 2 }],
    });
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) => who[i % who.length]!).map((role, i) =>
        call(`prepare ${i} ${role}`, 'PUT', `/orders/${orderId}/artwork/prepare`, role),
      ),
    );
    expectSane(answers, `order ${orderId}`);
    expect(codes(answers), `order ${orderId} (RACE_SEED=${SEED})`).toEqual(oneWinner(N));
    const row = await orderRow(orderId);
    expect([row.orderStatus, row.csrArtPrepared]).toEqual(['NEEDS_ART_APPROVAL', true]);
    expect(await logCount(orderId, 'Artwork approval requested')).toBe(1);
  });

  it('cancel against Complete Production on PRODUCTION_READY: one winner, cancelled XOR confirmed', async () => {
    for (let k = 0; k < 6; k++) {
      const { orderId } = await order('PRODUCTION_READY');
      const jobs = shuffle([
        ...(['VENDOR', 'ADMIN', 'CSR'] as const).map(
          (role) => () => call(`cancel ${role}`, 'PUT', `/orders/cancel-order/${orderId}`, role),
        ),
        ...(['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT'] as const).map(
          (role) => () => call(`complete ${role}`, 'POST', `/orders/${orderId}/complete-production`, role),
        ),
      ]);
      const answers = await Promise.all(jobs.map((job) => job()));
      expectSane(answers, `order ${orderId}`);
      expect(codes(answers), `order ${orderId} (RACE_SEED=${SEED})`).toEqual(oneWinner(6));
      const winner = answers.find((a) => a.statusCode === 200)!;
      const row = await orderRow(orderId);
      const cancelled = row.cancelled && row.orderStatus === 'PRODUCTION_READY';
      const confirmed = !row.cancelled && row.orderStatus === 'PRODUCTION_CONFIRMED';
      expect(
        cancelled !== confirmed,
        `order ${orderId}: ${row.orderStatus}, cancelled ${row.cancelled}`,
      ).toBe(true);
      expect(winner.what.startsWith('cancel')).toBe(cancelled);
      expect(await logCount(orderId, 'Order cancelled')).toBe(cancelled ? 1 : 0);
      expect(await logCount(orderId, 'Production completed')).toBe(cancelled ? 0 : 1);
    }
  });

  it('parallel artwork uploads to one line: versions 1..n, no gaps, no duplicates', async () => {
    for (const [artwork, before] of [
      [{ status: 'NEEDS_UPLOAD' }, 0],
      [{ status: 'REJECTED', versions: 2 }, 2],
    ] as const) {
      const { orderId, itemIds } = await order('NEEDS_ARTWORK', { artwork: [artwork] });
      const itemId = itemIds[0]!;
      const who: Role[] = ['CSR', 'ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT'];
      const answers = await Promise.all(
        Array.from({ length: N }, (_, i) => uploadArtwork(orderId, itemId, who[i % who.length]!, i)),
      );
      expectSane(answers, `order ${orderId}`);
      expect(codes(answers), `order ${orderId} (RACE_SEED=${SEED})`).toEqual(Array(N).fill(200));
      const versions = await t.db
        .select({ version: s.artworkVersions.version, fileName: s.artworkVersions.fileName })
        .from(s.artworkVersions)
        .where(eq(s.artworkVersions.orderItemId, itemId))
        .orderBy(asc(s.artworkVersions.version));
      expect(versions.map((v) => v.version)).toEqual(Array.from({ length: before + N }, (_, i) => i + 1));
      // Every upload is one of the new versions: none lost, none stored twice.
      expect(
        versions
          .slice(before)
          .map((v) => v.fileName)
          .sort(),
      ).toEqual(Array.from({ length: N }, (_, i) => `race-${i}.pdf`).sort());
      const item = (await t.db.select().from(s.orderItems).where(eq(s.orderItems.id, itemId)))[0]!;
      expect(item.artworkStatus).toBe('UPLOADED');
      expect(item.artworkName).toBe(versions.at(-1)!.fileName);
      expect(await logCount(orderId, 'Artwork uploaded')).toBe(N);
    }
  });
});

describe('the invariant checks', () => {
  it('see a placed order without lines or log, a line whose sizes differ, and a wrong total', async () => {
    const user = await buildUser(t.db, { role: 'VENDOR', vendorIds: [p.vendorId] });
    const base = {
      userId: user.id,
      vendorId: p.vendorId,
      customerId: p.rootsId,
      regionId: p.regionId,
      factoryId: p.factoryId,
    };
    const empty = await buildOrder(t.db, { ...base, status: 'PRODUCTION_READY', items: [] });
    const lines = await buildOrder(t.db, { ...base, status: 'PENDING', items: [{ subcode: subPlain }] });
    await t.db.update(s.orderItems).set({ quantity: 150 }).where(eq(s.orderItems.id, lines.itemIds[0]!));
    const total = await buildOrder(t.db, {
      ...base,
      status: 'PRODUCTION_READY',
      items: [{ subcode: subPlain }],
    });
    await t.db.update(s.orders).set({ totalPrice: '20.01' }).where(eq(s.orders.id, total.orderId));
    await buildOrderParts(t.db, total.orderId, {
      logs: [{ userId: user.id, userName: 'x', description: 'Finance approved' }],
    });
    expect(
      (await orderInvariantViolations(t.db, { placedBy: [user.id], userIds: [user.id] })).sort(),
    ).toEqual(
      [
        `placed order ${empty.orderId} (PRODUCTION_READY) has no lines`,
        `placed order ${empty.orderId} has 0 '${ORDER_PLACED_LOG}' log lines`,
        `order ${empty.orderId}: total price 20.0000 vs lines 0 + charges 0; total cost 10.0000 vs lines 0`,
        `line ${lines.itemIds[0]} of order ${lines.orderId}: quantity 150 but its sizes add up to 200`,
        `placed order ${total.orderId} has 0 '${ORDER_PLACED_LOG}' log lines`,
        `order ${total.orderId}: total price 20.0100 vs lines 20.0000 + charges 0; total cost 10.0000 vs lines 10.0000`,
      ].sort(),
    );
    await buildOrderParts(t.db, total.orderId, {
      logs: [{ userId: user.id, userName: 'x', description: ORDER_PLACED_LOG }],
    });
    expect(await orderInvariantViolations(t.db, { placedBy: [user.id], userIds: [user.id] })).toContain(
      `placed order ${total.orderId}: first log line is 'Finance approved', not '${ORDER_PLACED_LOG}'`,
    );
  });
});
