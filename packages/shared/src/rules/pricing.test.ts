import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applicableTier,
  baseTier,
  type MinimumValueLine,
  minimumOrderCharges,
  sortTiers,
  type Tier,
} from './pricing';

const tiers: Tier[] = [
  { quantity: 1, price: '0.1000', currency: 'CAD' },
  { quantity: 1000, price: '0.0860', currency: 'CAD' },
  { quantity: 5000, price: '0.0740', currency: 'CAD' },
  { quantity: 1, price: '0.0750', currency: 'USD' },
  { quantity: 2500, price: '0.0600', currency: 'USD' },
];

describe('applicableTier (ordering §9 tier price)', () => {
  it('takes the highest tier at or below the total', () => {
    expect(applicableTier(tiers, 1, 'CAD')?.price).toBe('0.1000');
    expect(applicableTier(tiers, 999, 'CAD')?.price).toBe('0.1000');
    expect(applicableTier(tiers, 1000, 'CAD')?.price).toBe('0.0860');
    expect(applicableTier(tiers, 4999, 'CAD')?.price).toBe('0.0860');
    expect(applicableTier(tiers, 1_000_000, 'CAD')?.price).toBe('0.0740');
  });
  it('looks at the given currency only', () => {
    expect(applicableTier(tiers, 3000, 'USD')?.price).toBe('0.0600');
    expect(applicableTier(tiers, 3000, 'EUR')).toBeNull();
  });
  it('is null below every tier (e.g. nothing ordered)', () => {
    expect(applicableTier(tiers, 0, 'CAD')).toBeNull();
    expect(applicableTier([{ quantity: 100, price: '1', currency: 'CAD' }], 99, 'CAD')).toBeNull();
  });
  it('counts the cart quantity of the same product toward the tier (caller adds it)', () => {
    const cartQuantity = 600;
    expect(applicableTier(tiers, 500 + cartQuantity, 'CAD')?.quantity).toBe(1000);
  });
  it('does not depend on the order of the tiers', () => {
    expect(applicableTier([...tiers].reverse(), 1200, 'CAD')?.quantity).toBe(1000);
  });

  const tierArb = fc.record({
    quantity: fc.integer({ min: 1, max: 100_000 }),
    price: fc.integer({ min: 1, max: 99_999 }).map((n) => (n / 10_000).toFixed(4)),
    currency: fc.constantFrom('CAD', 'USD'),
  });
  it('law: monotone in the total quantity (a larger total never picks a lower tier)', () => {
    fc.assert(
      fc.property(fc.array(tierArb, { maxLength: 8 }), fc.nat(200_000), fc.nat(200_000), (ts, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const tl = applicableTier(ts, lo, 'CAD');
        const th = applicableTier(ts, hi, 'CAD');
        if (tl) {
          expect(th).not.toBeNull();
          expect(th?.quantity ?? -1).toBeGreaterThanOrEqual(tl.quantity);
        }
      }),
    );
  });
  it('law: the chosen tier is at or below the total and no other tier of the currency fits better', () => {
    fc.assert(
      fc.property(fc.array(tierArb, { maxLength: 8 }), fc.nat(200_000), (ts, total) => {
        const t = applicableTier(ts, total, 'USD');
        const fitting = ts.filter((x) => x.currency === 'USD' && x.quantity <= total);
        if (!t) expect(fitting).toEqual([]);
        else {
          expect(t.quantity).toBeLessThanOrEqual(total);
          expect(fitting.every((x) => x.quantity <= t.quantity)).toBe(true);
        }
      }),
    );
  });
});

describe('baseTier and sortTiers', () => {
  it('baseTier is the lowest tier of the currency', () => {
    expect(baseTier([...tiers].reverse(), 'CAD')?.quantity).toBe(1);
    expect(baseTier(tiers, 'GBP')).toBeNull();
  });
  it('sortTiers orders by currency then quantity', () => {
    const sorted = sortTiers([...tiers].reverse());
    expect(sorted.map((t) => `${t.currency}${t.quantity}`)).toEqual([
      'CAD1',
      'CAD1000',
      'CAD5000',
      'USD1',
      'USD2500',
    ]);
  });
});

describe('minimumOrderCharges (ordering §9 Minimum Order Value)', () => {
  const line = (over: Partial<MinimumValueLine>): MinimumValueLine => ({
    productCode: 'WL',
    productSubcodeId: 1,
    productSubcode: 'RT-WL-101',
    description: 'Main label',
    totalPrice: '50.00',
    minValue: '120.00',
    ...over,
  });

  it('charges the shortfall as the difference', () => {
    expect(minimumOrderCharges([line({})])).toEqual([
      {
        chargeName: 'Minimum Order Value',
        productCode: 'WL',
        productSubcodeId: 1,
        subcode: 'RT-WL-101',
        subCodeDescription: 'Main label',
        charge: '70.00',
      },
    ]);
  });
  it('charges nothing when the total reaches the minimum, or without a minimum', () => {
    expect(minimumOrderCharges([line({ totalPrice: '120.00' })])).toEqual([]);
    expect(minimumOrderCharges([line({ minValue: null })])).toEqual([]);
    expect(minimumOrderCharges([line({ minValue: '0' })])).toEqual([]);
  });
  it('charges nothing for an empty product code total', () => {
    expect(minimumOrderCharges([line({ totalPrice: '0.00' })])).toEqual([]);
  });
  it('applies across all lines of the same product code, with the highest minimum', () => {
    const charges = minimumOrderCharges([
      line({ productSubcodeId: 1, productSubcode: 'A', totalPrice: '40.00', minValue: '100.00' }),
      line({ productSubcodeId: 2, productSubcode: 'B', totalPrice: '30.00', minValue: '150.00' }),
      line({
        productCode: 'HT',
        productSubcodeId: 3,
        productSubcode: 'C',
        totalPrice: '10.00',
        minValue: '10.00',
      }),
    ]);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      productCode: 'WL',
      productSubcodeId: 2,
      subcode: 'B',
      charge: '80.00',
    });
  });
  it('rounds the charge to cents and sorts by product code', () => {
    const charges = minimumOrderCharges([
      line({ productCode: 'WL', totalPrice: '10.005', minValue: '20' }),
      line({ productCode: 'CL', productSubcodeId: 9, totalPrice: '1', minValue: '2.5' }),
    ]);
    expect(charges.map((c) => [c.productCode, c.charge])).toEqual([
      ['CL', '1.50'],
      ['WL', '10.00'],
    ]);
  });
});
