/**
 * Rules of one order line (ordering §3 Order-line payload, §5 Quantity fields and attributes) and
 * of what a cart may hold (ARCHITECTURE.md Order life: one customer and one production region).
 * The browser applies them while the user types; the server applies them again on add and update.
 */

import { VALIDATION_MESSAGES as V } from '../messages/validation';
import { type QuantityLimits, roundQuantity } from './quantity';

/**
 * True when `quantity` is a value the quantity field can hold after blur, i.e. some input rounds
 * to it: 0, the minimum order quantity (reached from below), or a multiple of the pack size at or
 * above the minimum (or the maximum, when there is one). Every result of `roundQuantity` is
 * accepted, so a value the screen produced is never refused by the server.
 */
export function isRoundedQuantity(quantity: number, limits: QuantityLimits): boolean {
  if (!Number.isInteger(quantity) || quantity < 0) return false;
  if (roundQuantity(quantity, limits) === quantity) return true;
  return quantity > 0 && roundQuantity(1, limits) === quantity;
}

/**
 * The message for a quantity the rules do not allow, naming the size, the product item (a STANDARD
 * size) or the uploaded row (a VARIABLE_DATA or DYNAMIC line: `variableDataRowId`), and the value to
 * use: above the allowed maximum (restock limit), or not a multiple of the pack size / below the minimum.
 * `cart`: the size's restock maximum and the pieces of it the cart already holds, when `limits.max`
 * is what they leave (quantityMaxOf).
 */
export function quantityRuleMessage(
  item: { productItemId: number; size: string } | { variableDataRowId: number; size: string },
  quantity: number,
  limits: QuantityLimits,
  cart?: { restockMaximum: number; inCart: number },
): string {
  const use = roundQuantity(quantity, limits);
  const which = 'variableDataRowId' in item ? `row ${item.variableDataRowId}` : `item ${item.productItemId}`;
  if (limits.max != null && quantity > limits.max) {
    const what = `Quantity ${quantity} of size ${item.size} (${which})`;
    if (cart && cart.inCart > 0)
      return `${what} would take your cart above its restock maximum of ${cart.restockMaximum} (${cart.inCart} already in your cart)${use > 0 ? `; use ${use}` : ''}.`;
    return `${what} is above its restock maximum of ${limits.max}; use ${use}.`;
  }
  const min =
    limits.minOrderQuantity > 0
      ? ` and at least the minimum order quantity of ${limits.minOrderQuantity}`
      : '';
  return (
    `Quantity ${quantity} of size ${item.size} (${which}) must be a multiple of the pack size ` +
    `of ${limits.packSize}${min}; use ${use}.`
  );
}

/** One field of an attribute schema (master-data §3 Attribute schema). */
export interface AttributeField {
  name: string;
  type: 'STRING' | 'DROPDOWN';
  options: string[];
}

/**
 * Checks chosen attribute values against a schema: every field is required (ordering §5 'Attribute
 * dropdowns and text are required'), a DROPDOWN value must be one of its options. Answers the
 * values kept (trimmed, only the schema's fields, in schema order) or the first error and its field.
 */
export function checkAttributes(
  fields: readonly AttributeField[],
  values: Readonly<Record<string, string>> | undefined,
): { ok: true; values: Record<string, string> } | { ok: false; field: string; message: string } {
  const kept: Record<string, string> = {};
  for (const f of fields) {
    const v = (values?.[f.name] ?? '').trim();
    if (!v) return { ok: false, field: f.name, message: V.required(f.name) };
    if (f.type === 'DROPDOWN' && !f.options.includes(v)) {
      return { ok: false, field: f.name, message: V.notAnOption(v, f.name) };
    }
    kept[f.name] = v;
  }
  return { ok: true, values: kept };
}

/** The customer and production region a cart holds (names, for messages). */
export interface CartScope {
  customerId: number;
  customerName: string;
  productionRegionId: number;
  productionRegionName: string;
}

/**
 * Null when a line of `incoming` may join a cart holding `current` (null = empty cart); otherwise
 * the message telling the user why not (ARCHITECTURE.md Order life: one customer, one production region).
 */
export function cartScopeConflict(current: CartScope | null, incoming: CartScope): string | null {
  if (!current) return null;
  if (
    current.customerId === incoming.customerId &&
    current.productionRegionId === incoming.productionRegionId
  )
    return null;
  return (
    `Your cart holds products of ${current.customerName} made in ${current.productionRegionName}. ` +
    `Place or empty it before adding products of ${incoming.customerName} made in ${incoming.productionRegionName}.`
  );
}
