import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './dates';

describe('parseTypedDate (typed dates of the date fields)', () => {
  it('reads DD-MMM-YYYY in any case, DD-MMM-YY as 20YY, and YYYY-MM-DD', () => {
    expect(parseTypedDate('05-Dec-2026')).toBe('2026-12-05');
    expect(parseTypedDate(' 5-dec-2026 ')).toBe('2026-12-05');
    expect(parseTypedDate('05-DEC-26')).toBe('2026-12-05');
    expect(parseTypedDate('05/Dec/2026')).toBe('2026-12-05');
    expect(parseTypedDate('05 Dec 2026')).toBe('2026-12-05');
    expect(parseTypedDate('2026-12-05')).toBe('2026-12-05');
  });
  it('refuses what is not a real date, or not yet one', () => {
    for (const text of [
      '',
      '05-Dec-',
      '31-Feb-2027',
      '2027-02-29',
      '05-Foo-2026',
      '12/05/2026',
      '05-Dec-20266',
      '0000-01-01',
      '01-Jan-3000',
    ]) {
      expect(parseTypedDate(text), text).toBeNull();
    }
    expect(parseTypedDate('29-Feb-2028')).toBe('2028-02-29');
  });
});
