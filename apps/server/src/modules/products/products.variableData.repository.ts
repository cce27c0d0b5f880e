/**
 * All SQL of ordering variable-data and dynamic products (ordering §2 Product list variable-data
 * mode, Product details VARIABLE_DATA and DYNAMIC; §7 GET /products/variable-data,
 * /products/variable-data/dynamic/{id}; docs/decisions/0050, 0051). The rows are the uploaded
 * `variable_data_rows` (docs/decisions/0045). `vendorNumbers` null means every row; a list keeps to
 * the rows of those vendor numbers (a vendor sees only its own rows).
 */
import type { OrderedVariableData, PoSearchGroup, VariableDataFoundElsewhere } from '@selvedge/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import type { CustomerScope } from '../access/access';

type Q = Db | Tx;

/** Rows of a vendor-scoped read: `r` is variable_data_rows. */
const rowVendorCondition = (vendorNumbers: string[] | null): SQL =>
  vendorNumbers === null ? sql`true` : sql`r.vendor_number = any(${sql.param(vendorNumbers)}::text[])`;

const customerCondition = (column: SQL, scope: CustomerScope): SQL =>
  scope === 'ALL' ? sql`true` : sql`${column} = any(${sql.param(scope)}::int[])`;

/** The row's data as a ticket prints it; `r` variable_data_rows, `pi` its item, `ps` its subcode. */
const rowData = sql`jsonb_build_object('poNumber', pi.po_number, 'styleNumber', pi.style_number,
  'ticketType', ps.product_subcode, 'vendorNumber', r.vendor_number, 'description', r.description,
  'size', r.size, 'colour', r.colour, 'barcode', r.barcode, 'prices', r.prices)`;

/**
 * The `items` of a variable-data search (active VARIABLE_DATA items of the customers in scope, with
 * the PO and style asked for, a vendor's only with a row of its own) with the region of their
 * subcode's factory; `productionRegionId` null: every region.
 */
function searchItems(
  q: Pick<VariableDataSearch, 'scope' | 'vendorNumbers' | 'poNumber' | 'styleNumber'>,
  productionRegionId: number | null,
): SQL {
  const vendorRows = rowVendorCondition(q.vendorNumbers);
  return sql`select pi.id, ps.customer_id, pi.po_number, pi.style_number, ps.product_subcode, pi.created_at,
      f.production_region_id as region_id,
      coalesce((select r.description from variable_data_rows r
        where r.product_item_id = pi.id and ${vendorRows} order by r.line limit 1), '') as description,
      exists (select from order_item_sizes s join order_items oi on oi.id = s.order_item_id
        join orders o on o.id = oi.order_id
        where s.product_item_id = pi.id and o.order_status <> 'PENDING' and not o.cancelled) as ordered,
      exists (select from order_item_sizes s join order_items oi on oi.id = s.order_item_id
        join orders o on o.id = oi.order_id
        where s.product_item_id = pi.id and o.order_status = 'COMPLETE_AND_SHIPPED' and not o.cancelled) as shipped
    from product_items pi
    join product_subcodes ps on ps.id = pi.product_subcode_id
    join factories f on f.id = ps.factory_id
    where pi.product_type = 'VARIABLE_DATA' and pi.active
      and ${productionRegionId === null ? sql`true` : sql`f.production_region_id = ${productionRegionId}`}
      and ${customerCondition(sql`ps.customer_id`, q.scope)}
      and ${q.poNumber === undefined ? sql`true` : sql`pi.po_number = ${q.poNumber}`}
      and ${q.styleNumber === undefined ? sql`true` : sql`pi.style_number = ${q.styleNumber}`}
      and ${q.vendorNumbers === null ? sql`true` : sql`exists (select from variable_data_rows r where r.product_item_id = pi.id and ${vendorRows})`}`;
}

/**
 * The PO search group of a PO and style's items (decision 0050), as an aggregate over `items`:
 * SHIPPED when one is on a shipped order, PLACED when one is on a placed one, else UPLOADED.
 */
const poGroup = sql`case when bool_or(shipped) then 'SHIPPED' when bool_or(ordered) then 'PLACED' else 'UPLOADED' end`;

export interface VariableDataSearch {
  scope: CustomerScope;
  vendorNumbers: string[] | null;
  productionRegionId: number;
  poNumber?: string;
  styleNumber?: string;
  group: PoSearchGroup;
  limit: number;
  offset: number;
}

export interface VariableDataSearchRow {
  poNumber: string;
  styleNumber: string;
  creationDate: string;
  ordered: boolean;
  productSubcodes: string[];
  descriptions: string[];
  productItemIds: number[];
}

/** A VARIABLE_DATA item's row as details show it. */
export interface VariableDataRow {
  id: number;
  productItemId: number;
  quantity: number;
  data: OrderedVariableData;
}

/** A placed order's ordered variable data, one row per ordered size and colour (Download Data). */
export interface OrderedDataRow {
  orderItemId: number;
  productType: string;
  quantity: number;
  data: OrderedVariableData;
}

const asRows = <T>(r: { rows: unknown[] }) => r.rows as T[];

