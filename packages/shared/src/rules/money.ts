/**
 * Money arithmetic and formats (ARCHITECTURE.md Money, ordering §9). Amounts are decimal strings; all
 * arithmetic goes through decimal.js, never binary floats. Line totals are rounded to cents
 * (half up); unit prices keep 4 decimals.
 */
import Decimal from 'decimal.js';

export type Amount = string;

/** Unit price × quantity, rounded to cents; '0.00' for quantity 0. */
export function lineTotal(unitPrice: Amount, quantity: number): Amount {
  return new Decimal(unitPrice).times(quantity).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** Sum of amounts, to cents. */
export function sumAmounts(amounts: Amount[]): Amount {
  return amounts
    .reduce((acc, a) => acc.plus(a), new Decimal(0))
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toFixed(2);
}

const DECIMAL_TEXT = /^-?(?:0|[1-9]\d*)(?:\.(\d+))?$/;

/**
 * `amount` at `places` decimals when that needs no rounding (only zeros beyond them, or fewer
 * decimals), by cutting or padding its text; null otherwise. Stored amounts (numeric(14,4), totals
 * already rounded to cents) take this path: formatting every total of an order-list page through
 * Decimal was 4 % of the call's CPU (measured by `npm run bench`).
 */
function fixedWithoutRounding(amount: string, places: number): Amount | null {
  const m = DECIMAL_TEXT.exec(amount);
  if (!m) return null;
  const decimals = m[1] ?? '';
  // Decimal's text of a negative zero depends on the places; leave those to it.
  if (amount.startsWith('-0') && /^0*$/.test(decimals)) return null;
  for (let i = places; i < decimals.length; i++) if (decimals.charCodeAt(i) !== 48) return null;
  const whole = m[1] === undefined ? amount : amount.slice(0, amount.length - decimals.length - 1);
  if (places === 0) return whole;
  return `${whole}.${decimals.slice(0, places).padEnd(places, '0')}`;
}

/** Normalises an amount to `places` decimals, half up (4 for unit prices, 2 for totals). */
export function toFixedAmount(amount: Amount | number, places = 4): Amount {
  if (typeof amount === 'string') {
    const fixed = fixedWithoutRounding(amount, places);
    if (fixed !== null) return fixed;
  }
  return new Decimal(amount).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
}

export function compareAmounts(a: Amount, b: Amount): number {
  return new Decimal(a).comparedTo(b);
}

// The display formats need no decimal.js (moneyFormat.ts, decision 0064).
export { formatMoney, formatTotal, formatUnit, formatUnitMoney } from './moneyFormat';
