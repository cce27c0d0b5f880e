/**
 * The workflow's writes in one statement (orders.workflow.repository.ts updateOrderAndLog; decision 0031): a
 * step's order update with its log lines (in order; none without the order row), and the documents a
 * status brings — production POs and packing slips numbered per factory of the order's lines, in
 * factory order, written once however often the status is entered. Runs on PGlite and PostgreSQL.
 */
import { asc, eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import { buildFactory, buildOrder, buildSubcode, buildUser, demoParties } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { DOCUMENT_NUMBERS } from './orders.workflow';
import { orderWorkflowRepository } from './orders.workflow.repository';

let t: TestApp;
let orderId: number;
let userId: number;
/** The factories of the order's lines, in id order (made in reverse order of their short codes). */
let mills: { id: number; shortCode: string }[];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const p = await demoParties(db);
  const made = [];
  for (const shortCode of ['WFZ', 'WFY']) {
    made.push(
      await buildFactory(db, {
        name: `Workflow Mill ${shortCode}`,
        shortCode,
        address: `${shortCode} Road`,
        telephone: '+880 1',
        regionId: p.regionId,
      }),
    );
  }
  mills = made.sort((a, b) => a.id - b.id);
  // two lines of the second factory, one of the first: one document per factory all the same
  const [first, second] = mills;
  const a = await buildSubcode(db, { customerId: p.rootsId, factoryId: second!.id });
  const b = await buildSubcode(db, { customerId: p.rootsId, factoryId: first!.id });
  const c = await buildSubcode(db, { customerId: p.rootsId, factoryId: second!.id });
  const user = await buildUser(db, { role: 'CSR', customerIds: [p.rootsId] });
  userId = user.id;
  orderId = (
    await buildOrder(db, {
      status: 'NEEDS_ARTWORK',
      userId,
      vendorId: p.vendorId,
      customerId: p.rootsId,
      regionId: p.regionId,
      factoryId: p.factoryId,
      items: [{ subcode: a }, { subcode: b }, { subcode: c }],
    })
  ).orderId;
});

afterAll(async () => t?.close());

/** Takes a step that enters a status twice, with `entered` its writes. */
const enterTwice = async (entered: SQL) => {
  for (let i = 0; i < 2; i++)
    await t.db.transaction((tx) =>
      orderWorkflowRepository.updateOrderAndLog(
        tx,
        orderId,
        {},
        { userId, userName: 'Casey CSR', descriptions: ['entered'] },
        [entered],
      ),
    );
};

describe('workflow writes', () => {
  it('updates the order and writes its log lines in the order given', async () => {
    await t.db.transaction((tx) =>
      orderWorkflowRepository.updateOrderAndLog(
        tx,
        orderId,
        { comments: 'Rush', orderStatus: 'NEEDS_ART_APPROVAL' },
        { userId, userName: 'Casey CSR', descriptions: ['first', 'second', 'third'] },
      ),
    );
    const [order] = await t.db.select().from(s.orders).where(eq(s.orders.id, orderId));
    expect(order).toMatchObject({ comments: 'Rush', orderStatus: 'NEEDS_ART_APPROVAL' });
    const logs = await t.db
      .select({
        userId: s.orderLogs.userId,
        userName: s.orderLogs.userName,
        description: s.orderLogs.description,
      })
      .from(s.orderLogs)
      .where(eq(s.orderLogs.orderId, orderId))
      .orderBy(asc(s.orderLogs.id));
    expect(logs.slice(-3)).toEqual(
      ['first', 'second', 'third'].map((description) => ({ userId, userName: 'Casey CSR', description })),
    );
  });

  it('writes no log line when the order does not exist', async () => {
    const before = await t.db.$count(s.orderLogs);
    await t.db.transaction((tx) =>
      orderWorkflowRepository.updateOrderAndLog(
        tx,
        2_000_000_000,
        { comments: 'x' },
        { userId, userName: 'x', descriptions: ['x'] },
      ),
    );
    expect(await t.db.$count(s.orderLogs)).toBe(before);
  });

  it('writes one production PO per factory of the lines, numbered by its short code, once', async () => {
    await enterTwice(
      orderWorkflowRepository.productionPOsOf(orderId, DOCUMENT_NUMBERS.productionPOPrefix(orderId)),
    );
    const pos = await t.db
      .select({
        factoryId: s.productionPurchaseOrders.factoryId,
        number: s.productionPurchaseOrders.productionPO,
      })
      .from(s.productionPurchaseOrders)
      .where(eq(s.productionPurchaseOrders.orderId, orderId))
      .orderBy(asc(s.productionPurchaseOrders.id));
    expect(pos).toEqual(
      mills.map((m) => ({ factoryId: m.id, number: DOCUMENT_NUMBERS.productionPO(orderId, m.shortCode) })),
    );
    expect(pos.map((p) => p.number)).toEqual(mills.map((m) => `PPO-${orderId}-${m.shortCode}`));
  });

  it("writes the vendor's packing slip and one per factory, numbered by its short code, once", async () => {
    const numbers = {
      vendorNumber: DOCUMENT_NUMBERS.vendorPackingSlip(orderId),
      productionPrefix: DOCUMENT_NUMBERS.productionPackingSlipPrefix(orderId),
    };
    await enterTwice(orderWorkflowRepository.packingSlipsOf(orderId, numbers));
    const slips = await t.db
      .select({
        kind: s.packingSlips.kind,
        factoryId: s.packingSlips.factoryId,
        number: s.packingSlips.number,
      })
      .from(s.packingSlips)
      .where(eq(s.packingSlips.orderId, orderId))
      .orderBy(asc(s.packingSlips.id));
    expect(slips).toEqual([
      { kind: 'VENDOR', factoryId: null, number: `VPS-${orderId}` },
      ...mills.map((m) => ({ kind: 'PRODUCTION', factoryId: m.id, number: `PPS-${orderId}-${m.shortCode}` })),
    ]);
  });
});
