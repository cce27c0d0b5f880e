import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { CART_MESSAGES } from './cart';

describe('CART_MESSAGES.dateTooEarly', () => {
  it('names the earliest date as the date field is typed (DD-MMM-YYYY), as dayjs formats it', () => {
    expect(CART_MESSAGES.dateTooEarly('2026-01-15')).toBe(
      'Date Requested cannot be earlier than 15-Jan-2026 (14 days from today)',
    );
    for (let day = dayjs('2026-01-01'); day.year() === 2026; day = day.add(9, 'day')) {
      const iso = day.format('YYYY-MM-DD');
      expect(CART_MESSAGES.dateTooEarly(iso)).toContain(` ${day.format('DD-MMM-YYYY')} `);
    }
  });
});
