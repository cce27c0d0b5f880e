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
import { rowVendorNumbers } from '../products/products.service';
import { variableDataProductsRepository as vdRepo } from '../products/products.variableData.repository';

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
  oneItem: 'All rows of a line must belong to one PO, style and ticket type.',
  variantsRequired: 'A dynamic product line needs its style number, PO number and variants.',
  dynamicItem:
    'A dynamic product line names its product item once, with the sum of the variants’ order quantities.',
  twice: (id: number) => `Variant ${id} is named twice.`,
  variantNotFound: (id: number) => `Variant ${id} is not data of this PO and style.`,
} as const;

/**
 * VARIABLE_DATA: `quantities` by uploaded row id, all rows of one item; DYNAMIC: `dynamicVariants`
 * with each variant (an uploaded row of the DYNAMIC item's customer, of that PO and style) and
 * `quantities` naming the DYNAMIC item with the line's total. A row the user may not see (another
 * vendor's, unknown) answers 404; a row of another PO and style, 400. Rows at 0 are left out.
 */
export async function prepareRowsOf(db: Db, user: AuthUser, body: OrderLinePayload): Promise<PreparedRows> {
  const vendorNumbers = await rowVendorNumbers(db, user);
  const sortRows = (sizes: PreparedRows['sizes']) =>
    sizes.filter((s) => s.quantity > 0).sort((a, b) => compareSizeAndColour(a.variableData, b.variableData));

  if (body.productType === 'VARIABLE_DATA') {
    const wanted = new Map(Object.entries(body.quantities).map(([id, q]) => [Number(id), q]));
    const rows = await vdRepo.rowsByIds(db, [...wanted.keys()], vendorNumbers);
    if (rows.length !== wanted.size || rows.some((r) => !r.active)) throw notFound(MESSAGES.productNotFound);
    const itemId = rows[0]?.productItemId ?? 0;
    if (rows.some((r) => r.productItemId !== itemId)) throw badRequest(MESSAGES.oneItem, 'quantities');
    const sizes = sortRows(
      rows.map((r) => ({
        productItemId: itemId,
        quantity: wanted.get(r.id) ?? 0,
        attributesItem: {},
        variableDataRowId: r.id,
        variableData: r.data,
      })),
    );
    return {
      productItemId: itemId,
      total: sizes.reduce((s, r) => s + r.quantity, 0),
      poNumber: rows[0]?.data.poNumber ?? '',
      styleNumber: rows[0]?.data.styleNumber ?? '',
      sizes,
    };
  }

  const dv = body.dynamicVariants;
  if (!dv || dv.variants.length === 0) throw badRequest(MESSAGES.variantsRequired, 'dynamicVariants');
  const poNumber = dv.poNumber.trim();
  const styleNumber = dv.styleNumber.trim();
  const keys = Object.entries(body.quantities);
  const total = dv.variants.reduce((s, v) => s + v.orderQuantity, 0);
  if (keys.length !== 1 || keys[0][1] !== total) throw badRequest(MESSAGES.dynamicItem, 'quantities');
  const itemId = Number(keys[0][0]);
  const seen = new Set<number>();
  for (const v of dv.variants) {
    if (seen.has(v.id)) throw badRequest(MESSAGES.twice(v.id), 'dynamicVariants.variants');
    seen.add(v.id);
  }
  const [[item], rows] = await Promise.all([
    vdRepo.items(db, [itemId]),
    vdRepo.rowsByIds(db, [...seen], vendorNumbers),
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
