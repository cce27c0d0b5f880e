/**
 * What the VARIABLE_DATA and DYNAMIC layouts of product details hold while the user fills them in
 * (ordering §2 Product details; §3 Order-line payload; §9 Refresh and the size order;
 * docs/decisions/0050, 0051). Pure functions, no React.
 */
import {
  type DynamicVariant,
  type OrderedVariableData,
  type OrderLinePayload,
  type ProductItemDetails,
  type QuantityAdjustment,
  refreshQuantity,
} from '@selvedge/shared';
import { limitsOf, quantityOf } from './product-line';

/** One uploaded size and colour as the rows table shows it. */
export interface TicketRow {
  /** The uploaded row's id: VARIABLE_DATA items[].variableDataRowId, DYNAMIC variants[].id. */
  id: number;
  data: OrderedVariableData;
  /** Tickets the retailer asks for. */
  customerQuantity: number;
  /** Pieces of this row already in the user's cart (other lines). */
  cartQuantity: number;
}

/** The rows of a VARIABLE_DATA product (already in the fixed size order from the server). */
export function variableDataRows(p: ProductItemDetails): TicketRow[] {
  return p.items.flatMap((i) =>
    i.variableDataRowId && i.variableData
      ? [
          {
            id: i.variableDataRowId,
            data: i.variableData,
            customerQuantity: i.defaultCustomerQuantity ?? 0,
            cartQuantity: i.cartQuantity,
          },
        ]
      : [],
  );
}

/** The rows of a DYNAMIC search answer (or of the line being edited). */
export const dynamicRows = (variants: readonly DynamicVariant[]): TicketRow[] =>
  variants.map((v) => ({
    id: v.id,
    data: v.dynamicData,
    customerQuantity: v.customerQuantity,
    cartQuantity: v.cartQuantity,
  }));

/**
 * The order quantity each row starts with (row id → field text): on edit the line's, else the
 * customer quantity made orderable (ordering §9: Refresh by 0 — raised to the minimum order
 * quantity, then up to a multiple of the pack size).
 */
export function startQuantities(
  p: Pick<ProductItemDetails, 'minOrderQuantity' | 'packSize'>,
  rows: readonly TicketRow[],
  edit?: ReadonlyMap<number, number>,
): Record<number, string> {
  const limits = limitsOf(p);
  return Object.fromEntries(
    rows.map((r) => [
      r.id,
      String(
        edit ? (edit.get(r.id) ?? 0) : refreshQuantity(r.customerQuantity, { by: 'UNIT', amount: 0 }, limits),
      ),
    ]),
  );
}

/** 'Refresh' (ordering §2, §9): every row's customer quantity adjusted by units or percent. */
export function refreshedQuantities(
  p: Pick<ProductItemDetails, 'minOrderQuantity' | 'packSize'>,
  rows: readonly TicketRow[],
  adjustment: QuantityAdjustment,
): Record<number, string> {
  const limits = limitsOf(p);
  return Object.fromEntries(
    rows.map((r) => [r.id, String(refreshQuantity(r.customerQuantity, adjustment, limits))]),
  );
}

/** Pieces of the line (all rows). */
export const rowsTotal = (rows: readonly TicketRow[], quantities: Record<number, string>) =>
  rows.reduce((s, r) => s + quantityOf(quantities[r.id]), 0);

/**
 * The VARIABLE_DATA order-line payload (ordering §3; decisions 0051, 0057): `quantities` names the
 * PO, style and ticket type's item with the line's total, `rowQuantities` the pieces by uploaded row
 * id, rows at 0 left out.
 */
export function variableDataPayload(
  productItemId: number,
  rows: readonly TicketRow[],
  quantities: Record<number, string>,
  attributes: Record<string, string> = {},
): OrderLinePayload {
  const rowQuantities: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    const n = quantityOf(quantities[r.id]);
    if (n > 0) rowQuantities[String(r.id)] = n;
    total += n;
  }
  return {
    productType: 'VARIABLE_DATA',
    quantities: { [String(productItemId)]: total },
    rowQuantities,
    attributes,
  };
}

/**
 * The DYNAMIC order-line payload (ordering §3: dynamicVariants of styleNumber, poNumber and variants
 * of id, orderQuantity, dynamicData): `quantities` names the DYNAMIC item with the line's total.
 */
export function dynamicPayload(
  productItemId: number,
  search: { styleNumber: string; poNumber: string },
  rows: readonly TicketRow[],
  quantities: Record<number, string>,
  attributes: Record<string, string> = {},
): OrderLinePayload {
  const variants = rows
    .map((r) => ({ id: r.id, orderQuantity: quantityOf(quantities[r.id]), dynamicData: r.data }))
    .filter((v) => v.orderQuantity > 0);
  const total = variants.reduce((s, v) => s + v.orderQuantity, 0);
  return {
    productType: 'DYNAMIC',
    quantities: { [String(productItemId)]: total },
    attributes,
    dynamicVariants: { styleNumber: search.styleNumber, poNumber: search.poNumber, variants },
  };
}

/** Retail prices as a ticket prints them: 'CAD 117.99 · USD 94.00'. */
export const formatTicketPrices = (prices: readonly { currency: string; amount: string }[]) =>
  prices.map((p) => `${p.currency} ${p.amount}`).join(' · ');
