/**
 * Test factories for orders (ordering §Orders): placed orders and carts with lines, sizes and
 * artwork versions, single lines, and an order's other parts (charges, logs, documents, production
 * POs, packing slips). Every factory takes the test database and returns the ids it made.
 */
import { createHash } from 'node:crypto';
import type { ArtworkStatus, OrderStatus } from '@selvedge/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import * as s from '../../platform/db/schema';
import type { FileStorage } from '../../platform/storage';
import { newStorageKey } from '../../platform/storage';
import { idOfUser, unique } from './parties';
import type { BuiltSubcode } from './products';

export interface BuildArtwork {
  status: ArtworkStatus;
  finalized?: boolean;
  /** Versions to store (files in `storage` when given); the newest gets `status` unless NEEDS_UPLOAD. */
  versions?: number;
  comment?: string;
}

/**
 * A placed order (or a cart with status PENDING) with lines of `subcode`s: each line orders 100 of
 * every size at 0.1000 (cost 0.0500); with `artwork`, lines need artwork in that state (and get
 * versions). Defaults: a unique vendor PO, test contact and addresses, requested 2030-01-15, placed
 * now (a cart: not placed), prices and costs in CAD, totals 20.00 and 10.00, no factory unless
 * `factoryId`. `values` sets any other orders column, and wins over the defaults.
 * Returns `{ orderId, itemIds }` (lines in the order given).
 */
export async function buildOrder(
  db: Db,
  opts: {
    status: OrderStatus;
    userId: number;
    vendorId: number;
    customerId: number;
    regionId: number;
    factoryId?: number;
    items: {
      subcode: Pick<BuiltSubcode, 'subcodeId'> & { items: { id: number }[] };
      artwork?: BuildArtwork;
    }[];
    financeApproval?: boolean;
    cancelled?: boolean;
    csrArtPrepared?: boolean;
    csrProductionConfirmed?: boolean;
    vendorPO?: string;
    storage?: FileStorage;
    values?: Partial<typeof s.orders.$inferInsert>;
  },
) {
  const cad = (await db.select().from(s.currencies).where(eq(s.currencies.code, 'CAD')))[0]!;
  const hasArtwork = opts.items.some((i) => i.artwork);
  const [order] = await db
    .insert(s.orders)
    .values({
      orderStatus: opts.status,
      userId: opts.userId,
      vendorId: opts.vendorId,
      customerId: opts.customerId,
      productionRegionId: opts.regionId,
      factoryId: opts.factoryId ?? null,
      vendorPO: opts.vendorPO ?? `PO-${unique()}`,
      contact: 'Test Contact',
      email: 'contact@factory.test',
      phone: '+1 555 0100',
      dateRequested: '2030-01-15',
      shippingAddress: '1 Test Street, Dhaka',
      billingAddress: '1 Test Street, Dhaka',
      orderDate: opts.status === 'PENDING' ? null : new Date(),
      priceCurrencyId: cad.id,
      costCurrencyId: cad.id,
      financeApproval: opts.financeApproval ?? false,
      financeApprovedAt: opts.financeApproval ? new Date() : null,
      cancelled: opts.cancelled ?? false,
      hasArtwork,
      csrArtPrepared: opts.csrArtPrepared ?? false,
      csrProductionConfirmed: opts.csrProductionConfirmed ?? false,
      totalPrice: '20.00',
      totalCost: '10.00',
      ...opts.values,
    })
    .returning({ id: s.orders.id });
  const orderId = order!.id;
  const itemIds: number[] = [];
  for (const line of opts.items) {
    const quantity = 100 * line.subcode.items.length;
    const art = line.artwork;
    const [item] = await db
      .insert(s.orderItems)
      .values({
        orderId,
        productSubcodeId: line.subcode.subcodeId,
        quantity,
        unitPrice: '0.1000',
        unitCost: '0.0500',
        totalPrice: (quantity * 0.1).toFixed(2),
        totalCost: (quantity * 0.05).toFixed(2),
        needsArtwork: !!art,
        artworkStatus: art?.status ?? null,
        artworkFinalized: art?.finalized ?? false,
        artworkComments: art?.comment ?? null,
      })
      .returning({ id: s.orderItems.id });
    itemIds.push(item!.id);
    await db
      .insert(s.orderItemSizes)
      .values(line.subcode.items.map((i) => ({ orderItemId: item!.id, productItemId: i.id, quantity: 100 })));
    const versions = art && art.status !== 'NEEDS_UPLOAD' ? (art.versions ?? 1) : 0;
    for (let v = 1; v <= versions; v++) {
      const body = Buffer.from(`%PDF-1.4\n% test artwork ${orderId}/${item!.id} v${v}\n%%EOF\n`);
      const key = newStorageKey(`artwork/${orderId}/${item!.id}`);
      await opts.storage?.put(key, body, { contentType: 'application/pdf' });
      const newest = v === versions;
      await db.insert(s.artworkVersions).values({
        orderItemId: item!.id,
        version: v,
        fileName: `artwork-v${v}.pdf`,
        storagePath: key,
        contentType: 'application/pdf',
        size: body.length,
        sha256: createHash('sha256').update(body).digest('hex'),
        uploadedByName: 'Test CSR',
        status: newest ? art!.status : 'REJECTED',
        comment: newest ? (art!.comment ?? null) : 'Earlier version',
      });
    }
    await db
      .update(s.orderItems)
      .set({ artworkName: versions > 0 ? `artwork-v${versions}.pdf` : null })
      .where(eq(s.orderItems.id, item!.id));
  }
  return { orderId, itemIds };
}

