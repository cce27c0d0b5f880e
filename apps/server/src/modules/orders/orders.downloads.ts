/**
 * The order downloads (ordering §2 Order list download buttons, §7 Downloads; decision 0049; columns in
 * docs/downloads.md): each column an SQL expression (platform/queryFile.ts), the file written as CSV
 * by PostgreSQL's COPY (or, on PGlite, from a cursor by platform/csv.ts: BOM, formula injection
 * neutralised, ISO dates) or, with `format=xlsx`, as a spreadsheet of the same columns
 * (platform/xlsx.ts).
 *
 * What a file may hold is the order list's own definition: rows under `orderScope(user)` and the
 * list's filters (`orderFilters`), price columns only for canSee('price'), cost columns only for
 * canSee('cost') — so a file never holds more than the list shows. Inventory files are scoped like
 * the product screens (visibleCustomerIds).
 */
import {
  canSee,
  DOWNLOAD_DATA_MESSAGES,
  type DownloadFormat,
  ORDER_STATUS_LABELS,
  type OrderListQuery,
  type Role,
} from '@selvedge/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import type { FileColumn } from '../../platform/csv';
import { streamRows } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type { StreamReply } from '../../platform/http';
import { type QueryColumn, type QueryStatement, queryFile } from '../../platform/queryFile';
import { tableFile } from '../../platform/tableFile';
import { orderScope, visibleCustomerIds } from '../access/access';
import { orderFilters } from './orders.service';

/** The currencies of an order's prices and costs: the order's own (set at placing). */
const PRICE_CURRENCY = sql`(select cur.code from currencies cur where cur.id = orders.price_currency_id)`;
const COST_CURRENCY = sql`(select cur.code from currencies cur where cur.id = coalesce(orders.cost_currency_id, orders.price_currency_id))`;

/**
 * The order columns every order file starts with. The date is formatted in SQL in the files' own
 * form: parsing a timestamp into a Date and formatting it again cost a noticeable part of a large
 * download's CPU (bench:export).
 */
function orderColumns(): QueryColumn[] {
  return [
    { header: 'Order Number', type: 'integer', value: sql`orders.id`, width: 12 },
    {
      header: 'Order Date (UTC)',
      type: 'datetime',
      value: sql`to_char(coalesce(orders.order_date, orders.created_at) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`,
      width: 20,
    },
    { header: 'Status', value: sql`orders.order_status`, labels: ORDER_STATUS_LABELS, width: 20 },
    { header: 'Cancelled', type: 'boolean', value: sql`orders.cancelled` },
    { header: 'Finance Approved', type: 'boolean', value: sql`orders.finance_approval` },
    {
      header: 'Company',
      value: sql`(select v.company_name from vendors v where v.id = orders.vendor_id)`,
      width: 28,
    },
    {
      header: 'Customer',
      value: sql`(select c.company_name from customers c where c.id = orders.customer_id)`,
      width: 20,
    },
    {
      header: 'Production Region',
      value: sql`(select r.production_region_name from production_regions r where r.id = orders.production_region_id)`,
      width: 18,
    },
    { header: 'Vendor PO', value: sql`orders.vendor_po`, width: 16 },
    { header: 'Invoice Number', value: sql`orders.invoice_number`, width: 16 },
  ];
}

/** A currency and a money column, for the roles that see `field` (ordering §6 Visibility). */
function moneyColumns(
  role: Role,
  field: 'price' | 'cost',
  header: string,
  amount: SQL,
  decimals: number,
): QueryColumn[] {
  if (!canSee(field, role)) return [];
  return [
    field === 'price'
      ? { header: 'Price Currency', value: PRICE_CURRENCY }
      : { header: 'Cost Currency', value: COST_CURRENCY },
    { header, type: 'decimal', value: amount, decimals },
  ];
}

/** The columns of the order file (download-all-csv): the order, then its totals by role. */
function orderFileColumns(role: Role): QueryColumn[] {
  return [
    ...orderColumns(),
    ...moneyColumns(role, 'price', 'Total Price', sql`orders.total_price`, 2),
    ...moneyColumns(role, 'cost', 'Total Cost', sql`orders.total_cost`, 2),
  ];
}

/**
 * The columns of the line files (download-all-full-csv, one order's download-csv): one line and size.
 * A VARIABLE_DATA or DYNAMIC line has one row per ordered size and colour, all of one product item:
 * its PO, style, size, colour and barcode come from the row's copy of the uploaded data
 * (order_item_sizes.variable_data, decision 0051), so each row says which ticket it is.
 */
