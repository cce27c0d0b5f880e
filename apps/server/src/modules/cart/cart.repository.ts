/** All SQL of the cart (the user's PENDING order), its lines, pricing and placement. */
import type { Tier } from '@selvedge/shared';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import {
  attributeSchemas,
  costTiers,
  currencies,
  customers,
  factories,
  minValues,
  orderCharges,
  orderItemSizes,
  orderItems,
  orders,
  priceTiers,
  productCodes,
  productItems,
  productionRegions,
  productSubcodes,
  users,
  vendorShippingAddresses,
  vendors,
} from '../../platform/db/schema';
import { DEFAULT_PRICE_CURRENCY } from '../orders/orders.readModel';

type Q = Db | Tx;

export type CartRow = typeof orders.$inferSelect;
export type CartPatch = Partial<typeof orders.$inferInsert>;

const isCart = (userId: number) => and(eq(orders.userId, userId), eq(orders.orderStatus, 'PENDING'));

export const cartRepository = {
  /** The user's cart (PENDING order); undefined when none. */
  findCart: async (db: Q, userId: number): Promise<CartRow | undefined> =>
    (await db.select().from(orders).where(isCart(userId)).limit(1))[0],

  /**
   * The user's cart, row-locked until the transaction ends (select … for update): every change of
   * the cart and placing it take this lock, so they run one after another.
   */
  lockCart: async (tx: Tx, userId: number): Promise<CartRow | undefined> =>
    (await tx.select().from(orders).where(isCart(userId)).limit(1).for('update'))[0],

  /** Creates the user's cart unless one exists (one cart per user: unique partial index). */
  insertCartIfMissing: (tx: Tx, values: typeof orders.$inferInsert) =>
    tx
      .insert(orders)
      .values({ ...values, orderStatus: 'PENDING' })
      .onConflictDoNothing({ target: orders.userId, where: sql`order_status = 'PENDING'` }),

  /** True when the user has placed at least one order (any status but PENDING). */
  hasPlacedOrder: async (db: Q, userId: number) =>
    (
      await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, userId), ne(orders.orderStatus, 'PENDING')))
        .limit(1)
    ).length > 0,

  updateOrder: (db: Q, orderId: number, patch: CartPatch) =>
    db
      .update(orders)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(orders.id, orderId)),

  /** A vendor with the code of its currency. */
  vendorWithCurrency: async (db: Q, vendorId: number) =>
    (
      await db
        .select({
          id: vendors.id,
          companyName: vendors.companyName,
          currencyId: vendors.currencyTypeId,
          billingAddress: vendors.billingAddress,
          billingAccountNumber: vendors.billingAccountNumber,
          preferredShippingMethod: vendors.preferredShippingMethod,
          deliveryAccountNumber: vendors.deliveryAccountNumber,
        })
        .from(vendors)
        .where(eq(vendors.id, vendorId))
        .limit(1)
    )[0],

  userContact: async (db: Q, userId: number) =>
    (
      await db
        .select({ contactName: users.contactName, email: users.email, telephone: users.telephone })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1)
    )[0],

  currencyByCode: async (db: Q, code: string) =>
    (await db.select().from(currencies).where(eq(currencies.code, code)).limit(1))[0],

  /** The currency with the lowest id (fallback when USD is missing from the reference data). */
  firstCurrency: async (db: Q) =>
    (await db.select().from(currencies).orderBy(asc(currencies.id)).limit(1))[0],

  /**
   * The house currency: what a cart without a vendor is priced in (DEFAULT_PRICE_CURRENCY, else the
   * first currency of the reference data); undefined only without any currency.
   */
  houseCurrency: async (db: Q) =>
    (await cartRepository.currencyByCode(db, DEFAULT_PRICE_CURRENCY)) ??
    (await cartRepository.firstCurrency(db)),

  /** Product items with their subcode, customer, factory and region: what a new line is checked against. */
  productItemsForLine: (db: Q, ids: number[]) =>
    db
      .select({
        productItemId: productItems.id,
        productSize: productItems.productSize,
        productType: productItems.productType,
        active: productItems.active,
        itemAttributeSchemaId: productItems.attributeSchemaId,
        productSubcodeId: productSubcodes.id,
        productSubcode: productSubcodes.productSubcode,
        packSize: productSubcodes.packSize,
        minOrderQuantity: productSubcodes.minOrderQuantity,
        subcodeAttributeSchemaId: productSubcodes.attributeSchemaId,
        customerId: productSubcodes.customerId,
        customerName: customers.companyName,
        factoryId: productSubcodes.factoryId,
        productionRegionId: factories.productionRegionId,
        productionRegionName: productionRegions.productionRegionName,
      })
      .from(productItems)
      .innerJoin(productSubcodes, eq(productSubcodes.id, productItems.productSubcodeId))
      .innerJoin(customers, eq(customers.id, productSubcodes.customerId))
      .leftJoin(factories, eq(factories.id, productSubcodes.factoryId))
      .leftJoin(productionRegions, eq(productionRegions.id, factories.productionRegionId))
      .where(inArray(productItems.id, ids)),

  attributeSchemaFields: async (db: Q, ids: number[]) => {
    if (ids.length === 0) return new Map<number, (typeof attributeSchemas.$inferSelect)['attributeFields']>();
    const rows = await db
      .select({ id: attributeSchemas.id, attributeFields: attributeSchemas.attributeFields })
      .from(attributeSchemas)
      .where(inArray(attributeSchemas.id, ids));
    return new Map(rows.map((r) => [r.id, r.attributeFields]));
  },

  /** Names of a customer and a production region (for the cart-scope message). */
  scopeNames: async (db: Q, customerId: number, productionRegionId: number) => {
    const [c] = await db
      .select({ name: customers.companyName })
      .from(customers)
      .where(eq(customers.id, customerId));
    const [r] = await db
      .select({ name: productionRegions.productionRegionName })
      .from(productionRegions)
      .where(eq(productionRegions.id, productionRegionId));
    return {
      customerName: c?.name ?? `customer ${customerId}`,
      productionRegionName: r?.name ?? `region ${productionRegionId}`,
    };
  },

  countLines: async (db: Q, orderId: number) =>
    (await db.select({ n: count() }).from(orderItems).where(eq(orderItems.orderId, orderId)))[0].n,

  /** A line of the given order; undefined when it is not there. */
  findLine: async (db: Q, orderId: number, orderItemId: number) =>
    (
      await db
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.id, orderItemId), eq(orderItems.orderId, orderId)))
        .limit(1)
    )[0],

  insertLine: async (
    tx: Tx,
    line: {
      orderId: number;
      productSubcodeId: number;
      attributes: Record<string, string>;
      careLabel: Record<string, unknown> | null;
      quantity: number;
    },
  ) =>
    (
      await tx
        .insert(orderItems)
        .values({ ...line, productType: 'STANDARD' })
        .returning({ id: orderItems.id })
    )[0].id,

  updateLine: (
    tx: Tx,
    orderItemId: number,
    patch: {
      attributes: Record<string, string>;
      careLabel: Record<string, unknown> | null;
      quantity: number;
    },
  ) => tx.update(orderItems).set(patch).where(eq(orderItems.id, orderItemId)),

  deleteLine: (tx: Tx, orderItemId: number) => tx.delete(orderItems).where(eq(orderItems.id, orderItemId)),

  /** Replaces the size rows of a line. */
  replaceSizes: async (
    tx: Tx,
    orderItemId: number,
    sizes: { productItemId: number; quantity: number; attributesItem: Record<string, string> }[],
  ) => {
    await tx.delete(orderItemSizes).where(eq(orderItemSizes.orderItemId, orderItemId));
    if (sizes.length > 0) await tx.insert(orderItemSizes).values(sizes.map((s) => ({ ...s, orderItemId })));
  },

  /** The lines of an order with what pricing needs, in the order they were added. */
  pricingLines: (db: Q, orderId: number) =>
    db
      .select({
        orderItemId: orderItems.id,
        productSubcodeId: orderItems.productSubcodeId,
        quantity: orderItems.quantity,
        unitPrice: orderItems.unitPrice,
        unitCost: orderItems.unitCost,
        productSubcode: productSubcodes.productSubcode,
        description: productSubcodes.description,
        productCode: productCodes.productCode,
        customerId: productSubcodes.customerId,
        factoryId: productSubcodes.factoryId,
        factoryCurrencyId: factories.currencyTypeId,
        productionRegionId: factories.productionRegionId,
      })
      .from(orderItems)
      .innerJoin(productSubcodes, eq(productSubcodes.id, orderItems.productSubcodeId))
      .innerJoin(productCodes, eq(productCodes.id, productSubcodes.productCodeId))
      .leftJoin(factories, eq(factories.id, productSubcodes.factoryId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),

  /** Price and cost tiers of subcodes (all currencies), by subcode. */
  tiersOf: async (db: Q, subcodeIds: number[]) => {
    const prices = new Map<number, Tier[]>();
    const costs = new Map<number, Tier[]>();
    if (subcodeIds.length === 0) return { prices, costs };
    for (const [table, into] of [
      [priceTiers, prices],
      [costTiers, costs],
    ] as const) {
      const rows = await db
        .select({
          subcodeId: table.productSubcodeId,
          quantity: table.quantity,
          price: table.price,
          currency: currencies.code,
        })
        .from(table)
        .innerJoin(currencies, eq(currencies.id, table.currencyId))
        .where(inArray(table.productSubcodeId, subcodeIds));
      for (const r of rows) {
        const list = into.get(r.subcodeId) ?? [];
        list.push({ quantity: r.quantity, price: r.price, currency: r.currency });
        into.set(r.subcodeId, list);
      }
    }
    return { prices, costs };
  },

  /** Minimum order values of subcodes in one currency, by subcode. */
  minValuesOf: async (db: Q, subcodeIds: number[], currencyId: number): Promise<Map<number, string>> => {
    if (subcodeIds.length === 0) return new Map();
    const rows = await db
      .select({ subcodeId: minValues.productSubcodeId, price: minValues.price })
      .from(minValues)
      .where(and(inArray(minValues.productSubcodeId, subcodeIds), eq(minValues.currencyId, currencyId)));
    return new Map(rows.map((r) => [r.subcodeId, r.price]));
  },

  /** Stores the unit price and cost of a line on the line and on each of its sizes, and its totals. */
  setLinePricing: async (
    tx: Tx,
    orderItemId: number,
    p: { unitPrice: string | null; unitCost: string | null; totalPrice: string; totalCost: string },
  ) => {
    await tx.update(orderItems).set(p).where(eq(orderItems.id, orderItemId));
    await tx
      .update(orderItemSizes)
      .set({ unitPrice: p.unitPrice, unitCost: p.unitCost })
      .where(eq(orderItemSizes.orderItemId, orderItemId));
  },

  chargesOf: (db: Q, orderId: number) =>
    db
      .select({
        chargeName: orderCharges.chargeName,
        productSubcodeId: orderCharges.productSubcodeId,
        subcode: orderCharges.subcode,
        subCodeDescription: orderCharges.subCodeDescription,
        charge: orderCharges.charge,
        currencyId: orderCharges.currencyId,
      })
      .from(orderCharges)
      .where(eq(orderCharges.orderId, orderId))
      .orderBy(asc(orderCharges.id)),

  replaceCharges: async (
    tx: Tx,
    orderId: number,
    charges: {
      chargeName: string;
      productSubcodeId: number;
      subcode: string;
      subCodeDescription: string;
      charge: string;
    }[],
    currencyId: number,
  ) => {
    await tx.delete(orderCharges).where(eq(orderCharges.orderId, orderId));
    if (charges.length > 0) {
      await tx.insert(orderCharges).values(charges.map((c) => ({ ...c, orderId, currencyId })));
    }
  },

  /** Product items of an order that are no longer orderable (inactive), with their subcode. */
  inactiveItemsOf: (db: Q, orderId: number) =>
    db
      .select({
        productItemId: productItems.id,
        productSize: productItems.productSize,
        productSubcode: productSubcodes.productSubcode,
      })
      .from(orderItemSizes)
      .innerJoin(orderItems, eq(orderItems.id, orderItemSizes.orderItemId))
      .innerJoin(productItems, eq(productItems.id, orderItemSizes.productItemId))
      .innerJoin(productSubcodes, eq(productSubcodes.id, productItems.productSubcodeId))
      .where(and(eq(orderItems.orderId, orderId), eq(productItems.active, false))),

  /** Marks the lines whose subcode needs artwork (NEEDS_UPLOAD); answers how many. */
  markArtworkLines: async (tx: Tx, orderId: number) => {
    const rows = await tx
      .update(orderItems)
      .set({ needsArtwork: true, artworkStatus: 'NEEDS_UPLOAD' })
      .where(
        and(
          eq(orderItems.orderId, orderId),
          inArray(
            orderItems.productSubcodeId,
            tx
              .select({ id: productSubcodes.id })
              .from(productSubcodes)
              .where(eq(productSubcodes.artworkRequired, true)),
          ),
        ),
      )
      .returning({ id: orderItems.id });
    return rows.length;
  },

  shippingAddresses: (db: Q, vendorId: number) =>
    db
      .select({ optionName: vendorShippingAddresses.optionName, address: vendorShippingAddresses.address })
      .from(vendorShippingAddresses)
      .where(eq(vendorShippingAddresses.vendorId, vendorId))
      .orderBy(asc(vendorShippingAddresses.optionName), asc(vendorShippingAddresses.id)),
};
