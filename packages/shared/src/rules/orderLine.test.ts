import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartScopeConflict, checkAttributes, isRoundedQuantity, quantityRuleMessage } from './orderLine';
import { roundQuantity } from './quantity';

const limitsArb = fc.record({
  minOrderQuantity: fc.integer({ min: 0, max: 5000 }),
  packSize: fc.integer({ min: 1, max: 500 }),
  // A restock maximum (any whole number, on or off the pack size) or none.
  max: fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: null }),
});

describe('isRoundedQuantity', () => {
  it('accepts 0, multiples of the pack size at or above the minimum, and the minimum itself', () => {
    const limits = { minOrderQuantity: 120, packSize: 50 };
    expect(isRoundedQuantity(0, limits)).toBe(true);
    expect(isRoundedQuantity(150, limits)).toBe(true);
    expect(isRoundedQuantity(120, limits)).toBe(true); // what a field holds after typing 1..119
    expect(isRoundedQuantity(100, limits)).toBe(false); // a pack multiple below the minimum
    expect(isRoundedQuantity(160, limits)).toBe(false);
    expect(isRoundedQuantity(-50, limits)).toBe(false);
    expect(isRoundedQuantity(150.5, limits)).toBe(false);
  });

  it('accepts every value the quantity field can produce (law: roundQuantity lands on an accepted value)', () => {
    fc.assert(
      fc.property(limitsArb, fc.integer({ min: -10, max: 100_000 }), (limits, typed) => {
        expect(isRoundedQuantity(roundQuantity(typed, limits), limits)).toBe(true);
      }),
    );
  });

  it('accepts only values some input rounds to (law: an accepted value is reachable)', () => {
    fc.assert(
      fc.property(limitsArb, fc.integer({ min: 0, max: 100_000 }), (limits, q) => {
        fc.pre(isRoundedQuantity(q, limits));
        expect(roundQuantity(q, limits) === q || roundQuantity(1, limits) === q).toBe(true);
      }),
    );
  });

  it('never accepts a value above the maximum, and accepts the maximum itself', () => {
    fc.assert(
      fc.property(limitsArb, fc.integer({ min: 0, max: 100_000 }), (limits, q) => {
        fc.pre(limits.max !== null);
        if (q > limits.max!) expect(isRoundedQuantity(q, limits)).toBe(false);
        if (limits.max! > 0) expect(isRoundedQuantity(limits.max!, limits)).toBe(true);
      }),
    );
  });

  it('never accepts a positive value below the minimum order quantity', () => {
    fc.assert(
      fc.property(limitsArb, fc.integer({ min: 1, max: 5000 }), (limits, q) => {
        fc.pre(q < limits.minOrderQuantity && (limits.max === null || q < limits.max));
        expect(isRoundedQuantity(q, limits)).toBe(false);
      }),
    );
  });
});

describe('quantityRuleMessage', () => {
  it('says the restock maximum for a value above it', () => {
    expect(
      quantityRuleMessage({ productItemId: 7, size: 'One Size' }, 3000, {
        minOrderQuantity: 0,
        packSize: 1000,
        max: 2500,
      }),
    ).toBe('Quantity 3000 of size One Size (item 7) is above its restock maximum of 2500; use 2500.');
  });
  it('says what the cart already holds when the maximum is what is left beside it', () => {
    const limits = { minOrderQuantity: 0, packSize: 1000, max: 6000 };
    expect(
      quantityRuleMessage({ productItemId: 7, size: 'One Size' }, 10_000, limits, {
        restockMaximum: 26_000,
        inCart: 20_000,
      }),
    ).toBe(
      'Quantity 10000 of size One Size (item 7) would take your cart above its restock maximum of 26000 (20000 already in your cart); use 6000.',
    );
    expect(
      quantityRuleMessage(
        { productItemId: 7, size: 'One Size' },
        1000,
        { ...limits, max: 0 },
        {
          restockMaximum: 26_000,
          inCart: 26_000,
        },
      ),
    ).toBe(
      'Quantity 1000 of size One Size (item 7) would take your cart above its restock maximum of 26000 (26000 already in your cart).',
    );
  });
  it('names the item, the size, the rule and the value to use', () => {
    const m = quantityRuleMessage({ productItemId: 42, size: 'M' }, 120, {
      minOrderQuantity: 100,
      packSize: 50,
    });
    expect(m).toBe(
      'Quantity 120 of size M (item 42) must be a multiple of the pack size of 50 and at least the minimum order quantity of 100; use 150.',
    );
  });
  it('calls an uploaded row a row, not an item (a VARIABLE_DATA or DYNAMIC line)', () => {
    expect(
      quantityRuleMessage({ variableDataRowId: 174, size: 'XS NVY' }, 1200, {
        minOrderQuantity: 1000,
        packSize: 500,
      }),
    ).toBe(
      'Quantity 1200 of size XS NVY (row 174) must be a multiple of the pack size of 500 and at least the minimum order quantity of 1000; use 1500.',
    );
  });
});

describe('checkAttributes', () => {
  const fields = [
    { name: 'Style Name', type: 'STRING' as const, options: [] },
    { name: 'Thread Colour', type: 'DROPDOWN' as const, options: ['Black', 'Navy'] },
  ];

  it('keeps the schema fields, trimmed, and drops the others', () => {
    expect(
      checkAttributes(fields, { 'Style Name': ' Cooper ', 'Thread Colour': 'Navy', Other: 'x' }),
    ).toEqual({
      ok: true,
      values: { 'Style Name': 'Cooper', 'Thread Colour': 'Navy' },
    });
  });
  it('requires every field, text and dropdown alike', () => {
    expect(checkAttributes(fields, { 'Thread Colour': 'Navy' })).toEqual({
      ok: false,
      field: 'Style Name',
      message: 'Style Name is required',
    });
    expect(checkAttributes(fields, { 'Style Name': 'A', 'Thread Colour': '  ' })).toEqual({
      ok: false,
      field: 'Thread Colour',
      message: 'Thread Colour is required',
    });
    expect(checkAttributes(fields, undefined).ok).toBe(false);
  });
  it('refuses a dropdown value that is not an option', () => {
    expect(checkAttributes(fields, { 'Style Name': 'A', 'Thread Colour': 'Pink' })).toEqual({
      ok: false,
      field: 'Thread Colour',
      message: "'Pink' is not an option of Thread Colour",
    });
  });
  it('accepts anything without a schema', () => {
    expect(checkAttributes([], { a: 'b' })).toEqual({ ok: true, values: {} });
  });
});

describe('cartScopeConflict', () => {
  const roots = {
    customerId: 1,
    customerName: 'Roots',
    productionRegionId: 1,
    productionRegionName: 'Bangladesh',
  };
  it('lets anything into an empty cart and the same customer and region into a full one', () => {
    expect(cartScopeConflict(null, roots)).toBeNull();
    expect(cartScopeConflict(roots, { ...roots })).toBeNull();
  });
  it('refuses another customer or another region, saying what the cart holds', () => {
    const dunnesChina = {
      customerId: 2,
      customerName: 'Dunnes Stores',
      productionRegionId: 2,
      productionRegionName: 'China',
    };
    expect(cartScopeConflict(roots, dunnesChina)).toBe(
      'Your cart holds products of Roots made in Bangladesh. Place or empty it before adding products of Dunnes Stores made in China.',
    );
    expect(
      cartScopeConflict(roots, { ...roots, productionRegionId: 2, productionRegionName: 'China' }),
    ).toMatch(/Roots made in China/);
  });
});