export function lineColumns(role: Role): QueryColumn[] {
  return [
    ...orderColumns(),
    { header: 'Order Item', type: 'integer', value: sql`oi.id` },
    { header: 'Product Subcode', value: sql`ps.product_subcode`, width: 16 },
    { header: 'Description', value: sql`ps.description`, width: 40 },
    { header: 'PO Number', value: sql`coalesce(ois.variable_data ->> 'poNumber', oi.po_number)`, width: 14 },
    {
      header: 'Style Number',
      value: sql`coalesce(ois.variable_data ->> 'styleNumber', oi.style_number)`,
      width: 14,
    },
    { header: 'Size', value: sql`coalesce(ois.variable_data ->> 'size', pi.product_size)` },
    { header: 'Colour', value: sql`ois.variable_data ->> 'colour'` },
    { header: 'Barcode', value: sql`ois.variable_data ->> 'barcode'`, width: 16 },
    { header: 'Quantity', type: 'integer', value: sql`ois.quantity` },
    ...moneyColumns(role, 'price', 'Unit Price', sql`coalesce(ois.unit_price, oi.unit_price)`, 4),
    ...moneyColumns(role, 'cost', 'Unit Cost', sql`coalesce(ois.unit_cost, oi.unit_cost)`, 4),
  ];
}

/** The columns of the inventory files: one product item. */
const INVENTORY_COLUMNS: QueryColumn[] = [
  { header: 'Customer', value: sql`c.company_name`, width: 20 },
  { header: 'Product Subcode', value: sql`ps.product_subcode`, width: 16 },
  { header: 'Description', value: sql`ps.description`, width: 40 },
  { header: 'Size', value: sql`pi.product_size` },
  { header: 'Active', type: 'boolean', value: sql`pi.active` },
  { header: 'Current Inventory', type: 'integer', value: sql`pi.current_inventory` },
  { header: 'Minimum Inventory', type: 'integer', value: sql`pi.minimum_inventory` },
  { header: 'Maximum Inventory', type: 'integer', value: sql`pi.maximum_inventory` },
  // bigint: maximum − current passes an integer when current is negative.
  {
    header: 'Restock Maximum',
    type: 'integer',
    value: sql`greatest(0, pi.maximum_inventory::bigint - pi.current_inventory)`,
  },
  {
    header: 'On Open Orders',
    type: 'integer',
    value: sql`coalesce((select sum(ois.quantity) from order_item_sizes ois
      join order_items oi on oi.id = ois.order_item_id join orders o on o.id = oi.order_id
      where ois.product_item_id = pi.id and o.order_date is not null and not o.cancelled
        and o.order_status <> 'COMPLETE_AND_SHIPPED'), 0)`,
  },
];

/** The statement of the orders a user may download, filtered as the list is, around a select list. */
export function ordersQuery(where: SQL): QueryStatement {
  return (list) =>
    sql`select ${list} from orders where ${where} order by coalesce(orders.order_date, orders.created_at) desc, orders.id desc`;
}

/** The statement of the lines and sizes of the orders matching `where`, one row per line and size. */
export function orderLinesQuery(where: SQL): QueryStatement {
  return (list) => sql`select ${list}
    from orders join order_items oi on oi.order_id = orders.id
    join order_item_sizes ois on ois.order_item_id = oi.id
    join product_items pi on pi.id = ois.product_item_id
    join product_subcodes ps on ps.id = oi.product_subcode_id
    where ${where}
    order by coalesce(orders.order_date, orders.created_at) desc, orders.id desc, oi.id, pi.sort_key, pi.id, ois.id`;
}

/**
 * The statement of the STANDARD product items of the customers in `customerCondition` (alias c): the
 * inventory products only (stockedOnly), else every item; `extra` narrows further.
 */
function inventoryQuery(
  customerCondition: SQL | undefined,
  stockedOnly: boolean,
  extra?: SQL,
): QueryStatement {
  const conditions = [sql`pi.product_type = 'STANDARD'`];
  if (stockedOnly) conditions.push(sql`pi.has_inventory`);
  if (customerCondition) conditions.push(customerCondition);
  if (extra) conditions.push(extra);
  return (list) => sql`select ${list}
    from product_items pi join product_subcodes ps on ps.id = pi.product_subcode_id
    join customers c on c.id = ps.customer_id
    where ${sql.join(conditions, sql` and `)}
    order by c.company_name, ps.product_subcode, pi.sort_key, pi.id`;
}

/** Today as YYYY-MM-DD (UTC), for file names. */
const today = () => new Date().toISOString().slice(0, 10);

