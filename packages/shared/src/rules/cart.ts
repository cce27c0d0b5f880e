/**
 * Cart rules (ordering §5 Cart, §9): required header fields, the email rule, the date-requested
 * rule (not earlier than 14 days from today) and the shipping address length. Both the browser and
 * the server apply them.
 */
import dayjs from 'dayjs';
import { LIMITS } from '../limits';
import { CART_MESSAGES, MESSAGES } from '../messages';
import type { Role } from '../roles';
import { DISPLAY_DATE_FORMAT } from './dates';

/** Allowed characters, one @, then letters, digits, dots and dashes. One address only. */
const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9.-]+$/;

/** True when `email` (surrounding spaces ignored) is one valid address (ordering §5 Cart). */
export function isValidEmail(email: string): boolean {
  return EMAIL.test(email.trim());
}

/** The earliest allowed Date Requested for `today` (ISO YYYY-MM-DD; ordering §5 Cart, §9: 14 days on). */
export function earliestDateRequested(today: string | Date = new Date()): string {
  return dayjs(today).startOf('day').add(LIMITS.dateRequestedMinDays, 'day').format('YYYY-MM-DD');
}

/** True when `date` (YYYY-MM-DD) is at least 14 days from `today` (ordering §5 Cart). */
export function isDateRequestedAllowed(date: string, today: string | Date = new Date()): boolean {
  const d = dayjs(date, 'YYYY-MM-DD', true); // strict: '2026-02-30' is no date (dates.ts extends dayjs with customParseFormat)
  return d.isValid() && !d.isBefore(earliestDateRequested(today), 'day');
}

/** Display format of dates (ordering §9: DD-MMM-YY), e.g. 05-Dec-26. */
export const formatDisplayDate = (date: string | Date | null | undefined) =>
  date ? dayjs(date).format(DISPLAY_DATE_FORMAT) : '---';

/**
 * Whether the Vendor PO of the cart is required for a user of `role` (ordering §5 Cart: "Vendor PO
 * required for vendors"; §6 Visibility: "A vendor must enter a Vendor PO in the cart"). The cart
 * form's asterisk, its validation and the server's place check all ask this.
 */
export function vendorPORequired(role: Role | null | undefined): boolean {
  return role === 'VENDOR';
}

export interface CartHeader {
  contact?: string | null;
  email?: string | null;
  phone?: string | null;
  vendorPO?: string | null;
  dateRequested?: string | null;
  shippingAddress?: string | null;
  billingAddress?: string | null;
}

/**
 * Field errors of a cart about to be placed, keyed by field name; empty when it may be placed
 * (ordering §5 Cart). `role`: the user placing it (the Vendor PO is required by `vendorPORequired`);
 * `today`: the day Date Requested counts from (default now).
 */
export function validateCartForPlacement(
  cart: CartHeader,
  opts: { role: Role | null; termsAccepted: boolean; today?: string | Date },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const blank = (v: string | null | undefined) => !v || v.trim() === '';
  const required: [keyof CartHeader, string][] = [
    ['contact', 'Contact'],
    ['email', 'Email'],
    ['phone', 'Phone'],
    ['shippingAddress', 'Shipping address'],
    ['dateRequested', 'Date Requested'],
    ['billingAddress', 'Billing address'],
  ];
  if (vendorPORequired(opts.role)) required.push(['vendorPO', 'Vendor PO']);
  for (const [field, label] of required)
    if (blank(cart[field])) errors[field] = CART_MESSAGES.required(label);
  if (!errors.email && cart.email && !isValidEmail(cart.email)) errors.email = MESSAGES.invalidEmail;
  if (
    !errors.dateRequested &&
    cart.dateRequested &&
    !isDateRequestedAllowed(cart.dateRequested, opts.today)
  ) {
    errors.dateRequested = CART_MESSAGES.dateTooEarly(earliestDateRequested(opts.today));
  }
  if (cart.shippingAddress && cart.shippingAddress.length > LIMITS.shippingAddressMaxLength) {
    errors.shippingAddress = CART_MESSAGES.shippingAddressTooLong;
  }
  if (!opts.termsAccepted) errors.termsAndConditions = CART_MESSAGES.termsRequired;
  return errors;
}
