/**
 * Product constants both sides use (ordering §5 Product search, §7 Products), kept apart from the
 * product schemas (schemas/products.ts, which re-exports them): a screen that needs one of these
 * values does not load the validation library with them (ARCHITECTURE.md Web inside: the first load carries no zod).
 */
import { VARIABLE_DATA_SEARCH_MESSAGES } from '../messages';

export const ATTRIBUTE_TYPES = ['STRING', 'DROPDOWN'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** The product group of variable-data products (searched through /products/variable-data). */
export const VARIABLE_DATA_PRODUCT_GROUP = 'VARIABLE_DATA';

/** Most product item ids one details call takes. */
export const MAX_DETAIL_IDS = 100;

/**
 * The PO search groups of variable-data mode (ordering §2 Product list: PO Placed, PO Uploaded, PO
 * Shipped; §3 Session state: the product search's default orderStatus is UPLOADED), as
 * `orderStatus` of GET /products/variable-data (docs/decisions/0050): UPLOADED — none of the PO and
 * style's tickets is on a placed order yet; PLACED — some is, on an order not yet shipped; SHIPPED —
 * some is, on a shipped order. Cancelled orders and carts do not count.
 */
export const PO_SEARCH_GROUPS = [
  { value: 'PLACED', label: 'PO Placed' },
  { value: 'UPLOADED', label: 'PO Uploaded' },
  { value: 'SHIPPED', label: 'PO Shipped' },
] as const;
export type PoSearchGroup = (typeof PO_SEARCH_GROUPS)[number]['value'];
export const DEFAULT_PO_SEARCH_GROUP: PoSearchGroup = 'UPLOADED';

/**
 * Which fields a variable-data search needs (ordering §5 Product search): a PO number unless the
 * role is VENDOR (a vendor sees only its own rows, so it may list all its POs); a style number when
 * a customer the user orders for has VARIABLE_DATA_STYLE_NUMBER_REQUIRED = true. Answers the
 * missing field's message by field name (empty when the search may run).
 */
export function variableDataSearchErrors(
  c: { poNumber?: string | null; styleNumber?: string | null },
  rules: { isVendor: boolean; styleNumberRequired: boolean },
): { poNumber?: string; styleNumber?: string } {
  const errors: { poNumber?: string; styleNumber?: string } = {};
  if (!rules.isVendor && !c.poNumber?.trim())
    errors.poNumber = VARIABLE_DATA_SEARCH_MESSAGES.poNumberRequired;
  if (rules.styleNumberRequired && !c.styleNumber?.trim())
    errors.styleNumber = VARIABLE_DATA_SEARCH_MESSAGES.styleNumberRequired;
  return errors;
}
