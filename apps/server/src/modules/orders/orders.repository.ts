/**
 * All SQL of the order list and order details. Callers pass the scope condition (orders.scope.ts)
 * so that no query here can reach an order the user may not see.
 */
import type { NeedsActionCondition, NeedsActionStep } from '@selvedge/shared';
import { and, asc, desc, eq, getTableName, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db';
import { anyOf, compiledOnce, compiledSelect, compiledSql, queryBuilder } from '../../platform/db/compiled';
import {
  artworkVersions,
  currencies,
  customers,
  factories,
  minValues,
  openOrderCounts,
  orderCharges,
  orderDocuments,
  orderItemSizes,
  orderItems,
  orderLogs,
  orders,
  packingSlips,
  productCodes,
  productItems,
  productionPurchaseOrders,
  productionRegions,
  productSubcodes,
  userCustomers,
  userFactories,
  userRegions,
  users,
  userVendors,
  vendors,
} from '../../platform/db/schema';
import type { OrderRecord } from './orders.record';

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
  };
}

/**
 * A timestamptz as the ISO 8601 instant Date.toISOString gives (UTC, milliseconds), made by
 * PostgreSQL for answers it builds as text or JSON.
 */
const isoInstant = (instant: SQL) =>
  sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Order flags of a needs-action condition and their columns. */
const FLAG_COLUMNS = {
  financeApproval: orders.financeApproval,
  csrArtPrepared: orders.csrArtPrepared,
  csrProductionConfirmed: orders.csrProductionConfirmed,
} as const;

/**
 * The orders waiting at a needs-action step (rules/needsAction.ts): not cancelled, in one of the
 * step's statuses, with the step's flags.
 */
export function waitingAt(condition: NeedsActionCondition): SQL {
  const flags = Object.entries(condition.flags).map(([flag, value]) =>
    eq(FLAG_COLUMNS[flag as keyof typeof FLAG_COLUMNS], value as boolean),
  );
  return and(
    eq(orders.cancelled, false),
    inArray(orders.orderStatus, [...condition.statuses]),
    ...flags,
  ) as SQL;
}

/**
 * One row of the order list as the database answers it (no mapping in JS): orderDate is the ISO
 * instant of placing (creation for an order without one), the totals are decimal strings.
 */
export interface OrderListRow {
  id: number;
  orderDate: string;
  vendorPO: string | null;
  orderStatus: string;
  financeApproval: boolean;
  hasArtwork: boolean;
  cancelled: boolean;
  totalPrice: string;
  totalCost: string;
  company: string | null;
  customer: string | null;
  productionRegion: string | null;
  priceCurrency: string | null;
  costCurrency: string | null;
}
export type OrderRow = typeof orders.$inferSelect;

/** The order list's columns of the row "orders", compiled once (names as in OrderListRow). */
const LIST_COLUMNS = compiledOnce(
  sql.join(
    [
      sql`${col('orders', orders.id)} as "id"`,
      sql`${isoInstant(sql`coalesce(${col('orders', orders.orderDate)}, ${col('orders', orders.createdAt)})`)} as "orderDate"`,
      sql`${col('orders', orders.vendorPO)} as "vendorPO"`,
      sql`${col('orders', orders.orderStatus)} as "orderStatus"`,
      sql`${col('orders', orders.financeApproval)} as "financeApproval"`,
      sql`${col('orders', orders.hasArtwork)} as "hasArtwork"`,
      sql`${col('orders', orders.cancelled)} as "cancelled"`,
      sql`${col('orders', orders.totalPrice)}::text as "totalPrice"`,
      sql`${col('orders', orders.totalCost)}::text as "totalCost"`,
      ...Object.entries(lookups('orders')).map(
        ([name, expression]) => sql`${expression} as ${sql.identifier(name)}`,
      ),
    ],
    sql`, `,
  ),
);

/**
 * The order list's page query (see ordersRepository.listOrders); exported for the bench's plans.
 * `limit` and `offset` in rows.
 */
export function listOrdersQuery(where: SQL, limit: number, offset: number): SQL {
  return sql`select ${LIST_COLUMNS} from (select ${orders.id} as "pageId", ${orders.orderDate} as "pageDate" from ${orders} where ${where} order by ${orders.orderDate} desc, ${orders.id} desc limit ${limit} offset ${offset}) "page" join ${orders} on ${orders.id} = "page"."pageId" order by "page"."pageDate" desc, "page"."pageId" desc`;
}