/** One ordered size and colour of a variable-data line (GET /orders/{id}/download-data). */
interface VariableDataFileRow {
  orderId: number;
  orderItemId: number;
  poNumber: string;
  styleNumber: string;
  ticketType: string;
  vendorNumber: string;
  description: string;
  size: string;
  colour: string;
  barcode: string;
  currency1: string | null;
  price1: string | null;
  currency2: string | null;
  price2: string | null;
  quantity: number;
}

/**
 * The columns of Download Data (ordering §7 Downloads /orders/{id}/download-data; docs/downloads.md):
 * what the printer needs per ticket — PO, style, ticket type, size, colour, barcode (text: its
 * leading zero is part of it), the retail prices in the layout's two currencies, and the quantity.
 */
const VARIABLE_DATA_COLUMNS: FileColumn<VariableDataFileRow>[] = [
  { header: 'Order Number', type: 'integer', value: (r) => r.orderId, width: 12 },
  { header: 'Order Item', type: 'integer', value: (r) => r.orderItemId },
  { header: 'PO Number', value: (r) => r.poNumber, width: 14 },
  { header: 'Style Number', value: (r) => r.styleNumber, width: 14 },
  { header: 'Ticket Type', value: (r) => r.ticketType, width: 14 },
  { header: 'Vendor Number', value: (r) => r.vendorNumber },
  { header: 'Description', value: (r) => r.description, width: 36 },
  { header: 'Size', value: (r) => r.size },
  { header: 'Colour', value: (r) => r.colour },
  { header: 'Barcode', value: (r) => r.barcode, width: 16 },
  { header: 'Price 1 Currency', value: (r) => r.currency1 },
  { header: 'Price 1', type: 'decimal', value: (r) => r.price1, decimals: 2 },
  { header: 'Price 2 Currency', value: (r) => r.currency2 },
  { header: 'Price 2', type: 'decimal', value: (r) => r.price2, decimals: 2 },
  { header: 'Quantity', type: 'integer', value: (r) => r.quantity },
];

/** The ordered rows of one order's VARIABLE_DATA and DYNAMIC lines, as the lines keep them (decision 0051). */
const variableDataQuery = (orderId: number) => sql`select oi.order_id as "orderId", oi.id as "orderItemId",
    s.variable_data ->> 'poNumber' as "poNumber", s.variable_data ->> 'styleNumber' as "styleNumber",
    s.variable_data ->> 'ticketType' as "ticketType", s.variable_data ->> 'vendorNumber' as "vendorNumber",
    s.variable_data ->> 'description' as description, s.variable_data ->> 'size' as size,
    s.variable_data ->> 'colour' as colour, s.variable_data ->> 'barcode' as barcode,
    s.variable_data -> 'prices' -> 0 ->> 'currency' as currency1, s.variable_data -> 'prices' -> 0 ->> 'amount' as price1,
    s.variable_data -> 'prices' -> 1 ->> 'currency' as currency2, s.variable_data -> 'prices' -> 1 ->> 'amount' as price2,
    s.quantity
  from order_items oi join order_item_sizes s on s.order_item_id = oi.id
  where oi.order_id = ${orderId} and s.variable_data is not null and s.quantity > 0
  order by oi.id, s.id`;

