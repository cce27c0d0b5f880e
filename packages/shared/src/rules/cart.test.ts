import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { ROLES } from '../roles';
import {
  earliestDateRequested,
  formatDisplayDate,
  isDateRequestedAllowed,
  isValidEmail,
  validateCartForPlacement,
  vendorPORequired,
} from './cart';

describe('isValidEmail (ordering §5 Cart)', () => {
  it('accepts one address of allowed characters, an @, then letters, digits, dots and dashes', () => {
    for (const e of [
      'vera@example.com',
      'first.last+tag@mail-01.example.co.uk',
      "o'brien@dunnes.ie",
      ' a@b.c ',
    ]) {
      expect(isValidEmail(e), e).toBe(true);
    }
  });
  it('refuses anything else', () => {
    for (const e of [
      '',
      'plain',
      '@example.com',
      'a@',
      'a@@b.com',
      'a b@c.com',
      'a@b_c.com',
      'a@b.com,c@d.com',
      'a@b.com c@d.com',
    ]) {
      expect(isValidEmail(e), e).toBe(false);
    }
  });
});

describe('Date Requested (ordering §5: not earlier than 14 days from today)', () => {
  it('earliestDateRequested is today plus 14 days', () => {
    expect(earliestDateRequested('2026-01-01')).toBe('2026-01-15');
    expect(earliestDateRequested('2026-12-25')).toBe('2027-01-08');
    expect(earliestDateRequested('2028-02-20')).toBe('2028-03-05');
  });
  it('allows the 14th day and later, refuses earlier days and bad dates', () => {
    expect(isDateRequestedAllowed('2026-01-15', '2026-01-01')).toBe(true);
    expect(isDateRequestedAllowed('2026-03-01', '2026-01-01')).toBe(true);
    expect(isDateRequestedAllowed('2026-01-14', '2026-01-01')).toBe(false);
    expect(isDateRequestedAllowed('2025-12-31', '2026-01-01')).toBe(false);
    expect(isDateRequestedAllowed('not-a-date', '2026-01-01')).toBe(false);
    // A day the month does not have is no date (dayjs alone would read 2026-02-30 as 2 March).
    expect(isDateRequestedAllowed('2026-02-30', '2026-01-01')).toBe(false);
    expect(isDateRequestedAllowed('2026-2-3', '2026-01-01')).toBe(false);
  });
  it('formats display dates as DD-MMM-YY', () => {
    expect(formatDisplayDate('2026-12-05')).toBe('05-Dec-26');
    expect(formatDisplayDate(null)).toBe('---');
  });
});

describe('vendorPORequired (ordering §5 Cart, §6 Visibility)', () => {
  it('requires the Vendor PO of vendors only', () => {
    expect(ROLES.filter(vendorPORequired)).toEqual(['VENDOR']);
    expect(vendorPORequired(null)).toBe(false);
    expect(vendorPORequired(undefined)).toBe(false);
  });
});

describe('validateCartForPlacement', () => {
  const ok = {
    contact: 'Vera',
    email: 'vera@example.com',
    phone: '+880 2 555',
    vendorPO: 'PO-1',
    dateRequested: '2026-02-01',
    shippingAddress: 'Dhaka',
    billingAddress: 'Dhaka',
  };
  it('accepts a complete cart', () => {
    expect(
      validateCartForPlacement(ok, { role: 'VENDOR', termsAccepted: true, today: '2026-01-01' }),
    ).toEqual({});
  });
  it('names every missing field, the Vendor PO only for vendors, and the terms', () => {
    const errors = validateCartForPlacement(
      {},
      { role: 'VENDOR', termsAccepted: false, today: '2026-01-01' },
    );
    expect(Object.keys(errors).sort()).toEqual(
      [
        'billingAddress',
        'contact',
        'dateRequested',
        'email',
        'phone',
        'shippingAddress',
        'termsAndConditions',
        'vendorPO',
      ].sort(),
    );
    for (const role of ['ACCOUNT', 'ADMIN', null] as const) {
      expect(
        validateCartForPlacement({ ...ok, vendorPO: '' }, { role, termsAccepted: true, today: '2026-01-01' }),
        String(role),
      ).toEqual({});
    }
    expect(
      validateCartForPlacement(
        { ...ok, vendorPO: '  ' },
        { role: 'VENDOR', termsAccepted: true, today: '2026-01-01' },
      ),
    ).toEqual({ vendorPO: 'Vendor PO is required' });
  });
  it('uses the spec messages for email, date and address length', () => {
    const errors = validateCartForPlacement(
      { ...ok, email: 'a@b_c', dateRequested: '2026-01-10', shippingAddress: 'x'.repeat(256) },
      { role: 'VENDOR', termsAccepted: true, today: '2026-01-01' },
    );
    expect(errors.email).toBe(MESSAGES.invalidEmail);
    expect(errors.dateRequested).toContain('15-Jan-2026');
    expect(errors.shippingAddress).toContain('255');
  });
});
