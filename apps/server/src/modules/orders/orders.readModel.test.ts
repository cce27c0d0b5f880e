/**
 * The order read model (orders.readModel.ts) read in one statement: on an order with every kind of
 * part — lines of two subcodes and factories, size rows whose size order differs from their ids,
 * artwork versions, a minimum value in the order's currency (and one in another currency),
 * charges, logs, documents, a production PO of a third factory and a packing slip — the record
 * equals what plain Drizzle selects of each table say it should be; the scope keeps other orders
 * out, and the compiled scope of findPlacedOrderRecord finds what orderScope finds (property test
 * over roles, assignments and orders). Runs on PGlite and PostgreSQL.
 */
import { ROLES } from '@selvedge/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../platform/db/schema';
import {
  buildFactory,
  buildOrder,
  buildOrderParts,
  buildSubcode,
  buildUser,
  currencyId,
  demoParties,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { orderScope } from '../access/access';
import { findOrderRecord, findPlacedOrderRecord, loadOrderRecord } from './orders.readModel';

let t: TestApp;
let orderId: number;
let emptyCartId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const p = await demoParties(db);
  const mills = [];
  for (const shortCode of ['RMA', 'RMB', 'RMC']) {
    mills.push(
      await buildFactory(db, {
        name: `Read Model Mill ${shortCode}`,
        shortCode,
        address: `${shortCode} Road`,
        telephone: '+880 1',
        regionId: p.regionId,
      }),
    );
  }
  const [millA, millB, millC] = mills;
  const a = await buildSubcode(db, {
    customerId: p.rootsId,
    factoryId: millA!.id,
    sizes: ['L', 'S', 'M'],
    minValues: { CAD: '75.5', USD: '60' },
  });
  const b = await buildSubcode(db, { customerId: p.rootsId, factoryId: millB!.id, artworkRequired: true });
  // L was made first (lowest id) but sorts last
  await db.update(s.productItems).set({ sortKey: 9 }).where(eq(s.productItems.id, a.items[0]!.id));
  const cad = await currencyId(db, 'CAD');
  const user = await buildUser(db, { role: 'VENDOR', vendorIds: [p.vendorId] });
  const built = await buildOrder(db, {
    status: 'NEEDS_ART_APPROVAL',
    userId: user.id,
    vendorId: p.vendorId,
    customerId: p.rootsId,
    regionId: p.regionId,
    factoryId: p.factoryId,
    items: [
      { subcode: a },
      { subcode: b, artwork: { status: 'UPLOADED', versions: 3, comment: 'Check colours' } },
    ],
  });
  orderId = built.orderId;
  await db
    .update(s.orderItemSizes)
    .set({ unitPrice: '0.1200', attributesItem: { Colour: 'Navy' } })
    .where(eq(s.orderItemSizes.orderItemId, built.itemIds[0]!));
  // A placed line keeps the minimum order value it was placed with (placing writes it; decision 0047).
  await db.update(s.orderItems).set({ minValue: '75.5' }).where(eq(s.orderItems.id, built.itemIds[0]!));
  await buildOrderParts(db, orderId, {
    charges: [
      {
        chargeName: 'Set-up',
        charge: '25',
        currencyId: cad,
        subcode: 'SU',
        subCodeDescription: 'Set-up fee',
      },
      { chargeName: 'Freight', charge: '12.3456', currencyId: cad },
    ],
    logs: [
      { userName: 'B', description: 'second', timestamp: new Date('2026-01-02T00:00:00.123Z') },
      { userName: 'A', description: 'first', timestamp: new Date('2026-01-01T00:00:00.000Z') },
    ],
    documents: [{ kind: 'RELATED', name: 'spec.pdf', storagePath: 'x/spec', contentType: 'application/pdf' }],
    productionPOs: [{ factoryId: millC!.id, productionPO: `RM-${orderId}` }],
    packingSlips: [{ kind: 'VENDOR', factoryId: null, number: `PS-RM-${orderId}` }],
  });
  const cart = await buildOrder(db, {
    status: 'PENDING',
    userId: user.id,
    vendorId: p.vendorId,
    customerId: p.rootsId,
    regionId: p.regionId,
    factoryId: p.factoryId,
    items: [],
  });
  await db
    .update(s.orders)
    .set({
      vendorId: null,
      customerId: null,
      productionRegionId: null,
      priceCurrencyId: null,
      costCurrencyId: null,
    })
    .where(eq(s.orders.id, cart.orderId));
  emptyCartId = cart.orderId;
});
afterAll(async () => t?.close());

