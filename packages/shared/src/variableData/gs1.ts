/**
 * GS1 check digits (GS1 General Specifications §7.9.1, the mod-10 algorithm of every GTIN): the
 * barcodes of retailer data files (UPC-A = GTIN-12 on Roots tickets, EAN-13 = GTIN-13 on Dunnes
 * tickets; docs/formats/roots-delimited.md, dunnes-flat-file.md) must carry a right check digit.
 * Pure functions over digit strings.
 */

/**
 * The check digit of `body` (the GTIN without its last digit, digits only): from the right,
 * weights 3, 1, 3, 1…; the digit that brings the sum to a multiple of 10.
 * @throws Error when `body` is empty or holds anything but digits.
 */
export function gs1CheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new Error(`gs1CheckDigit: '${body}' is not a string of digits`);
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += (body.charCodeAt(i) - 48) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when `code` is `length` digits whose last one is the GS1 check digit of the others. */
export function isValidGtin(code: string, length: 8 | 12 | 13 | 14): boolean {
  if (code.length !== length || !/^\d+$/.test(code)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === code.charCodeAt(length - 1) - 48;
}

/** `body` (one digit shorter than the GTIN) with its check digit appended. */
export function withCheckDigit(body: string): string {
  return `${body}${gs1CheckDigit(body)}`;
}
