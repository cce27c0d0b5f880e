/**
 * What the product details screen holds for one STANDARD product while the user fills it in, and
 * the rules it applies (ordering §2 Product details; §3 Product item (details), Order-line payload;
 * §5 Quantity fields and attributes; §9 tier pricing). Pure functions, no React.
 */
import {
  type CareLabel,
  type CareLabelDraft,
  canSee,
  careLabelPayload,
  emptyCareLabel,
  lineTotal,
  type OrderLinePayload,
  type ProductAttribute,
  type ProductItemDetails,
  type ProductSizeItem,
  type ProductTier,
  type QuantityLimits,
  quantityMaxOf,
  type Role,
  roundQuantity,
  tierForQuantity,
  VALIDATION_MESSAGES,
} from '@selvedge/shared';

/** The user's input for one product (one order line). */
export interface LineInput {
  /** productItemId → the quantity field's text (digits only; '' when empty). */
  quantities: Record<number, string>;
  /** Line attributes (the subcode's attribute schema): name → value. */
  attributes: Record<string, string>;
  /** Per-size attributes of sizes whose own schema differs from the line's: productItemId → name → value. */
  itemAttributes: Record<number, Record<string, string>>;
  /** The care label being built, for a product with a care label type (else null). */
  careLabel: CareLabelDraft | null;
}

/** Inline attribute errors: line attribute name → message; productItemId → name → message. */
export interface AttributeErrors {
  line: Record<string, string>;
  items: Record<number, Record<string, string>>;
}

/** The quantity rules of a product's sizes (ordering §5 Quantity fields). */
export const limitsOf = (
  p: Pick<ProductItemDetails, 'minOrderQuantity' | 'packSize'>,
  max?: number | null,
): QuantityLimits => ({
  minOrderQuantity: p.minOrderQuantity,
  packSize: p.packSize,
  max: max ?? null,
});

/** The number a quantity field holds ('' → 0). */
export const quantityOf = (text: string | undefined): number => {
  const n = Number(text ?? '');
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};

/** What a quantity field shows after blur: the rounded value; empty stays empty, 0 stays 0. */
export function roundedText(text: string, limits: QuantityLimits): string {
  if (text === '') return '';
  return String(roundQuantity(quantityOf(text), limits));
}

/** Same attribute fields (names, types and options in the same order). */
export function sameFields(a: readonly ProductAttribute[], b: readonly ProductAttribute[]): boolean {
  if (a.length !== b.length) return false;
  return a.every(
    (f, i) =>
      f.name === b[i].name &&
      f.type === b[i].type &&
      f.options.length === b[i].options.length &&
      f.options.every((o, j) => o === b[i].options[j]),
  );
}

/**
 * The sizes that need attribute values of their own: those whose item has an attribute schema that
 * differs from the line's. A size whose schema is the line's takes the line's values.
 */
export function sizesWithOwnAttributes(p: ProductItemDetails): ProductSizeItem[] {
  return p.items.filter((i) => i.attributes.length > 0 && !sameFields(i.attributes, p.attributes));
}

/** The distinct per-size attribute fields, in first-seen order (the size table's extra columns). */
export function ownAttributeColumns(p: ProductItemDetails): ProductAttribute[] {
  const seen = new Map<string, ProductAttribute>();
  for (const item of sizesWithOwnAttributes(p))
    for (const f of item.attributes) if (!seen.has(f.name)) seen.set(f.name, f);
  return [...seen.values()];
}

const initialValueOf = (f: ProductAttribute): string =>
  f.value === null ? '' : f.type === 'DROPDOWN' && !f.options.includes(f.value) ? '' : f.value;

