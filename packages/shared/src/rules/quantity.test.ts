import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRoundedQuantity } from './orderLine';
import {
  defaultRestockQuantity,
  digitsOnly,
  inventoryText,
  parseInventory,
  type QuantityLimits,
  quantityMaxOf,
  restockMaximum,
  restockQuantity,
  roundQuantity,
} from './quantity';

const limitsArb = fc.record({
  minOrderQuantity: fc.integer({ min: 0, max: 5_000 }),
  packSize: fc.integer({ min: 1, max: 500 }),
  max: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
});
const qtyArb = fc.integer({ min: 0, max: 50_000 });

describe('roundQuantity (ordering §5 Quantity fields)', () => {
  const std: QuantityLimits = { minOrderQuantity: 100, packSize: 25 };

  it('keeps empty or 0 at 0', () => {
    expect(roundQuantity(0, std)).toBe(0);
    expect(roundQuantity(Number.NaN, std)).toBe(0);
    expect(roundQuantity(-5, std)).toBe(0);
  });
  it('raises a quantity below the minimum order quantity to the minimum', () => {
    expect(roundQuantity(1, std)).toBe(100);
    expect(roundQuantity(99, std)).toBe(100);
  });
  it('rounds up to a multiple of the pack size at or above the minimum', () => {
    expect(roundQuantity(100, std)).toBe(100);
    expect(roundQuantity(101, std)).toBe(125);
    expect(roundQuantity(125, std)).toBe(125);
    expect(roundQuantity(126.9, std)).toBe(150);
  });
  it('keeps the minimum even when it is not a multiple of the pack size', () => {
    const odd = { minOrderQuantity: 15, packSize: 10 };
    expect(roundQuantity(5, odd)).toBe(15);
    expect(roundQuantity(15, odd)).toBe(15);
    expect(roundQuantity(16, odd)).toBe(20);
  });
  it('caps at the allowed maximum (restock limit)', () => {
    expect(roundQuantity(1_000, { ...std, max: 230 })).toBe(230);
    expect(roundQuantity(220, { ...std, max: 230 })).toBe(225);
    expect(roundQuantity(226, { ...std, max: 230 })).toBe(230);
    expect(roundQuantity(200, { ...std, max: 230 })).toBe(200);
    expect(roundQuantity(10, { ...std, max: 40 })).toBe(40);
    expect(roundQuantity(10, { ...std, max: 0 })).toBe(0);
  });
  it('treats pack size below 1 as 1 and no minimum as 0', () => {
    expect(roundQuantity(7, { minOrderQuantity: 0, packSize: 0 })).toBe(7);
  });

  it('law: never below the minimum for positive input when no maximum is below it', () => {
    fc.assert(
      fc.property(limitsArb, fc.integer({ min: 1, max: 50_000 }), (limits, q) => {
        fc.pre(limits.max === null || limits.max >= limits.minOrderQuantity);
        expect(roundQuantity(q, limits)).toBeGreaterThanOrEqual(limits.minOrderQuantity);
      }),
    );
  });
  it('law: the result is a multiple of the pack size, or the minimum, or the maximum', () => {
    fc.assert(
      fc.property(limitsArb, qtyArb, (limits, q) => {
        const r = roundQuantity(q, limits);
        expect(r % limits.packSize === 0 || r === limits.minOrderQuantity || r === limits.max).toBe(true);
      }),
    );
  });
  it('law: idempotent (a second blur keeps the value)', () => {
    fc.assert(
      fc.property(limitsArb, qtyArb, (limits, q) => {
        const once = roundQuantity(q, limits);
        expect(roundQuantity(once, limits)).toBe(once);
      }),
    );
  });
  it('law: never past the maximum, and never lowers a quantity unless capped', () => {
    fc.assert(
      fc.property(limitsArb, qtyArb, (limits, q) => {
        const r = roundQuantity(q, limits);
        if (limits.max !== null) expect(r).toBeLessThanOrEqual(limits.max);
        if (r < q) expect(r).toBe(limits.max);
      }),
    );
  });
});

describe('digitsOnly', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('1a2-3.4 ')).toBe('1234');
    expect(digitsOnly('')).toBe('');
  });
});

describe('restock maximum and default (ordering §9)', () => {
  it('is inventoryMax minus current inventory, not below 0', () => {
    expect(restockMaximum(500, 120)).toBe(380);
    expect(restockMaximum(100, 150)).toBe(0);
  });
  it('defaults to the smaller of the maximum and defaultOrderQuantity', () => {
    expect(defaultRestockQuantity(500, 120, 200)).toBe(200);
    expect(defaultRestockQuantity(500, 450, 200)).toBe(50);
    expect(defaultRestockQuantity(100, 150, 200)).toBe(0);
  });
});

