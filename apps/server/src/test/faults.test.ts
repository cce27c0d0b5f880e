/**
 * Faults (part of the standing suite run by npm test): the server process is killed (SIGKILL) in
 * the middle of a burst of writes, restarted on the same database, and nothing is half-written.
 *
 * The real server runs as a child process on a scratch PostgreSQL database with the demo data.
 * Several vendor users add lines, save headers and place orders over HTTP while demo staff complete
 * production, cancel, approve and ship orders built for the purpose; the process is killed while
 * requests are in flight, twice. After each restart:
 * - every write the server acknowledged (a 200) is there: placed orders, added lines, actions;
 * - the order invariants hold (test/invariants.ts): no placed order without lines or without its
 *   first 'Order placed' log line, no line whose sizes differ from its quantity, no user with two
 *   carts, order totals equal lines plus charges;
 * - every action either happened completely (status, flag, log line, packing slips) or not at all;
 * - the API still works: the old token is still valid, users sign in, list orders, place an order.
 *
 * Only with TEST_DATABASE_URL (PostgreSQL): PGlite inside a killed process is not a durability test.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { earliestDateRequested, ORDER_PLACED_LOG, type OrderStatus } from '@selvedge/shared';
import dayjs from 'dayjs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createScratchDatabase, type Database, openDatabase } from '../platform/db';
import * as s from '../platform/db/schema';
import { DEMO_PASSWORD } from '../seed/demo';
import { buildOrder, buildSubcode, buildUser, demoParties } from './factories';
import { DEMO_EMAILS } from './harness';
import { orderInvariantViolations } from './invariants';
import { postgresOnlySuite } from './postgresOnly';
import { type ServerProcess, startServerProcess } from './serverProcess';

const { serverUrl: SERVER_URL, suite } = postgresOnlySuite(
  'faults.test.ts',
  'killing a process that holds an embedded PGlite database tests PGlite, not the server.',
);

const VENDOR_USERS = 4;
const KILLS = 2;

let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let database: Database | undefined;
let server: ServerProcess | undefined;
let dataDir = '';

/** The server's environment: the same database and data folder on every start. */
const serverEnv = () => ({
  DATABASE_URL: scratch!.url,
  DATA_DIR: dataDir,
  DEMO_DATA: 'always',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  JWT_SECRET: 'faults-test-secret-faults-test-secret-42',
});

