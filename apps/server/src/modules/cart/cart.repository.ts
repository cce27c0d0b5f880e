/** All SQL of the cart (the user's PENDING order), its lines, pricing and placement. */
import type {
  CareLabel,
  CareLabelType,
  CartHeaderUpdate,
  CustomerCareConfig,
  OrderedVariableData,
  Tier,
} from '@selvedge/shared';
import { and, asc, count, eq, getTableColumns, inArray, ne, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db';
import { compiledSelect, qualified, queryBuilder } from '../../platform/db/compiled';
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
import { orderableAssignments, orderableCustomerOf, type ScopeUser } from '../access/access';
import { customerCareConfigSql } from '../careLabel/careConfig.sql';
import { NEW_PASSPORT_SERIAL } from '../passport/passport.sql';

type Q = Db | Tx;

export type CartRow = typeof orders.$inferSelect;
/** A charge stored on the cart, as re-pricing compares it (amount as decimal text). */
export interface StoredCharge {
  chargeName: string;
  productSubcodeId: number | null;
  charge: string;
}
/** The cart header's columns (PUT /orders/cart, CartHeaderUpdate): each a column of orders. */
type CartHeaderColumn = keyof CartHeaderUpdate;
/**
 * What may be written to a cart's row: its header and what pricing sets (scope, cost currency,
 * totals). Never its status, flags or owner: those change only through the order workflow.
 */
export type CartPatch = Partial<
  Pick<
    typeof orders.$inferInsert,
    | CartHeaderColumn
    | 'customerId'
    | 'productionRegionId'
    | 'factoryId'
    | 'costCurrencyId'
    | 'totalPrice'
    | 'totalCost'
  >
>;

// 'PENDING' as a literal: the one-cart index is partial on it, and a prepared statement's generic plan
// can use that index only when the predicate is written as the index's (preparedStatements.ts).
const isCart = (userId: number | Placeholder) =>
  and(eq(orders.userId, userId), sql`${orders.orderStatus} = 'PENDING'`);

// Placing's look-ups, built once (decision 0026: Drizzle building a query's text on every call).
const cartOf = compiledSelect(['userId'], (p) =>
  queryBuilder.select().from(orders).where(isCart(p.userId)).limit(1),
);
const lockedCartOf = compiledSelect(['userId'], (p) =>
  queryBuilder.select().from(orders).where(isCart(p.userId)).limit(1).for('update'),
);
// Placing's lock reads, with the cart, the things its checks look up (decision 0031: each statement
// of placing wakes a PostgreSQL backend): the saved addresses, whether the customer is orderable and,
// only when a line carries a care label, the customer's care configuration (-3/-4, decision 0043).
const lockedCartForPlacingOf = compiledSelect(
  ['userId', 'all', 'customerIds', 'vendorIds', 'factoryIds', 'regionIds'],
  (p) =>
    queryBuilder
      .select({
        ...getTableColumns(orders),
        savedAddresses: sql<string[]>`(
          select coalesce(json_agg(${vendorShippingAddresses.address}), '[]') from ${vendorShippingAddresses}
          where ${vendorShippingAddresses.vendorId} = ${qualified(orders.vendorId)})`,
        customerOrderable: orderableCustomerOf(orders.customerId, p),
        careConfig: sql<CustomerCareConfig | null>`case when exists (
          select 1 from ${orderItems} where ${orderItems.orderId} = ${qualified(orders.id)}
          and ${orderItems.careLabel} is not null) then ${customerCareConfigSql(orders.customerId)} end`,
      })
      .from(orders)
      .where(isCart(p.userId))
      .limit(1)
      .for('update'),
);

/** A line's subcode's tiers of `table` (price_tiers or cost_tiers), all currencies, as Tier JSON. */
const tiersOfSubcode = (table: typeof priceTiers | typeof costTiers) => sql<Tier[]>`(
    select coalesce(json_agg(json_build_object('quantity', t.quantity, 'price', t.price::text,
      'currency', c.code) order by c.code, t.quantity), '[]')
    from ${table} t join ${currencies} c on c.id = t.currency_id
    where t.product_subcode_id = ${orderItems.productSubcodeId})`;

const priceCurrency = alias(currencies, 'price_currency');
const costCurrency = alias(currencies, 'cost_currency');
const pricingLinesOf = compiledSelect(['orderId'], (p) =>
  queryBuilder
    .select({
      orderItemId: orderItems.id,
      productSubcodeId: orderItems.productSubcodeId,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      unitCost: orderItems.unitCost,
      totalPrice: orderItems.totalPrice,
      totalCost: orderItems.totalCost,
      productSubcode: productSubcodes.productSubcode,
      description: productSubcodes.description,
      productCode: productCodes.productCode,
      careLabel: orderItems.careLabel,
      careLabelType: sql<CareLabelType | null>`${productSubcodes.careLabelType}`,
      rfid: productSubcodes.rfid,
      customerId: productSubcodes.customerId,
      factoryId: productSubcodes.factoryId,
      factoryCurrencyId: factories.currencyTypeId,
      productionRegionId: factories.productionRegionId,
      priceCurrency: priceCurrency.code,
      costCurrency: costCurrency.code,
      inactiveSize: sql<string | null>`(
          select ${productItems.productSize} from ${orderItemSizes}
          join ${productItems} on ${productItems.id} = ${orderItemSizes.productItemId}
          where ${orderItemSizes.orderItemId} = ${orderItems.id} and not ${productItems.active}
          order by ${orderItemSizes.id} limit 1)`,
      // The cart's stored charges with its lines (one statement fewer for every re-pricing).
      storedCharges: sql<StoredCharge[]>`(
          select coalesce(json_agg(json_build_object('chargeName', ${orderCharges.chargeName},
            'productSubcodeId', ${orderCharges.productSubcodeId}, 'charge', ${orderCharges.charge}::text)
            order by ${orderCharges.id}), '[]')
          from ${orderCharges} where ${orderCharges.orderId} = ${p.orderId})`,
      // What prices the line (its subcode's price and cost tiers in every currency, its minimum order
      // value in the order's price currency) with the line: one statement fewer per re-pricing.
      priceTiers: tiersOfSubcode(priceTiers),
      costTiers: tiersOfSubcode(costTiers),
      minValue: sql<string | null>`(
          select ${minValues.price}::text from ${minValues}
          where ${minValues.productSubcodeId} = ${orderItems.productSubcodeId}
            and ${minValues.currencyId} = ${orders.priceCurrencyId})`,
      // The line's artwork as placing marks it (artworkAtPlacing): no statement of its own to read it.
      artworkRequired: productSubcodes.artworkRequired,
      artworkStatus: orderItems.artworkStatus,
      artworkFinalized: orderItems.artworkFinalized,
      sizesPriced: sql<boolean>`not exists (
          select from ${orderItemSizes} where ${orderItemSizes.orderItemId} = ${orderItems.id}
          and (${orderItemSizes.unitPrice}, ${orderItemSizes.unitCost})
            is distinct from (${orderItems.unitPrice}, ${orderItems.unitCost}))`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(productSubcodes, eq(productSubcodes.id, orderItems.productSubcodeId))
    .innerJoin(productCodes, eq(productCodes.id, productSubcodes.productCodeId))
    .leftJoin(factories, eq(factories.id, productSubcodes.factoryId))
    .leftJoin(priceCurrency, eq(priceCurrency.id, orders.priceCurrencyId))
    .leftJoin(costCurrency, eq(costCurrency.id, factories.currencyTypeId))
    .where(eq(orderItems.orderId, p.orderId))
    .orderBy(asc(orderItems.id)),
);

const chargesOfOrder = compiledSelect(['orderId'], (p) =>
  queryBuilder
    .select({
      chargeName: orderCharges.chargeName,
      productSubcodeId: orderCharges.productSubcodeId,
      charge: orderCharges.charge,
    })
    .from(orderCharges)
    .where(eq(orderCharges.orderId, p.orderId))
    .orderBy(asc(orderCharges.id)),
);

const shippingAddressesOf = compiledSelect(['vendorId'], (p) =>
  queryBuilder
    .select({ optionName: vendorShippingAddresses.optionName, address: vendorShippingAddresses.address })
    .from(vendorShippingAddresses)
    .where(eq(vendorShippingAddresses.vendorId, p.vendorId))
    .orderBy(asc(vendorShippingAddresses.optionName), asc(vendorShippingAddresses.id)),
);

/**
 * A size row of a line: pieces of a product item; VARIABLE_DATA and DYNAMIC rows also name the
 * uploaded row and keep its data (docs/decisions/0051).
 */
export interface LineSize {
  productItemId: number;
  quantity: number;
  attributesItem: Record<string, string>;
  variableDataRowId?: number | null;
  variableData?: OrderedVariableData | null;
}

/** A product item's stock and what of it a cart holds (cartRepository.sizeStock). Pieces. */
export interface SizeStock {
  productItemId: number;
  hasInventory: boolean;
  currentInventory: number;
  inventoryMax: number;
  defaultOrderQuantity: number;
  inCart: number;
}

export const cartRepository = {
  /** The user's cart (PENDING order); undefined when none. */
  findCart: async (db: Q, userId: number): Promise<CartRow | undefined> => (await cartOf(db, { userId }))[0],

  /**
   * The user's cart, row-locked until the transaction ends (select … for update): every change of
   * the cart and placing it take this lock, so they run one after another.
   */
  lockCart: async (tx: Tx, userId: number): Promise<CartRow | undefined> =>
    (await lockedCartOf(tx, { userId }))[0],

  /**
   * lockCart for placing: the cart of user `userId` with the addresses saved for its vendor
   * (`savedAddresses`) and whether `scope`'s user may order from its customer (`customerOrderable`:
   * the access module's orderableCustomerIds; null when the cart has no customer).
   */
  lockCartForPlacing: async (tx: Tx, userId: number, scope: ScopeUser) =>
    (await lockedCartForPlacingOf(tx, { userId, ...orderableAssignments(scope) }))[0],

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

  /** Writes `patch` to the cart `orderId`; a placed order (not PENDING) is left as it is. */
  updateCart: (db: Q, orderId: number, patch: CartPatch) =>
    db
      .update(orders)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(orders.id, orderId), sql`${orders.orderStatus} = 'PENDING'`)),

  /**
   * Marks the cart `orderId` as a restock order or not (orders.restock: shipping it adds stock,
   * docs/decisions/0039); a placed order is left as it is.
   */
  setRestock: (tx: Tx, orderId: number, restock: boolean) =>
    tx
      .update(orders)
      .set({ restock })
      .where(and(eq(orders.id, orderId), sql`${orders.orderStatus} = 'PENDING'`)),

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

  /** Product items with their subcode, customer, factory and region: what a new line is checked against. */
  productItemsForLine: (db: Q, ids: number[]) =>
    db
      .select({
        productItemId: productItems.id,
        productSize: productItems.productSize,
        productType: productItems.productType,
        active: productItems.active,
        hasInventory: productItems.hasInventory,
        inventoryQuantity: productItems.currentInventory,
        inventoryMax: productItems.maximumInventory,
        itemAttributeSchemaId: productItems.attributeSchemaId,
        productSubcodeId: productSubcodes.id,
        productSubcode: productSubcodes.productSubcode,
        packSize: productSubcodes.packSize,
        minOrderQuantity: productSubcodes.minOrderQuantity,
        subcodeAttributeSchemaId: productSubcodes.attributeSchemaId,
        careLabelType: productSubcodes.careLabelType,
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

  /**
   * The stock of the given product items as the cart's lock sees it (docs/decisions/0056): inventory
   * flag, current and maximum inventory, default order quantity, and the pieces of each the cart
   * `orderId` already holds (`inCart`, all its lines but `exceptOrderItemId`, the line being edited).
   * Read inside the cart's transaction, after its lock, so two changes of one cart never both count
   * the room before the other's line.
   */
  sizeStock: async (tx: Tx, orderId: number, productItemIds: number[], exceptOrderItemId?: number) => {
    if (productItemIds.length === 0) return new Map<number, SizeStock>();
    const inCart = tx
      .select({
        productItemId: orderItemSizes.productItemId,
        quantity: sql<number>`sum(${orderItemSizes.quantity})::int`.as('quantity'),
      })
      .from(orderItemSizes)
      .innerJoin(orderItems, eq(orderItems.id, orderItemSizes.orderItemId))
      .where(
        and(
          eq(orderItems.orderId, orderId),
          inArray(orderItemSizes.productItemId, productItemIds),
          exceptOrderItemId === undefined ? undefined : ne(orderItems.id, exceptOrderItemId),
        ),
      )
      .groupBy(orderItemSizes.productItemId)
      .as('in_cart');
    const rows = await tx
      .select({
        productItemId: productItems.id,
        hasInventory: productItems.hasInventory,
        currentInventory: productItems.currentInventory,
        inventoryMax: productItems.maximumInventory,
        defaultOrderQuantity: productItems.defaultOrderQuantity,
        inCart: sql<number>`coalesce(${inCart.quantity}, 0)`.mapWith(Number),
      })
      .from(productItems)
      .leftJoin(inCart, eq(inCart.productItemId, productItems.id))
      .where(inArray(productItems.id, productItemIds));
    return new Map<number, SizeStock>(rows.map((r) => [r.productItemId, r]));
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
      productType: string;
      productSubcodeId: number;
      attributes: Record<string, string>;
      careLabel: CareLabel | null;
      quantity: number;
      poNumber?: string | null;
      styleNumber?: string | null;
    },
  ) => (await tx.insert(orderItems).values(line).returning({ id: orderItems.id }))[0].id,

  updateLine: (
    tx: Tx,
    orderItemId: number,
    patch: {
      attributes: Record<string, string>;
      careLabel: CareLabel | null;
      quantity: number;
      poNumber?: string | null;
      styleNumber?: string | null;
    },
  ) => tx.update(orderItems).set(patch).where(eq(orderItems.id, orderItemId)),

  deleteLine: (tx: Tx, orderItemId: number) => tx.delete(orderItems).where(eq(orderItems.id, orderItemId)),

  /** Replaces the size rows of a line. */
  replaceSizes: async (tx: Tx, orderItemId: number, sizes: LineSize[]) => {
    await tx.delete(orderItemSizes).where(eq(orderItemSizes.orderItemId, orderItemId));
    if (sizes.length > 0) await tx.insert(orderItemSizes).values(sizes.map((s) => ({ ...s, orderItemId })));
  },

  /**
   * The lines of an order with what pricing and placing need, in the order they were added: the
   * stored unit prices and totals, the codes of the order's price currency and of the factory's
   * (cost) currency, the first inactive size of the line (placing refuses it) and whether every
   * size row carries the line's unit price and cost (when it does and nothing changed, re-pricing
   * writes nothing); each line also carries the order's stored charges (`storedCharges`) and what
   * prices it: `priceTiers` and `costTiers` (its subcode's, every currency; prices as decimal text)
   * and `minValue` (its subcode's minimum order value in the order's price currency, or null).
   */
  pricingLines: (db: Q, orderId: number) => pricingLinesOf(db, { orderId }),

  /**
   * Stores, in one statement, each line's unit price and cost on the line and on its sizes, and
   * its totals; rows already holding those values are left as they are.
   */
  setLinesPricing: async (
    tx: Tx,
    lines: {
      orderItemId: number;
      unitPrice: string | null;
      unitCost: string | null;
      totalPrice: string;
      totalCost: string;
    }[],
  ) => {
    if (lines.length === 0) return;
    const values = sql.join(
      lines.map(
        (l) =>
          sql`(${l.orderItemId}::int, ${l.unitPrice}::numeric, ${l.unitCost}::numeric, ${l.totalPrice}::numeric, ${l.totalCost}::numeric)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      with v (id, unit_price, unit_cost, total_price, total_cost) as (values ${values}),
      line as (
        update ${orderItems} i
        set unit_price = v.unit_price, unit_cost = v.unit_cost, total_price = v.total_price, total_cost = v.total_cost
        from v
        where i.id = v.id
          and (i.unit_price, i.unit_cost, i.total_price, i.total_cost)
            is distinct from (v.unit_price, v.unit_cost, v.total_price, v.total_cost))
      update ${orderItemSizes} s
      set unit_price = v.unit_price, unit_cost = v.unit_cost
      from v
      where s.order_item_id = v.id
        and (s.unit_price, s.unit_cost) is distinct from (v.unit_price, v.unit_cost)`);
  },

  /** The cart's stored charges (the lines carry them too: pricingLines' storedCharges). */
  chargesOf: (db: Q, orderId: number): Promise<StoredCharge[]> => chargesOfOrder(db, { orderId }),

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

  /**
   * Placing's write to its lines, for the placing step's `writes` (one round trip with the status
   * update; no statement of its own, decision 0031): each line keeps `minValue`, its subcode's minimum
   * order value in the price currency as placing priced it (decision 0047: a placed order keeps its
   * charges), and the lines `marked` are marked as needing artwork (needsArtwork, NEEDS_UPLOAD). A
   * care-labelled line gets its product passport (decision 0044): a new random serial and its
   * subcode's GTIN-14 of this moment (a later change of the subcode's GTIN leaves printed links
   * working). One update of each line: two writes of one statement must not update the same row.
   */
  placedLinesOf: (lines: { orderItemId: number; minValue: string | null; marked: boolean }[]) => sql`
    update ${orderItems} i set min_value = v.min_value,
      needs_artwork = i.needs_artwork or v.marked,
      artwork_status = case when v.marked then 'NEEDS_UPLOAD' else i.artwork_status end,
      passport_serial = case when i.care_label is null then null
        else coalesce(i.passport_serial, ${NEW_PASSPORT_SERIAL}) end,
      passport_gtin = case when i.care_label is null then null
        else (select ps.gtin from ${productSubcodes} ps where ps.id = i.product_subcode_id) end
    from unnest(${sql.param(lines.map((l) => l.orderItemId))}::int[],
      ${sql.param(lines.map((l) => l.minValue))}::numeric[],
      ${sql.param(lines.map((l) => l.marked))}::boolean[]) as v(id, min_value, marked)
    where i.id = v.id`,

  shippingAddresses: (db: Q, vendorId: number) => shippingAddressesOf(db, { vendorId }),
};
