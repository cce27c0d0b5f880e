/**
 * The SQL of RFID (docs/rfid.md; decision 0067): the serial allocation placing runs, and
 * the reads of an order's ranges for the order details, the production PO and the encoding file.
 */
import { SGTIN96_MAX_SERIAL } from '@selvedge/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';

type Q = Db | Tx;

/** What the allocation refused: an RFID size without a GTIN, or a GTIN whose serials ran out. */
export type AllocationRefusal =
  | { kind: 'noGtin'; subcode: string; size: string; gtin: null }
  | { kind: 'exhausted'; subcode: null; size: null; gtin: string };

/** One range of an order, in print order. */
export interface RangeRow {
  orderItemId: number;
  orderItemSizeId: number;
  seq: number;
  gtin: string;
  filter: number;
  firstSerial: number;
  count: number;
  retired: boolean;
}

/**
 * The GTIN-14 of each ordered size of an RFID line: a variable-data row's barcode (UPC-A or EAN-13,
 * checked at upload, left-padded to 14), a care label's garment GTIN (the subcode's), else the size
 * item's own GTIN. Print order: lines, then sizes by their sort key.
 */
const RFID_SIZES = (orderId: number) => sql`
  select s.order_item_id, s.id as size_id, ps.epc_filter as filter, s.quantity::bigint as quantity,
    ps.product_subcode as subcode, pi.product_size as size,
    case when s.variable_data is not null then lpad(s.variable_data->>'barcode', 14, '0')
         when i.care_label is not null then ps.gtin
         else pi.gtin end as gtin,
    row_number() over (order by i.id, pi.sort_key, s.id)::int as seq
  from order_items i
  join product_subcodes ps on ps.id = i.product_subcode_id and ps.rfid
  join order_item_sizes s on s.order_item_id = i.id and s.quantity > 0
  join product_items pi on pi.id = s.product_item_id
  where i.order_id = ${orderId}::int`;

/** One range of the encoding file with what its tickets print (GET /orders/{id}/rfid-encoding). */
export interface EncodingRange {
  orderId: number;
  orderItemId: number;
  seq: number;
  gtin: string;
  filter: number;
  firstSerial: number;
  count: number;
  prefix: string | null;
  subcode: string;
  size: string;
  poNumber: string | null;
  styleNumber: string | null;
  description: string | null;
  colour: string | null;
  barcode: string | null;
  currency1: string | null;
  price1: string | null;
  currency2: string | null;
  price2: string | null;
  /** The line's chosen attributes as 'Name: value; …' (standard lines), else null. */
  attributes: string | null;
}

/** One live range of an order with its line's subcode and the customer's prefix. */
export interface LineRange {
  orderItemId: number;
  productSubcode: string;
  gtin: string;
  filter: number;
  firstSerial: number;
  count: number;
  prefix: string | null;
}

