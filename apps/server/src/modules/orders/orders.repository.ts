/**
 * All SQL of the order list and order details. Callers pass the scope condition (orders.scope.ts)
 * so that no query here can reach an order the user may not see.
 */
import type { NeedsActionCondition, NeedsActionStep } from '@selvedge/shared';
import { and, asc, desc, eq, getTableColumns, getTableName, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db';
import { compiledOnce, compiledSelect, queryBuilder } from '../../platform/db/compiled';
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
import type { ArtworkVersionRecord, FactoryRecord, OrderLineRecord, OrderRecord } from './orders.record';
import { orderScopeOf, type ScopeAssignments } from './orders.scope';

type Q = Db | Tx;

/** The factories of an order's lines (order_id, factory_id, short_code), in factory id order. */
const lineFactoriesOf = (orderId: number) => sql`
  select distinct ${orderItems.orderId} as order_id, ${factories.id} as factory_id, ${factories.shortCode} as short_code
  from ${orderItems}
  join ${productSubcodes} on ${productSubcodes.id} = ${orderItems.productSubcodeId}
  join ${factories} on ${factories.id} = ${productSubcodes.factoryId}
  where ${orderItems.orderId} = ${orderId}
  order by factory_id`;

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
 * countWaiting's select list and filter for a set of steps, as SQL text built once per set (each
 * role asks for its own): one count per step, over open_order_counts aliased as "orders" so that
 * the conditions and the scope name its columns as the orders table's. Building them on every call
 * cost the needs-action call most of its CPU (issue 10). The values in them are the rules'
 * constants (statuses, flags), written in as literals; the user's scope stays parameters.
 */