// ------------------------------------------------------------ the read model's queries, built once

const itemsOfOrder = compiledSelect(['orderId'], (p) =>
  queryBuilder
    .select({
      id: orderItems.id,
      productSubcodeId: orderItems.productSubcodeId,
      productSubcode: productSubcodes.productSubcode,
      description: productSubcodes.description,
      productCode: productCodes.productCode,
      packSize: productSubcodes.packSize,
      factoryId: productSubcodes.factoryId,
      productImagePath: productSubcodes.productImagePath,
      productImageType: productSubcodes.productImageType,
      productType: orderItems.productType,
      attributes: orderItems.attributes,
      careLabel: orderItems.careLabel,
      poNumber: orderItems.poNumber,
      styleNumber: orderItems.styleNumber,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      unitCost: orderItems.unitCost,
      totalPrice: orderItems.totalPrice,
      totalCost: orderItems.totalCost,
      artworkStatus: orderItems.artworkStatus,
      artworkComments: orderItems.artworkComments,
      artworkFinalized: orderItems.artworkFinalized,
    })
    .from(orderItems)
    .innerJoin(productSubcodes, eq(productSubcodes.id, orderItems.productSubcodeId))
    .innerJoin(productCodes, eq(productCodes.id, productSubcodes.productCodeId))
    .where(eq(orderItems.orderId, p.orderId))
    .orderBy(asc(orderItems.id)),
);

const sizesOfItems = compiledSelect(['orderItemIds'], (p) =>
  queryBuilder
    .select({
      id: orderItemSizes.id,
      orderItemId: orderItemSizes.orderItemId,
      productItemId: orderItemSizes.productItemId,
      size: productItems.productSize,
      quantity: orderItemSizes.quantity,
      attributesItem: orderItemSizes.attributesItem,
      unitPrice: orderItemSizes.unitPrice,
      unitCost: orderItemSizes.unitCost,
    })
    .from(orderItemSizes)
    .innerJoin(productItems, eq(productItems.id, orderItemSizes.productItemId))
    .where(anyOf(orderItemSizes.orderItemId, p.orderItemIds))
    .orderBy(asc(orderItemSizes.orderItemId), asc(productItems.sortKey), asc(productItems.id)),
);

const versionsOfItems = compiledSelect(['orderItemIds'], (p) =>
  queryBuilder
    .select()
    .from(artworkVersions)
    .where(anyOf(artworkVersions.orderItemId, p.orderItemIds))
    .orderBy(asc(artworkVersions.orderItemId), desc(artworkVersions.version)),
);

const minValuesOf = compiledSelect(['productSubcodeIds', 'currencyId'], (p) =>
  queryBuilder
    .select({ productSubcodeId: minValues.productSubcodeId, price: minValues.price })
    .from(minValues)
    .where(
      and(anyOf(minValues.productSubcodeId, p.productSubcodeIds), eq(minValues.currencyId, p.currencyId)),
    ),
);