export const rfidRepository = {
  /**
   * Whether the order exists in `scope` (a placed order the user sees) and has live RFID ranges:
   * null when not found.
   */
  encodingStatus: async (q: Q, orderId: number, scope: SQL): Promise<{ hasRanges: boolean } | null> => {
    const r = await q.execute(sql`select exists (select from rfid_ranges r where r.order_id = orders.id
        and not r.retired) as "hasRanges" from orders where orders.id = ${orderId}::int and ${scope}`);
    return (r.rows[0] as { hasRanges: boolean } | undefined) ?? null;
  },

  /** The live ranges of the order in print order, with the printed fields of their sizes. */
  encodingRangesQuery: (orderId: number) => sql`
    select r.order_id as "orderId", r.order_item_id as "orderItemId", r.seq, r.gtin, r.filter,
      r.first_serial::float8 as "firstSerial", r.count, c.gs1_company_prefix as prefix,
      ps.product_subcode as subcode, coalesce(s.variable_data->>'size', pi.product_size) as size,
      coalesce(s.variable_data->>'poNumber', oi.po_number, o.vendor_po) as "poNumber",
      coalesce(s.variable_data->>'styleNumber', oi.style_number) as "styleNumber",
      coalesce(s.variable_data->>'description', ps.description) as description,
      s.variable_data->>'colour' as colour, s.variable_data->>'barcode' as barcode,
      s.variable_data->'prices'->0->>'currency' as currency1, s.variable_data->'prices'->0->>'amount' as price1,
      s.variable_data->'prices'->1->>'currency' as currency2, s.variable_data->'prices'->1->>'amount' as price2,
      (select nullif(string_agg(a.key || ': ' || a.value, '; ' order by a.key), '')
         from jsonb_each_text(oi.attributes || s.attributes_item) a) as attributes
    from rfid_ranges r
    join orders o on o.id = r.order_id
    join order_items oi on oi.id = r.order_item_id
    join order_item_sizes s on s.id = r.order_item_size_id
    join product_items pi on pi.id = s.product_item_id
    join product_subcodes ps on ps.id = oi.product_subcode_id
    join customers c on c.id = ps.customer_id
    where r.order_id = ${orderId}::int and not r.retired
    order by r.seq, r.id`,

  /**
   * Allocates the serials of every RFID size of the order in ONE statement (decision 0067): each
   * GTIN's counter moves forward by the GTIN's pieces (INSERT … ON CONFLICT DO UPDATE: concurrent
   * placings queue on the counter row, GTINs locked in GTIN order so two orders cannot deadlock) and
   * each size gets the contiguous range that follows its predecessors of the same GTIN. A counter
   * that would pass the SGTIN-96 maximum is left alone; the answer names it, and sizes without a
   * GTIN, so that the caller refuses (and its transaction rolls the rest back).
   */
  allocate: async (tx: Tx, orderId: number): Promise<AllocationRefusal[]> => {
    const r = await tx.execute(sql`
      with need as (${RFID_SIZES(orderId)}),
      totals as (select gtin, sum(quantity)::bigint as pieces from need where gtin is not null group by gtin),
      bumped as (
        insert into rfid_serial_counters as c (gtin, next_serial)
        select gtin, 1 + pieces from totals order by gtin
        on conflict (gtin) do update set next_serial = c.next_serial + excluded.next_serial - 1
          where c.next_serial + excluded.next_serial - 1 <= ${SGTIN96_MAX_SERIAL + 1}::bigint
        returning gtin, next_serial
      ),
      ranges as (
        insert into rfid_ranges (order_id, order_item_id, order_item_size_id, seq, gtin, filter, first_serial, count)
        select ${orderId}::int, n.order_item_id, n.size_id, n.seq, n.gtin, n.filter,
          b.next_serial - t.pieces + coalesce(sum(n.quantity) over (partition by n.gtin order by n.seq
            rows between unbounded preceding and 1 preceding), 0),
          n.quantity
        from need n join totals t on t.gtin = n.gtin join bumped b on b.gtin = n.gtin
        returning 1
      )
      select 'noGtin' as kind, subcode, size, null::text as gtin from need where gtin is null
      union all
      select 'exhausted', null, null, t.gtin from totals t where not exists (select 1 from bumped b where b.gtin = t.gtin)`);
    return r.rows as AllocationRefusal[];
  },

  /** The live ranges of an order in `scope`, with subcode and company prefix, in print order; null: no such order. */
  linesOf: async (q: Q, orderId: number, scope: SQL) => {
    const r = await q.execute(sql`
      select orders.id as "orderId", coalesce(json_agg(json_build_object('orderItemId', r.order_item_id,
          'productSubcode', ps.product_subcode, 'gtin', r.gtin, 'filter', r.filter,
          'firstSerial', r.first_serial, 'count', r.count, 'prefix', c.gs1_company_prefix)
          order by r.seq, r.id) filter (where r.id is not null), '[]') as ranges
      from orders
      left join rfid_ranges r on r.order_id = orders.id and not r.retired
      left join order_items oi on oi.id = r.order_item_id
      left join product_subcodes ps on ps.id = oi.product_subcode_id
      left join customers c on c.id = ps.customer_id
      where orders.id = ${orderId}::int and ${scope}
      group by orders.id`);
    const row = r.rows[0] as { ranges: LineRange[] } | undefined;
    return row ? row.ranges : null;
  },

  /** The order's ranges in print order (retired ones too, marked). */
  rangesOf: async (q: Q, orderId: number): Promise<RangeRow[]> => {
    const r = await q.execute(sql`
      select order_item_id as "orderItemId", order_item_size_id as "orderItemSizeId", seq, gtin, filter,
        first_serial::float8 as "firstSerial", count, retired
      from rfid_ranges where order_id = ${orderId}::int order by seq, id`);
    return r.rows as unknown as RangeRow[];
  },
};
