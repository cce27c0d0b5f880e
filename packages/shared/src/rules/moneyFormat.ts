/**
 * The display formats of amounts (ordering §9: totals with 2 decimals, unit prices and costs with 4,
 * thousands separators), without decimal.js: a screen that only shows amounts (the order list) does
 * not download the arithmetic library (decision 0064). Rounding is half up (away from zero), done on
 * the amount's decimal text, so it is exact as decimal.js's is (money.test.ts checks the two agree).
 */
import type { Amount } from './money';

/** Sign, digits and exponent of a decimal text as decimal.js reads it ('-1.5', '.5', '+2', '1e3'). */
const DECIMAL_NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * `amount` rounded half up to `places` decimals, as text with exactly that many ('1234.50').
 * Throws on a text that is not a decimal number, as decimal.js does.
 */
export function roundedAmountText(amount: Amount, places: number): string {
  const text = String(amount);
  const m = DECIMAL_NUMBER.exec(text);
  if (!m || (m[2] ?? '') + (m[3] ?? '') === '') throw new Error(`[DecimalError] Invalid argument: ${text}`);
  const digits = `${m[2] ?? ''}${m[3] ?? ''}`;
  // Where the decimal point falls in `digits` once the exponent is applied.
  const point = (m[2] ?? '').length + Number(m[4] ?? 0);
  const padded = point < 0 ? '0'.repeat(-point) + digits : digits.padEnd(point, '0');
  const at = Math.max(point, 0);
  const whole = padded.slice(0, at) || '0';
  const fraction = padded.slice(at);
  let kept = `${whole}${fraction.slice(0, places).padEnd(places, '0')}`;
  if ((fraction[places] ?? '0') >= '5') {
    // Add one in the last kept place, carrying through the nines.
    const out = kept.split('');
    let i = out.length - 1;
    while (i >= 0 && out[i] === '9') out[i--] = '0';
    if (i < 0) out.unshift('1');
    else out[i] = String(Number(out[i]) + 1);
    kept = out.join('');
  }
  const intPart = kept.slice(0, kept.length - places).replace(/^0+(?=\d)/, '');
  const result = places > 0 ? `${intPart}.${kept.slice(kept.length - places)}` : intPart;
  // A negative amount keeps its sign unless it rounds to zero (decimal.js prints no '-0.00').
  return m[1] === '-' && /[1-9]/.test(result) ? `-${result}` : result;
}

const groups = (intPart: string) => intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** `amount` at `places` decimals with thousands separators. */
function formatAt(amount: Amount, places: number): string {
  const fixed = roundedAmountText(amount, places);
  const [i, f] = fixed.replace('-', '').split('.');
  return `${fixed.startsWith('-') ? '-' : ''}${groups(i)}${f === undefined ? '' : `.${f}`}`;
}

/** '1234.5' → '1,234.50' (totals: 2 decimals with thousands separators, ordering §9). */
export const formatTotal = (amount: Amount): string => formatAt(amount, 2);

/** '0.12' → '0.1200' (unit prices and costs: 4 decimals, ordering §9). */
export const formatUnit = (amount: Amount): string => formatAt(amount, 4);

/** 'USD 1,234.50' */
export function formatMoney(money: { currency: string; price: Amount }): string {
  return `${money.currency} ${formatTotal(money.price)}`;
}

/** 'CAD 0.0731': a unit price or cost with its currency, 4 decimals (ordering §9). */
export function formatUnitMoney(money: { currency: string; price: Amount }): string {
  return `${money.currency} ${formatUnit(money.price)}`;
}