/** The input a product starts with: on edit the line's quantities and values, else empty. */
export function initialLineInput(p: ProductItemDetails): LineInput {
  const quantities: Record<number, string> = {};
  for (const item of p.items) quantities[item.productItemId] = item.quantity ? String(item.quantity) : '';
  const attributes: Record<string, string> = {};
  for (const f of p.attributes) attributes[f.name] = initialValueOf(f);
  const itemAttributes: Record<number, Record<string, string>> = {};
  for (const item of sizesWithOwnAttributes(p)) {
    itemAttributes[item.productItemId] = Object.fromEntries(
      item.attributes.map((f) => [f.name, initialValueOf(f)]),
    );
  }
  // A line being edited opens with its label (what is still valid is kept once the configuration
  // is known: StandardProductForm); a new one with an empty label of the product's type.
  const careLabel = p.careLabelType
    ? p.careLabel
      ? withoutPrinted(p.careLabel)
      : emptyCareLabel(p.careLabelType)
    : null;
  return { quantities, attributes, itemAttributes, careLabel };
}

/** A stored label without what the server prints besides the choices (it is fixed again on save). */
function withoutPrinted({ printed: _printed, ...label }: CareLabel): CareLabelDraft {
  return label;
}

/**
 * The quantity rules of one size: the product's, capped at the size's restock maximum less what the
 * cart already holds of it when the user may restock an inventory product (quantityMaxOf; ordering
 * §2 Product details, §5, §9; decision 0056).
 */
export const itemLimitsOf = (
  p: Pick<ProductItemDetails, 'minOrderQuantity' | 'packSize'>,
  item: ProductSizeItem,
  canRestock: boolean,
): QuantityLimits => limitsOf(p, quantityMaxOf(item, canRestock));

/**
 * Every quantity field after blur (used before sending, in case a field still holds typed text);
 * `canRestock`: the answer's, for the restock cap of inventory products (itemLimitsOf).
 */
export function roundAll(p: ProductItemDetails, input: LineInput, canRestock = false): LineInput {
  const quantities: Record<number, string> = {};
  for (const item of p.items)
    quantities[item.productItemId] = roundedText(
      input.quantities[item.productItemId] ?? '',
      itemLimitsOf(p, item, canRestock),
    );
  return { ...input, quantities };
}

/** Pieces of this line (all sizes). */
export function totalQuantity(p: ProductItemDetails, input: LineInput): number {
  return p.items.reduce((sum, i) => sum + quantityOf(input.quantities[i.productItemId]), 0);
}

function fieldError(f: ProductAttribute, value: string | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return VALIDATION_MESSAGES.required(f.name);
  if (f.type === 'DROPDOWN' && !f.options.includes(v)) return VALIDATION_MESSAGES.chooseOption(f.name);
  return null;
}

/**
 * Attribute errors when adding (ordering §5: attribute dropdowns and text are required): every line
 * attribute, and the own attributes of each size with a quantity.
 */
export function attributeErrors(p: ProductItemDetails, input: LineInput): AttributeErrors {
  const errors: AttributeErrors = { line: {}, items: {} };
  for (const f of p.attributes) {
    const e = fieldError(f, input.attributes[f.name]);
    if (e) errors.line[f.name] = e;
  }
  for (const item of sizesWithOwnAttributes(p)) {
    if (quantityOf(input.quantities[item.productItemId]) === 0) continue;
    for (const f of item.attributes) {
      const e = fieldError(f, input.itemAttributes[item.productItemId]?.[f.name]);
      if (e) {
        errors.items[item.productItemId] ??= {};
        errors.items[item.productItemId][f.name] = e;
      }
    }
  }
  return errors;
}

/** True when `attributeErrors` found any error (line or size). */
export const hasErrors = (e: AttributeErrors) =>
  Object.keys(e.line).length > 0 || Object.values(e.items).some((m) => Object.keys(m).length > 0);

const pick = (fields: readonly ProductAttribute[], values: Record<string, string> | undefined) =>
  Object.fromEntries(fields.map((f) => [f.name, (values?.[f.name] ?? '').trim()]));

/**
 * The order-line payload (ordering §3): the sizes with a quantity (sizes at 0 are left out), the
 * line's attributes, and per-size attributes for every ordered size whose item has an attribute
 * schema (its own values, or the line's when the schema is the line's).
 */
