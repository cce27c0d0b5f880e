/**
 * The product search criteria of the product list (ordering §2 Product list, §5 Product search, §9).
 * Criteria are kept in sessionStorage under the screen's key ('product-search') with the user they
 * belong to: returning to the list runs the same search again when the kept criteria are valid, and
 * another user signing in on the same tab starts empty.
 *
 * Two modes: STANDARD (GET /products) and variable-data (the product group VARIABLE_DATA_PRODUCT_GROUP:
 * GET /products/variable-data with PO number, style number and the PO search group; docs/decisions/0050).
 */
import {
  DEFAULT_PO_SEARCH_GROUP,
  LIMITS,
  PO_SEARCH_GROUPS,
  type PoSearchGroup,
  SEARCH_FORM_MESSAGES,
  SEARCH_TEXT_MAX,
  VARIABLE_DATA_PRODUCT_GROUP,
  variableDataSearchErrors,
} from '@selvedge/shared';
import type { ProductSearchParams, VariableDataSearchParams } from '../../api/products';
import { readStoredCriteria, writeStoredCriteria } from '../search/stored-criteria';

/** The screen's sessionStorage key. */
export const PRODUCT_SEARCH_KEY = 'product-search';

/** Criteria of one product search, as the form holds them (ids as strings for the selects). */
export interface ProductSearchCriteria {
  /** Production region id; required. */
  productionRegion: string | null;
  /** Product group value (GET /refs/product-group); optional when a text is given. */
  productGroup: string | null;
  /** Code or description text (matches anywhere, case-insensitive); optional when a group is given. */
  search: string;
  /** Variable-data mode: PO number, style number (exact) and the PO search group. */
  poNumber: string;
  styleNumber: string;
  orderStatus: PoSearchGroup;
  /** Result page, from 0. */
  page: number;
}

/** Which variable-data fields are required for this user (ordering §5; `variableDataSearchErrors`). */
export interface VariableDataRules {
  isVendor: boolean;
  styleNumberRequired: boolean;
}

/** True in variable-data mode (the VARIABLE_DATA product group is chosen). */
export const isVariableDataMode = (c: Pick<ProductSearchCriteria, 'productGroup'>) =>
  c.productGroup === VARIABLE_DATA_PRODUCT_GROUP;

/** Inline errors of the search form (ordering §5 Product search). */
export interface ProductSearchErrors {
  productionRegion?: string;
  productGroup?: string;
  search?: string;
  poNumber?: string;
  styleNumber?: string;
}

/** An empty search form. */
export function emptyCriteria(): ProductSearchCriteria {
  return {
    productionRegion: null,
    productGroup: null,
    search: '',
    poNumber: '',
    styleNumber: '',
    orderStatus: DEFAULT_PO_SEARCH_GROUP,
    page: 0,
  };
}

/**
 * Validation of ordering §5 Product search: production region required; in variable-data mode the
 * PO number (unless vendor) and the style number (when a customer default says so), else a product
 * group or a code/description text. Empty object when valid.
 */
export function validateCriteria(
  c: ProductSearchCriteria,
  rules: VariableDataRules = { isVendor: false, styleNumberRequired: false },
): ProductSearchErrors {
  const errors: ProductSearchErrors = {};
  if (!c.productionRegion) errors.productionRegion = SEARCH_FORM_MESSAGES.regionRequired;
  if (isVariableDataMode(c)) return { ...errors, ...variableDataSearchErrors(c, rules) };
  const text = c.search.trim();
  if (!c.productGroup && !text) errors.productGroup = SEARCH_FORM_MESSAGES.groupOrTextRequired;
  if (text.length > SEARCH_TEXT_MAX) errors.search = SEARCH_FORM_MESSAGES.textTooLong;
  return errors;
}

export const isValidCriteria = (c: ProductSearchCriteria, rules?: VariableDataRules) =>
  Object.keys(validateCriteria(c, rules)).length === 0;

/** The GET /products/variable-data query for valid variable-data criteria (empty fields left out). */
export function toVariableDataParams(c: ProductSearchCriteria): VariableDataSearchParams {
  const params: VariableDataSearchParams = {
    productionRegion: Number(c.productionRegion),
    orderStatus: c.orderStatus,
    page: c.page,
    size: LIMITS.productPageSize,
  };
  if (c.poNumber.trim()) params.poNumber = c.poNumber.trim();
  if (c.styleNumber.trim()) params.styleNumber = c.styleNumber.trim();
  return params;
}

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
  const group = typeof r.productGroup === 'string' && r.productGroup ? r.productGroup.slice(0, 100) : null;
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, SEARCH_TEXT_MAX) : '');
  const status = PO_SEARCH_GROUPS.find((g) => g.value === r.orderStatus)?.value ?? DEFAULT_PO_SEARCH_GROUP;
  return {
    productionRegion: idOrNull(r.productionRegion),
    productGroup: group,
    search: text(r.search),
    poNumber: text(r.poNumber),
    styleNumber: text(r.styleNumber),
    orderStatus: status,
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
