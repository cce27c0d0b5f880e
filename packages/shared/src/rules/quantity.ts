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
 * The allowed maximum of a size's quantity field on product details (ordering §2 Product details:
 * "Quantity fields there are capped at the restock maximum", §5 Quantity fields, §9): for a size of
 * an inventory product (hasInventory, with its inventory known to the role), ordered by a user who
 * may restock (the answer's canRestock), its restock maximum (inventoryMax − inventoryQuantity, not
 * below 0); otherwise null (no cap). Feeds QuantityLimits.max. Pieces.
 */
export function quantityMaxOf(
  item: { hasInventory: boolean; inventoryQuantity?: number | null; inventoryMax?: number | null },
  canRestock: boolean,
): number | null {
  if (!canRestock || !item.hasInventory || item.inventoryQuantity == null || item.inventoryMax == null)
    return null;
  return restockMaximum(item.inventoryMax, item.inventoryQuantity);
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

/**
 * The quantity restock puts in the cart for one stocked item (ordering §2 Restock, §9): the default
 * restock quantity, made orderable without passing it — rounded down to a multiple of the pack size,
 * or the minimum order quantity when that is larger and still within it; 0 when even the minimum
 * order quantity would pass it (the item is left out). Never negative, never above the restock
 * maximum, and a quantity the cart accepts (isRoundedQuantity).
 */
export function restockQuantity(
  item: { inventoryMax: number; currentInventory: number; defaultOrderQuantity: number },
  limits: Omit<QuantityLimits, 'max'>,
): number {
  const wanted = defaultRestockQuantity(item.inventoryMax, item.currentInventory, item.defaultOrderQuantity);
  const moq = Math.max(0, Math.floor(limits.minOrderQuantity));
  const pack = Math.max(1, Math.floor(limits.packSize));
  if (wanted <= 0 || wanted < moq) return 0;
  const packs = Math.floor(wanted / pack) * pack;
  return packs >= moq ? packs : moq;
}