/** The record as plain selects of each table say it should be (the oracle). */
async function expected(id: number) {
  const db = t.db;
  const [order] = await db.select().from(s.orders).where(eq(s.orders.id, id));
  const items = await db
    .select()
    .from(s.orderItems)
    .innerJoin(s.productSubcodes, eq(s.productSubcodes.id, s.orderItems.productSubcodeId))
    .innerJoin(s.productCodes, eq(s.productCodes.id, s.productSubcodes.productCodeId))
    .where(eq(s.orderItems.orderId, id))
    .orderBy(asc(s.orderItems.id));
  const itemIds = items.map((i) => i.order_items.id);
  const sizes = itemIds.length
    ? await db
        .select()
        .from(s.orderItemSizes)
        .innerJoin(s.productItems, eq(s.productItems.id, s.orderItemSizes.productItemId))
        .where(inArray(s.orderItemSizes.orderItemId, itemIds))
        .orderBy(asc(s.productItems.sortKey), asc(s.productItems.id))
    : [];
  const versions = itemIds.length
    ? await db
        .select()
        .from(s.artworkVersions)
        .where(inArray(s.artworkVersions.orderItemId, itemIds))
        .orderBy(desc(s.artworkVersions.version))
    : [];
  const mins = await db
    .select()
    .from(s.minValues)
    .where(eq(s.minValues.currencyId, order!.priceCurrencyId ?? -1));
  const factoryIds = new Set([
    order!.factoryId,
    ...items.map((i) => i.product_subcodes.factoryId),
    ...(
      await db.select().from(s.productionPurchaseOrders).where(eq(s.productionPurchaseOrders.orderId, id))
    ).map((po) => po.factoryId),
  ]);
  const factories = (await db.select().from(s.factories).orderBy(asc(s.factories.id))).filter((f) =>
    factoryIds.has(f.id),
  );
  const codes = new Map((await db.select().from(s.currencies)).map((c) => [c.id, c.code]));
  return {
    lines: items.map(({ order_items: i, product_subcodes: ps, product_codes: pc }) => ({
      orderItemId: i.id,
      productSubcode: ps.productSubcode,
      productCode: pc.productCode,
      factoryId: ps.factoryId,
      unitPrice: i.unitPrice,
      totalPrice: i.totalPrice,
      // as placed for a placed order, today's for the cart (decision 0047)
      minValue:
        order!.orderStatus === 'PENDING'
          ? (mins.find((m) => m.productSubcodeId === ps.id)?.price ?? null)
          : i.minValue,
      artwork:
        i.artworkStatus == null
          ? null
          : {
              status: i.artworkStatus,
              comments: i.artworkComments,
              versions: versions
                .filter((v) => v.orderItemId === i.id)
                .map((v) => ({
                  versionId: v.id,
                  version: v.version,
                  uploadedAt: v.uploadedAt,
                  reviewedAt: v.reviewedAt,
                })),
            },
      sizes: sizes
        .filter((z) => z.order_item_sizes.orderItemId === i.id)
        .map(({ order_item_sizes: z, product_items: pi }) => ({
          orderItemSizeId: z.id,
          size: pi.productSize,
          quantity: z.quantity,
          attributesItem: z.attributesItem,
          unitPrice: z.unitPrice,
          unitCost: z.unitCost,
        })),
    })),
    factories: factories.map((f) => ({
      id: f.id,
      name: f.name,
      shortCode: f.shortCode,
      address: f.address,
      telephone: f.telephone,
      currency: codes.get(f.currencyTypeId) ?? null,
    })),
  };
}

