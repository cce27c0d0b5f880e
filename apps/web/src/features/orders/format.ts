/** Display helpers of the order screens: a missing value shows '---' (ordering §9 dates DD-MMM-YY). */
import { formatDisplayDate, formatMoney, formatUnitMoney, type Money } from '@selvedge/shared';
import dayjs from 'dayjs';

/** The placeholder of a missing value. */
export const MISSING = '---';

/** The text, or '---' when it is null, undefined or blank. */
export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return MISSING;
  const text = String(value).trim();
  return text === '' ? MISSING : text;
}

/** A date (ISO date or date-time) as DD-MMM-YY, or '---'. */
export const displayDate = (value: string | null | undefined): string => formatDisplayDate(value ?? null);

/** A date-time as DD-MMM-YY HH:mm (local time), or '---'. */
export function displayDateTime(value: string | null | undefined): string {
  if (!value) return MISSING;
  const d = dayjs(value);
  return d.isValid() ? d.format('DD-MMM-YY HH:mm') : MISSING;
}

/** A total ('USD 1,234.50'), or '---'. */
export const displayTotal = (money: Money | null | undefined): string =>
  money ? formatMoney(money) : MISSING;

/** A unit price or cost with 4 decimals ('USD 0.1200'), or '---'. */
export const displayUnit = (money: Money | null | undefined): string =>
  money ? formatUnitMoney(money) : MISSING;
