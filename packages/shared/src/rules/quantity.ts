/**
 * Quantity rules of an order line (ordering §5 Quantity fields, §9 Restock maximum).
 * Quantities are whole pieces.
 */

export interface QuantityLimits {
  /** Minimum order quantity of the subcode (pieces, ≥ 0). */
  minOrderQuantity: number;
  /** Pack size of the subcode (pieces, ≥ 1). */
  packSize: number;
  /** Allowed maximum (restock limit), if any. */
  max?: number | null;
}

/**
 * The quantity a field takes on blur: empty or 0 stays 0; below the minimum order quantity becomes
 * the minimum (and the minimum itself stays); above the maximum becomes the maximum; otherwise rounds
 * up to a multiple of the pack size (never past the maximum). Negative or fractional input is treated
 * as its whole part.
 */
export function roundQuantity(input: number, limits: QuantityLimits): number {
  const q = Math.max(0, Math.floor(Number.isFinite(input) ? input : 0));
  if (q === 0) return 0;
  const pack = Math.max(1, Math.floor(limits.packSize));
  const moq = Math.max(0, Math.floor(limits.minOrderQuantity));
  const max = limits.max == null ? null : Math.max(0, Math.floor(limits.max));
  if (max !== null && q >= max) return max;
  // At the minimum stays the minimum even when it is not a multiple of the pack size, so that a
  // second blur keeps the value (the rule is idempotent).
  if (q <= moq) return max !== null ? Math.min(moq, max) : moq;
  const rounded = Math.ceil(q / pack) * pack;
  return max !== null ? Math.min(rounded, max) : rounded;
}

/** Digits only: what a quantity field keeps of what was typed ('' stays ''). */
export function digitsOnly(text: string): string {
  return text.replace(/\D+/g, '');
}

/** Restock maximum: inventoryMax minus current inventory, not below 0 (ordering §9). */
export function restockMaximum(inventoryMax: number, currentInventory: number): number {
  return Math.max(0, inventoryMax - currentInventory);
}

/**
 * The allowed maximum of a size's quantity (ordering §2 Product details: "Quantity fields there are
 * capped at the restock maximum", §5 Quantity fields, §9; docs/decisions/0056): for a size of an
 * inventory product (hasInventory, with its inventory known to the user), ordered by a user who may
 * restock (canRestock), its restock maximum (inventoryMax − inventoryQuantity, not below 0) less the
 * pieces of it the user's cart already holds (`cartQuantity`: on edit, in the other lines), not below
 * 0 — so no line, added by hand or by Restock, takes the cart above the restock maximum; otherwise
 * null (no cap). Feeds QuantityLimits.max. Pieces.
 */
export function quantityMaxOf(
  item: {
    hasInventory: boolean;
    inventoryQuantity?: number | null;
    inventoryMax?: number | null;
    cartQuantity?: number | null;
  },
  canRestock: boolean,
): number | null {
  if (!canRestock || !item.hasInventory || item.inventoryQuantity == null || item.inventoryMax == null)
    return null;
  return Math.max(
    0,
    restockMaximum(item.inventoryMax, item.inventoryQuantity) - Math.max(0, item.cartQuantity ?? 0),
  );
}

/** Default restock quantity: the smaller of the restock maximum and defaultOrderQuantity (ordering §9). */
export function defaultRestockQuantity(
  inventoryMax: number,
  currentInventory: number,
  defaultOrderQuantity: number,
) {
  return Math.min(restockMaximum(inventoryMax, currentInventory), Math.max(0, defaultOrderQuantity));
}

/** What an inventory field keeps of what was typed (ordering §5 Inventory fields): digits, minus sign and period. */
export function inventoryText(text: string): string {
  return text.replace(/[^\d.-]+/g, '');
}

/**
 * An inventory field's text parsed as a whole number on blur (ordering §5 Inventory fields): a
 * leading minus sign counts, the part after a period is dropped ('12.7' → 12, '-3.2' → -3, '.5' → 0);
 * text that does not begin with a number is null (the field is left as it was).
 */
export function parseInventory(text: string): number | null {
  const n = Math.trunc(Number.parseFloat(inventoryText(text)));
  if (!Number.isSafeInteger(n)) return null;
  return n === 0 ? 0 : n;
}

/** A stocked item as Restock sees it (ordering §2 Restock, §9). Pieces. */
export interface RestockItem {
  inventoryMax: number;
  currentInventory: number;
  defaultOrderQuantity: number;
  /** Pieces of the item the user's cart already holds (0 when none). */
  inCart?: number;
}

/**
 * Why Restock leaves an item out: at (or above) its maximum inventory; no default order quantity
 * (0, so the default restock quantity is 0); or the cart already holds its restock maximum.
 */
export type RestockSkip = 'atMaximum' | 'noDefaultQuantity' | 'inCart';

/**
 * What Restock does with one stocked item (ordering §2 Restock, §5 Quantity fields, §9;
 * docs/decisions/0056): the default restock quantity — the smaller of the room left and
 * defaultOrderQuantity, where the room is the restock maximum (inventoryMax − current inventory, not
 * below 0) less what the cart already holds — then the quantity rules of §5 with the room as the
 * allowed maximum (roundQuantity): raised to the minimum order quantity, rounded up to whole packs,
 * but never past the room (the room itself, even off the pack size or below the minimum, as the
 * product details field gives it). So a repeat tops up to the restock maximum and then leaves the
 * item out ('inCart'). Answers the quantity (> 0, a value isRoundedQuantity accepts with the room as
 * maximum) or why the item is left out.
 */
export function restockPlan(
  item: RestockItem,
  limits: Omit<QuantityLimits, 'max'>,
): { quantity: number } | { skip: RestockSkip } {
  const maximum = restockMaximum(item.inventoryMax, item.currentInventory);
  if (maximum <= 0) return { skip: 'atMaximum' };
  if (item.defaultOrderQuantity <= 0) return { skip: 'noDefaultQuantity' };
  const room = Math.max(0, maximum - Math.max(0, item.inCart ?? 0));
  if (room <= 0) return { skip: 'inCart' };
  return { quantity: roundQuantity(Math.min(room, item.defaultOrderQuantity), { ...limits, max: room }) };
}

/** The quantity restockPlan puts in the cart for one stocked item; 0 when it leaves the item out. */
export function restockQuantity(item: RestockItem, limits: Omit<QuantityLimits, 'max'>): number {
  const plan = restockPlan(item, limits);
  return 'quantity' in plan ? plan.quantity : 0;
}
