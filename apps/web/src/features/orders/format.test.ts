import { describe, expect, it } from 'vitest';
import { displayDate, displayDateTime, displayTotal, displayUnit, orDash } from './format';

describe('display of the order screens (ordering §9)', () => {
  it("shows a missing or blank value as '---'", () => {
    expect(orDash(null)).toBe('---');
    expect(orDash(undefined)).toBe('---');
    expect(orDash('   ')).toBe('---');
    expect(orDash(' PO-1 ')).toBe('PO-1');
    expect(orDash(0)).toBe('0');
  });

  it('shows dates as DD-MMM-YY and date-times with the local time', () => {
    expect(displayDate('2026-12-05')).toBe('05-Dec-26');
    expect(displayDate(null)).toBe('---');
    expect(displayDateTime('2026-12-05T14:07:00')).toBe('05-Dec-26 14:07');
    expect(displayDateTime('not a date')).toBe('---');
    expect(displayDateTime(undefined)).toBe('---');
  });

  it('shows totals with 2 decimals and unit prices with 4', () => {
    expect(displayTotal({ currency: 'USD', price: '1234.5' })).toBe('USD 1,234.50');
    expect(displayUnit({ currency: 'CAD', price: '0.0731' })).toBe('CAD 0.0731');
    expect(displayTotal(null)).toBe('---');
    expect(displayUnit(undefined)).toBe('---');
  });
});
