/**
 * Test factories: build the rows a test needs in one call instead of raw
 * inserts — users with their assignments, subcodes with sized items and tiers, and orders in any
 * status with lines, sizes and artwork versions. Every factory takes the test database and returns
 * the ids it made; names are unique per call so tests can build as many as they like.
 * `demoParties` finds the demo data's vendors, customers, regions and factories by name.
 */
import { createHash } from 'node:crypto';
import type { ArtworkStatus, OrderStatus, Role } from '@selvedge/shared';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/passwords';
import type { Db } from '../platform/db';
import * as s from '../platform/db/schema';
import type { FileStorage } from '../platform/storage';
import { newStorageKey } from '../platform/storage';
import { DEMO_PASSWORD } from '../seed/demo';

let seq = 0;
const next = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;
let passwordHash: Promise<string> | undefined;

/** Ids of the demo data's parties (by the names in seed/data.ts). */
export async function demoParties(db: Db) {
  const one = async <T>(rows: Promise<T[]>, what: string) => {
    const r = (await rows)[0];
    if (!r) throw new Error(`demo data has no ${what}`);
    return r;
  };
  const vendorOf = (email: string) =>
    one(
      db
        .select({ id: s.userVendors.vendorId })
        .from(s.userVendors)
        .innerJoin(s.users, eq(s.users.id, s.userVendors.userId))
        .where(eq(s.users.email, email)),
      `vendor of ${email}`,
    );
  const customer = (name: string) =>
    one(db.select({ id: s.customers.id }).from(s.customers).where(eq(s.customers.companyName, name)), name);
  const factory = (shortCode: string) =>
    one(
      db
        .select({ id: s.factories.id, regionId: s.factories.productionRegionId })
        .from(s.factories)
        .where(eq(s.factories.shortCode, shortCode)),
      shortCode,
    );
  const [vendor, vendor2, roots, dunnes, dhk] = await Promise.all([
    vendorOf('vendor@example.com'),
    vendorOf('vendor2@example.com'),
    customer('Roots'),
    customer('Dunnes Stores'),
    factory('DHK'),
  ]);
  return {
    vendorId: vendor.id,
    vendor2Id: vendor2.id,
    rootsId: roots.id,
    dunnesId: dunnes.id,
    factoryId: dhk.id,
    regionId: dhk.regionId,
  };
}

/** A user of `role` with the given assignments; password DEMO_PASSWORD. */
export async function buildUser(
  db: Db,
  opts: {
    role: Role;
    email?: string;
    name?: string;
    active?: boolean;
    emailEnabled?: boolean;
    customerIds?: number[];
    vendorIds?: number[];
    factoryIds?: number[];
    regionIds?: number[];
  },
) {
  passwordHash ??= hashPassword(DEMO_PASSWORD);
  const email = opts.email ?? `${opts.role.toLowerCase()}.${next()}@factory.test`;
  const [user] = await db
    .insert(s.users)
    .values({
      email,
      contactName: opts.name ?? `${opts.role} ${next()}`,
      role: opts.role,
      active: opts.active ?? true,
      emailEnabled: opts.emailEnabled ?? true,
      passwordHash: await passwordHash,
      passwordChangedAt: new Date(),
    })
    .returning({ id: s.users.id });
  const id = user!.id;
  const link = async <T>(ids: number[] | undefined, insert: (ids: number[]) => Promise<T>) => {
    if (ids?.length) await insert(ids);
  };
  await link(opts.customerIds, (ids) =>
    db.insert(s.userCustomers).values(ids.map((customerId) => ({ userId: id, customerId }))),
  );
  await link(opts.vendorIds, (ids) =>
    db.insert(s.userVendors).values(ids.map((vendorId) => ({ userId: id, vendorId }))),
  );
  await link(opts.factoryIds, (ids) =>
    db.insert(s.userFactories).values(ids.map((factoryId) => ({ userId: id, factoryId }))),
  );
  await link(opts.regionIds, (ids) =>
    db.insert(s.userRegions).values(ids.map((productionRegionId) => ({ userId: id, productionRegionId }))),
  );
  return { id, email };
}

/** A subcode of `customerId` made by `factoryId`, with sized items and one price and cost tier per currency. */
export async function buildSubcode(
  db: Db,
  opts: {
    customerId: number;
    factoryId: number;
    artworkRequired?: boolean;
    sizes?: string[];
    description?: string;
    price?: string;
    cost?: string;
  },
) {
  const code = next().toUpperCase();
  const [productCode] = await db
    .insert(s.productCodes)
    .values({ productCode: `T-${code}` })
    .returning();
  const [subcode] = await db
    .insert(s.productSubcodes)
    .values({
      productSubcode: `T-${code}-1`,
      description: opts.description ?? `Test label ${code}`,
      customerId: opts.customerId,
      factoryId: opts.factoryId,
      productCodeId: productCode!.id,
      artworkRequired: opts.artworkRequired ?? false,
      packSize: 10,
      minOrderQuantity: 10,
    })
    .returning();
  const currencies = await db.select().from(s.currencies);
  for (const c of currencies) {
    await db.insert(s.priceTiers).values({
      productSubcodeId: subcode!.id,
      quantity: 1,
      price: opts.price ?? '0.1000',
      currencyId: c.id,
    });
    await db
      .insert(s.costTiers)
      .values({ productSubcodeId: subcode!.id, quantity: 1, price: opts.cost ?? '0.0500', currencyId: c.id });
  }
  const items = await db
    .insert(s.productItems)
    .values(
      (opts.sizes ?? ['S', 'M']).map((productSize, i) => ({
        productSubcodeId: subcode!.id,
        productSize,
        sortKey: i + 1,
      })),
    )
    .returning({ id: s.productItems.id, size: s.productItems.productSize });
  return { subcodeId: subcode!.id, productSubcode: subcode!.productSubcode, items };
}

export interface BuildArtwork {
  status: ArtworkStatus;
  finalized?: boolean;
  /** Versions to store (files in `storage` when given); the newest gets `status` unless NEEDS_UPLOAD. */
  versions?: number;
  comment?: string;
}

/**
 * A placed order (or a cart with status PENDING) with lines of `subcode`s: each line orders 100 of
 * every size; with `artwork`, lines need artwork in that state (and get versions).
 */
export async function buildOrder(
  db: Db,
  opts: {
    status: OrderStatus;
    userId: number;
    vendorId: number;
    customerId: number;
    regionId: number;
    factoryId: number;
    items: { subcode: Awaited<ReturnType<typeof buildSubcode>>; artwork?: BuildArtwork }[];
    financeApproval?: boolean;
    cancelled?: boolean;
    csrArtPrepared?: boolean;
    csrProductionConfirmed?: boolean;
    vendorPO?: string;
    storage?: FileStorage;
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
      factoryId: opts.factoryId,
      vendorPO: opts.vendorPO ?? `PO-${next()}`,
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
