/**
 * The product search criteria of the product list (ordering §2 Product list, §5 Product search, §9).
 * Criteria are kept in sessionStorage under the screen's key ('product-search') with the user they
 * belong to: returning to the list runs the same search again when the kept criteria are valid, and
 * another user signing in on the same tab starts empty.
 *
 * STANDARD mode only: the variable-data group (VARIABLE_DATA_PRODUCT_GROUP) is not offered until the
 * server answers variable-data searches.
 */
import { LIMITS, VARIABLE_DATA_PRODUCT_GROUP } from '@selvedge/shared';
import type { ProductSearchParams } from '../../api/products';
import { readStoredCriteria, writeStoredCriteria } from '../search/stored-criteria';

/** The screen's sessionStorage key. */
export const PRODUCT_SEARCH_KEY = 'product-search';

/** Longest code/description text the server takes (schemas/products.ts productSearchQuery). */
export const SEARCH_TEXT_MAX = 100;

/** Criteria of one product search, as the form holds them (ids as strings for the selects). */
export interface ProductSearchCriteria {
  /** Production region id; required. */
  productionRegion: string | null;
  /** Product group value (GET /refs/product-group); optional when a text is given. */
  productGroup: string | null;
  /** Code or description text (matches anywhere, case-insensitive); optional when a group is given. */
  search: string;
  /** Result page, from 0. */
  page: number;
}

/** Inline errors of the search form (ordering §5 Product search). */
export interface ProductSearchErrors {
  productionRegion?: string;
  productGroup?: string;
  search?: string;
}

export const SEARCH_FORM_MESSAGES = {
  regionRequired: 'Production region is required',
  groupOrTextRequired: 'Choose a product group or enter a code/description',
  textTooLong: `Code/description must be at most ${SEARCH_TEXT_MAX} characters`,
} as const;

/** An empty search form. */
export function emptyCriteria(): ProductSearchCriteria {
  return { productionRegion: null, productGroup: null, search: '', page: 0 };
}

/**
 * Validation of ordering §5 Product search (STANDARD mode): production region required; then a
 * product group or a code/description text. Empty object when valid.
 */
export function validateCriteria(c: ProductSearchCriteria): ProductSearchErrors {
  const errors: ProductSearchErrors = {};
  if (!c.productionRegion) errors.productionRegion = SEARCH_FORM_MESSAGES.regionRequired;
  const text = c.search.trim();
  if (!c.productGroup && !text) errors.productGroup = SEARCH_FORM_MESSAGES.groupOrTextRequired;
  if (text.length > SEARCH_TEXT_MAX) errors.search = SEARCH_FORM_MESSAGES.textTooLong;
  return errors;
}

export const isValidCriteria = (c: ProductSearchCriteria) => Object.keys(validateCriteria(c)).length === 0;

/** The GET /products query for valid criteria (empty group/text left out). */
export function toSearchParams(c: ProductSearchCriteria): ProductSearchParams {
  const params: ProductSearchParams = {
    productionRegion: Number(c.productionRegion),
    page: c.page,
    size: LIMITS.productPageSize,
  };
  if (c.productGroup) params.productGroup = c.productGroup;
  const text = c.search.trim();
  if (text) params.search = text;
  return params;
}

// ---------------------------------------------------------------- storage

const idOrNull = (v: unknown): string | null =>
  typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) ? v : null;

/** Reads stored criteria defensively: anything unreadable falls back to empty. */
function sanitize(raw: unknown): ProductSearchCriteria {
  const empty = emptyCriteria();
  if (!raw || typeof raw !== 'object') return empty;
  const r = raw as Record<string, unknown>;
  const group =
    typeof r.productGroup === 'string' && r.productGroup && r.productGroup !== VARIABLE_DATA_PRODUCT_GROUP
      ? r.productGroup.slice(0, 100)
      : null;
  return {
    productionRegion: idOrNull(r.productionRegion),
    productGroup: group,
    search: typeof r.search === 'string' ? r.search.slice(0, SEARCH_TEXT_MAX) : '',
    page: typeof r.page === 'number' && Number.isInteger(r.page) && r.page >= 0 ? r.page : 0,
  };
}

/** The criteria this user searched with last (null when none are kept for this user). */
export function loadCriteria(userId: string | null): ProductSearchCriteria | null {
  const stored = readStoredCriteria(PRODUCT_SEARCH_KEY, userId);
  return stored ? sanitize(stored) : null;
}

/** Keeps the criteria of the last search for this user. */
export function saveCriteria(userId: string | null, criteria: ProductSearchCriteria): void {
  writeStoredCriteria(PRODUCT_SEARCH_KEY, userId, criteria);
}
