/**
 * Typed dates (ordering §5 'dd-MMM-yyyy', §9 display DD-MMM-YY; date fields accept typing
 * (DD-MMM-YYYY) as well as the calendar). Parsing is dayjs's strict customParseFormat; only the
 * spellings people type are normalized first (any case of the month name, '/', '.' or a space
 * between the parts).
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** How date inputs show a date, e.g. 05-Dec-2026 (ordering §5 Cart Date Requested 'dd-MMM-yyyy'). */
export const DATE_INPUT_FORMAT = 'DD-MMM-YYYY';
/** How dates are displayed, e.g. 05-Dec-26 (ordering §9 'DD-MMM-YY'); the order-list date filters too. */
export const DISPLAY_DATE_FORMAT = 'DD-MMM-YY';
const TYPED_FORMATS = ['DD-MMM-YYYY', 'D-MMM-YYYY', 'DD-MMM-YY', 'D-MMM-YY', 'YYYY-MM-DD', 'YYYY-M-D'];

/**
 * The calendar day ('YYYY-MM-DD') of a typed date — DD-MMM-YYYY (05-Dec-2026), DD-MMM-YY (05-Dec-26,
 * read as 20YY) or YYYY-MM-DD — or null when the text is not (yet) a real date between 1900 and 2999.
 */
export function parseTypedDate(text: string): string | null {
  const value = text
    .trim()
    .replace(/[/. ]+/g, '-')
    .replace(/-([a-z]{3})-/i, (_, m: string) => `-${m[0]!.toUpperCase()}${m.slice(1).toLowerCase()}-`);
  const d = dayjs(value, TYPED_FORMATS, 'en', true);
  if (!d.isValid()) return null;
  const iso = d.format('YYYY-MM-DD');
  return iso >= '1900-01-01' && iso <= '2999-12-31' ? iso : null;
}
