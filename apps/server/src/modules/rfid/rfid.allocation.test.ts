/**
 * Serial allocation (decision 0067): contiguous ranges per GTIN in print order, counters
 * that never go back (a cancelled order's serials are not given again), no serial twice across
 * 1,000 orders and across concurrent placings (PGlite, and PostgreSQL with TEST_DATABASE_URL), the
 * refusals (no GTIN, serials used up) that leave nothing behind.
 */
import { gtin14Of, RFID_MESSAGES, SGTIN96_MAX_SERIAL } from '@selvedge/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import { buildCustomer, buildOrder, buildSubcode, demoParties, idOfUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { allocateRfidSerials, rfidRangesOf } from './rfid.service';

let t: TestApp;
let demo: Awaited<ReturnType<typeof demoParties>>;
let userId: number;
let customerId: number;
let n = 0;
/** A GTIN of the test customer's prefix 0099887 not used before in this run. */
const freshGtin = () =>
  gtin14Of(`00998870${String(Date.now() % 1000).padStart(3, '0')}${String(++n).padStart(2, '0')}`);

beforeAll(async () => {
  t = await createTestApp();
  demo = await demoParties(t.db);
  userId = await idOfUser(t.db, 'vendor@example.com');
  customerId = (await buildCustomer(t.db, { gs1CompanyPrefix: '0099887' })).id;
});
afterAll(() => t?.close());

async function rfidSubcode(
  gtins: (string | null)[],
  values: Partial<typeof s.productSubcodes.$inferInsert> = {},
) {
  return buildSubcode(t.db, {
    customerId,
    factoryId: demo.factoryId,
    rfid: true,
    ...values,
    sizes: gtins.map((gtin, i) => ({ productSize: `S${i}`, gtin })),
  });
}
const order = (subcodes: Awaited<ReturnType<typeof rfidSubcode>>[], cancelled = false) =>
  buildOrder(t.db, {
    status: 'PRODUCTION_READY',
    userId,
    vendorId: demo.vendorId,
    customerId,
    regionId: demo.regionId,
    cancelled,
    items: subcodes.map((subcode) => ({ subcode })),
  });
const allocate = (orderId: number) => t.db.transaction((tx) => allocateRfidSerials(tx, orderId));
const counterOf = async (gtin: string) =>
  (await t.db.select().from(s.rfidSerialCounters).where(eq(s.rfidSerialCounters.gtin, gtin)))[0]?.nextSerial;

describe('RFID serial allocation', () => {
  it('gives each size a contiguous range of its GTIN, in print order, after the previous ones', async () => {
    const [a, b] = [freshGtin(), freshGtin()];
    const one = await rfidSubcode([a, b], { epcFilter: 1 });
    const two = await rfidSubcode([a]);
    const { orderId } = await order([one, two]);
    await allocate(orderId);
    const ranges = await rfidRangesOf(t.db, orderId);
    expect(ranges.map((r) => [r.gtin, r.firstSerial, r.count, r.filter])).toEqual([
      [a, 1, 100, 1],
      [b, 1, 100, 1],
      [a, 101, 100, 3],
    ]);
    expect(ranges.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(await counterOf(a)).toBe(201);
    // The next order goes on from there; a cancelled order's serials stay given.
    const cancelled = await order([two], true);
    await allocate(cancelled.orderId);
    const next = await order([two]);
    await allocate(next.orderId);
    expect((await rfidRangesOf(t.db, next.orderId)).map((r) => r.firstSerial)).toEqual([301]);
  });

  it('never gives a serial twice across 1,000 orders, nor across concurrent placings', async () => {
    const gtin = freshGtin();
    const sub = await rfidSubcode([gtin, gtin]);
    const orderIds: number[] = [];
    for (let i = 0; i < 1000; i++) orderIds.push((await order([sub])).orderId);
    // 20 at a time: on PostgreSQL these are concurrent transactions of the pool.
    for (let i = 0; i < orderIds.length; i += 20) await Promise.all(orderIds.slice(i, i + 20).map(allocate));
    const ranges = await t.db
      .select()
      .from(s.rfidRanges)
      .where(inArray(s.rfidRanges.orderId, orderIds))
      .orderBy(s.rfidRanges.firstSerial);
    expect(ranges).toHaveLength(2000);
    let expected = 1;
    for (const r of ranges) {
      expect(r.firstSerial).toBe(expected);
      expected += r.count;
    }
    expect(await counterOf(gtin)).toBe(200_001);
  }, 120_000);

  it('refuses placing before a counter passes 274,877,906,943, leaving nothing behind', async () => {
    const [full, other] = [freshGtin(), freshGtin()];
    await t.db.insert(s.rfidSerialCounters).values({ gtin: full, nextSerial: SGTIN96_MAX_SERIAL - 98 });
    const sub = await rfidSubcode([other, full]);
    const { orderId } = await order([sub]);
    await expect(allocate(orderId)).rejects.toMatchObject({
      statusCode: 409,
      message: RFID_MESSAGES.serialsExhausted(full),
    });
    expect(await counterOf(full)).toBe(SGTIN96_MAX_SERIAL - 98);
    expect(await counterOf(other)).toBeUndefined();
    expect(await rfidRangesOf(t.db, orderId)).toEqual([]);
    // Exactly the last 99 serials still fit.
    const last = await rfidSubcode([full]);
    const small = await buildOrder(t.db, {
      status: 'PRODUCTION_READY',
      userId,
      vendorId: demo.vendorId,
      customerId,
      regionId: demo.regionId,
      items: [{ subcode: last }],
    });
    await t.db
      .update(s.orderItemSizes)
      .set({ quantity: 99 })
      .where(eq(s.orderItemSizes.orderItemId, small.itemIds[0]!));
    await allocate(small.orderId);
    expect((await rfidRangesOf(t.db, small.orderId))[0]).toMatchObject({
      firstSerial: SGTIN96_MAX_SERIAL - 98,
      count: 99,
    });
    expect(await counterOf(full)).toBe(SGTIN96_MAX_SERIAL + 1);
  });

  it("encodes a care label's garment GTIN and a variable-data row's barcode as GTIN-14", async () => {
    const garment = freshGtin();
    const label = await rfidSubcode([null], { gtin: garment, careLabelType: 'CARELABEL_STANDARD' });
    const ticket = await rfidSubcode([null]);
    const { orderId, itemIds } = await order([label, ticket]);
    // The line's care label and the size's copied row: only their presence decides which GTIN.
    await t.db
      .update(s.orderItems)
      .set({ careLabel: {} as never })
      .where(eq(s.orderItems.id, itemIds[0]!));
    const upc = freshGtin().slice(2); // a UPC-A of the prefix: the GTIN-14 without its two leading zeros
    await t.db
      .update(s.orderItemSizes)
      .set({ variableData: { barcode: upc } as never })
      .where(eq(s.orderItemSizes.orderItemId, itemIds[1]!));
    await allocate(orderId);
    expect((await rfidRangesOf(t.db, orderId)).map((r) => [r.gtin, r.count])).toEqual([
      [garment, 100],
      [`00${upc}`, 100],
    ]);
  });

  it('refuses an RFID size without a GTIN, naming the subcode and the size', async () => {
    const sub = await rfidSubcode([freshGtin(), null]);
    const { orderId } = await order([sub]);
    await expect(allocate(orderId)).rejects.toMatchObject({
      statusCode: 409,
      message: RFID_MESSAGES.noGtin(sub.productSubcode, 'S1'),
    });
    expect(await rfidRangesOf(t.db, orderId)).toEqual([]);
  });
});
