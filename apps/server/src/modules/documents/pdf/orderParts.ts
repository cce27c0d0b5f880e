/**
 * Pieces of the order documents that more than one document prints (ordering §7 Documents): the
 * party blocks of an order and the per-size lines table. Each document adds its own columns
 * (prices, costs, packs) through `sizeTable`'s `extra`.
 */
import { lineTotal } from '@selvedge/shared';
import type {
  FactoryRecord,
  OrderLineRecord,
  OrderLineSizeRecord,
  OrderRecord,
} from '../../orders/orders.record';
import {
  type DocumentHeading,
  formatAmount,
  formatAttributes,
  formatCount,
  formatUnitAmount,
  type LinesTable,
  type Party,
  type TableColumn,
  type TotalLine,
} from './layout';

/**
 * The heading of an order document (ordering §7 Documents): brand, title, number, the order number
 * for the barcode, and the generation time (default now).
 */
export function orderHeading(
  order: OrderRecord,
  title: string,
  number: string,
  opts: { brandName: string; generatedAt?: Date },
): DocumentHeading {
  return {
    brandName: opts.brandName,
    title,
    number,
    orderId: order.orderId,
    generatedAt: opts.generatedAt ?? new Date(),
  };
}

/** The vendor block (ordering §7 Documents): the garment factory that orders — name, vendor number, address, telephone. */
export function vendorParty(order: OrderRecord, label = 'Vendor'): Party {
  const v = order.vendor;
  return {
    label,
    name: v?.name ?? '-',
    lines: [v?.vendorNumber ? `Vendor No. ${v.vendorNumber}` : null, v?.address, phoneLine(v?.telephone)],
  };
}

/** The ship-to block (ordering §7 Documents): shipping address, delivery method and account. */
export function shipToParty(order: OrderRecord): Party {
  return {
    label: 'Ship To',
    name: null,
    lines: [
      order.shippingAddress ?? '-',
      order.deliveryMethod ? `Delivery: ${order.deliveryMethod}` : null,
      order.deliveryAccount ? `Delivery Account: ${order.deliveryAccount}` : null,
    ],
  };
}

/** The bill-to block (ordering §7 Documents): billing address and account. */
export function billToParty(order: OrderRecord): Party {
  return {
    label: 'Bill To',
    name: null,
    lines: [
      order.billingAddress ?? '-',
      order.billingAccount ? `Billing Account: ${order.billingAccount}` : null,
    ],
  };
}

/** A factory block (ordering §7 Documents): name, short code, address, telephone. */
export function factoryParty(factory: FactoryRecord, label = 'Factory'): Party {
  return {
    label,
    name: factory.name,
    lines: [`Code: ${factory.shortCode}`, factory.address, phoneLine(factory.telephone)],
  };
}

/** The factory of `factoryId` among the order's factories (ordering §7 Documents); throws when the order names none such. */
export function factoryOf(order: OrderRecord, factoryId: number): FactoryRecord {
  const factory = order.factories.find((f) => f.id === factoryId);
  if (!factory) throw new Error(`Order ${order.orderId} has no factory ${factoryId}`);
  return factory;
}

const phoneLine = (phone: string | null | undefined) => (phone ? `Tel. ${phone}` : null);

/** A line's sizes (ordering §7 Documents); a line without size rows prints as one row of its whole quantity. */
export function sizesOf(line: OrderLineRecord): OrderLineSizeRecord[] {
  if (line.sizes.length > 0) return line.sizes;
  return [
    {
      orderItemSizeId: 0,
      productItemId: 0,
      size: '-',
      quantity: line.quantity,
      attributesItem: {},
      unitPrice: null,
      unitCost: null,
    },
  ];
}

/** Pieces of a line as printed (ordering §7 Documents): the sum of its size rows. */
export function piecesOf(line: OrderLineRecord): number {
  return sizesOf(line).reduce((a, s) => a + s.quantity, 0);
}

/** The total-pieces line of a document's totals (ordering §7 Documents): 'Total Quantity  12,500 pcs'. */
export function quantityTotal(lines: OrderLineRecord[], label = 'Total Quantity'): TotalLine {
  return { label, value: `${formatCount(lines.reduce((a, l) => a + piecesOf(l), 0))} pcs` };
}

