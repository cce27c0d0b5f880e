/**
 * A production PO (ordering §7 Documents; docs/decisions/0015-order-documents.md): the supplier's
 * order to ONE factory for the lines that factory makes. Costs only for cost roles (`showCosts`),
 * never prices.
 */
import { careLabelLayout, passportLink, type RfidLine, sumAmounts } from '@selvedge/shared';
import type { OrderLineRecord, OrderRecord } from '../../orders/orders.record';
import { careLabelFigure, passportQr } from './careLabel';
import { formatAmount, formatDate, renderDocument, type TotalLine } from './layout';
import {
  amountColumns,
  factoryOf,
  factoryParty,
  NO_EXTRA_COLUMNS,
  orderHeading,
  quantityTotal,
  shipToParty,
  sizeTable,
} from './orderParts';

/** What a factory needs to know of a line's artwork: the approved file, or that there is none yet. */
function artworkNote(line: OrderLineRecord): string[] {
  if (!line.artwork) return [];
  const approved = line.artwork.versions.find((v) => v.status === 'APPROVED');
  if (!approved)
    return [`Artwork: not approved yet (${line.artwork.status.replace(/_/g, ' ').toLowerCase()})`];
  return [`Artwork: ${approved.fileName} (v${approved.version}, sha256 ${approved.sha256.slice(0, 12)})`];
}

/**
 * What the RFID printer needs of a line (docs/rfid.md): its GTIN-14, serial range(s),
 * tag count and EPC filter value, one note per range.
 */
export function rfidNotes(rfid: RfidLine | undefined): string[] {
  if (!rfid) return [];
  return [
    `RFID: ${rfid.count} tags, SGTIN-96 filter ${rfid.filter}`,
    ...rfid.ranges.map((r) => `RFID GTIN ${r.gtin}: serials ${r.firstSerial}-${r.lastSerial} (${r.count})`),
  ];
}

/**
 * Renders production PO `purchaseOrderId` of `order` as a PDF (ordering §7 Documents): title
 * 'Production Purchase Order', number = its productionPO; the factory, ship-to and customer blocks;
 * order no., vendor PO, dates (DD-MMM-YYYY) including the estimated completion date; one row per
 * size of only the lines whose factory is the PO's, with each line's approved artwork (file name and
 * first 12 hex of its sha256); total quantity. With `showCosts` also unit costs (4 decimals), cost
 * totals and the PO's total cost in `order.costCurrency` (else the factory's currency). Prices never
 * appear. After the totals, each line's care label as it will be woven (real size, the drawing of
 * the web preview), with its product passport's QR code beside it when the line has a passport and
 * `publicUrl` (PUBLIC_URL, the links' host) is given (decision 0044). RFID lines note their GTIN,
 * serial ranges, tag count and filter (`rfid`, docs/rfid.md). Throws when the order has no such production PO or its factory is not among
 * `order.factories`.
 */
export async function renderProductionPO(
  order: OrderRecord,
  purchaseOrderId: number,
  opts: {
    brandName: string;
    showCosts: boolean;
    generatedAt?: Date;
    publicUrl?: string;
    /** The order's RFID lines (GET /orders/{id}/rfid's), noted under their lines. */
    rfid?: readonly RfidLine[];
  },
): Promise<Buffer> {
  const po = order.productionPurchaseOrders.find((p) => p.purchaseOrderId === purchaseOrderId);
  if (!po) throw new Error(`Order ${order.orderId} has no production purchase order ${purchaseOrderId}`);
  const factory = factoryOf(order, po.factoryId);
  const lines = order.items.filter((l) => l.factoryId === factory.id);
  const currency = order.costCurrency ?? factory.currency;
  const totals: TotalLine[] = [quantityTotal(lines)];
  if (opts.showCosts) {
    totals.push({
      label: 'Total Cost',
      value: formatAmount(currency, sumAmounts(lines.map((l) => l.totalCost))),
      strong: true,
    });
  }
  return renderDocument({
    heading: orderHeading(order, 'Production Purchase Order', po.productionPO, opts),
    parties: [
      factoryParty(factory),
      shipToParty(order),
      { label: 'Customer', name: order.customer?.name ?? '-', lines: [order.customer?.address] },
    ],
    fields: [
      { label: 'Order No.', value: String(order.orderId) },
      { label: 'Order Date', value: formatDate(order.orderDate) },
      { label: 'Vendor PO', value: order.vendorPO },
      { label: 'Vendor', value: order.vendor?.name },
      { label: 'PO Date', value: formatDate(po.createdAt) },
      { label: 'Date Requested', value: formatDate(order.dateRequested) },
      { label: 'Est. Completion', value: formatDate(order.estimatedCompletionDate) },
      { label: 'Production Region', value: order.productionRegion?.name },
    ],
    notes: [{ label: 'Comments', text: order.comments }],
    table: sizeTable(lines, {
      attributes: true,
      notes: (line) => [
        ...artworkNote(line),
        ...rfidNotes(opts.rfid?.find((r) => r.orderItemId === line.orderItemId)),
      ],
      extra: opts.showCosts
        ? amountColumns({
            unitHeader: 'Unit Cost',
            totalHeader: 'Cost Total',
            currency,
            unit: (line, size) => size.unitCost ?? line.unitCost,
            lineTotal: (line) => line.totalCost,
          })
        : NO_EXTRA_COLUMNS,
    }),
    totals,
    figures: await Promise.all(
      lines.flatMap((l) => {
        if (!l.careLabel) return [];
        const layout = careLabelLayout({ label: l.careLabel });
        const link = opts.publicUrl ? passportLink(opts.publicUrl, l) : null;
        return [
          (async () =>
            careLabelFigure(l.productSubcode, layout, link ? await passportQr(link) : undefined))(),
        ];
      }),
    ),
    figuresLabel: 'Care labels',
  });
}