/** The cart (PENDING order) of the user with `email`, made with `values` when the user has none. Returns its id. */
export async function cartOf(db: Db, email: string, values: Partial<typeof s.orders.$inferInsert> = {}) {
  const userId = await idOfUser(db, email);
  const existing = (
    await db
      .select({ id: s.orders.id })
      .from(s.orders)
      .where(and(eq(s.orders.userId, userId), eq(s.orders.orderStatus, 'PENDING')))
  )[0];
  if (existing) return existing.id;
  return (
    await db
      .insert(s.orders)
      .values({ userId, orderStatus: 'PENDING', ...values })
      .returning()
  )[0]!.id;
}

/** A size row of a line: its product item and pieces, other order_item_sizes columns as given. */
export type BuildLineSize = Partial<typeof s.orderItemSizes.$inferInsert> & {
  productItemId: number;
  quantity: number;
};

/**
 * A line of `orderId` for `productSubcodeId` with one size row per entry of `sizes` (none: a line
 * without size rows); its quantity
 * defaults to the sum of the sizes' pieces, other order_items columns (attributes, unit prices,
 * artwork, …) to the table's defaults unless given. Returns the line's id.
 */
export async function buildOrderLine(
  db: Db,
  opts: Partial<typeof s.orderItems.$inferInsert> & {
    orderId: number;
    productSubcodeId: number;
    sizes: BuildLineSize[];
  },
) {
  const { sizes, ...values } = opts;
  const [line] = await db
    .insert(s.orderItems)
    .values({ quantity: sizes.reduce((a, x) => a + x.quantity, 0), ...values })
    .returning({ id: s.orderItems.id });
  if (sizes.length)
    await db.insert(s.orderItemSizes).values(sizes.map((x) => ({ orderItemId: line!.id, ...x })));
  return line!.id;
}

/** A row of an order's part without its order; the `Defaulted` columns may be left out. */
type Part<T extends { $inferInsert: object }, Defaulted extends keyof T['$inferInsert']> = Omit<
  T['$inferInsert'],
  'orderId' | Defaulted
> &
  Partial<Pick<T['$inferInsert'], Defaulted>>;

/**
 * An order's other parts, each list written in the order given: `charges` (name and amount, in the
 * order's currency as `currencyId`), `logs` (user name 'Test CSR' and now unless given), `documents`
 * (a PDF at storage key `test/<name>` unless given), `productionPOs` (one factory's PO) and
 * `packingSlips` (VENDOR or PRODUCTION, with its number).
 */
export async function buildOrderParts(
  db: Db,
  orderId: number,
  parts: {
    charges?: Part<typeof s.orderCharges, never>[];
    logs?: Part<typeof s.orderLogs, 'userName'>[];
    documents?: Part<typeof s.orderDocuments, 'storagePath' | 'contentType'>[];
    productionPOs?: Part<typeof s.productionPurchaseOrders, never>[];
    packingSlips?: Part<typeof s.packingSlips, never>[];
  },
) {
  const { charges = [], logs = [], documents = [], productionPOs = [], packingSlips = [] } = parts;
  if (charges.length) await db.insert(s.orderCharges).values(charges.map((c) => ({ ...c, orderId })));
  if (logs.length)
    await db.insert(s.orderLogs).values(logs.map((l) => ({ userName: 'Test CSR', ...l, orderId })));
  if (documents.length) {
    await db.insert(s.orderDocuments).values(
      documents.map((d) => ({
        storagePath: `test/${d.name}`,
        contentType: 'application/pdf',
        ...d,
        orderId,
      })),
    );
  }
  if (productionPOs.length) {
    await db.insert(s.productionPurchaseOrders).values(productionPOs.map((p) => ({ ...p, orderId })));
  }
  if (packingSlips.length)
    await db.insert(s.packingSlips).values(packingSlips.map((p) => ({ ...p, orderId })));
}
