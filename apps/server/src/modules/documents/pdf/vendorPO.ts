/**
 * The vendor PO (ordering §7 Documents; docs/decisions/0015-order-documents.md): the order as the
 * vendor's purchase order to the supplier. Prices, charges and totals only for roles that see
 * prices (`showPrices`); without them no money appears anywhere on it.
 */
import { ORDER_STATUS_LABELS, sumAmounts } from '@selvedge/shared';
import type { OrderRecord } from '../../orders/orders.record';
import { formatAmount, formatDate, renderDocument, type TotalLine } from './layout';
import {
  amountColumns,
  billToParty,
  NO_EXTRA_COLUMNS,
  orderHeading,
  quantityTotal,
  shipToParty,
  sizeTable,
  vendorParty,
} from './orderParts';

/**
 * Renders the vendor PO of `order` as a PDF (ordering §7 Documents): title 'Purchase Order', number
 * = the vendor's PO number (or 'Order <orderId>'); vendor, ship-to and bill-to blocks; order fields
 * (order no., dates as DD-MMM-YYYY, customer, production region, contact…); comments; one row per
 * size of every line; total quantity. With `showPrices` also unit prices (4 decimals), line totals,
 * the charges and the order total in `order.priceCurrency` ('CAD 1,234.50'); without it no amount
 * at all. `brandName` heads every page; `generatedAt` (default now) is printed in the footer.
 * Rejects only if rendering fails (e.g. a non-numeric stored amount).
 */
export async function renderVendorPO(
  order: OrderRecord,
  opts: { brandName: string; showPrices: boolean; generatedAt?: Date },
): Promise<Buffer> {
  const currency = order.priceCurrency;
  const totals: TotalLine[] = [quantityTotal(order.items)];
  if (opts.showPrices) {
    totals.push({
      label: 'Items',
      value: formatAmount(currency, sumAmounts(order.items.map((l) => l.totalPrice))),
    });
    for (const c of order.charges) {
      const label = [c.chargeName, c.subcode ? `(${c.subcode})` : null].filter(Boolean).join(' ');
      totals.push({ label, value: formatAmount(c.currency, c.charge) });
    }
    totals.push({ label: 'Total', value: formatAmount(currency, order.totalPrice), strong: true });
  }
  return renderDocument({
    heading: orderHeading(order, 'Purchase Order', order.vendorPO ?? `Order ${order.orderId}`, opts),
    parties: [vendorParty(order), shipToParty(order), billToParty(order)],
    fields: [
      { label: 'Order No.', value: String(order.orderId) },
      { label: 'Order Date', value: formatDate(order.orderDate) },
      { label: 'Vendor PO', value: order.vendorPO },
      { label: 'Date Requested', value: formatDate(order.dateRequested) },
      { label: 'Customer', value: order.customer?.name },
      { label: 'Production Region', value: order.productionRegion?.name },
      { label: 'Status', value: order.cancelled ? 'Cancelled' : ORDER_STATUS_LABELS[order.orderStatus] },
      { label: 'Est. Completion', value: formatDate(order.estimatedCompletionDate) },
      { label: 'Contact', value: order.contact },
      { label: 'Email', value: order.email },
      { label: 'Phone', value: order.phone },
      { label: 'Invoice No.', value: order.invoiceNumber },
    ],
    notes: [{ label: 'Comments', text: order.comments }],
    table: sizeTable(order.items, {
      attributes: true,
      extra: opts.showPrices
        ? amountColumns({
            unitHeader: 'Unit Price',
            totalHeader: 'Line Total',
            currency,
            unit: (line, size) => size.unitPrice ?? line.unitPrice,
            lineTotal: (line) => line.totalPrice,
          })
        : NO_EXTRA_COLUMNS,
    }),
    totals,
  });
}