describe('loadOrderRecord (one statement)', () => {
  it('holds every part of the order as the tables have it', async () => {
    const [row] = await t.db.select().from(s.orders).where(eq(s.orders.id, orderId));
    const record = await loadOrderRecord(t.db, row!.id);
    const want = await expected(orderId);

    expect(record.items).toMatchObject(
      want.lines.map(({ artwork, ...line }) => ({
        ...line,
        artwork: artwork && { ...artwork, versions: artwork.versions.map((v) => expect.objectContaining(v)) },
      })),
    );
    expect(record.items[0]!.sizes.map((z) => z.size)).toEqual(['S', 'M', 'L']);
    expect(record.items[0]!.sizes[0]).toMatchObject({
      unitPrice: '0.1200',
      attributesItem: { Colour: 'Navy' },
    });
    expect(record.items[0]!.minValue).toBe('75.5000');
    expect(record.items[1]!.artwork?.versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(record.items[1]!.artwork!.versions[0]!.uploadedAt).toBeInstanceOf(Date);
    expect(record.factories).toEqual(want.factories);
    expect(record.factories.map((f) => f.shortCode)).toEqual(
      expect.arrayContaining(['DHK', 'RMA', 'RMB', 'RMC']),
    );

    expect(record.vendor).toMatchObject({ id: row!.vendorId });
    expect(record.customer?.name).toBe('Roots');
    expect(record.priceCurrency).toBe('CAD');
    expect(record.costCurrency).toBe('CAD');
    expect(record.charges).toEqual([
      {
        chargeName: 'Set-up',
        subcode: 'SU',
        subCodeDescription: 'Set-up fee',
        charge: '25.0000',
        currency: 'CAD',
      },
      { chargeName: 'Freight', subcode: null, subCodeDescription: null, charge: '12.3456', currency: 'CAD' },
    ]);
    expect(record.logs.filter((l) => l.user !== 'Test CSR').map((l) => [l.description, l.timestamp])).toEqual(
      [
        ['first', new Date('2026-01-01T00:00:00.000Z')],
        ['second', new Date('2026-01-02T00:00:00.123Z')],
      ],
    );
    expect(record.documents).toEqual([expect.objectContaining({ name: 'spec.pdf', kind: 'RELATED' })]);
    expect(record.productionPurchaseOrders).toEqual([
      expect.objectContaining({ productionPO: `RM-${orderId}`, createdAt: expect.any(Date) }),
    ]);
    expect(record.packingSlips).toEqual([
      expect.objectContaining({ number: `PS-RM-${orderId}`, kind: 'VENDOR' }),
    ]);
  });

  it('reads an empty cart without parties or currencies', async () => {
    const [row] = await t.db.select().from(s.orders).where(eq(s.orders.id, emptyCartId));
    const record = await loadOrderRecord(t.db, row!.id);
    expect(record).toMatchObject({
      items: [],
      vendor: null,
      customer: null,
      productionRegion: null,
      priceCurrency: 'USD',
      priceCurrencyId: null,
      charges: [],
      logs: [],
      documents: [],
      productionPurchaseOrders: [],
      packingSlips: [],
    });
    expect(record.factories.map((f) => f.id)).toEqual([row!.factoryId]);
  });

  it('finds nothing outside the scope or for an unknown id', async () => {
    const [row] = await t.db.select().from(s.orders).where(eq(s.orders.id, orderId));
    expect(await findOrderRecord(t.db, orderId, eq(s.orders.vendorId, row!.vendorId! + 1))).toBeNull();
    expect((await findOrderRecord(t.db, orderId, eq(s.orders.vendorId, row!.vendorId!)))?.orderId).toBe(
      orderId,
    );
    expect(await findOrderRecord(t.db, 2_000_000_000, sql`true`)).toBeNull();
    await expect(loadOrderRecord(t.db, 2_000_000_000)).rejects.toThrow(/gone/);
  });

  it('finds a placed order exactly when orderScope does, for any role and assignments', async () => {
    const db = t.db;
    const all = await db.select().from(s.orders);
    const pick = (key: 'vendorId' | 'customerId' | 'productionRegionId' | 'factoryId') =>
      fc.subarray([...new Set(all.map((o) => o[key]).filter((id): id is number => id != null)), 999_999]);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          role: fc.constantFrom(...ROLES),
          vendorIds: pick('vendorId'),
          customerIds: pick('customerId'),
          regionIds: pick('productionRegionId'),
          factoryIds: pick('factoryId'),
        }),
        fc.constantFrom(...all.map((o) => o.id)),
        async (user, id) => {
          const inScope =
            (
              await db
                .select({ id: s.orders.id })
                .from(s.orders)
                .where(and(eq(s.orders.id, id), orderScope(user)))
            ).length > 0;
          expect((await findPlacedOrderRecord(db, id, user))?.orderId ?? null).toBe(inScope ? id : null);
        },
      ),
      { numRuns: 150 },
    );
  });
});
