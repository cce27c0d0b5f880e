/** Texts of the product list and product details (ordering §2 Product list, Product details; §5; §8). */
import { SEARCH_TEXT_MAX } from '../limits';

/** ordering §8 Success messages, §5 Dynamic search and §2 Product details (dynamic search, shown inline). */
export const PRODUCT_SPEC_MESSAGES = {
  productUpdated: 'Product successfully updated',
  inventoryUpdated: 'Inventory successfully updated.',
  dynamicSearchRequired: 'Style Number AND PO Number are required.',
  noDynamicData: 'No dynamic data found for search',
} as const;

/** Ours: the product search's refusals as the server answers them (ordering §5 Product search gives no text). */
export const PRODUCT_SEARCH_MESSAGES = {
  regionRequired: 'Production region is required',
  groupOrSearchRequired: 'Choose a product group or enter a code/description (productGroup or search)',
} as const;

/** Ours: the product search form's inline errors (ordering §5 Product search gives no text). */
export const SEARCH_FORM_MESSAGES = {
  regionRequired: PRODUCT_SEARCH_MESSAGES.regionRequired,
  groupOrTextRequired: 'Choose a product group or enter a code/description',
  textTooLong: `Code/description must be at most ${SEARCH_TEXT_MAX} characters`,
} as const;

/** Ours: texts of the variable-data search rules (ordering §5 Product search; the spec gives none). */
export const VARIABLE_DATA_SEARCH_MESSAGES = {
  poNumberRequired: 'PO Number is required',
  styleNumberRequired: 'Style Number is required',
} as const;

/** Ours: what the product calls answer when they refuse (ordering §7 Products shows no refusal). */
export const PRODUCT_MESSAGES = {
  noCareLabel: 'This product has no care label.',
  notFound: 'Product not found.',
  lineNotFound: 'Order item not found in your cart.',
  unknownRegion: 'The chosen production region does not exist.',
  unknownGroup: 'The chosen product group does not exist.',
  notInventory: (id: number) => `Product item ${id} is not an inventory product.`,
  mixedTypes: 'All products opened together must be of one product type.',
} as const;
