import { describe, expect, it } from 'vitest';
import { VARIABLE_DATA_SEARCH_MESSAGES as M } from '../messages';
import { variableDataSearchErrors } from './products';

describe('variable-data search rules (ordering §5 Product search)', () => {
  const staff = { isVendor: false, styleNumberRequired: false };
  it('asks a PO number of every role but a vendor', () => {
    expect(variableDataSearchErrors({}, staff)).toEqual({ poNumber: M.poNumberRequired });
    expect(variableDataSearchErrors({ poNumber: '  ' }, staff)).toEqual({ poNumber: M.poNumberRequired });
    expect(variableDataSearchErrors({ poNumber: 'PO-1' }, staff)).toEqual({});
    expect(variableDataSearchErrors({}, { isVendor: true, styleNumberRequired: false })).toEqual({});
  });
  it('asks a style number when a customer default says so', () => {
    expect(variableDataSearchErrors({ poNumber: 'PO-1' }, { ...staff, styleNumberRequired: true })).toEqual({
      styleNumber: M.styleNumberRequired,
    });
    expect(variableDataSearchErrors({}, { isVendor: true, styleNumberRequired: true })).toEqual({
      styleNumber: M.styleNumberRequired,
    });
    expect(
      variableDataSearchErrors(
        { poNumber: 'PO-1', styleNumber: '62040000' },
        { ...staff, styleNumberRequired: true },
      ),
    ).toEqual({});
  });
});
