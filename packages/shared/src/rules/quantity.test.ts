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
  restockPlan,
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
  it("leaves out what the user's cart already holds of the size: the cart never passes the maximum", () => {
    expect(quantityMaxOf({ ...stocked, cartQuantity: 300 }, true)).toBe(80);
    expect(quantityMaxOf({ ...stocked, cartQuantity: 380 }, true)).toBe(0);
    expect(quantityMaxOf({ ...stocked, cartQuantity: 900 }, true)).toBe(0);
    expect(quantityMaxOf({ ...stocked, cartQuantity: 0 }, true)).toBe(380);
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

describe('restockPlan and restockQuantity (ordering §2 Restock, §5, §9; decision 0056)', () => {
  const limits = { minOrderQuantity: 100, packSize: 25 };
  const q = (inventoryMax: number, currentInventory: number, defaultOrderQuantity: number, inCart = 0) =>
    restockQuantity({ inventoryMax, currentInventory, defaultOrderQuantity, inCart }, limits);

  it('takes the smaller of the room and defaultOrderQuantity, then the quantity rules of §5', () => {
    // the default when there is room: rounded up to whole packs (130 → 150), never down
    expect(q(500, 40, 130)).toBe(150);
    expect(q(5000, 40, 1000)).toBe(1000);
    // below the minimum order quantity: raised to it
    expect(q(5000, 40, 60)).toBe(100);
    // the room when it is smaller: the restock maximum itself, even off the pack size (460)
    expect(q(500, 40, 1000)).toBe(460);
    expect(q(500, -50, 1000)).toBe(550);
    // raising to the minimum or a whole pack would pass the room: the room (the maximum wins, §5)
    expect(q(500, 440, 1000)).toBe(60);
    expect(q(500, 390, 1000)).toBe(110);
    expect(q(500, 380, 101)).toBe(120);
    expect(q(500, 390, 101)).toBe(110);
  });

  it('counts what the cart already holds: a repeat tops up to the restock maximum, then leaves the item out', () => {
    // restock maximum 26,000, default 10,000, packs of 1,000: 10,000, 10,000, 6,000, then nothing
    const big = { minOrderQuantity: 1000, packSize: 1000 };
    const plan = (inCart: number) =>
      restockPlan({ inventoryMax: 26_000, currentInventory: 0, defaultOrderQuantity: 10_000, inCart }, big);
    expect(plan(0)).toEqual({ quantity: 10_000 });
    expect(plan(10_000)).toEqual({ quantity: 10_000 });
    expect(plan(20_000)).toEqual({ quantity: 6_000 });
    expect(plan(25_500)).toEqual({ quantity: 500 });
    expect(plan(26_000)).toEqual({ skip: 'inCart' });
    expect(plan(40_000)).toEqual({ skip: 'inCart' });
  });

  it('says why an item is left out: at its maximum, no default order quantity, the cart holds the maximum', () => {
    const plan = (inventoryMax: number, currentInventory: number, defaultOrderQuantity: number, inCart = 0) =>
      restockPlan({ inventoryMax, currentInventory, defaultOrderQuantity, inCart }, limits);
    expect(plan(500, 500, 100)).toEqual({ skip: 'atMaximum' });
    expect(plan(500, 600, 100)).toEqual({ skip: 'atMaximum' });
    expect(plan(0, 0, 100)).toEqual({ skip: 'atMaximum' });
    expect(plan(500, 100, 0)).toEqual({ skip: 'noDefaultQuantity' });
    expect(plan(500, 100, 100, 400)).toEqual({ skip: 'inCart' });
    expect(plan(500, 100, 100, 399)).toEqual({ quantity: 1 });
  });

  it('law: the quantity field rule of the default restock quantity, within the room, accepted by the cart', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: -5_000, max: 25_000 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 1, max: 500 }),
        (inventoryMax, currentInventory, defaultOrderQuantity, inCart, minOrderQuantity, packSize) => {
          const lim = { minOrderQuantity, packSize };
          const item = { inventoryMax, currentInventory, defaultOrderQuantity, inCart };
          const room = Math.max(0, restockMaximum(inventoryMax, currentInventory) - inCart);
          const plan = restockPlan(item, lim);
          if ('skip' in plan) {
            expect(room === 0 || defaultOrderQuantity === 0).toBe(true);
            expect(restockQuantity(item, lim)).toBe(0);
            return;
          }
          expect(plan.quantity).toBeGreaterThan(0);
          expect(plan.quantity).toBeLessThanOrEqual(room);
          expect(plan.quantity).toBe(
            roundQuantity(Math.min(room, defaultOrderQuantity), { ...lim, max: room }),
          );
          expect(isRoundedQuantity(plan.quantity, { ...lim, max: room })).toBe(true);
          // what the cart's check sees: the restock maximum less the cart's pieces (quantityMaxOf)
          const max = quantityMaxOf(
            { hasInventory: true, inventoryQuantity: currentInventory, inventoryMax, cartQuantity: inCart },
            true,
          );
          expect(max).toBe(room);
        },
      ),
    );
  });
});
