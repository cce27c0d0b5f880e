/**
 * The rows of a VARIABLE_DATA or DYNAMIC order line (ordering §3 Order-line payload; docs/decisions/0051):
 * resolves the payload's uploaded rows to the line's product item and its size rows, each keeping
 * the row's data as it is now (what the ticket prints and Download Data gives). The quantity rules,
 * the product's scope and the rest of the line are the cart's own checks (cart.service.ts prepareLine).
 */
import { compareSizeAndColour, type OrderedVariableData, type OrderLinePayload } from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import { rowVendorNumbers } from '../access/access';
import { variableDataRows as vdRows } from '../products/products.service';

/** The line's rows, resolved. */
export interface PreparedRows {
  /** The product item of the line: the PO and style's VARIABLE_DATA item, or the DYNAMIC item. */
  productItemId: number;
  /** Pieces of the whole line. */
  total: number;
  poNumber: string;
  styleNumber: string;
  sizes: {
    productItemId: number;
    quantity: number;
    attributesItem: Record<string, string>;
    variableDataRowId: number;
    variableData: OrderedVariableData;
  }[];
}

const MESSAGES = {
  productNotFound: 'Product not found.',
  rowsRequired:
    'A variable-data line gives the quantity of each uploaded row, keyed by the row id (items[].variableDataRowId).',
  variableDataItem:
    'A variable-data line names its product item (the PO, style and ticket type) once, with the sum of its row quantities.',
  notVariableData: (id: number) => `Item ${id} is not a VARIABLE_DATA product.`,
  notARow: (id: number, row: OrderedVariableData) =>
    `Row ${id} is not an uploaded row of PO ${row.poNumber}, style ${row.styleNumber}, ticket type ${row.ticketType}.`,
  variantsRequired: 'A dynamic product line needs its style number, PO number and variants.',
  dynamicItem:
    'A dynamic product line names its product item once, with the sum of the variants’ order quantities.',
  twice: (id: number) => `Variant ${id} is named twice.`,
  variantNotFound: (id: number) => `Variant ${id} is not data of this PO and style.`,
} as const;

/** The one product item a VARIABLE_DATA or DYNAMIC line's `quantities` names, if it holds `total`. */
function lineItemOf(quantities: Record<string, number>, total: number): number | null {
  const keys = Object.entries(quantities);
  return keys.length === 1 && keys[0][1] === total ? Number(keys[0][0]) : null;
}

/**
 * VARIABLE_DATA: `quantities` names the PO, style and ticket type's item with the line's total, and
 * `rowQuantities` the pieces of its uploaded rows by row id (docs/decisions/0057); DYNAMIC:
 * `dynamicVariants` with each variant (an uploaded row of the DYNAMIC item's customer, of that PO and
 * style) and `quantities` naming the DYNAMIC item with the line's total. An item the user may not
 * see (unknown, inactive, or a vendor's without a row of its own) answers 404; a row id that is not a
 * row of the chosen item (or PO and style), 400 naming the field. Rows at 0 are left out.
 */
export async function prepareRowsOf(db: Db, user: AuthUser, body: OrderLinePayload): Promise<PreparedRows> {
  const vendorNumbers = await rowVendorNumbers(db, user);
  const sortRows = (sizes: PreparedRows['sizes']) =>
    sizes.filter((s) => s.quantity > 0).sort((a, b) => compareSizeAndColour(a.variableData, b.variableData));

  if (body.productType === 'VARIABLE_DATA') {
    const wanted = Object.entries(body.rowQuantities ?? {}).map(([id, q]) => [Number(id), q] as const);
    if (wanted.length === 0) throw badRequest(MESSAGES.rowsRequired, 'rowQuantities');
    const total = wanted.reduce((s, [, q]) => s + q, 0);
    const itemId = lineItemOf(body.quantities, total);
    if (itemId === null) throw badRequest(MESSAGES.variableDataItem, 'quantities');
    const [[item], rows] = await Promise.all([
      vdRows.items(db, [itemId]),
      vdRows.rowsOfItems(db, [itemId], vendorNumbers),
    ]);
    if (!item?.active) throw notFound(MESSAGES.productNotFound);
    if (item.productType !== 'VARIABLE_DATA')
      throw badRequest(MESSAGES.notVariableData(itemId), 'quantities');
    // A vendor sees an item only through rows of its own vendor numbers (decision 0050).
    if (rows.length === 0) throw notFound(MESSAGES.productNotFound);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const sizes = sortRows(
      wanted.map(([id, quantity]) => {
        const r = byId.get(id);
        if (!r) throw badRequest(MESSAGES.notARow(id, rows[0].data), `rowQuantities.${id}`);
        return {
          productItemId: itemId,
          quantity,
          attributesItem: {},
          variableDataRowId: r.id,
          variableData: r.data,
        };
      }),
    );
    return {
      productItemId: itemId,
      total,
      poNumber: rows[0].data.poNumber,
      styleNumber: rows[0].data.styleNumber,
      sizes,
    };
  }

  const dv = body.dynamicVariants;
  if (!dv || dv.variants.length === 0) throw badRequest(MESSAGES.variantsRequired, 'dynamicVariants');
  const poNumber = dv.poNumber.trim();
  const styleNumber = dv.styleNumber.trim();
  const total = dv.variants.reduce((s, v) => s + v.orderQuantity, 0);
  const itemId = lineItemOf(body.quantities, total);
  if (itemId === null) throw badRequest(MESSAGES.dynamicItem, 'quantities');
  const seen = new Set<number>();
  for (const v of dv.variants) {
    if (seen.has(v.id)) throw badRequest(MESSAGES.twice(v.id), 'dynamicVariants.variants');
    seen.add(v.id);
  }
  const [[item], rows] = await Promise.all([
    vdRows.items(db, [itemId]),
    vdRows.rowsByIds(db, [...seen], vendorNumbers),
  ]);
  if (!item) throw notFound(MESSAGES.productNotFound);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sizes = dv.variants.map((v) => {
    const r = byId.get(v.id);
    if (!r) throw notFound(MESSAGES.productNotFound);
    if (
      !r.active ||
      r.customerId !== item.customerId ||
      r.data.poNumber !== poNumber ||
      r.data.styleNumber !== styleNumber
    )
      throw badRequest(MESSAGES.variantNotFound(v.id), 'dynamicVariants.variants');
    return {
      productItemId: itemId,
      quantity: v.orderQuantity,
      attributesItem: {},
      variableDataRowId: r.id,
      variableData: r.data,
    };
  });
  return { productItemId: itemId, total, poNumber, styleNumber, sizes: sortRows(sizes) };
}
