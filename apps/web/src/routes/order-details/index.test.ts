import { describe, expect, it } from 'vitest';
import { parseOrderId } from '.';

describe('the orderId of order details', () => {
  it('is a whole number from 1 to the largest order number', () => {
    expect(parseOrderId('42')).toBe(42);
    expect(parseOrderId('2147483647')).toBe(2147483647);
    for (const bad of [null, '', '0', '2147483648', '4.2', 'x', '-1']) expect(parseOrderId(bad)).toBeNull();
  });
});
