import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareAmounts,
  formatMoney,
  formatTotal,
  formatUnit,
  formatUnitMoney,
  lineTotal,
  sumAmounts,
  toFixedAmount,
} from './money';
import { roundedAmountText } from './moneyFormat';

describe('lineTotal', () => {
  it('multiplies in decimals and rounds to cents, half up', () => {
    expect(lineTotal('0.0850', 1000)).toBe('85.00');
    expect(lineTotal('0.1', 3)).toBe('0.30'); // 0.1 × 3 in binary floats is 0.30000000000000004
    expect(lineTotal('0.0125', 1)).toBe('0.01');
    expect(lineTotal('0.0150', 1)).toBe('0.02');
    expect(lineTotal('1.2345', 0)).toBe('0.00');
  });
  it('law: equals the exact product in cents (integer arithmetic on ten-thousandths)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (units, qty) => {
          const price = `${(BigInt(units) / 10000n).toString()}.${(BigInt(units) % 10000n).toString().padStart(4, '0')}`;
          const exact = BigInt(units) * BigInt(qty); // in 1/10000
          const cents = (exact + 50n) / 100n; // half up
          const expected = `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
          expect(lineTotal(price, qty)).toBe(expected);
        },
      ),
    );
  });
});

describe('sumAmounts, toFixedAmount, compareAmounts', () => {
  it('sums to cents', () => {
    expect(sumAmounts(['0.10', '0.20', '1.005'])).toBe('1.31');
    expect(sumAmounts([])).toBe('0.00');
  });
  it('normalises places', () => {
    expect(toFixedAmount('0.12')).toBe('0.1200');
    expect(toFixedAmount(2.5, 2)).toBe('2.50');
    expect(toFixedAmount('12.3400', 2)).toBe('12.34');
    expect(toFixedAmount('12.3450', 2)).toBe('12.35');
    expect(toFixedAmount('-0.0000', 2)).toBe('0.00');
    expect(toFixedAmount('7', 0)).toBe('7');
    expect(toFixedAmount('7.000', 0)).toBe('7');
    expect(toFixedAmount('007.5', 2)).toBe('7.50');
    expect(toFixedAmount('1e3', 2)).toBe('1000.00');
  });
  it('answers what Decimal answers for any decimal text (the no-rounding path is exact)', () => {
    const decimalText = fc
      .tuple(
        fc.boolean(),
        fc.stringMatching(/^(0|[1-9]\d{0,12})$/),
        fc.option(fc.stringMatching(/^\d{1,8}$/), { nil: undefined }),
      )
      .map(
        ([negative, whole, decimals]) =>
          `${negative ? '-' : ''}${whole}${decimals === undefined ? '' : `.${decimals}`}`,
      );
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 6 }), (amount, places) => {
        const byDecimal = new Decimal(amount).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
        expect(toFixedAmount(amount, places)).toBe(byDecimal);
      }),
      { numRuns: 5000 },
    );
  });
  it('compares', () => {
    expect(compareAmounts('1.10', '1.1')).toBe(0);
    expect(compareAmounts('2', '10')).toBe(-1);
  });
});

describe('formatTotal and formatUnit (ordering §9: totals 2 decimals with separators, units 4 decimals)', () => {
  it('formats totals', () => {
    expect(formatTotal('1234.5')).toBe('1,234.50');
    expect(formatTotal('1234567.891')).toBe('1,234,567.89');
    expect(formatTotal('0')).toBe('0.00');
    expect(formatTotal('999.995')).toBe('1,000.00');
    expect(formatTotal('-1234.5')).toBe('-1,234.50');
    expect(formatTotal('-0.001')).toBe('0.00');
  });
  it('formats unit prices', () => {
    expect(formatUnit('0.12')).toBe('0.1200');
    expect(formatUnit('1234.56789')).toBe('1,234.5679');
    expect(formatUnit('0.00005')).toBe('0.0001');
  });
  it('formats money with its currency', () => {
    expect(formatMoney({ currency: 'USD', price: '1234.5' })).toBe('USD 1,234.50');
    expect(formatUnitMoney({ currency: 'CAD', price: '0.0731' })).toBe('CAD 0.0731');
  });
  it('law: rounds as decimal.js does, half up, at 2 and 4 places (moneyFormat.ts, decision 0064)', () => {
    const decimalText = fc
      .tuple(
        fc.constantFrom('', '-', '+'),
        fc.stringMatching(/^\d{0,12}$/),
        fc.option(fc.stringMatching(/^\d{0,9}$/)),
        fc.option(fc.integer({ min: -8, max: 8 })),
      )
      .filter(([, whole, fraction]) => `${whole}${fraction ?? ''}` !== '')
      .map(
        ([sign, whole, fraction, exp]) =>
          `${sign}${whole}${fraction === null ? '' : `.${fraction}`}${exp === null ? '' : `e${exp}`}`,
      );
    fc.assert(
      fc.property(decimalText, (amount) => {
        for (const places of [2, 4]) {
          expect(roundedAmountText(amount, places)).toBe(
            new Decimal(amount).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places),
          );
        }
      }),
      { numRuns: 2000 },
    );
  });
  it('refuses a text that is not a number, as decimal.js does', () => {
    for (const bad of ['', 'abc', '1.2.3', '.', '-', '1e']) expect(() => formatTotal(bad)).toThrow();
  });
  it('law: removing the separators gives back the amount rounded to 2 places', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        const amount = (cents / 100).toFixed(2);
        expect(formatTotal(amount).replace(/,/g, '')).toBe(amount === '-0.00' ? '0.00' : amount);
      }),
    );
  });
});
