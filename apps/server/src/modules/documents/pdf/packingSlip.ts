/**
 * The packing slips (ordering §7 Documents; docs/decisions/0015-order-documents.md): made at Ship &
 * Complete, one vendor slip for the whole order and one production slip per factory. No money.
 */
import type { OrderLineRecord, OrderRecord } from '../../orders/orders.record';
import { formatCount, formatDate, renderDocument } from './layout';
import {
  type ExtraColumns,
  factoryOf,
  factoryParty,
  orderHeading,
  quantityTotal,
  shipToParty,
  sizesOf,
  sizeTable,
  vendorParty,
} from './orderParts';

/** Packs of `quantity` pieces in packs of `packSize`: ceil(quantity / packSize); null without a pack size. */
function packsOf(quantity: number, packSize: number): number | null {
  return packSize >= 1 ? Math.ceil(quantity / packSize) : null;
}

/** Packs of a line: the sum over its size rows (each size is packed on its own). */
function linePacks(line: OrderLineRecord): number | null {
  if (line.packSize < 1) return null;
  return sizesOf(line).reduce((a, s) => a + (packsOf(s.quantity, line.packSize) ?? 0), 0);
}

const count = (n: number | null) => (n === null ? '-' : formatCount(n));

const PACK_COLUMNS: ExtraColumns = {
  columns: [
    { header: 'Pack Size', weight: 0.9, align: 'right' },
    { header: 'Packs', weight: 0.9, align: 'right' },
  ],
  cells: (line, size) => [
    count(line.packSize >= 1 ? line.packSize : null),
    count(packsOf(size.quantity, line.packSize)),
  ],
  total: (line) => ['', count(linePacks(line))],
};

/**
 * Renders packing slip `packingSlipId` of `order` as a PDF (ordering §7 Documents): title 'Packing
 * Slip', number = the slip's number; ship-to (with delivery method), vendor and — for a production
 * slip — the factory; order no., vendor PO, ship date (DD-MMM-YYYY); one row per size (Subcode,
 * Description, Size, Quantity, Pack Size, Packs = ceil(quantity / pack size)) of every line for a
 * VENDOR slip, of the factory's lines for a PRODUCTION slip; total pieces and packs; a "Received by /
 * Date / Signature" box. No money at all. Throws when the order has no such packing slip, or a
 * production slip's factory is not among `order.factories`.
 */
export async function renderPackingSlip(
  order: OrderRecord,
  packingSlipId: number,
  opts: { brandName: string; generatedAt?: Date },
): Promise<Buffer> {
  const slip = order.packingSlips.find((p) => p.packingSlipId === packingSlipId);
  if (!slip) throw new Error(`Order ${order.orderId} has no packing slip ${packingSlipId}`);
  const factory =
    slip.kind === 'PRODUCTION' && slip.factoryId !== null ? factoryOf(order, slip.factoryId) : null;
  const lines = factory ? order.items.filter((l) => l.factoryId === factory.id) : order.items;
  const packs = lines.map(linePacks);
  const totalPacks = packs.every((p) => p === null) ? null : packs.reduce<number>((a, p) => a + (p ?? 0), 0);
  return renderDocument({
    heading: orderHeading(order, 'Packing Slip', slip.number, opts),
    parties: [
      shipToParty(order),
      vendorParty(order),
      ...(factory ? [factoryParty(factory, 'Shipped From')] : []),
    ],
    fields: [
      { label: 'Order No.', value: String(order.orderId) },
      { label: 'Vendor PO', value: order.vendorPO },
      { label: 'Ship Date', value: formatDate(order.shipAndCompleteDate) },
      { label: 'Customer', value: order.customer?.name },
      { label: 'Order Date', value: formatDate(order.orderDate) },
      { label: 'Date Requested', value: formatDate(order.dateRequested) },
      { label: 'Contact', value: order.contact },
      { label: 'Phone', value: order.phone },
    ],
    table: sizeTable(lines, { attributes: false, extra: PACK_COLUMNS }),
    totals: [
      quantityTotal(lines, 'Total Pieces'),
      { label: 'Total Packs', value: count(totalPacks), strong: true },
    ],
    signature: ['Received by', 'Date', 'Signature'],
  });
}