describe('quantityMaxOf: product details quantity fields capped at the restock maximum (ordering §2, §5, §9)', () => {
  const stocked = { hasInventory: true, inventoryQuantity: 120, inventoryMax: 500 };
  it('caps an inventory product at inventoryMax − current inventory for a user who may restock', () => {
    expect(quantityMaxOf(stocked, true)).toBe(380);
    expect(quantityMaxOf({ ...stocked, inventoryQuantity: 600 }, true)).toBe(0);
    // Through the field's rule: above the cap becomes the cap; within it still rounds to packs.
    expect(
      roundQuantity(1000, { minOrderQuantity: 50, packSize: 25, max: quantityMaxOf(stocked, true) }),
    ).toBe(380);
    expect(
      roundQuantity(101, { minOrderQuantity: 50, packSize: 25, max: quantityMaxOf(stocked, true) }),
    ).toBe(125);
  });
  it('leaves the field uncapped otherwise: no restock permission, not stocked, inventory not shown', () => {
    expect(quantityMaxOf(stocked, false)).toBeNull();
    expect(quantityMaxOf({ ...stocked, hasInventory: false }, true)).toBeNull();
    expect(quantityMaxOf({ hasInventory: true }, true)).toBeNull();
    expect(quantityMaxOf({ hasInventory: true, inventoryQuantity: 5 }, true)).toBeNull();
  });
});

describe('inventory fields (ordering §5 Inventory fields)', () => {
  it('keeps digits, minus sign and period as typed', () => {
    expect(inventoryText('-1a2.5 b')).toBe('-12.5');
    expect(inventoryText('abc')).toBe('');
  });
  it('parses whole numbers on blur', () => {
    expect(parseInventory('12.7')).toBe(12);
    expect(parseInventory('-3.2')).toBe(-3);
    expect(parseInventory('.5')).toBe(0);
    expect(parseInventory('-0')).toBe(0);
    expect(parseInventory('40')).toBe(40);
    expect(parseInventory('')).toBeNull();
    expect(parseInventory('-')).toBeNull();
    expect(parseInventory('1e3')).toBe(13);
  });
  it('answers an integer for every text that begins with a number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.nat(99), (n, frac) => {
        expect(parseInventory(`${n}.${frac}`)).toBe(n);
      }),
    );
  });
});

describe('restockQuantity (ordering §2 Restock, §9)', () => {
  it('takes the default restock quantity, down to whole packs, at least the minimum order', () => {
    const limits = { minOrderQuantity: 100, packSize: 25 };
    expect(
      restockQuantity({ inventoryMax: 500, currentInventory: 40, defaultOrderQuantity: 1000 }, limits),
    ).toBe(450);
    expect(
      restockQuantity({ inventoryMax: 500, currentInventory: 40, defaultOrderQuantity: 130 }, limits),
    ).toBe(125);
    expect(
      restockQuantity({ inventoryMax: 500, currentInventory: 390, defaultOrderQuantity: 1000 }, limits),
    ).toBe(100);
    expect(
      restockQuantity({ inventoryMax: 500, currentInventory: 420, defaultOrderQuantity: 1000 }, limits),
    ).toBe(0);
    expect(
      restockQuantity({ inventoryMax: 500, currentInventory: 600, defaultOrderQuantity: 1000 }, limits),
    ).toBe(0);
    expect(
      restockQuantity({ inventoryMax: 500, currentInventory: -50, defaultOrderQuantity: 1000 }, limits),
    ).toBe(550);
  });
  it('is never negative, never above the maximum, and always a quantity the cart accepts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: -5_000, max: 25_000 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 1, max: 500 }),
        (inventoryMax, currentInventory, defaultOrderQuantity, minOrderQuantity, packSize) => {
          const limits = { minOrderQuantity, packSize };
          const q = restockQuantity({ inventoryMax, currentInventory, defaultOrderQuantity }, limits);
          expect(q).toBeGreaterThanOrEqual(0);
          expect(q).toBeLessThanOrEqual(restockMaximum(inventoryMax, currentInventory));
          expect(q).toBeLessThanOrEqual(Math.max(0, defaultOrderQuantity));
          expect(isRoundedQuantity(q, limits)).toBe(true);
          if (q > 0) expect(q % packSize === 0 || q === minOrderQuantity).toBe(true);
        },
      ),
    );
  });
});
