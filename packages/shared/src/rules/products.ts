/**
 * Product constants both sides use (ordering §5 Product search, §7 Products), kept apart from the
 * product schemas (schemas/products.ts, which re-exports them): a screen that needs one of these
 * values does not load the validation library with them (issue 9).
 */

export const ATTRIBUTE_TYPES = ['STRING', 'DROPDOWN'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** The product group of variable-data products (searched through /products/variable-data). */
export const VARIABLE_DATA_PRODUCT_GROUP = 'VARIABLE_DATA';

/** Most product item ids one details call takes. */
export const MAX_DETAIL_IDS = 100;

export const PRODUCT_SEARCH_MESSAGES = {
  regionRequired: 'Production region is required',
  groupOrSearchRequired: 'Choose a product group or enter a code/description (productGroup or search)',
} as const;