interface Answer {
  status: number;
  body: string;
}
/** One HTTP call; `null` when no answer came (the server was killed). */
async function http(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  token?: string,
  body?: object,
): Promise<Answer | null> {
  try {
    const res = await fetch(`${server!.base}/api/v1.0${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: res.status, body: await res.text() };
  } catch {
    return null;
  }
}
async function login(email: string): Promise<string> {
  const res = await http('POST', '/auth/login', undefined, { email, password: DEMO_PASSWORD });
  if (res?.status !== 200) throw new Error(`login ${email}: ${res?.status} ${res?.body}`);
  return (JSON.parse(res.body) as { access_token: string }).access_token;
}

interface Vendor {
  id: number;
  email: string;
  token: string;
  shippingAddress: string;
}
interface Staff {
  ADMIN: string;
  CSR: string;
  ACCOUNT: string;
  FINANCE: string;
  FACTORY_ACCOUNT: string;
}

/** What the server acknowledged during one burst. */
interface Acks {
  places: { userId: number; orderId: number }[];
  lines: number[];
  actions: { orderId: number; action: string }[];
  /** Answers of 500 and above, or a 4xx without a message. */
  bad: string[];
  answered: number;
  lost: number;
}

let p: Awaited<ReturnType<typeof demoParties>>;
let sub: Awaited<ReturnType<typeof buildSubcode>>;
let demoVendorId = 0;
let vendors: Vendor[] = [];
let staff: Staff;

const line = () => ({
  productType: 'STANDARD',
  quantities: Object.fromEntries(sub.items.map((i) => [String(i.id), 10])),
  attributes: {},
});
const dateRequested = () => dayjs(earliestDateRequested()).add(3, 'day').format('YYYY-MM-DD');
const header = (v: Vendor, po: string) => ({
  vendorPO: po,
  shippingAddress: v.shippingAddress,
  dateRequested: dateRequested(),
  phone: '+1 555 0142',
});

/** Notes an answer: lost, bad (5xx, or 4xx without a message), or counted. */
function note(acks: Acks, what: string, res: Answer | null): res is Answer {
  if (!res) {
    acks.lost++;
    return false;
  }
  acks.answered++;
  let message: unknown;
  try {
    message = (JSON.parse(res.body) as { message?: unknown }).message;
  } catch {
    message = undefined;
  }
  if (res.status >= 500 || (res.status >= 400 && (typeof message !== 'string' || message === '')))
    acks.bad.push(`${what}: ${res.status} ${res.body}`);
  return true;
}

/** A vendor user's loop: adds, a header save and two places at once, until `stop`. */
async function vendorLoop(v: Vendor, acks: Acks, stop: () => boolean) {
  for (let round = 0; !stop(); round++) {
    const add = async () => {
      const res = await http('POST', '/orders', v.token, line());
      if (note(acks, `add by ${v.email}`, res) && res.status === 200)
        acks.lines.push((JSON.parse(res.body) as { orderItemId: number }).orderItemId);
    };
    const save = async () => {
      const res = await http('PUT', '/orders/cart', v.token, header(v, `KILL-${v.id}-${round}`));
      note(acks, `header by ${v.email}`, res);
    };
    const place = async () => {
      const res = await http('PUT', '/orders/place?termsAndConditions=true', v.token);
      if (note(acks, `place by ${v.email}`, res) && res.status === 200) {
        const { orderId } = JSON.parse(res.body) as { orderId: number };
        if (orderId > 0) acks.places.push({ userId: v.id, orderId });
      }
    };
    await Promise.all([add(), add(), save(), place(), place()]);
  }
}

interface Target {
  orderId: number;
  start: OrderStatus;
}
/** Workflow actions on the targets, three orders at a time, several calls on each at once. */
async function workflowLoop(targets: Target[], acks: Acks, stop: () => boolean) {
  const act = async (t: Target, action: string, method: 'POST' | 'PUT', path: string, token: string) => {
    const res = await http(method, path, token);
    if (note(acks, `${action} of ${t.orderId}`, res) && res.status === 200)
      acks.actions.push({ orderId: t.orderId, action });
  };
  const calls = (t: Target) => {
    const id = t.orderId;
    if (t.start === 'PRODUCTION_READY')
      return [
        act(t, 'complete', 'POST', `/orders/${id}/complete-production`, staff.ADMIN),
        act(t, 'complete', 'POST', `/orders/${id}/complete-production`, staff.CSR),
        act(t, 'cancel', 'PUT', `/orders/cancel-order/${id}`, staff.ACCOUNT),
      ];
    if (t.start === 'PRODUCTION_CONFIRMED')
      return [
        act(t, 'approve', 'POST', `/orders/${id}/approve-finance`, staff.FINANCE),
        act(t, 'approve', 'POST', `/orders/${id}/approve-finance`, staff.FACTORY_ACCOUNT),
      ];
    return [
      act(t, 'ship', 'POST', `/orders/${id}/ship-and-complete`, staff.CSR),
      act(t, 'ship', 'POST', `/orders/${id}/ship-and-complete`, staff.ADMIN),
    ];
  };
  for (let i = 0; i < targets.length && !stop(); i += 3)
    await Promise.all(targets.slice(i, i + 3).flatMap(calls));
}

/** Orders for the workflow actions of one burst (built in the database, as by the factories). */
async function buildTargets(): Promise<Target[]> {
  const targets: Target[] = [];
  const plan: [OrderStatus, number, boolean][] = [
    ['PRODUCTION_READY', 12, false],
    ['PRODUCTION_CONFIRMED', 6, false],
    ['READY_TO_SHIP', 6, true],
  ];
  for (const [status, n, financeApproval] of plan) {
    for (let i = 0; i < n; i++) {
      const { orderId } = await buildOrder(database!.db, {
        status,
        userId: demoVendorId,
        vendorId: p.vendorId,
        customerId: p.rootsId,
        regionId: p.regionId,
        factoryId: p.factoryId,
        items: [{ subcode: sub }],
        financeApproval,
      });
      targets.push({ orderId, start: status });
    }
  }
  return targets.sort(() => Math.random() - 0.5);
}

/** Every target either took its action completely or not at all. */
async function workflowViolations(targets: Target[]): Promise<string[]> {
  const db = database!.db;
  const ids = targets.map((t) => t.orderId);
  const rows = new Map(
    (await db.select().from(s.orders).where(inArray(s.orders.id, ids))).map((r) => [r.id, r]),
  );
  const logs = await db
    .select({ orderId: s.orderLogs.orderId, description: s.orderLogs.description })
    .from(s.orderLogs)
    .where(inArray(s.orderLogs.orderId, ids));
  const slips = await db
    .select({ orderId: s.packingSlips.orderId })
    .from(s.packingSlips)
    .where(inArray(s.packingSlips.orderId, ids));
  const out: string[] = [];
  for (const t of targets) {
    const o = rows.get(t.orderId)!;
    const count = (prefix: string) =>
      logs.filter((l) => l.orderId === t.orderId && l.description.startsWith(prefix)).length;
    const state = `order ${t.orderId} (from ${t.start}: ${o.orderStatus}, cancelled ${o.cancelled}, finance ${o.financeApproval})`;
    const expectCount = (prefix: string, n: number) => {
      if (count(prefix) !== n) out.push(`${state} has ${count(prefix)} '${prefix}' log lines, not ${n}`);
    };
    if (t.start === 'PRODUCTION_READY') {
      const completed = o.orderStatus !== 'PRODUCTION_READY';
      if (o.cancelled && completed) out.push(`${state} is cancelled and completed`);
      if (completed && o.orderStatus !== 'PRODUCTION_CONFIRMED') out.push(`${state} moved too far`);
      expectCount('Production completed', completed ? 1 : 0);
      expectCount('Order cancelled', o.cancelled ? 1 : 0);
    } else if (t.start === 'PRODUCTION_CONFIRMED') {
      if (o.financeApproval !== (o.orderStatus === 'READY_TO_SHIP')) out.push(`${state}: approval half done`);
      expectCount('Finance approved', o.financeApproval ? 1 : 0);
    } else {
      const shipped = o.orderStatus === 'COMPLETE_AND_SHIPPED';
      if (!shipped && o.orderStatus !== 'READY_TO_SHIP') out.push(`${state} moved elsewhere`);
      if (shipped !== (o.shipAndCompleteDate != null)) out.push(`${state}: ship date half written`);
      expectCount('Shipped and completed', shipped ? 1 : 0);
      const n = slips.filter((x) => x.orderId === t.orderId).length;
      // One VENDOR slip and one PRODUCTION slip for the one factory.
      if (n !== (shipped ? 2 : 0)) out.push(`${state} has ${n} packing slips`);
    }
  }
  return out;
}

/** Every acknowledged write is in the database. */
async function lostAcks(acks: Acks): Promise<string[]> {
  const db = database!.db;
  const out: string[] = [];
  if (acks.places.length > 0) {
    const rows = await db
      .select({ id: s.orders.id, userId: s.orders.userId, status: s.orders.orderStatus })
      .from(s.orders)
      .where(
        inArray(
          s.orders.id,
          acks.places.map((a) => a.orderId),
        ),
      );
    for (const a of acks.places) {
      const r = rows.find((x) => x.id === a.orderId);
      if (!r || r.userId !== a.userId || r.status === 'PENDING')
        out.push(`place of order ${a.orderId} answered 200 but it is ${r ? r.status : 'missing'}`);
    }
  }
  if (acks.lines.length > 0) {
    const found = new Set(
      (
        await db
          .select({ id: s.orderItems.id })
          .from(s.orderItems)
          .where(inArray(s.orderItems.id, acks.lines))
      ).map((r) => r.id),
    );
    for (const id of acks.lines) if (!found.has(id)) out.push(`line ${id} answered 200 but is missing`);
  }
  for (const a of acks.actions) {
    const o = (await db.select().from(s.orders).where(eq(s.orders.id, a.orderId)))[0]!;
    const done =
      (a.action === 'complete' && !o.cancelled && o.orderStatus === 'PRODUCTION_CONFIRMED') ||
      (a.action === 'cancel' && o.cancelled) ||
      (a.action === 'approve' && o.financeApproval) ||
      (a.action === 'ship' && o.orderStatus === 'COMPLETE_AND_SHIPPED');
    if (!done) out.push(`${a.action} of order ${a.orderId} answered 200 but the order is ${o.orderStatus}`);
  }
  return out;
}

suite('SIGKILL during a burst of writes, then a restart', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(
      SERVER_URL!,
      `selvedge_faults_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
    );
    dataDir = mkdtempSync(join(tmpdir(), 'selvedge-faults-'));
    server = await startServerProcess(serverEnv());
    // The server has migrated and loaded the demo data; the test adds its rows beside it.
    database = await openDatabase({ url: scratch.url, poolSize: 4 });
    const db = database.db;
    p = await demoParties(db);
    demoVendorId = (await db.select().from(s.users).where(eq(s.users.email, DEMO_EMAILS.VENDOR)))[0]!.id;
    sub = await buildSubcode(db, { customerId: p.rootsId, factoryId: p.factoryId });
    for (let i = 0; i < VENDOR_USERS; i++) {
      const u = await buildUser(db, { role: 'VENDOR', vendorIds: [p.vendorId] });
      const token = await login(u.email);
      const res = await http('GET', '/orders/shipping-addresses', token);
      const { addresses } = JSON.parse(res!.body) as { addresses: { address: string }[] };
      vendors.push({ id: u.id, email: u.email, token, shippingAddress: addresses[0]!.address });
    }
    staff = {
      ADMIN: await login(DEMO_EMAILS.ADMIN),
      CSR: await login(DEMO_EMAILS.CSR),
      ACCOUNT: await login(DEMO_EMAILS.ACCOUNT),
      FINANCE: await login(DEMO_EMAILS.FINANCE),
      FACTORY_ACCOUNT: await login(DEMO_EMAILS.FACTORY_ACCOUNT),
    };
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await database?.close();
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    vendors = [];
  });

  it(`is killed ${KILLS} times mid-burst; acknowledged writes survive, the invariants hold, the API works`, async () => {
    const placedBy = vendors.map((v) => v.id);
    for (let kill = 1; kill <= KILLS; kill++) {
      const targets = await buildTargets();
      // Every vendor starts with a cart that can be placed, so the burst surely places orders.
      for (const v of vendors) {
        expect((await http('POST', '/orders', v.token, line()))?.status).toBe(200);
        expect((await http('PUT', '/orders/cart', v.token, header(v, `READY-${kill}`)))?.status).toBe(200);
      }
      const acks: Acks = { places: [], lines: [], actions: [], bad: [], answered: 0, lost: 0 };
      let stopped = false;
      const stop = () => stopped;
      const burst = Promise.all([
        ...vendors.map((v) => vendorLoop(v, acks, stop)),
        workflowLoop(targets, acks, stop),
      ]);
      // Kill once the burst is well under way, at a point that differs from run to run: the loops
      // start no new round, and the requests of the rounds under way are cut off.
      const killAfter = 60 + Math.floor(Math.random() * 60);
      const deadline = Date.now() + 20_000;
      while (acks.answered < killAfter && acks.lost === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
      stopped = true;
      expect(server!.running(), `the server died before the kill:\n${server!.output.join('\n')}`).toBe(true);
      await server!.stop('SIGKILL');
      await burst;
      const context = `kill ${kill}: ${acks.answered} answered, ${acks.lost} without answer`;
      expect(acks.lost, `${context}: the kill caught no request in flight`).toBeGreaterThan(0);
      expect(acks.bad, context).toEqual([]);
      expect(acks.places.length, `${context}: no order was placed before the kill`).toBeGreaterThan(0);

      server = await startServerProcess(serverEnv());
      expect(await lostAcks(acks), context).toEqual([]);
      expect(await orderInvariantViolations(database!.db, { placedBy }), context).toEqual([]);
      expect(await workflowViolations(targets), context).toEqual([]);

      // The API works: an old token, a new sign-in, the order list, a new order placed.
      const v = vendors[kill % vendors.length]!;
      const oldToken = await http('GET', '/orders/cart-status', v.token);
      expect(oldToken?.status, `the token from before the kill: ${oldToken?.body}`).toBe(200);
      for (const a of acks.places.filter((x) => x.userId === v.id).slice(-3)) {
        const list = await http('GET', `/orders?orderNumber=${a.orderId}`, v.token);
        expect(list?.status, list?.body).toBe(200);
        const { orders } = JSON.parse(list!.body) as { orders: { orderId: number }[] };
        expect(orders.map((o) => o.orderId)).toEqual([a.orderId]);
      }
      v.token = await login(v.email);
      const list = await http('GET', '/orders?size=20', v.token);
      expect(list?.status, list?.body).toBe(200);
      expect((JSON.parse(list!.body) as { orders: unknown[] }).orders.length).toBeGreaterThan(0);
      expect((await http('POST', '/orders', v.token, line()))?.status).toBe(200);
      expect((await http('PUT', '/orders/cart', v.token, header(v, `AFTER-KILL-${kill}`)))?.status).toBe(200);
      const placed = await http('PUT', '/orders/place?termsAndConditions=true', v.token);
      expect(placed?.status, placed?.body).toBe(200);
      const { orderId } = JSON.parse(placed!.body) as { orderId: number };
      expect(orderId).toBeGreaterThan(0);
      const logs = await database!.db
        .select({ description: s.orderLogs.description })
        .from(s.orderLogs)
        .where(eq(s.orderLogs.orderId, orderId));
      expect(logs.map((l) => l.description)).toEqual([ORDER_PLACED_LOG]);
    }
  }, 90_000);
});
