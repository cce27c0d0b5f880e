/**
 * SQL of the order list (ordering §2 Order list): one page of the orders matching a filter, with the
 * matches counted in the same statement, and the capped count alone. Callers pass the condition,
 * scope included (access/access.ts), so that no query here can reach an order the user may not see;
 * the filters themselves are built in orders.service.ts (`listWhere`).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { compiledOnce } from '../../platform/db/compiled';
import {
  currencies,
  customers,
  factories,
  orderItems,
  orders,
  productionRegions,
  vendors,
} from '../../platform/db/schema';
import { col, from, isoInstant } from './orders.sql';

type Q = Db | Tx;

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
  /** A line of the order is VARIABLE_DATA or DYNAMIC (its Download Data button; decision 0057). */
  hasVariableData: boolean;
  cancelled: boolean;
  totalPrice: string;
  totalCost: string;
  company: string | null;
  customerId: number | null;
  customer: string | null;
  productionRegion: string | null;
  priceCurrency: string | null;
  costCurrency: string | null;
  /** How many orders match, counted up to the query's count cap + 1 (the same on every row). */
  matchCount: number;
}

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
      // One index probe per row of the page (order_items_order), not per matching order.
      sql`exists (select from ${orderItems} "vd" where "vd"."order_id" = ${col('orders', orders.id)} and "vd"."product_type" <> 'STANDARD') as "hasVariableData"`,
      sql`${col('orders', orders.cancelled)} as "cancelled"`,
      sql`${col('orders', orders.customerId)} as "customerId"`,
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
 * The order list's page and count in one statement (see orderListRepository.listOrders); exported for
 * the bench's plans. `limit` and `offset` in rows; the orders matching `where` are counted up to
 * `countCap` + 1. The matching orders are a CTE inlined twice (not materialized): the page reads
 * them through the list indexes in page order, the count stops at the cap.
 */
export function listOrdersQuery(where: SQL, limit: number, offset: number, countCap: number): SQL {
  return sql`with "matching" as not materialized (select ${orders.id} as "pageId", ${orders.orderDate} as "pageDate" from ${orders} where ${where}) select ${LIST_COLUMNS}, (select count(*)::int from (select 1 from "matching" limit ${countCap + 1}) "counted") as "matchCount" from (select "pageId", "pageDate" from "matching" order by "pageDate" desc, "pageId" desc limit ${limit} offset ${offset}) "page" join ${orders} on ${orders.id} = "page"."pageId" order by "page"."pageDate" desc, "page"."pageId" desc`;
}

export const orderListRepository = {
  /**
   * One page of orders matching `where`, newest first (orderDate desc, id desc). The page's ids are
   * cut from `orders` alone (index order, limit/offset; with the list indexes of
   * docs/decisions/0019 an index-only scan, so the rows skipped by the offset are never read from
   * the table), then the page's rows are read by id and names and currencies looked up for them only.
   * Written as one SQL text whose fixed part is compiled once and whose rows come back as the
   * database's own objects: Drizzle's query building and row mapping were a fifth of the list's CPU
   * (decision 0024). Each row carries `matchCount`, the matches counted up to `countCap` + 1 in the same
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
   * Number of orders matching `where`, counted up to `cap` + 1: exact when at most `cap`, else
   * `cap` + 1 ("more than cap"). The work is bounded by the cap whatever the table's size.
   */
  countOrders: async (db: Q, where: SQL, cap: number) => {
    // A template, not the select builder: building the builder's two nested selects cost the
    // server more than the page's own statement (decision 0029).
    const { rows } = await db.execute(
      sql`select count(*)::int as n from (select 1 from ${orders} where ${where} limit ${cap + 1}) "matching"`,
    );
    return Number((rows as unknown as { n: number }[])[0]?.n ?? 0);
  },
};
