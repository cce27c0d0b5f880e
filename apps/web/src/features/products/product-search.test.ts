import { SEARCH_FORM_MESSAGES } from '@selvedge/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyCriteria,
  isValidCriteria,
  isVariableDataMode,
  loadCriteria,
  PRODUCT_SEARCH_KEY,
  type ProductSearchCriteria,
  saveCriteria,
  toSearchParams,
  toVariableDataParams,
  validateCriteria,
} from './product-search';

const standard = (overrides: Partial<ProductSearchCriteria> = {}): ProductSearchCriteria => ({
  ...emptyCriteria(),
  productionRegion: '1',
  ...overrides,
});
const variableData = (overrides: Partial<ProductSearchCriteria> = {}) =>
  standard({ productGroup: 'VARIABLE_DATA', ...overrides });

describe('validation (ordering §5 Product search)', () => {
  it('requires a production region, and a product group or a code/description', () => {
    expect(validateCriteria(emptyCriteria())).toEqual({
      productionRegion: SEARCH_FORM_MESSAGES.regionRequired,
      productGroup: SEARCH_FORM_MESSAGES.groupOrTextRequired,
    });
    expect(validateCriteria(standard({ search: '   ' }))).toEqual({
      productGroup: SEARCH_FORM_MESSAGES.groupOrTextRequired,
    });
    expect(isValidCriteria(standard({ productGroup: 'WOVEN' }))).toBe(true);
    expect(isValidCriteria(standard({ search: 'tee' }))).toBe(true);
  });

  it('takes a code/description of at most 100 characters', () => {
    expect(isValidCriteria(standard({ search: 'x'.repeat(100) }))).toBe(true);
    expect(validateCriteria(standard({ search: 'x'.repeat(101) }))).toEqual({
      search: SEARCH_FORM_MESSAGES.textTooLong,
    });
  });

  it('in variable-data mode asks for a PO number unless vendor, and a style number when the customer says so', () => {
    expect(isVariableDataMode(variableData())).toBe(true);
    expect(Object.keys(validateCriteria(variableData()))).toEqual(['poNumber']);
    expect(isValidCriteria(variableData(), { isVendor: true, styleNumberRequired: false })).toBe(true);
    expect(
      Object.keys(
        validateCriteria(variableData({ poNumber: 'PO1' }), { isVendor: false, styleNumberRequired: true }),
      ),
    ).toEqual(['styleNumber']);
  });
});

describe('queries', () => {
  it('GET /products: the region, the group and the trimmed text when given', () => {
    expect(toSearchParams(standard({ search: '  tee ', page: 2 }))).toEqual({
      productionRegion: 1,
      page: 2,
      size: 50,
      search: 'tee',
    });
    expect(toSearchParams(standard({ productGroup: 'WOVEN' }))).toEqual({
      productionRegion: 1,
      page: 0,
      size: 50,
      productGroup: 'WOVEN',
    });
  });

  it('GET /products/variable-data: the region, the PO search group, and the PO and style when given', () => {
    expect(toVariableDataParams(variableData({ poNumber: ' PO1 ', styleNumber: '' }))).toEqual({
      productionRegion: 1,
      orderStatus: 'UPLOADED',
      page: 0,
      size: 50,
      poNumber: 'PO1',
    });
  });
});

describe('kept criteria (ordering §2 Product list, §3 Session state)', () => {
  it("gives back this user's last search, and nothing to another user", () => {
    const mine = standard({ productGroup: 'WOVEN', page: 1 });
    saveCriteria('u1', mine);
    expect(loadCriteria('u1')).toEqual(mine);
    expect(loadCriteria('u2')).toBeNull();
  });

  it('reads what it cannot trust as empty', () => {
    sessionStorage.setItem(
      PRODUCT_SEARCH_KEY,
      JSON.stringify({
        userId: 'u1',
        criteria: {
          productionRegion: '0',
          productGroup: 7,
          search: 'y'.repeat(300),
          orderStatus: 'LOST',
          page: 1.5,
        },
      }),
    );
    expect(loadCriteria('u1')).toEqual({ ...emptyCriteria(), search: 'y'.repeat(100) });
  });
});
