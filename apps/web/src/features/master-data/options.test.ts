import { describe, expect, it } from 'vitest';
import { numberBody, refBody, refsBody, refValue, staticOptions } from './options';

describe('references as the master-data forms keep them', () => {
  it('are id texts in the form and { id } in the body', () => {
    expect(refValue({ id: 4 })).toBe('4');
    expect(refValue(null)).toBe('');
    expect(refBody('4')).toEqual({ id: 4 });
    expect(refBody('')).toBeNull();
    expect(refsBody(['1', '2'])).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('send an emptied number input as NaN, which the schema refuses as required', () => {
    expect(numberBody('')).toBeNaN();
    expect(numberBody('12')).toBe(12);
    expect(numberBody(0)).toBe(0);
  });

  it('keep a constant list readable for the history', () => {
    const yesNo = staticOptions([{ value: 'true', label: 'Yes' }]);
    expect(yesNo().options).toBe(yesNo.options);
  });
});