const partiesOf = compiledSelect(['orderId'], (p) => {
  const priceCurrency = alias(currencies, 'price_currency');
  const costCurrency = alias(currencies, 'cost_currency');
  return queryBuilder
    .select({
      vendorId: vendors.id,
      vendorName: vendors.companyName,
      vendorAddress: vendors.billingAddress,
      vendorNumber: vendors.vendorNumber,
      vendorCurrencyId: vendors.currencyTypeId,
      customerId: customers.id,
      customerName: customers.companyName,
      regionId: productionRegions.id,
      regionName: productionRegions.productionRegionName,
      priceCurrencyId: priceCurrency.id,
      priceCurrency: priceCurrency.code,
      costCurrencyId: costCurrency.id,
      costCurrency: costCurrency.code,
    })
    .from(orders)
    .leftJoin(vendors, eq(vendors.id, orders.vendorId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(productionRegions, eq(productionRegions.id, orders.productionRegionId))
    .leftJoin(
      priceCurrency,
      eq(priceCurrency.id, sql`coalesce(${orders.priceCurrencyId}, ${vendors.currencyTypeId})`),
    )
    .leftJoin(costCurrency, eq(costCurrency.id, orders.costCurrencyId))
    .where(eq(orders.id, p.orderId));
});

const factoriesOf = compiledSelect(['ids'], (p) =>
  queryBuilder
    .select({
      id: factories.id,
      name: factories.name,
      shortCode: factories.shortCode,
      address: factories.address,
      telephone: factories.telephone,
      currency: currencies.code,
    })
    .from(factories)
    .leftJoin(currencies, eq(currencies.id, factories.currencyTypeId))
    .where(anyOf(factories.id, p.ids))
    .orderBy(asc(factories.id)),
);

/** The order-level lists as listsOf answers them (node-postgres and PGlite both parse json). */
interface OrderListsRow {
  charges: OrderRecord['charges'];
  logs: { timestamp: string; user: string; description: string }[];
  documents: { documentId: number; name: string; kind: string }[];
  productionPOs: {
    purchaseOrderId: number;
    productionPO: string;
    factoryId: number;
    createdAt: string;
  }[];
  packingSlips: {
    packingSlipId: number;
    kind: string;
    number: string;
    factoryId: number | null;
    createdAt: string;
  }[];
}

const listsOf = compiledSql<'orderId', OrderListsRow>(['orderId'], (p) => {
  const iso = (column: AnyPgColumn, alias: string) => isoInstant(col(alias, column));
  const list = (build: SQL, rest: SQL, order: SQL) =>
    sql`(select coalesce(json_agg(json_build_object(${build}) order by ${order}), '[]') ${rest})`;
  return sql`select
    ${list(
      sql`'chargeName', ${col('c', orderCharges.chargeName)}, 'subcode', ${col('c', orderCharges.subcode)},
        'subCodeDescription', ${col('c', orderCharges.subCodeDescription)},
        'charge', ${col('c', orderCharges.charge)}::text, 'currency', ${col('cur', currencies.code)}`,
      sql`from ${from(orderCharges, 'c')} join ${from(currencies, 'cur')} on ${col('cur', currencies.id)} = ${col('c', orderCharges.currencyId)}
        where ${col('c', orderCharges.orderId)} = ${p.orderId}`,
      sql`${col('c', orderCharges.id)}`,
    )} as "charges",
    ${list(
      sql`'timestamp', ${iso(orderLogs.timestamp, 'l')}, 'user', ${col('l', orderLogs.userName)},
        'description', ${col('l', orderLogs.description)}`,
      sql`from ${from(orderLogs, 'l')} where ${col('l', orderLogs.orderId)} = ${p.orderId}`,
      sql`${col('l', orderLogs.timestamp)}, ${col('l', orderLogs.id)}`,
    )} as "logs",
    ${list(
      sql`'documentId', ${col('d', orderDocuments.id)}, 'name', ${col('d', orderDocuments.name)},
        'kind', ${col('d', orderDocuments.kind)}`,
      sql`from ${from(orderDocuments, 'd')} where ${col('d', orderDocuments.orderId)} = ${p.orderId}`,
      sql`${col('d', orderDocuments.id)}`,
    )} as "documents",
    ${list(
      sql`'purchaseOrderId', ${col('p', productionPurchaseOrders.id)},
        'productionPO', ${col('p', productionPurchaseOrders.productionPO)},
        'factoryId', ${col('p', productionPurchaseOrders.factoryId)},
        'createdAt', ${iso(productionPurchaseOrders.createdAt, 'p')}`,
      sql`from ${from(productionPurchaseOrders, 'p')} where ${col('p', productionPurchaseOrders.orderId)} = ${p.orderId}`,
      sql`${col('p', productionPurchaseOrders.id)}`,
    )} as "productionPOs",
    ${list(
      sql`'packingSlipId', ${col('s', packingSlips.id)}, 'kind', ${col('s', packingSlips.kind)},
        'number', ${col('s', packingSlips.number)}, 'factoryId', ${col('s', packingSlips.factoryId)},
        'createdAt', ${iso(packingSlips.createdAt, 's')}`,
      sql`from ${from(packingSlips, 's')} where ${col('s', packingSlips.orderId)} = ${p.orderId}`,
      sql`${col('s', packingSlips.id)}`,
    )} as "packingSlips"`;
});

export const ordersRepository = {
  /**
   * One page of orders matching `where`, newest first (orderDate desc, id desc). The page's ids are
   * cut from `orders` alone (index order, limit/offset; with the list indexes of
   * docs/decisions/0019 an index-only scan, so the rows skipped by the offset are never read from
   * the table), then the page's rows are read by id and names and currencies looked up for them only.
   * Written as one SQL text whose fixed part is compiled once and whose rows come back as the
   * database's own objects: Drizzle's query building and row mapping were a fifth of the list's CPU
   * (issue 10).
   */
  listOrders: async (db: Q, where: SQL, limit: number, offset: number): Promise<OrderListRow[]> =>
    (await db.execute(listOrdersQuery(where, limit, offset))).rows as unknown as OrderListRow[],

  /**
   * How many orders inside `scope` wait at each step, from open_order_counts (docs/decisions/0023):
   * that table has the orders table's column names, so under the alias "orders" the scope and the
   * step conditions, written for orders, read it unchanged; each row stands for `orders` orders.
   */
  countWaiting: async (
    db: Q,
    scope: SQL,
    steps: { step: NeedsActionStep; condition: NeedsActionCondition }[],
  ): Promise<Map<NeedsActionStep, number>> => {
    if (steps.length === 0) return new Map();
    const counts = alias(openOrderCounts, getTableName(orders));
    const columns = Object.fromEntries(
      steps.map(({ step, condition }) => [
        step,
        sql<number>`(coalesce(sum(${counts.orders}) filter (where ${waitingAt(condition)}), 0))::int`,
      ]),
    );
    const statuses = [...new Set(steps.flatMap((s) => s.condition.statuses))];
    const [row] = await db
      .select(columns)
      .from(counts)
      .where(and(scope, eq(orders.cancelled, false), inArray(orders.orderStatus, statuses)));
    return new Map(steps.map(({ step }) => [step, Number(row?.[step] ?? 0)]));
  },

  /**
   * Number of orders matching `where`, counted up to `cap` + 1: exact when at most `cap`, else
   * `cap` + 1 ("more than cap"). The work is bounded by the cap whatever the table's size.
   */
  countOrders: async (db: Q, where: SQL, cap: number) => {
    const matching = db
      .select({ one: sql`1`.as('one') })
      .from(orders)
      .where(where)
      .limit(cap + 1)
      .as('matching');
    return (await db.select({ n: sql<number>`count(*)::int` }).from(matching))[0]?.n ?? 0;
  },

  /** The order row with this id inside `scope` (all columns); undefined when none. */
  findOrder: async (db: Q, id: number, scope: SQL) =>
    (
      await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), scope))
        .limit(1)
    )[0],

  /**
   * The order row with this id inside `scope`, locked until the transaction ends (select … for
   * update): every order action takes this lock, so two actions on one order run one after the
   * other and the second sees the first one's result.
   */
  lockOrder: async (tx: Tx, id: number, scope: SQL) =>
    (
      await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), scope))
        .limit(1)
        .for('update')
    )[0],

  /** Artwork status of the lines that need artwork (for the state machine's guards). */
  artworkStates: (db: Q, orderId: number) =>
    db
      .select({
        orderItemId: orderItems.id,
        status: orderItems.artworkStatus,
        artworkFinalized: orderItems.artworkFinalized,
      })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), sql`${orderItems.artworkStatus} is not null`))
      .orderBy(asc(orderItems.id)),

  updateOrder: (tx: Tx, id: number, patch: Partial<typeof orders.$inferInsert>) =>
    tx
      .update(orders)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(orders.id, id)),

  insertLogs: (
    tx: Tx,
    logs: { orderId: number; userId: number | null; userName: string; description: string }[],
  ) =>
    logs.length === 0
      ? Promise.resolve()
      : tx
          .insert(orderLogs)
          .values(logs)
          .then(() => undefined),

  /**
   * Parties of the order (or cart) `orderId` and its currencies, in one statement (issue 10: the
   * details call's statements): vendor, customer and region (null when the order has none), the
   * price currency (the order's, else its vendor's) and the cost currency as id and ISO code.
   */
  parties: async (db: Q, orderId: number) => {
    const [row] = await partiesOf(db, { orderId });
    return {
      vendor:
        row?.vendorId == null
          ? null
          : {
              id: row.vendorId,
              name: row.vendorName as string,
              address: row.vendorAddress,
              vendorNumber: row.vendorNumber,
              currencyId: row.vendorCurrencyId,
            },
      customer: row?.customerId == null ? null : { id: row.customerId, name: row.customerName as string },
      region: row?.regionId == null ? null : { id: row.regionId, name: row.regionName as string },
      priceCurrency:
        row?.priceCurrencyId == null ? null : { id: row.priceCurrencyId, code: row.priceCurrency as string },
      costCurrency:
        row?.costCurrencyId == null ? null : { id: row.costCurrencyId, code: row.costCurrency as string },
    };
  },

  /** Factories by id with their currency code. */
  factoriesByIds: async (db: Q, ids: number[]) => (ids.length === 0 ? [] : factoriesOf(db, { ids })),

  /** ISO codes of currencies by id. */
  currencyCodes: async (db: Q, ids: number[]): Promise<Map<number, string>> => {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: currencies.id, code: currencies.code })
      .from(currencies)
      .where(inArray(currencies.id, ids));
    return new Map(rows.map((r) => [r.id, r.code]));
  },

  currencyIdByCode: async (db: Q, code: string) =>
    (await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, code)).limit(1))[0]
      ?.id ?? null,

  /** Lines of an order with their subcode, in the order they were added. */
  listItems: (db: Q, orderId: number) => itemsOfOrder(db, { orderId }),

  /** Size rows of the given lines, in the product's size order. */
  listItemSizes: async (db: Q, orderItemIds: number[]) =>
    orderItemIds.length === 0 ? [] : sizesOfItems(db, { orderItemIds }),

  /** Artwork versions of the given lines, newest first. */
  listArtworkVersions: async (db: Q, orderItemIds: number[]) =>
    orderItemIds.length === 0 ? [] : versionsOfItems(db, { orderItemIds }),

  /** Minimum order values of the given subcodes in one currency. */
  listMinValues: async (db: Q, productSubcodeIds: number[], currencyId: number) =>
    productSubcodeIds.length === 0 ? [] : minValuesOf(db, { productSubcodeIds, currencyId }),

  /**
   * The order-level lists of an order in one statement (one round trip instead of five; issue 10):
   * charges (in their order of creation, with their currency code), log lines (oldest first),
   * documents, production POs and packing slips (by id). Each list is built by PostgreSQL as JSON,
   * amounts as text (exact) and times as ISO instants, then turned back into the rows' types here.
   */
  orderLists: async (db: Q, orderId: number) => {
    const [row] = await listsOf(db, { orderId });
    if (!row) throw new Error('orderLists: no row');
    return {
      charges: row.charges,
      logs: row.logs.map((l) => ({ ...l, timestamp: new Date(l.timestamp) })),
      documents: row.documents,
      productionPOs: row.productionPOs.map((p) => ({ ...p, createdAt: new Date(p.createdAt) })),
      packingSlips: row.packingSlips.map((p) => ({ ...p, createdAt: new Date(p.createdAt) })),
    };
  },

  // ------------------------------------------------------------ writes of the workflow

  /** The factories that make the lines of an order (their subcodes' factories), by id. */
  lineFactories: (db: Q, orderId: number) =>
    db
      .selectDistinct({ id: factories.id, shortCode: factories.shortCode })
      .from(orderItems)
      .innerJoin(productSubcodes, eq(productSubcodes.id, orderItems.productSubcodeId))
      .innerJoin(factories, eq(factories.id, productSubcodes.factoryId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(factories.id)),

  /** Production POs for the factories not yet covered (idempotent: one per order and factory). */
  insertProductionPOs: (tx: Tx, rows: { orderId: number; factoryId: number; productionPO: string }[]) =>
    rows.length === 0
      ? Promise.resolve()
      : tx
          .insert(productionPurchaseOrders)
          .values(rows)
          .onConflictDoNothing()
          .then(() => undefined),

  insertPackingSlips: (
    tx: Tx,
    rows: { orderId: number; kind: 'VENDOR' | 'PRODUCTION'; factoryId: number | null; number: string }[],
  ) =>
    rows.length === 0
      ? Promise.resolve()
      : tx
          .insert(packingSlips)
          .values(rows)
          .onConflictDoNothing()
          .then(() => undefined),

  /** The line with this id in this order; undefined when none. */
  findItem: async (db: Q, orderId: number, orderItemId: number) =>
    (
      await db
        .select({
          id: orderItems.id,
          productSubcode: productSubcodes.productSubcode,
          artworkStatus: orderItems.artworkStatus,
          artworkFinalized: orderItems.artworkFinalized,
        })
        .from(orderItems)
        .innerJoin(productSubcodes, eq(productSubcodes.id, orderItems.productSubcodeId))
        .where(and(eq(orderItems.orderId, orderId), eq(orderItems.id, orderItemId)))
        .limit(1)
    )[0],

  updateItem: (tx: Tx, orderItemId: number, patch: Partial<typeof orderItems.$inferInsert>) =>
    tx.update(orderItems).set(patch).where(eq(orderItems.id, orderItemId)),

  /** Finalizes the approved artwork of an order's lines (Submit Reviews). */
  finalizeApprovedArtwork: (tx: Tx, orderId: number) =>
    tx
      .update(orderItems)
      .set({ artworkFinalized: true })
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.artworkStatus, 'APPROVED'))),

  /** The newest artwork version of a line; undefined before the first upload. */
  latestArtworkVersion: async (db: Q, orderItemId: number) =>
    (
      await db
        .select()
        .from(artworkVersions)
        .where(eq(artworkVersions.orderItemId, orderItemId))
        .orderBy(desc(artworkVersions.version))
        .limit(1)
    )[0],

  artworkVersion: async (db: Q, orderItemId: number, versionId: number) =>
    (
      await db
        .select()
        .from(artworkVersions)
        .where(and(eq(artworkVersions.orderItemId, orderItemId), eq(artworkVersions.id, versionId)))
        .limit(1)
    )[0],

  insertArtworkVersion: async (tx: Tx, row: typeof artworkVersions.$inferInsert) =>
    (await tx.insert(artworkVersions).values(row).returning({ id: artworkVersions.id }))[0]!.id,

  reviewArtworkVersion: (
    tx: Tx,
    versionId: number,
    review: { status: 'APPROVED' | 'REJECTED'; comment: string; reviewedBy: number; reviewedByName: string },
  ) =>
    tx
      .update(artworkVersions)
      .set({ ...review, reviewedAt: new Date() })
      .where(eq(artworkVersions.id, versionId)),

  // ------------------------------------------------------------ documents

  insertDocument: async (tx: Tx, row: typeof orderDocuments.$inferInsert) =>
    (await tx.insert(orderDocuments).values(row).returning({ id: orderDocuments.id }))[0]!.id,

  findDocument: async (db: Q, orderId: number, documentId: number, kind: 'RELATED' | 'SHIPPING') =>
    (
      await db
        .select()
        .from(orderDocuments)
        .where(
          and(
            eq(orderDocuments.orderId, orderId),
            eq(orderDocuments.id, documentId),
            eq(orderDocuments.kind, kind),
          ),
        )
        .limit(1)
    )[0],

  deleteDocument: (tx: Tx, documentId: number) =>
    tx.delete(orderDocuments).where(eq(orderDocuments.id, documentId)),

  // ------------------------------------------------------------ mail recipients

  /**
   * Active users with mail enabled who act next on an order: users of `roles` assigned to the
   * order's vendor (VENDOR), customer (CSR, FINANCE, ACCOUNT, CUSTOMER) or region/factory
   * (FACTORY_ACCOUNT) — the same assignments that let them see the order.
   */
  recipients: async (
    db: Q,
    o: {
      vendorId: number | null;
      customerId: number | null;
      productionRegionId: number | null;
      factoryId: number | null;
    },
    roles: readonly string[],
  ) => {
    if (roles.length === 0) return [];
    const conditions: SQL[] = [];
    if (roles.includes('VENDOR') && o.vendorId != null) {
      conditions.push(
        sql`(${users.role} = 'VENDOR' and exists (select 1 from ${userVendors} uv where uv.user_id = ${users.id} and uv.vendor_id = ${o.vendorId}))`,
      );
    }
    const customerRoles = roles.filter((r) => ['CSR', 'FINANCE', 'ACCOUNT', 'CUSTOMER'].includes(r));
    if (customerRoles.length > 0 && o.customerId != null) {
      conditions.push(
        sql`(${inArray(users.role, customerRoles)} and exists (select 1 from ${userCustomers} uc where uc.user_id = ${users.id} and uc.customer_id = ${o.customerId}))`,
      );
    }
    if (roles.includes('FACTORY_ACCOUNT')) {
      conditions.push(
        sql`(${users.role} = 'FACTORY_ACCOUNT' and (exists (select 1 from ${userRegions} ur where ur.user_id = ${users.id} and ur.production_region_id = ${o.productionRegionId ?? -1}) or exists (select 1 from ${userFactories} uf where uf.user_id = ${users.id} and uf.factory_id = ${o.factoryId ?? -1})))`,
      );
    }
    if (conditions.length === 0) return [];
    return db
      .select({ id: users.id, email: users.email, name: users.contactName, role: users.role })
      .from(users)
      .where(and(eq(users.active, true), eq(users.emailEnabled, true), or(...conditions)))
      .orderBy(asc(users.id));
  },
};
