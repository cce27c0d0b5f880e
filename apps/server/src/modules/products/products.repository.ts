/** All SQL of product search and product details (ordering §7 Products). */
import type { CareLabelType } from '@selvedge/shared';
import { and, asc, count, eq, exists, inArray, ne, or, sql } from 'drizzle-orm';
import { allOf } from '../../platform/crud';
import { type Db, queries, type Tx } from '../../platform/db';
import {
  attributeSchemas,
  costTiers,
  currencies,
  customers,
  factories,
  minValues,
  orderItemSizes,
  orderItems,
  orders,
  priceTiers,
  productGroups,
  productItems,
  productionRegions,
  productSubcodes,
  userVendors,
  vendors,
} from '../../platform/db/schema';
import { type CustomerScope, customerScopeCondition } from '../access/access';

type Q = Db | Tx;

/** `%text%` for ILIKE, with the pattern characters of the text escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * An active STANDARD or DYNAMIC item of the subcode of the outer query (optionally in a product
 * group): a DYNAMIC product is found as a standard one and opens its own layout (ordering §2 Product
 * details: the answer's productType selects it; decision 0050).
 */
const activeStandardItemOf = (db: Q, productGroupId?: number) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(productItems)
      .where(
        allOf(
          eq(productItems.productSubcodeId, productSubcodes.id),
          eq(productItems.active, true),
          inArray(productItems.productType, ['STANDARD', 'DYNAMIC']),
          productGroupId === undefined ? undefined : eq(productItems.productGroupId, productGroupId),
        ),
      ),
  );

/** The first active STANDARD or DYNAMIC item (by sortKey, then id) of the subcode of the outer query. */
const firstActiveStandardItem = sql<number>`(
  select fi.id from product_items fi
  where fi.product_subcode_id = ${productSubcodes.id} and fi.active and fi.product_type in ('STANDARD', 'DYNAMIC')
  order by fi.sort_key, fi.id limit 1)`;

export interface StandardSearch {
  scope: CustomerScope;
  productionRegionId: number;
  productGroupId?: number;
  search?: string;
  limit: number;
  offset: number;
}