const waitingCountsBySteps = new Map<string, { columns: SQL; filter: SQL }>();
function waitingCounts(steps: { step: NeedsActionStep; condition: NeedsActionCondition }[]) {
  const key = JSON.stringify(steps);
  let built = waitingCountsBySteps.get(key);
  if (!built) {
    const counts = alias(openOrderCounts, getTableName(orders));
    const columns = steps.map(
      ({ step, condition }) =>
        sql`(coalesce(sum(${counts.orders}) filter (where ${waitingAt(condition)}), 0))::int as ${sql.identifier(step)}`,
    );
    const statuses = [...new Set(steps.flatMap((s) => s.condition.statuses))];
    built = {
      columns: compiledOnce(sql`${sql.join(columns, sql`, `)}`.inlineParams()),
      filter: compiledOnce(
        sql`${and(eq(orders.cancelled, false), inArray(orders.orderStatus, statuses))}`.inlineParams(),
      ),
    };
    waitingCountsBySteps.set(key, built);
  }
  return built;
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
  /** How many orders match, counted up to the query's count cap + 1 (the same on every row). */
  matchCount: number;
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
 * The order list's page and count in one statement (see ordersRepository.listOrders); exported for
 * the bench's plans. `limit` and `offset` in rows; the orders matching `where` are counted up to
 * `countCap` + 1. The matching orders are a CTE inlined twice (not materialized): the page reads
 * them through the list indexes in page order, the count stops at the cap.
 */
export function listOrdersQuery(where: SQL, limit: number, offset: number, countCap: number): SQL {
  return sql`with "matching" as not materialized (select ${orders.id} as "pageId", ${orders.orderDate} as "pageDate" from ${orders} where ${where}) select ${LIST_COLUMNS}, (select count(*)::int from (select 1 from "matching" limit ${countCap + 1}) "counted") as "matchCount" from (select "pageId", "pageDate" from "matching" order by "pageDate" desc, "pageId" desc limit ${limit} offset ${offset}) "page" join ${orders} on ${orders.id} = "page"."pageId" order by "page"."pageDate" desc, "page"."pageId" desc`;
}

// ------------------------------------------------------------ the read model's statement, built once

/** json_build_object of `fields` (key → SQL value). */
const jsonObject = (fields: Record<string, SQL>) =>
  sql`json_build_object(${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;
/** The JSON array of `fields` over the rows of `rest` (from … where …) in `order`; [] when none. */
const jsonList = (fields: Record<string, SQL>, rest: SQL, order: SQL) =>
  sql`(select coalesce(json_agg(${jsonObject(fields)} order by ${order}), '[]') ${rest})`;
/** A money column as its exact decimal text (JSON numbers would go through floats). */
const amount = (alias: string, column: AnyPgColumn) => sql`${col(alias, column)}::text`;
const iso = (alias: string, column: AnyPgColumn) => isoInstant(col(alias, column));

/** An artwork version as RECORD_PARTS answers it (times as ISO instants). */
interface VersionJson extends Omit<ArtworkVersionRecord, 'uploadedAt' | 'reviewedAt'> {
  uploadedAt: string;
  reviewedAt: string | null;
}
/** A line as RECORD_PARTS answers it: the record's line, with its artwork columns as stored. */
interface LineJson extends Omit<OrderLineRecord, 'productType' | 'attributes' | 'artwork'> {
  productType: string;
  attributes: Record<string, string> | null;
  artworkStatus: string | null;
  artworkComments: string | null;
  artworkFinalized: boolean;
  versions: VersionJson[];
}
/**
 * Everything stored about the order row "orders" beside its own columns, as sub-selects compiled
 * once (issue 10: order details made ten round trips, and each statement's send was a fifth of the
 * server's CPU): its parties and currencies, its lines with their subcode, size rows, artwork
 * versions and minimum value, the factories it names, and its order-level lists. PostgreSQL builds
 * them as JSON (node-postgres and PGlite both parse it), amounts as text (exact) and times as ISO
 * instants.
 */
const RECORD_PARTS = (() => {
  const o = 'orders';
  const json = <T>(value: SQL) => compiledOnce(sql<T>`${value}`);
  /** `from` the rows of a table of the order's (its order_id column) as `as`, after `join`s. */
  const ofTheOrder = (table: PgTable & { orderId: AnyPgColumn }, as: string, join: SQL = sql``) =>
    sql`from ${from(table, as)} ${join} where ${col(as, table.orderId)} = ${col(o, orders.id)}`;
  const lookUp = (fields: Record<string, SQL>, table: PgTable, as: string, key: SQL) =>
    sql`(select ${jsonObject(fields)} from ${from(table, as)} where ${sql.raw(`"${as}"."id"`)} = ${key})`;
  const priceCurrencyId = sql`coalesce(${col(o, orders.priceCurrencyId)}, (select ${col('vc', vendors.currencyTypeId)} from ${from(vendors, 'vc')} where ${col('vc', vendors.id)} = ${col(o, orders.vendorId)}))`;
  const currencyOf = (id: SQL) =>
    lookUp({ id: col('cur', currencies.id), code: col('cur', currencies.code) }, currencies, 'cur', id);
  const subcodeFactories = sql`select ${col('sf', productSubcodes.factoryId)} ${ofTheOrder(
    orderItems,
    'fi',
    sql`join ${from(productSubcodes, 'sf')} on ${col('sf', productSubcodes.id)} = ${col('fi', orderItems.productSubcodeId)}`,
  )}`;
  const poFactories = sql`select ${col('fp', productionPurchaseOrders.factoryId)} ${ofTheOrder(productionPurchaseOrders, 'fp')}`;
  const lines = jsonList(
    {
      orderItemId: col('i', orderItems.id),
      productSubcodeId: col('i', orderItems.productSubcodeId),
      productSubcode: col('ps', productSubcodes.productSubcode),
      description: col('ps', productSubcodes.description),
      productCode: col('pc', productCodes.productCode),
      packSize: col('ps', productSubcodes.packSize),
      factoryId: col('ps', productSubcodes.factoryId),
      productImagePath: col('ps', productSubcodes.productImagePath),
      productImageType: col('ps', productSubcodes.productImageType),
      productType: col('i', orderItems.productType),
      attributes: col('i', orderItems.attributes),
      careLabel: col('i', orderItems.careLabel),
      poNumber: col('i', orderItems.poNumber),
      styleNumber: col('i', orderItems.styleNumber),
      quantity: col('i', orderItems.quantity),
      unitPrice: amount('i', orderItems.unitPrice),
      unitCost: amount('i', orderItems.unitCost),
      totalPrice: amount('i', orderItems.totalPrice),
      totalCost: amount('i', orderItems.totalCost),
      // the subcode's minimum order value in the order's price currency
      minValue: sql`(select ${amount('m', minValues.price)} from ${from(minValues, 'm')}
        where ${col('m', minValues.productSubcodeId)} = ${col('i', orderItems.productSubcodeId)}
        and ${col('m', minValues.currencyId)} = ${priceCurrencyId})`,
      artworkStatus: col('i', orderItems.artworkStatus),
      artworkComments: col('i', orderItems.artworkComments),
      artworkFinalized: col('i', orderItems.artworkFinalized),
      sizes: jsonList(
        {
          orderItemSizeId: col('s', orderItemSizes.id),
          productItemId: col('s', orderItemSizes.productItemId),
          size: col('pi', productItems.productSize),
          quantity: col('s', orderItemSizes.quantity),
          attributesItem: sql`coalesce(${col('s', orderItemSizes.attributesItem)}, '{}')`,
          unitPrice: amount('s', orderItemSizes.unitPrice),
          unitCost: amount('s', orderItemSizes.unitCost),
        },
        sql`from ${from(orderItemSizes, 's')} join ${from(productItems, 'pi')} on ${col('pi', productItems.id)} = ${col('s', orderItemSizes.productItemId)}
          where ${col('s', orderItemSizes.orderItemId)} = ${col('i', orderItems.id)}`,
        sql`${col('pi', productItems.sortKey)}, ${col('pi', productItems.id)}`,
      ),
      versions: jsonList(
        {
          versionId: col('v', artworkVersions.id),
          version: col('v', artworkVersions.version),
          fileName: col('v', artworkVersions.fileName),
          contentType: col('v', artworkVersions.contentType),
          size: col('v', artworkVersions.size),
          sha256: col('v', artworkVersions.sha256),
          storageKey: col('v', artworkVersions.storagePath),
          uploadedByName: col('v', artworkVersions.uploadedByName),
          uploadedAt: iso('v', artworkVersions.uploadedAt),
          status: col('v', artworkVersions.status),
          comment: col('v', artworkVersions.comment),
          reviewedByName: col('v', artworkVersions.reviewedByName),
          reviewedAt: iso('v', artworkVersions.reviewedAt),
        },
        sql`from ${from(artworkVersions, 'v')} where ${col('v', artworkVersions.orderItemId)} = ${col('i', orderItems.id)}`,
        sql`${col('v', artworkVersions.version)} desc`,
      ),
    },
    ofTheOrder(
      orderItems,
      'i',
      sql`join ${from(productSubcodes, 'ps')} on ${col('ps', productSubcodes.id)} = ${col('i', orderItems.productSubcodeId)}
        join ${from(productCodes, 'pc')} on ${col('pc', productCodes.id)} = ${col('ps', productSubcodes.productCodeId)}`,
    ),
    sql`${col('i', orderItems.id)}`,
  );
  return {
    vendor: json<{ id: number; name: string; address: string | null; vendorNumber: string | null } | null>(
      lookUp(
        {
          id: col('v', vendors.id),
          name: col('v', vendors.companyName),
          address: col('v', vendors.billingAddress),
          vendorNumber: col('v', vendors.vendorNumber),
        },
        vendors,
        'v',
        col(o, orders.vendorId),
      ),
    ),
    customer: json<{ id: number; name: string } | null>(
      lookUp(
        { id: col('c', customers.id), name: col('c', customers.companyName) },
        customers,
        'c',
        col(o, orders.customerId),
      ),
    ),
    region: json<{ id: number; name: string } | null>(
      lookUp(
        { id: col('r', productionRegions.id), name: col('r', productionRegions.productionRegionName) },
        productionRegions,
        'r',
        col(o, orders.productionRegionId),
      ),
    ),
    priceCurrency: json<{ id: number; code: string } | null>(currencyOf(priceCurrencyId)),
    costCurrency: json<{ id: number; code: string } | null>(currencyOf(col(o, orders.costCurrencyId))),
    lines: json<LineJson[]>(lines),
    factories: json<FactoryRecord[]>(
      jsonList(
        {
          id: col('f', factories.id),
          name: col('f', factories.name),
          shortCode: col('f', factories.shortCode),
          address: col('f', factories.address),
          telephone: col('f', factories.telephone),
          currency: col('cur', currencies.code),
        },
        sql`from ${from(factories, 'f')} left join ${from(currencies, 'cur')} on ${col('cur', currencies.id)} = ${col('f', factories.currencyTypeId)}
          where ${col('f', factories.id)} = ${col(o, orders.factoryId)} or ${col('f', factories.id)} in (${subcodeFactories})
          or ${col('f', factories.id)} in (${poFactories})`,
        sql`${col('f', factories.id)}`,
      ),
    ),
    charges: json<OrderRecord['charges']>(
      jsonList(
        {
          chargeName: col('c', orderCharges.chargeName),
          subcode: col('c', orderCharges.subcode),
          subCodeDescription: col('c', orderCharges.subCodeDescription),
          charge: amount('c', orderCharges.charge),
          currency: col('cur', currencies.code),
        },
        ofTheOrder(
          orderCharges,
          'c',
          sql`join ${from(currencies, 'cur')} on ${col('cur', currencies.id)} = ${col('c', orderCharges.currencyId)}`,
        ),
        sql`${col('c', orderCharges.id)}`,
      ),
    ),
    logs: json<{ timestamp: string; user: string; description: string }[]>(
      jsonList(
        {
          timestamp: iso('l', orderLogs.timestamp),
          user: col('l', orderLogs.userName),
          description: col('l', orderLogs.description),
        },
        ofTheOrder(orderLogs, 'l'),
        sql`${col('l', orderLogs.timestamp)}, ${col('l', orderLogs.id)}`,
      ),
    ),
    documents: json<{ documentId: number; name: string; kind: string }[]>(
      jsonList(
        {
          documentId: col('d', orderDocuments.id),
          name: col('d', orderDocuments.name),
          kind: col('d', orderDocuments.kind),
        },
        ofTheOrder(orderDocuments, 'd'),
        sql`${col('d', orderDocuments.id)}`,
      ),
    ),
    productionPOs: json<
      { purchaseOrderId: number; productionPO: string; factoryId: number; createdAt: string }[]
    >(
      jsonList(
        {
          purchaseOrderId: col('p', productionPurchaseOrders.id),
          productionPO: col('p', productionPurchaseOrders.productionPO),
          factoryId: col('p', productionPurchaseOrders.factoryId),
          createdAt: iso('p', productionPurchaseOrders.createdAt),
        },
        ofTheOrder(productionPurchaseOrders, 'p'),
        sql`${col('p', productionPurchaseOrders.id)}`,
      ),
    ),
    packingSlips: json<
      { packingSlipId: number; kind: string; number: string; factoryId: number | null; createdAt: string }[]
    >(
      jsonList(
        {
          packingSlipId: col('s', packingSlips.id),
          kind: col('s', packingSlips.kind),
          number: col('s', packingSlips.number),
          factoryId: col('s', packingSlips.factoryId),
          createdAt: iso('s', packingSlips.createdAt),
        },
        ofTheOrder(packingSlips, 's'),
        sql`${col('s', packingSlips.id)}`,
      ),
    ),
  };
})();

/** An order's columns and RECORD_PARTS: the selection of every read of the read model. */
const RECORD_SELECTION = { ...getTableColumns(orders), ...RECORD_PARTS };

const recordById = compiledSelect(['orderId'], (p) =>
  queryBuilder.select(RECORD_SELECTION).from(orders).where(eq(orders.id, p.orderId)).limit(1),
);
const recordInScope = compiledSelect(
  ['orderId', 'all', 'vendorIds', 'customerIds', 'regionIds', 'factoryIds'],
  (p) =>
    queryBuilder
      .select(RECORD_SELECTION)
      .from(orders)
      .where(and(eq(orders.id, p.orderId), orderScopeOf(p)))
      .limit(1),
);

/** The row and parts of the first of `found`, times turned into Dates; undefined when none. */
function recordParts(found: Awaited<ReturnType<typeof recordById>>) {
  const [first] = found;
  if (!first) return undefined;
  const { vendor, customer, region, priceCurrency, costCurrency, lines, factories, charges, ...rest } = first;
  const { logs, documents, productionPOs, packingSlips, ...row } = rest;
  return {
    row: row satisfies OrderRow,
    vendor,
    customer,
    region,
    priceCurrency,
    costCurrency,
    lines: lines.map((l) => ({
      ...l,
      versions: l.versions.map((v) => ({
        ...v,
        uploadedAt: new Date(v.uploadedAt),
        reviewedAt: v.reviewedAt == null ? null : new Date(v.reviewedAt),
      })),
    })),
    factories,
    charges,
    logs: logs.map((l) => ({ ...l, timestamp: new Date(l.timestamp) })),
    documents,
    productionPOs: productionPOs.map((p) => ({ ...p, createdAt: new Date(p.createdAt) })),
    packingSlips: packingSlips.map((p) => ({ ...p, createdAt: new Date(p.createdAt) })),
  };
}

export const ordersRepository = {
  /**
   * One page of orders matching `where`, newest first (orderDate desc, id desc). The page's ids are
   * cut from `orders` alone (index order, limit/offset; with the list indexes of
   * docs/decisions/0019 an index-only scan, so the rows skipped by the offset are never read from
   * the table), then the page's rows are read by id and names and currencies looked up for them only.
   * Written as one SQL text whose fixed part is compiled once and whose rows come back as the
   * database's own objects: Drizzle's query building and row mapping were a fifth of the list's CPU
   * (issue 10). Each row carries `matchCount`, the matches counted up to `countCap` + 1 in the same
   * statement (one round trip, one snapshot); no rows, no count.
   */
  listOrders: async (
    db: Q,
    where: SQL,
    page: { limit: number; offset: number; countCap: number },
  ): Promise<OrderListRow[]> =>
    (await db.execute(listOrdersQuery(where, page.limit, page.offset, page.countCap)))
      .rows as unknown as OrderListRow[],

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
    const { columns, filter } = waitingCounts(steps);
    const { rows } = await db.execute(
      sql`select ${columns} from ${openOrderCounts} ${sql.identifier(getTableName(orders))} where ${scope} and ${filter}`,
    );
    const [row] = rows as unknown as Record<string, number>[];
    return new Map(steps.map(({ step }) => [step, Number(row?.[step] ?? 0)]));
  },

  /**
   * Number of orders matching `where`, counted up to `cap` + 1: exact when at most `cap`, else
   * `cap` + 1 ("more than cap"). The work is bounded by the cap whatever the table's size.
   */
  countOrders: async (db: Q, where: SQL, cap: number) => {
    // A template, not the select builder: building the builder's two nested selects cost the
    // server more than the page's own statement (issue 10).
    const { rows } = await db.execute(
      sql`select count(*)::int as n from (select 1 from ${orders} where ${where} limit ${cap + 1}) "matching"`,
    );
    return Number((rows as unknown as { n: number }[])[0]?.n ?? 0);
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

  /**
   * Updates the order (as `updateOrder`), writes its log lines in `descriptions` order and runs
   * `writes` (the step's own writes, e.g. placing's artwork marking, and those the new status
   * brings: `productionPOsOf`, `packingSlipsOf`), all in one statement: a workflow step's writes in
   * one round trip (issue 10). No lines without the row. The writes see the database as it was
   * before the statement (PostgreSQL runs a statement's data-modifying CTEs on one snapshot), so
   * none may depend on another's changes.
   */
  updateOrderAndLog: (
    tx: Tx,
    id: number,
    patch: Partial<typeof orders.$inferInsert>,
    log: { userId: number | null; userName: string; descriptions: string[] },
    writes: SQL[] = [],
  ) =>
    tx
      .execute(sql`
        with changed as ${tx
          .update(orders)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(orders.id, id))
          .returning({ id: orders.id })}${sql.join(
          writes.map((w, i) => sql`, ${sql.raw(`write${i}`)} as (${w})`),
          sql``,
        )}
        insert into ${orderLogs} (order_id, user_id, user_name, description)
        select changed.id, ${log.userId}::int, ${log.userName}::text, d.description
        from changed cross join unnest(${sql.param(log.descriptions)}::text[]) with ordinality as d(description, n)
        order by d.n`)
      .then(() => undefined),

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

  /**
   * The order (or cart) with this id inside `scope` and everything stored about it, in one
   * statement (RECORD_PARTS): its row; parties (null when the order has none) with the price
   * currency (the order's, else its vendor's) and the cost currency as id and ISO code; lines in the
   * order they were added, each with its size rows in the product's size order and its artwork
   * versions newest first; the factories of the order, its lines and its production POs by id;
   * charges, log lines (oldest first), documents, production POs and packing slips. Undefined when
   * there is no such order inside `scope`.
   */
  findOrderRecord: async (db: Q, id: number, scope: SQL) =>
    recordParts(
      await db
        .select(RECORD_SELECTION)
        .from(orders)
        .where(and(eq(orders.id, id), scope))
        .limit(1),
    ),

  /** findOrderRecord for the order `id` whatever its scope (compiled once). */
  orderRecordById: async (db: Q, id: number) => recordParts(await recordById(db, { orderId: id })),

  /** findOrderRecord within `orderScope` of the user reaching `reach` (compiled once). */
  placedOrderRecord: async (db: Q, id: number, reach: ScopeAssignments) =>
    recordParts(await recordInScope(db, { orderId: id, ...reach })),

  // ------------------------------------------------------------ writes of the workflow

  /**
   * The insert of the order's production POs: one per factory of its lines (in factory id order),
   * numbered `numberPrefix` followed by the factory's short code; idempotent (one per order and
   * factory). A statement for `updateOrderAndLog`'s `entered`.
   */
  productionPOsOf: (orderId: number, numberPrefix: string) => sql`
    insert into ${productionPurchaseOrders} (order_id, factory_id, production_po)
    select order_id, factory_id, ${numberPrefix}::text || short_code from (${lineFactoriesOf(orderId)}) f
    on conflict do nothing`,

  /**
   * The insert of the order's packing slips: the vendor's, numbered `vendorNumber`, then one per
   * factory of its lines (in factory id order) numbered `productionPrefix` followed by the factory's
   * short code; idempotent. A statement for `updateOrderAndLog`'s `entered`.
   */
  packingSlipsOf: (orderId: number, numbers: { vendorNumber: string; productionPrefix: string }) => sql`
    insert into ${packingSlips} (order_id, kind, factory_id, number)
    select ${orderId}::int, 'VENDOR', null::int, ${numbers.vendorNumber}::text
    union all
    select order_id, 'PRODUCTION', factory_id, ${numbers.productionPrefix}::text || short_code
    from (${lineFactoriesOf(orderId)}) f
    on conflict do nothing`,

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