export const variableDataProductsRepository = {
  /**
   * Variable-data search (ordering §2 Product list, §3 Product search result (variable data)): one
   * row per customer, PO and style of active VARIABLE_DATA items whose subcode's factory is in the
   * region and whose customer is in scope (and, for a vendor, with a row of its vendor numbers), in
   * the PO search group; newest upload first, then PO and style. One statement: the page and the
   * total (a page past the end still answers the total).
   */
  search: async (db: Q, q: VariableDataSearch): Promise<{ rows: VariableDataSearchRow[]; total: number }> => {
    const groupCondition = sql`g.po_group = ${q.group}`;
    const r = await db.execute(sql`
      with items as (${searchItems(q, q.productionRegionId)}),
      g as (
        select customer_id, po_number, style_number,
          array_agg(id order by product_subcode, id) as ids,
          array_agg(product_subcode order by product_subcode, id) as subcodes,
          array_agg(description order by product_subcode, id) as descriptions,
          min(created_at) as created, bool_or(ordered) as ordered, ${poGroup} as po_group
        from items group by customer_id, po_number, style_number
      ),
      page as (
        select * from g where ${groupCondition}
        order by g.created desc, g.po_number, g.style_number, g.customer_id
        limit ${q.limit} offset ${q.offset}
      )
      select t.total, p.po_number as "poNumber", p.style_number as "styleNumber",
        to_char(p.created at time zone 'UTC', 'YYYY-MM-DD') as "creationDate", p.ordered,
        p.subcodes as "productSubcodes", p.descriptions, p.ids as "productItemIds"
      from (select count(*)::int as total from g where ${groupCondition}) t
      left join page p on true
      order by p.created desc, p.po_number, p.style_number, p.customer_id`);
    const rows = asRows<VariableDataSearchRow & { total: number }>(r);
    const total = Number(rows[0]?.total ?? 0);
    return {
      total,
      rows: rows
        .filter((x) => x.poNumber !== null)
        .map(({ total: _, ...x }) => ({ ...x, productItemIds: x.productItemIds.map(Number) })),
    };
  },

  /**
   * Where the same search finds PO and style rows in any production region and PO search group but
   * the one searched (decision 0057: a search that found nothing says where to look): per region and
   * group, how many rows the search would answer there; by region name, then group.
   */
  searchElsewhere: async (
    db: Q,
    q: Omit<VariableDataSearch, 'limit' | 'offset'>,
  ): Promise<VariableDataFoundElsewhere[]> => {
    const r = await db.execute(sql`
      with items as (${searchItems(q, null)}),
      g as (
        select region_id, ${poGroup} as po_group
        from items group by region_id, customer_id, po_number, style_number
      )
      select g.region_id as "productionRegionId", pr.production_region_name as "productionRegion",
        g.po_group as "orderStatus", count(*)::int as "totalItems"
      from g join production_regions pr on pr.id = g.region_id
      where not (g.region_id = ${q.productionRegionId} and g.po_group = ${q.group})
      group by g.region_id, pr.production_region_name, g.po_group
      order by pr.production_region_name, g.region_id,
        array_position(array['UPLOADED', 'PLACED', 'SHIPPED'], g.po_group)`);
    return asRows<VariableDataFoundElsewhere>(r);
  },

  /**
   * Active VARIABLE_DATA items by id with their subcode and customer, and the vendor numbers of their
   * rows (for the vendor's check).
   */
  items: async (db: Q, ids: number[]) => {
    const r = await db.execute(sql`select pi.id, pi.product_subcode_id as "productSubcodeId",
        pi.po_number as "poNumber", pi.style_number as "styleNumber", pi.active, pi.product_type as "productType",
        ps.customer_id as "customerId"
      from product_items pi join product_subcodes ps on ps.id = pi.product_subcode_id
      where pi.id = any(${sql.param(ids)}::int[])`);
    return asRows<{
      id: number;
      productSubcodeId: number;
      poNumber: string | null;
      styleNumber: string | null;
      active: boolean;
      productType: string;
      customerId: number;
    }>(r);
  },

  /** The rows of VARIABLE_DATA items the vendor numbers may see, by item and line. */
  rowsOfItems: async (
    db: Q,
    itemIds: number[],
    vendorNumbers: string[] | null,
  ): Promise<VariableDataRow[]> => {
    const r =
      await db.execute(sql`select r.id, r.product_item_id as "productItemId", r.quantity, ${rowData} as data
      from variable_data_rows r join product_items pi on pi.id = r.product_item_id
      join product_subcodes ps on ps.id = pi.product_subcode_id
      where r.product_item_id = any(${sql.param(itemIds)}::int[]) and ${rowVendorCondition(vendorNumbers)}
      order by r.product_item_id, r.line, r.id`);
    return asRows<VariableDataRow>(r);
  },

  /**
   * Dynamic variants (ordering §5 Dynamic search): the uploaded rows of the customer's active
   * VARIABLE_DATA items with this PO and style (any ticket type), one per size and colour (the first
   * uploaded), within the vendor numbers. The caller sorts them (compareSizeAndColour).
   */
  dynamicRows: async (
    db: Q,
    q: { customerId: number; poNumber: string; styleNumber: string; vendorNumbers: string[] | null },
  ): Promise<VariableDataRow[]> => {
    const r = await db.execute(sql`select distinct on (r.size, r.colour)
        r.id, r.product_item_id as "productItemId", r.quantity, ${rowData} as data
      from variable_data_rows r join product_items pi on pi.id = r.product_item_id
      join product_subcodes ps on ps.id = pi.product_subcode_id
      where ps.customer_id = ${q.customerId} and pi.product_type = 'VARIABLE_DATA' and pi.active
        and pi.po_number = ${q.poNumber} and pi.style_number = ${q.styleNumber}
        and ${rowVendorCondition(q.vendorNumbers)}
      order by r.size, r.colour, ps.product_subcode, r.line, r.id`);
    return asRows<VariableDataRow>(r);
  },

  /** Uploaded rows by id with their item's customer (the cart's check of a line's rows). */
  rowsByIds: async (db: Q, ids: number[], vendorNumbers: string[] | null) => {
    const r = await db.execute(sql`select r.id, r.product_item_id as "productItemId", r.quantity,
        ${rowData} as data, ps.customer_id as "customerId", pi.active
      from variable_data_rows r join product_items pi on pi.id = r.product_item_id
      join product_subcodes ps on ps.id = pi.product_subcode_id
      where r.id = any(${sql.param(ids)}::int[]) and ${rowVendorCondition(vendorNumbers)}`);
    return asRows<VariableDataRow & { customerId: number; active: boolean }>(r);
  },

  /**
   * Pieces of each uploaded row in the user's cart (other lines than `excludeOrderItemId`), by row id
   * (ordering §3 Product item: cartQuantity).
   */
  cartRowQuantities: async (
    db: Q,
    userId: number,
    rowIds: number[],
    excludeOrderItemId?: number,
  ): Promise<Map<number, number>> => {
    if (rowIds.length === 0) return new Map();
    const r = await db.execute(sql`select s.variable_data_row_id as id, sum(s.quantity)::int as quantity
      from order_item_sizes s join order_items oi on oi.id = s.order_item_id join orders o on o.id = oi.order_id
      where o.user_id = ${userId} and o.order_status = 'PENDING' and not o.cancelled
        and s.variable_data_row_id = any(${sql.param(rowIds)}::int[])
        and oi.id <> ${excludeOrderItemId ?? 0}
      group by s.variable_data_row_id`);
    return new Map(asRows<{ id: number; quantity: number }>(r).map((x) => [x.id, x.quantity]));
  },

  /** The rows of a cart line (VARIABLE_DATA or DYNAMIC): row id, quantity, the kept data, in order. */
  lineRows: async (db: Q, orderItemId: number) => {
    const r = await db.execute(sql`select s.variable_data_row_id as id, s.quantity, s.variable_data as data
      from order_item_sizes s where s.order_item_id = ${orderItemId} and s.variable_data_row_id is not null
      order by s.id`);
    return asRows<{ id: number; quantity: number; data: OrderedVariableData }>(r);
  },

  /**
   * The sizes and colours of a PO and style already ordered as product item `productItemId` (a
   * VARIABLE_DATA item, or a DYNAMIC one), on placed orders that are not cancelled, each with those
   * orders' ids ascending (Order again leaves them out; decision 0057).
   */
  orderedRows: async (
    db: Q,
    q: { productItemId: number; poNumber: string; styleNumber: string },
  ): Promise<{ size: string; colour: string; orderIds: number[] }[]> => {
    const r =
      await db.execute(sql`select s.variable_data->>'size' as size, s.variable_data->>'colour' as colour,
        array_agg(distinct o.id order by o.id) as "orderIds"
      from order_item_sizes s join order_items oi on oi.id = s.order_item_id join orders o on o.id = oi.order_id
      where s.product_item_id = ${q.productItemId} and s.variable_data is not null and s.quantity > 0
        and o.order_status <> 'PENDING' and not o.cancelled
        and s.variable_data->>'poNumber' = ${q.poNumber} and s.variable_data->>'styleNumber' = ${q.styleNumber}
      group by 1, 2`);
    return asRows<{ size: string; colour: string; orderIds: (number | string)[] }>(r).map((x) => ({
      ...x,
      orderIds: x.orderIds.map(Number),
    }));
  },

  /**
   * The variable data of an order's VARIABLE_DATA and DYNAMIC lines as the lines keep it, one row per
   * ordered size and colour with its quantity, in line order (GET /orders/{id}/download-data).
   */
  orderData: async (db: Q, orderId: number): Promise<OrderedDataRow[]> => {
    const r = await db.execute(sql`select oi.id as "orderItemId", oi.product_type as "productType",
        s.quantity, s.variable_data as data
      from order_items oi join order_item_sizes s on s.order_item_id = oi.id
      where oi.order_id = ${orderId} and s.variable_data is not null and s.quantity > 0
      order by oi.id, s.id`);
    return asRows<OrderedDataRow>(r);
  },
};