export const productsRepository = {
  productGroupIdByValue: async (db: Q, value: string) =>
    (
      await db
        .select({ id: productGroups.id })
        .from(productGroups)
        .where(eq(productGroups.value, value))
        .limit(1)
    )[0]?.id,

  productionRegionExists: async (db: Q, id: number) =>
    (
      await db
        .select({ id: productionRegions.id })
        .from(productionRegions)
        .where(eq(productionRegions.id, id))
        .limit(1)
    ).length > 0,

  /**
   * STANDARD search: one row per subcode of a customer in scope, made by a factory of the region,
   * with an active STANDARD item (in the group, when given), whose subcode or description contains
   * the text (when given). Ordered by subcode; one page plus the total count.
   */
  searchStandard: async (db: Q, q: StandardSearch) => {
    const where = allOf(
      eq(factories.productionRegionId, q.productionRegionId),
      customerScopeCondition(productSubcodes.customerId, q.scope),
      activeStandardItemOf(db, q.productGroupId),
      q.search === undefined
        ? undefined
        : or(
            sql`${productSubcodes.productSubcode} ilike ${containsPattern(q.search)}`,
            sql`${productSubcodes.description} ilike ${containsPattern(q.search)}`,
          ),
    );
    const [rows, total] = await Promise.all([
      db
        .select({
          productItemId: firstActiveStandardItem.mapWith(Number),
          productSubcode: productSubcodes.productSubcode,
          description: productSubcodes.description,
          rfid: productSubcodes.rfid,
        })
        .from(productSubcodes)
        .innerJoin(factories, eq(factories.id, productSubcodes.factoryId))
        .where(where)
        .orderBy(asc(productSubcodes.productSubcode), asc(productSubcodes.id))
        .limit(q.limit)
        .offset(q.offset),
      db
        .select({ n: count() })
        .from(productSubcodes)
        .innerJoin(factories, eq(factories.id, productSubcodes.factoryId))
        .where(where),
    ]);
    return { rows, total: Number(total[0]?.n ?? 0) };
  },

  /** Product items by id (any type and state), to resolve the ids of a details call. */
  itemsByIds: (db: Q, ids: number[]) =>
    db
      .select({
        id: productItems.id,
        productSubcodeId: productItems.productSubcodeId,
        productType: productItems.productType,
        active: productItems.active,
      })
      .from(productItems)
      .where(inArray(productItems.id, ids)),

  /** Subcodes with their customer, factory region and the factory's currency (the cost currency). */
  subcodesByIds: (db: Q, ids: number[]) =>
    db
      .select({
        id: productSubcodes.id,
        productSubcode: productSubcodes.productSubcode,
        description: productSubcodes.description,
        minOrderQuantity: productSubcodes.minOrderQuantity,
        packSize: productSubcodes.packSize,
        customerId: productSubcodes.customerId,
        customer: customers.companyName,
        attributeSchemaId: productSubcodes.attributeSchemaId,
        productImagePath: productSubcodes.productImagePath,
        productImageType: productSubcodes.productImageType,
        productionRegionId: factories.productionRegionId,
        costCurrency: currencies.code,
        careLabelType: sql<CareLabelType | null>`${productSubcodes.careLabelType}`,
        rfid: productSubcodes.rfid,
      })
      .from(productSubcodes)
      .innerJoin(customers, eq(customers.id, productSubcodes.customerId))
      .leftJoin(factories, eq(factories.id, productSubcodes.factoryId))
      .leftJoin(currencies, eq(currencies.id, factories.currencyTypeId))
      .where(inArray(productSubcodes.id, ids)),

  /** Active items of the subcodes of one type (STANDARD, or DYNAMIC), by subcode, sortKey, id. */
  activeStandardItems: (db: Q, subcodeIds: number[], productType: 'STANDARD' | 'DYNAMIC' = 'STANDARD') =>
    db
      .select({
        id: productItems.id,
        productSubcodeId: productItems.productSubcodeId,
        productSize: productItems.productSize,
        sortKey: productItems.sortKey,
        defaultOrderQuantity: productItems.defaultOrderQuantity,
        attributeSchemaId: productItems.attributeSchemaId,
        currentInventory: productItems.currentInventory,
        minimumInventory: productItems.minimumInventory,
        maximumInventory: productItems.maximumInventory,
        hasInventory: productItems.hasInventory,
      })
      .from(productItems)
      .where(
        and(
          inArray(productItems.productSubcodeId, subcodeIds),
          eq(productItems.active, true),
          eq(productItems.productType, productType),
        ),
      )
      .orderBy(asc(productItems.productSubcodeId), asc(productItems.sortKey), asc(productItems.id)),

  attributeSchemasByIds: (db: Q, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: attributeSchemas.id, attributeFields: attributeSchemas.attributeFields })
          .from(attributeSchemas)
          .where(inArray(attributeSchemas.id, ids)),

  /** Price tiers of the subcodes (only in `currencyId` when given), by currency code then quantity. */
  priceTiers: (db: Q, subcodeIds: number[], currencyId: number | null) =>
    db
      .select({
        productSubcodeId: priceTiers.productSubcodeId,
        quantity: priceTiers.quantity,
        price: priceTiers.price,
        currency: currencies.code,
      })
      .from(priceTiers)
      .innerJoin(currencies, eq(currencies.id, priceTiers.currencyId))
      .where(
        allOf(
          inArray(priceTiers.productSubcodeId, subcodeIds),
          currencyId === null ? undefined : eq(priceTiers.currencyId, currencyId),
        ),
      )
      .orderBy(asc(currencies.code), asc(priceTiers.quantity)),

  costTiers: (db: Q, subcodeIds: number[]) =>
    db
      .select({
        productSubcodeId: costTiers.productSubcodeId,
        quantity: costTiers.quantity,
        price: costTiers.price,
        currency: currencies.code,
      })
      .from(costTiers)
      .innerJoin(currencies, eq(currencies.id, costTiers.currencyId))
      .where(inArray(costTiers.productSubcodeId, subcodeIds))
      .orderBy(asc(currencies.code), asc(costTiers.quantity)),

  minValues: (db: Q, subcodeIds: number[], currencyId: number) =>
    db
      .select({
        productSubcodeId: minValues.productSubcodeId,
        price: minValues.price,
        currency: currencies.code,
      })
      .from(minValues)
      .innerJoin(currencies, eq(currencies.id, minValues.currencyId))
      .where(and(inArray(minValues.productSubcodeId, subcodeIds), eq(minValues.currencyId, currencyId))),

  /**
   * Pieces of the subcodes and of their items in the user's cart (PENDING order), leaving out the
   * line `excludeOrderItemId`. A line counts its size rows, or its own quantity when it has none.
   */
  cartQuantities: async (db: Q, userId: number, subcodeIds: number[], excludeOrderItemId?: number) => {
    const lineFilter = allOf(
      eq(orders.userId, userId),
      eq(orders.orderStatus, 'PENDING'),
      eq(orders.cancelled, false),
      inArray(orderItems.productSubcodeId, subcodeIds),
      excludeOrderItemId === undefined ? undefined : ne(orderItems.id, excludeOrderItemId),
    );
    const [bySubcode, byItem] = await queries(db, [
      () =>
        db
          .select({
            productSubcodeId: orderItems.productSubcodeId,
            quantity: sql<number>`sum(coalesce(
            (select sum(s.quantity) from order_item_sizes s where s.order_item_id = ${orderItems.id}),
            ${orderItems.quantity}))`.mapWith(Number),
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(lineFilter)
          .groupBy(orderItems.productSubcodeId),
      () =>
        db
          .select({
            productItemId: orderItemSizes.productItemId,
            quantity: sql<number>`sum(${orderItemSizes.quantity})`.mapWith(Number),
          })
          .from(orderItemSizes)
          .innerJoin(orderItems, eq(orderItems.id, orderItemSizes.orderItemId))
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(lineFilter)
          .groupBy(orderItemSizes.productItemId),
    ]);
    return {
      bySubcode: new Map(bySubcode.map((r) => [r.productSubcodeId, r.quantity])),
      byItem: new Map(byItem.map((r) => [r.productItemId, r.quantity])),
    };
  },

  /** A line of the user's own cart (PENDING, not cancelled), with its size rows; undefined otherwise. */
  cartLine: async (db: Q, userId: number, orderItemId: number) => {
    const line = (
      await db
        .select({
          id: orderItems.id,
          productSubcodeId: orderItems.productSubcodeId,
          productType: orderItems.productType,
          attributes: orderItems.attributes,
          careLabel: orderItems.careLabel,
          poNumber: orderItems.poNumber,
          styleNumber: orderItems.styleNumber,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(
          and(
            eq(orderItems.id, orderItemId),
            eq(orders.userId, userId),
            eq(orders.orderStatus, 'PENDING'),
            eq(orders.cancelled, false),
          ),
        )
        .limit(1)
    )[0];
    if (!line) return undefined;
    const sizes = await db
      .select({
        productItemId: orderItemSizes.productItemId,
        quantity: orderItemSizes.quantity,
        attributesItem: orderItemSizes.attributesItem,
      })
      .from(orderItemSizes)
      .where(eq(orderItemSizes.orderItemId, orderItemId))
      .orderBy(asc(orderItemSizes.id));
    return { ...line, sizes };
  },

  /**
   * The price currency of the user: the price currency of the user's cart when it has one (or the
   * currency of the cart's vendor), else the currency of the user's first vendor (lowest id); null
   * for a user without a vendor and without a priced cart.
   */
  priceCurrencyFor: async (db: Q, userId: number): Promise<{ id: number; code: string } | null> => {
    const cart = (
      await db
        .select({ priceCurrencyId: orders.priceCurrencyId, vendorCurrencyId: vendors.currencyTypeId })
        .from(orders)
        .leftJoin(vendors, eq(vendors.id, orders.vendorId))
        .where(and(eq(orders.userId, userId), eq(orders.orderStatus, 'PENDING')))
        .limit(1)
    )[0];
    const cartCurrencyId = cart?.priceCurrencyId ?? cart?.vendorCurrencyId ?? null;
    if (cartCurrencyId !== null) {
      const c = await db
        .select({ id: currencies.id, code: currencies.code })
        .from(currencies)
        .where(eq(currencies.id, cartCurrencyId))
        .limit(1);
      if (c[0]) return c[0];
    }
    const own = await db
      .select({ id: currencies.id, code: currencies.code })
      .from(userVendors)
      .innerJoin(vendors, eq(vendors.id, userVendors.vendorId))
      .innerJoin(currencies, eq(currencies.id, vendors.currencyTypeId))
      .where(eq(userVendors.userId, userId))
      .orderBy(asc(userVendors.vendorId))
      .limit(1);
    return own[0] ?? null;
  },

  /** Product items by id with their customer and whether they are stocked (inventory update). */
  inventoryItems: async (db: Q, ids: number[]) =>
    ids.length === 0
      ? []
      : db
          .select({
            id: productItems.id,
            customerId: productSubcodes.customerId,
            hasInventory: productItems.hasInventory,
          })
          .from(productItems)
          .innerJoin(productSubcodes, eq(productSubcodes.id, productItems.productSubcodeId))
          .where(inArray(productItems.id, ids)),

  /**
   * Sets current inventory per item, in one statement (UPDATE … FROM a VALUES list); bumps the
   * version so an admin form opened before answers 409 instead of writing the old quantity back.
   */
  async setInventories(tx: Q, entries: { id: number; quantity: number }[]) {
    if (entries.length === 0) return;
    const values = sql.join(
      entries.map((e) => sql`(${e.id}::int, ${e.quantity}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      update product_items set current_inventory = v.quantity, version = version + 1
      from (values ${values}) as v(id, quantity)
      where product_items.id = v.id`);
  },
};

export type SubcodeRow = Awaited<ReturnType<typeof productsRepository.subcodesByIds>>[number];
export type ItemRow = Awaited<ReturnType<typeof productsRepository.activeStandardItems>>[number];
