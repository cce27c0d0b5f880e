import { describe, expect, it } from 'vitest';
import { showingText } from './paging';

const orders = { one: 'order', many: 'orders' };

describe('the count line of a list page', () => {
  it('numbers the rows of the page from 1', () => {
    expect(showingText(0, 50, 50, 123, orders)).toBe('Showing 1–50 of 123 orders');
    expect(showingText(2, 50, 23, 123, orders)).toBe('Showing 101–123 of 123 orders');
  });

  it('says one order, none, and a capped count (decision 0019)', () => {
    expect(showingText(0, 50, 1, 1, orders)).toBe('Showing 1–1 of 1 order');
    expect(showingText(0, 50, 0, 0, orders)).toBe('Showing 0–0 of 0 orders');
    expect(showingText(0, 50, 50, 1000, orders, true)).toBe('Showing 1–50 of 1000+ orders');
  });
});
