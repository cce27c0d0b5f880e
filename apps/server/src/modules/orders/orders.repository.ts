/**
 * All SQL of the order list and order details. Callers pass the scope condition (orders.scope.ts)
 * so that no query here can reach an order the user may not see.
 */
import { and, asc, desc, eq, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db';
import {
  currencies,
  customers,
  factories,
  minValues,
  orderCharges,
  orderDocuments,
  orderItemSizes,
  orderItems,
  orderLogs,
  orders,
  productItems,
  productionRegions,
  productSubcodes,
  vendors,
} from '../../platform/db/schema';

type Q = Db | Tx;

/** "alias"."column" of a schema column, so that a sub-select names exactly the table it means. */
const col = (alias: string, column: AnyPgColumn) => sql.raw(`"${alias}"."${column.name}"`);
const from = (table: PgTable, alias: string) => sql.raw(`"${getTableName(table)}" "${alias}"`);

/**
 * Names and currency codes of the order row `o` (the alias of `orders` or of a page of it) as
 * scalar look-ups by primary key. Scalar sub-selects, rather than eight left joins, keep
 * PostgreSQL's planning time small (planning a nine-table join costs more than running the page)
 * and run only for the rows of the page.
 * Currencies: the order's own price/cost currency (set at placing); else the vendor's currency for
 * prices and the factory's (then the price currency) for costs.
 */
function lookups(o: string) {
  const vendorCurrency = sql`(select ${col('v', vendors.currencyTypeId)} from ${from(vendors, 'v')} where ${col('v', vendors.id)} = ${col(o, orders.vendorId)})`;
  const factoryCurrency = sql`(select ${col('f', factories.currencyTypeId)} from ${from(factories, 'f')} where ${col('f', factories.id)} = ${col(o, orders.factoryId)})`;
  const priceCurrencyId = sql`coalesce(${col(o, orders.priceCurrencyId)}, ${vendorCurrency})`;
  const costCurrencyId = sql`coalesce(${col(o, orders.costCurrencyId)}, ${factoryCurrency}, ${priceCurrencyId})`;
  const code = (id: SQL) =>
    sql<
      string | null
    >`(select ${col('cur', currencies.code)} from ${from(currencies, 'cur')} where ${col('cur', currencies.id)} = ${id})`;
  return {
    company: sql<
      string | null
    >`(select ${col('v', vendors.companyName)} from ${from(vendors, 'v')} where ${col('v', vendors.id)} = ${col(o, orders.vendorId)})`,
    customer: sql<
      string | null
    >`(select ${col('c', customers.companyName)} from ${from(customers, 'c')} where ${col('c', customers.id)} = ${col(o, orders.customerId)})`,
    productionRegion: sql<
      string | null
    >`(select ${col('r', productionRegions.productionRegionName)} from ${from(productionRegions, 'r')} where ${col('r', productionRegions.id)} = ${col(o, orders.productionRegionId)})`,
    priceCurrency: code(priceCurrencyId),
    costCurrency: code(costCurrencyId),
    /** Id of the price currency (for minimum order values). */
    priceCurrencyId: sql<number | null>`${priceCurrencyId}`,
  };
}

/** The columns of a list entry, taken from the orders table. */
const entryColumns = {
  id: orders.id,
  orderDate: orders.orderDate,
  createdAt: orders.createdAt,
  vendorPO: orders.vendorPO,
  orderStatus: orders.orderStatus,
  financeApproval: orders.financeApproval,
  hasArtwork: orders.hasArtwork,
  cancelled: orders.cancelled,
  totalPrice: orders.totalPrice,
  totalCost: orders.totalCost,
  vendorId: orders.vendorId,
  customerId: orders.customerId,
  productionRegionId: orders.productionRegionId,
  factoryId: orders.factoryId,
  priceCurrencyId: orders.priceCurrencyId,
  costCurrencyId: orders.costCurrencyId,
};

export type OrderListRow = Awaited<ReturnType<typeof ordersRepository.listOrders>>[number];
export type OrderHeaderRow = NonNullable<Awaited<ReturnType<typeof ordersRepository.findOrder>>>;

export const ordersRepository = {
  /**
   * One page of orders matching `where`, newest first (orderDate desc, id desc). The page is cut
   * from `orders` alone (index order, limit/offset), then names and currencies are looked up for
   * its rows only.
   */
  listOrders: (db: Q, where: SQL, limit: number, offset: number) => {
    const page = db
      .select(entryColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(limit)
      .offset(offset)
      .as('page');
    return db
      .select({
        id: page.id,
        orderDate: page.orderDate,
        createdAt: page.createdAt,
        vendorPO: page.vendorPO,
        orderStatus: page.orderStatus,
        financeApproval: page.financeApproval,
        hasArtwork: page.hasArtwork,
        cancelled: page.cancelled,
        totalPrice: page.totalPrice,
        totalCost: page.totalCost,
        ...lookups('page'),
      })
      .from(page)
      .orderBy(desc(page.orderDate), desc(page.id));
  },

  /** Number of orders matching `where`. */
  countOrders: async (db: Q, where: SQL) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where))[0]?.n ?? 0,

  /** The order with this id inside `scope`, with its header fields; undefined when none. */
  findOrder: async (db: Q, id: number, scope: SQL) =>
    (
      await db
        .select({
          ...entryColumns,
          ...lookups('orders'),
          csrArtPrepared: orders.csrArtPrepared,
          csrProductionConfirmed: orders.csrProductionConfirmed,
          dateRequested: orders.dateRequested,
          estimatedCompletionDate: orders.estimatedCompletionDate,
          shipAndCompleteDate: orders.shipAndCompleteDate,
          invoiceNumber: orders.invoiceNumber,
          billingAccount: orders.billingAccount,
          billingAddress: orders.billingAddress,
          shippingAddress: orders.shippingAddress,
          contact: orders.contact,
          email: orders.email,
          phone: orders.phone,
          deliveryMethod: orders.deliveryMethod,
          deliveryAccount: orders.deliveryAccount,
          comments: orders.comments,
        })
        .from(orders)
        .where(and(eq(orders.id, id), scope))
        .limit(1)
    )[0],

  /** Lines of an order with their subcode, in the order they were added. */
  listItems: (db: Q, orderId: number) =>
    db
      .select({
        id: orderItems.id,
        productSubcodeId: orderItems.productSubcodeId,
        productSubcode: productSubcodes.productSubcode,
        description: productSubcodes.description,
        packSize: productSubcodes.packSize,
        productImagePath: productSubcodes.productImagePath,
        productImageType: productSubcodes.productImageType,
        productType: orderItems.productType,
        attributes: orderItems.attributes,
        careLabel: orderItems.careLabel,
        poNumber: orderItems.poNumber,
        quantity: orderItems.quantity,
        unitPrice: orderItems.unitPrice,
        unitCost: orderItems.unitCost,
        totalPrice: orderItems.totalPrice,
        totalCost: orderItems.totalCost,
        needsArtwork: orderItems.needsArtwork,
        artworkStatus: orderItems.artworkStatus,
        artworkName: orderItems.artworkName,
        artworkComments: orderItems.artworkComments,
        artworkFinalized: orderItems.artworkFinalized,
      })
      .from(orderItems)
      .innerJoin(productSubcodes, eq(productSubcodes.id, orderItems.productSubcodeId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),

  /** Size rows of the given lines, in the product's size order. */
  listItemSizes: async (db: Q, orderItemIds: number[]) =>
    orderItemIds.length === 0
      ? []
      : db
          .select({
            orderItemId: orderItemSizes.orderItemId,
            size: productItems.productSize,
            quantity: orderItemSizes.quantity,
            attributesItem: orderItemSizes.attributesItem,
            unitPrice: orderItemSizes.unitPrice,
            unitCost: orderItemSizes.unitCost,
          })
          .from(orderItemSizes)
          .innerJoin(productItems, eq(productItems.id, orderItemSizes.productItemId))
          .where(inArray(orderItemSizes.orderItemId, orderItemIds))
          .orderBy(asc(orderItemSizes.orderItemId), asc(productItems.sortKey), asc(productItems.id)),

  /** Minimum order values of the given subcodes in one currency. */
  listMinValues: async (db: Q, productSubcodeIds: number[], currencyId: number) =>
    productSubcodeIds.length === 0
      ? []
      : db
          .select({ productSubcodeId: minValues.productSubcodeId, price: minValues.price })
          .from(minValues)
          .where(
            and(inArray(minValues.productSubcodeId, productSubcodeIds), eq(minValues.currencyId, currencyId)),
          ),

  listCharges: (db: Q, orderId: number) =>
    db
      .select({
        chargeName: orderCharges.chargeName,
        subcode: orderCharges.subcode,
        subCodeDescription: orderCharges.subCodeDescription,
        charge: orderCharges.charge,
        currency: currencies.code,
      })
      .from(orderCharges)
      .innerJoin(currencies, eq(currencies.id, orderCharges.currencyId))
      .where(eq(orderCharges.orderId, orderId))
      .orderBy(asc(orderCharges.id)),

  /** Log lines, oldest first. */
  listLogs: (db: Q, orderId: number) =>
    db
      .select({
        timestamp: orderLogs.timestamp,
        user: orderLogs.userName,
        description: orderLogs.description,
      })
      .from(orderLogs)
      .where(eq(orderLogs.orderId, orderId))
      .orderBy(asc(orderLogs.timestamp), asc(orderLogs.id)),

  listDocuments: (db: Q, orderId: number) =>
    db
      .select({ documentId: orderDocuments.id, name: orderDocuments.name, kind: orderDocuments.kind })
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, orderId))
      .orderBy(asc(orderDocuments.id)),
};