export function toOrderLinePayload(p: ProductItemDetails, input: LineInput): OrderLinePayload {
  const quantities: Record<string, number> = {};
  const attributesItems: Record<string, Record<string, string>> = {};
  const own = new Set(sizesWithOwnAttributes(p).map((i) => i.productItemId));
  for (const item of p.items) {
    const q = quantityOf(input.quantities[item.productItemId]);
    if (q === 0) continue;
    quantities[String(item.productItemId)] = q;
    if (item.attributes.length === 0) continue;
    attributesItems[String(item.productItemId)] = own.has(item.productItemId)
      ? pick(item.attributes, input.itemAttributes[item.productItemId])
      : pick(item.attributes, input.attributes);
  }
  return {
    productType: 'STANDARD',
    quantities,
    attributes: pick(p.attributes, input.attributes),
    ...(Object.keys(attributesItems).length > 0 ? { attributesItems } : {}),
    ...(input.careLabel ? { careLabel: careLabelPayload(input.careLabel) } : {}),
  };
}

// ---------------------------------------------------------------- pricing

/** The currency tiers are shown in: the given one, else the only currency the tiers have, else null. */
export function tierCurrency(
  tiers: readonly ProductTier[] | undefined,
  preferred: string | null,
): string | null {
  if (preferred) return preferred;
  const currencies = [...new Set((tiers ?? []).map((t) => t.currency))];
  return currencies.length === 1 ? currencies[0] : null;
}

/** One side (price or cost) of a product's pricing for the quantity entered. */
export interface TierPricing {
  tiers: ProductTier[];
  /** Null when the tiers come in several currencies and none is the user's. */
  currency: string | null;
  /**
   * The tier the cart charges for tierQuantity (tierForQuantity, ordering §9: below every tier, the
   * lowest tier), marked Applied in the tier table; null when nothing is ordered or without a currency.
   */
  applied: ProductTier | null;
  /** This line's total (line quantity × applied unit price), or null without an applied tier. */
  total: string | null;
}

/** The pricing shown on product details (ordering §2 Product details; §6 Visibility; §9). */
export interface ProductPricing {
  lineQuantity: number;
  /** Line quantity plus the pieces of this product already in the cart (they count toward the tier). */
  tierQuantity: number;
  cartQuantity: number;
  /** Present when the answer has prices (price-viewing roles). */
  price: TierPricing | null;
  /** Present when the answer has costs (cost-viewing roles). */
  cost: TierPricing | null;
  /** Whether the Total in the cost currency is shown (ACCOUNT and ADMIN only). */
  showCostTotal: boolean;
}

function side(
  tiers: ProductTier[] | undefined,
  preferred: string | null,
  tierQuantity: number,
  lineQuantity: number,
): TierPricing | null {
  if (!tiers) return null;
  const currency = tierCurrency(tiers, preferred);
  const shown = currency ? tiers.filter((t) => t.currency === currency) : tiers;
  const applied = currency && tierQuantity > 0 ? tierForQuantity(tiers, tierQuantity, currency) : null;
  return {
    tiers: [...shown].sort((a, b) => a.currency.localeCompare(b.currency) || a.quantity - b.quantity),
    currency,
    applied,
    total: applied ? lineTotal(applied.price, lineQuantity) : null,
  };
}

/** The pricing of a product for the quantity entered. */
export function productPricing(
  p: ProductItemDetails,
  lineQuantity: number,
  role: Role | null,
): ProductPricing {
  const tierQuantity = lineQuantity + p.cartQuantity;
  return {
    lineQuantity,
    tierQuantity,
    cartQuantity: p.cartQuantity,
    price: side(p.prices, p.priceCurrency, tierQuantity, lineQuantity),
    cost: side(p.costs, p.costCurrency, tierQuantity, lineQuantity),
    showCostTotal: canSee('costTotal', role),
  };
}

export { formatCount } from './format-count';
