/**
 * SQL of the order's read model (orders.record.ts, orders.readModel.ts; docs/decisions/0026, 0027):
 * the order row and everything stored about it in one statement, built once. Callers decide the
 * scope (access/access.ts) or pass the user's assignments; the read is unfiltered otherwise.
 */
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db';
import { compiledOnce, compiledSelect, queryBuilder } from '../../platform/db/compiled';
import {
  artworkVersions,
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
  packingSlips,
  productCodes,
  productItems,
  productionPurchaseOrders,
  productionRegions,
  productSubcodes,
  rfidRanges,
  vendors,
} from '../../platform/db/schema';
import { orderScopeOf, type ScopeAssignments } from '../access/access';
import type { ArtworkVersionRecord, FactoryRecord, OrderLineRecord, OrderRecord } from './orders.record';
import { col, from, isoInstant } from './orders.sql';
import type { OrderRow } from './orders.workflow.repository';

type Q = Db | Tx;

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
 * once (decision 0027: order details made ten round trips, and each statement's send was a fifth of the
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
      // The cart's line: whether placing would tag it (the subcode's flag); a placed line: whether
      // placing gave it tags (a subcode made RFID later does not tag the orders before it).
      rfid: sql`case when ${col(o, orders.orderStatus)} = 'PENDING' then ${col('ps', productSubcodes.rfid)}
        else exists (select 1 from ${from(rfidRanges, 'rr')} where ${col('rr', rfidRanges.orderId)} = ${col(o, orders.id)}
          and ${col('rr', rfidRanges.orderItemId)} = ${col('i', orderItems.id)}) end`,
      productType: col('i', orderItems.productType),
      attributes: col('i', orderItems.attributes),
      careLabel: col('i', orderItems.careLabel),
      passportSerial: col('i', orderItems.passportSerial),
      passportGtin: col('i', orderItems.passportGtin),
      poNumber: col('i', orderItems.poNumber),
      styleNumber: col('i', orderItems.styleNumber),
      quantity: col('i', orderItems.quantity),
      unitPrice: amount('i', orderItems.unitPrice),
      unitCost: amount('i', orderItems.unitCost),
      totalPrice: amount('i', orderItems.totalPrice),
      totalCost: amount('i', orderItems.totalCost),
      // the subcode's minimum order value in the order's price currency: as placed for a placed order
      // (decision 0047), today's for the cart, which is priced live
      minValue: sql`case when ${col(o, orders.orderStatus)} = 'PENDING'
        then (select ${amount('m', minValues.price)} from ${from(minValues, 'm')}
          where ${col('m', minValues.productSubcodeId)} = ${col('i', orderItems.productSubcodeId)}
          and ${col('m', minValues.currencyId)} = ${priceCurrencyId})
        else ${amount('i', orderItems.minValue)} end`,
      artworkStatus: col('i', orderItems.artworkStatus),
      artworkComments: col('i', orderItems.artworkComments),
      artworkFinalized: col('i', orderItems.artworkFinalized),
      sizes: jsonList(
        {
          orderItemSizeId: col('s', orderItemSizes.id),
          productItemId: col('s', orderItemSizes.productItemId),
          // A variable-data row's size is its own (the item stands for the whole PO and style).
          size: sql`coalesce(${col('s', orderItemSizes.variableData)} ->> 'size', ${col('pi', productItems.productSize)})`,
          quantity: col('s', orderItemSizes.quantity),
          attributesItem: sql`coalesce(${col('s', orderItemSizes.attributesItem)}, '{}')`,
          unitPrice: amount('s', orderItemSizes.unitPrice),
          unitCost: amount('s', orderItemSizes.unitCost),
          variableData: col('s', orderItemSizes.variableData),
        },
        sql`from ${from(orderItemSizes, 's')} join ${from(productItems, 'pi')} on ${col('pi', productItems.id)} = ${col('s', orderItemSizes.productItemId)}
          where ${col('s', orderItemSizes.orderItemId)} = ${col('i', orderItems.id)}`,
        // Rows of one item keep the order they were saved in (the fixed size order, decision 0051).
        sql`${col('pi', productItems.sortKey)}, ${col('pi', productItems.id)}, ${col('s', orderItemSizes.id)}`,
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

export const orderRecordRepository = {
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
};
