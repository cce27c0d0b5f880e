/**
 * RFID (docs/rfid.md; decisions 0066, 0067): the pure rules of an SGTIN-96 EPC (GS1 EPC
 * Tag Data Standard 2.x, §14.5.1) that both sides need — the partition table, the GS1 Company
 * Prefix and how a GTIN matches it, the filter values and the largest serial. The bit layout itself
 * (hex EPC, tag URI) is the `epc-tds` library's, used on the server only (apps/server
 * src/modules/rfid/rfid.epc.ts), so that the web bundle stays without it.
 *
 * Digit strings throughout: a GTIN-14 is 14 digits (indicator digit, company prefix, item
 * reference, check digit); a GS1 Company Prefix 6 to 12 digits.
 */
import { gtin14 } from '../careLabel/passport';

/** The largest SGTIN-96 serial (38 bits: 2^38 − 1 = 274,877,906,943; TDS §14.5.1.2). */
export const SGTIN96_MAX_SERIAL = 274_877_906_943;

/** GS1 filter values (TDS Table 10-2) 0..7; 3 = single shipping / consumer trade item. */
export const EPC_FILTER_VALUES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
/** The filter a subcode takes unless told otherwise: 3, a single consumer trade item (a garment). */
export const DEFAULT_EPC_FILTER = 3;

/**
 * The SGTIN partition table (TDS Table 14-2): company prefix length in digits → partition value.
 * The item reference (with the indicator digit) fills the remaining 13 − length digits.
 */
export const SGTIN_PARTITIONS: Readonly<Record<number, number>> = {
  12: 0,
  11: 1,
  10: 2,
  9: 3,
  8: 4,
  7: 5,
  6: 6,
};

/** A GS1 Company Prefix as the customer's master data keeps it: 6 to 12 digits. */
export function isGs1CompanyPrefix(prefix: string): boolean {
  return /^\d{6,12}$/.test(prefix);
}

/**
 * The SGTIN partition value of a company prefix (by its length, SGTIN_PARTITIONS).
 * @throws Error when `prefix` is not 6 to 12 digits (a programming error: stored prefixes are checked).
 */
export function sgtinPartition(prefix: string): number {
  if (!isGs1CompanyPrefix(prefix)) throw new Error(`sgtinPartition: '${prefix}' is not a GS1 Company Prefix`);
  return SGTIN_PARTITIONS[prefix.length]!;
}

/**
 * A UPC-A (GTIN-12), EAN-13 (GTIN-13), GTIN-8 or GTIN-14 as GTIN-14 (left-padded with zeros, GS1
 * General Specifications §3.3.2), or null when it is not a GTIN with a right check digit.
 */
export function toGtin14(code: string): string | null {
  return gtin14(code);
}

/**
 * True when the GTIN (any length, see toGtin14) belongs to the company prefix: in the GTIN-14 the
 * prefix follows the indicator digit (TDS §7.1: digits 2.. of the GTIN-14). A UPC-A's U.P.C.
 * Company Prefix is the GS1 Company Prefix without its leading 0, so a customer whose UPCs begin
 * 062345 keeps the prefix 0062345.
 */
export function gtinMatchesPrefix(gtin: string, prefix: string): boolean {
  const g = toGtin14(gtin);
  return g !== null && isGs1CompanyPrefix(prefix) && g.slice(1, 1 + prefix.length) === prefix;
}

/** A range of serials of one GTIN: `count` serials from `first` (inclusive). */
export interface SerialRange {
  first: number;
  count: number;
}

/** The last serial of a range ('first + count − 1'); for display ('1–500'). */
export const lastSerialOf = (r: SerialRange) => r.first + r.count - 1;

/** True when a counter at `next` (the next free serial) can give `count` more serials. */
export function serialsLeft(next: number, count: number): boolean {
  return next + count - 1 <= SGTIN96_MAX_SERIAL;
}