/** Columns a document adds after Quantity, with their cells per size row and per line total row. */
export interface ExtraColumns {
  columns: TableColumn[];
  cells: (line: OrderLineRecord, size: OrderLineSizeRecord) => string[];
  total: (line: OrderLineRecord) => string[];
}

/** No columns after Quantity (documents without money). */
export const NO_EXTRA_COLUMNS: ExtraColumns = { columns: [], cells: () => [], total: () => [] };

/**
 * Money columns (ordering §7 Documents): a unit amount (4 decimals; the size's own, else the line's) and the size row's
 * total (unit × quantity to cents, with `currency`); the line's total row shows the stored line total.
 */
export function amountColumns(opts: {
  unitHeader: string;
  totalHeader: string;
  currency: string | null;
  unit: (line: OrderLineRecord, size: OrderLineSizeRecord) => string | null;
  lineTotal: (line: OrderLineRecord) => string;
}): ExtraColumns {
  const { currency } = opts;
  return {
    columns: [
      {
        header: currency ? `${opts.unitHeader} (${currency})` : opts.unitHeader,
        weight: 1.05,
        align: 'right',
      },
      { header: opts.totalHeader, weight: 1.3, align: 'right' },
    ],
    cells: (line, size) => {
      const unit = opts.unit(line, size);
      return [
        formatUnitAmount(unit),
        unit === null ? '-' : formatAmount(currency, lineTotal(unit, size.quantity)),
      ];
    },
    total: (line) => ['', formatAmount(currency, opts.lineTotal(line))],
  };
}

/** A line's subcode as its documents print it: with the RFID badge (docs/rfid.md) under it when its pieces carry tags. */
const subcodeCell = (line: OrderLineRecord) =>
  line.rfid ? `${line.productSubcode}\nRFID` : line.productSubcode;

/**
 * The lines table (ordering §7 Documents), one row per size of each line: Product Subcode (with 'RFID' under it
 * for an RFID line), Description (with style/PO numbers and `notes`), Size, Attributes (line attributes on the line's first row, then each size's
 * attributesItem; left out when `attributes` is false), Quantity, then `extra`. A line with more
 * than one size closes with a bold total row.
 */
export function sizeTable(
  lines: OrderLineRecord[],
  opts: { attributes: boolean; extra: ExtraColumns; notes?: (line: OrderLineRecord) => string[] },
): LinesTable {
  const columns: TableColumn[] = [
    { header: 'Product Subcode', weight: 1.6 },
    { header: 'Description', weight: 2.6 },
    { header: 'Size', weight: 0.75 },
    ...(opts.attributes ? [{ header: 'Attributes', weight: 2 }] : []),
    { header: 'Quantity', weight: 0.95, align: 'right' as const },
    ...opts.extra.columns,
  ];
  const groups = lines.map((line) => {
    const description = [
      line.description,
      line.styleNumber ? `Style: ${line.styleNumber}` : null,
      line.poNumber ? `PO: ${line.poNumber}` : null,
      ...(opts.notes?.(line) ?? []),
    ]
      .filter((l): l is string => !!l)
      .join('\n');
    const lineAttributes = formatAttributes(line.attributes);
    const sizes = sizesOf(line);
    const rows = sizes.map((size, i) => {
      const attributes = [i === 0 ? lineAttributes : '', formatAttributes(size.attributesItem)]
        .filter((a) => a !== '')
        .join('\n');
      return [
        i === 0 ? subcodeCell(line) : '',
        i === 0 ? description : '',
        size.size,
        ...(opts.attributes ? [attributes] : []),
        formatCount(size.quantity),
        ...opts.extra.cells(line, size),
      ];
    });
    const total =
      sizes.length > 1
        ? [
            '',
            'Line total',
            '',
            ...(opts.attributes ? [''] : []),
            formatCount(piecesOf(line)),
            ...opts.extra.total(line),
          ]
        : undefined;
    return { rows, total, resume: [line.productSubcode, '(continued)'] };
  });
  return { columns, groups, groupColumns: 2 };
}