export function createOrderDownloads(ctx: AppContext) {
  const { db } = ctx;
  /** The rows of `statement` under `columns`, as CSV or .xlsx, named `baseName` (queryFile). */
  const file = (
    format: DownloadFormat,
    columns: QueryColumn[],
    statement: QueryStatement,
    baseName: string,
    sheetName: string,
  ): StreamReply => queryFile(db, format, columns, statement, { baseName, sheetName });
  /** As `file`, with rows as objects of parsed values (a small file whose columns read names). */
  const objectFile = <R>(
    format: DownloadFormat,
    columns: FileColumn<R>[],
    query: SQL,
    baseName: string,
    sheetName: string,
  ): StreamReply => tableFile(format, columns, streamRows<R>(db, query), { baseName, sheetName });
  const listWhere = (user: AuthUser, q: OrderListQuery) =>
    and(orderScope(user), ...orderFilters(q, user.role)) as SQL;

  return {
    /** GET /orders/download-all-csv?<filters>: the orders the list shows, all pages, one row per order. */
    allOrders(user: AuthUser, q: OrderListQuery, format: DownloadFormat = 'csv'): StreamReply {
      return file(
        format,
        orderFileColumns(user.role),
        ordersQuery(listWhere(user, q)),
        `orders-${today()}`,
        'Orders',
      );
    },

    /** GET /orders/download-all-full-csv?<filters>: one row per order line and size of those orders. */
    allOrderLines(user: AuthUser, q: OrderListQuery, format: DownloadFormat = 'csv'): StreamReply {
      return file(
        format,
        lineColumns(user.role),
        orderLinesQuery(listWhere(user, q)),
        `orders-full-${today()}`,
        'Order lines',
      );
    },

    /** GET /orders/{id}/download-csv: one order, one row per line and size; 404 outside the scope. */
    async oneOrder(user: AuthUser, orderId: number, format: DownloadFormat = 'csv'): Promise<StreamReply> {
      const where = and(orderScope(user), sql`orders.id = ${orderId}`) as SQL;
      const { rows } = await db.execute(sql`select 1 from orders where ${where}`);
      if (rows.length === 0) throw notFound(DOWNLOAD_DATA_MESSAGES.notFound);
      return file(
        format,
        lineColumns(user.role),
        orderLinesQuery(where),
        `order-${orderId}`,
        `Order ${orderId}`,
      );
    },

    /**
     * GET /orders/{id}/download-data (ordering §2 Order list 'Download Data', §6 download variable data
     * CSV, §7): the placed order's variable data, one row per ordered size and colour of its
     * VARIABLE_DATA and DYNAMIC lines (VARIABLE_DATA_COLUMNS). 404 when the order is not a placed
     * order the user sees, or has no variable data.
     */
    async variableData(
      user: AuthUser,
      orderId: number,
      format: DownloadFormat = 'csv',
    ): Promise<StreamReply> {
      const where = and(
        orderScope(user),
        sql`orders.id = ${orderId}`,
        sql`orders.order_status <> 'PENDING'`,
      ) as SQL;
      const { rows } = await db.execute(sql`select exists (select from order_items oi
          join order_item_sizes s on s.order_item_id = oi.id
          where oi.order_id = orders.id and s.variable_data is not null) as "hasData"
        from orders where ${where}`);
      const found = rows[0] as { hasData: boolean } | undefined;
      if (!found) throw notFound(DOWNLOAD_DATA_MESSAGES.notFound);
      if (!found.hasData) throw notFound(DOWNLOAD_DATA_MESSAGES.noData);
      return objectFile(
        format,
        VARIABLE_DATA_COLUMNS,
        variableDataQuery(orderId),
        `order-${orderId}-data`,
        `Order ${orderId} data`,
      );
    },

    /** GET /orders/download-inventory-csv: the inventory products of the customers the user sees. */
    async inventory(user: AuthUser, format: DownloadFormat = 'csv'): Promise<StreamReply> {
      const scope = await visibleCustomerIds(db, user);
      return file(
        format,
        INVENTORY_COLUMNS,
        inventoryQuery(customerScopeSql(scope), true),
        `inventory-${today()}`,
        'Inventory',
      );
    },

    /**
     * GET /orders/download-roots-inventory-csv (full = false: stocked items only) and
     * /orders/download-roots-full-inventory-csv (full: every item of the Roots customers, stocked or
     * not, with what open orders hold): customers read with the Roots delimited format.
     */
    async rootsInventory(
      user: AuthUser,
      full: boolean,
      format: DownloadFormat = 'csv',
    ): Promise<StreamReply> {
      const scope = await visibleCustomerIds(db, user);
      const roots = sql`c.parser_type = 'DELIMITED_ROOTS'`;
      return file(
        format,
        INVENTORY_COLUMNS,
        inventoryQuery(customerScopeSql(scope), !full, roots),
        full ? `roots-full-inventory-${today()}` : `roots-inventory-${today()}`,
        full ? 'Roots full inventory' : 'Roots inventory',
      );
    },

    /**
     * Whether the user sees a customer whose retailer data is read with `parserType` (GET
     * /has-roots-customer: DELIMITED_ROOTS, /has-dunnes-customer: FLAT_FILE).
     */
    async seesParserType(user: AuthUser, parserType: string): Promise<boolean> {
      const condition = customerScopeSql(await visibleCustomerIds(db, user));
      const { rows } = await db.execute(
        sql`select 1 from customers c where c.parser_type = ${parserType} and ${condition ?? sql`true`} limit 1`,
      );
      return rows.length > 0;
    },
  };
}

/** The customer condition of the inventory files (alias c), or undefined for every customer. */
function customerScopeSql(scope: number[] | 'ALL'): SQL | undefined {
  if (scope === 'ALL') return undefined;
  if (scope.length === 0) return sql`false`;
  return sql`c.id in (${sql.join(
    scope.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}
