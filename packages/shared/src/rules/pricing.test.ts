import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applicableTier,
  type MinimumValueLine,
  minimumOrderCharges,
  sortTiers,
  type Tier,
  tierForQuantity,
} from './pricing';

const tiers: Tier[] = [
  { quantity: 1, price: '0.1000', currency: 'CAD' },
  { quantity: 1000, price: '0.0860', currency: 'CAD' },
  { quantity: 5000, price: '0.0740', currency: 'CAD' },
  { quantity: 1, price: '0.0750', currency: 'USD' },
  { quantity: 2500, price: '0.0600', currency: 'USD' },
];
const cad = (quantity: number, price: string): Tier => ({ quantity, price, currency: 'CAD' });
const tierArb = fc.record({
  quantity: fc.integer({ min: 1, max: 100_000 }),
  price: fc.integer({ min: 1, max: 99_999 }).map((n) => (n / 10_000).toFixed(4)),
  currency: fc.constantFrom('CAD', 'USD'),
});

describe('tierForQuantity (ordering §9 tier price: what the cart charges)', () => {
  it('takes the highest tier at or below the total', () => {
    expect(tierForQuantity(tiers, 1, 'CAD')?.price).toBe('0.1000');
    expect(tierForQuantity(tiers, 999, 'CAD')?.price).toBe('0.1000');
    expect(tierForQuantity(tiers, 1000, 'CAD')?.price).toBe('0.0860');
    expect(tierForQuantity(tiers, 4999, 'CAD')?.price).toBe('0.0860');
    expect(tierForQuantity(tiers, 1_000_000, 'CAD')?.price).toBe('0.0740');
  });
  it('takes the lowest tier when the total is below every tier (nothing ordered, or tiers from 100)', () => {
    expect(tierForQuantity(tiers, 0, 'CAD')?.quantity).toBe(1);
    const from100 = [cad(1000, '0.4'), cad(100, '0.5')];
    expect(tierForQuantity(from100, 10, 'CAD')?.price).toBe('0.5');
    expect(tierForQuantity(from100, 999, 'CAD')?.price).toBe('0.5');
    expect(tierForQuantity(from100, 1000, 'CAD')?.price).toBe('0.4');
  });
  it('looks at the given currency only; null only without tiers in it', () => {
    expect(tierForQuantity(tiers, 3000, 'USD')?.price).toBe('0.0600');
    expect(tierForQuantity(tiers, 3000, 'EUR')).toBeNull();
    expect(tierForQuantity([], 3000, 'CAD')).toBeNull();
  });
  it('counts the cart quantity of the same product toward the tier (caller adds it)', () => {
    const cartQuantity = 600;
    expect(tierForQuantity(tiers, 500 + cartQuantity, 'CAD')?.quantity).toBe(1000);
  });
  it('does not depend on the order of the tiers', () => {
    expect(tierForQuantity([...tiers].reverse(), 1200, 'CAD')?.quantity).toBe(1000);
    expect(tierForQuantity([...tiers].reverse(), 0, 'CAD')?.quantity).toBe(1);
  });

  it('law: a larger quantity never gets a higher unit price when tiers are decreasing', () => {
    // Distinct CAD quantities, prices decreasing as the quantity grows...
    const decreasing = fc
      .uniqueArray(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 8 })
      .chain((quantities) =>
        fc
          .uniqueArray(fc.integer({ min: 1, max: 999_999 }), {
            minLength: quantities.length,
            maxLength: quantities.length,
          })
          .map((prices) => {
            const q = [...quantities].sort((a, b) => a - b);
            const p = [...prices].sort((a, b) => b - a);
            return q.map((quantity, i) => cad(quantity, (p[i] / 10_000).toFixed(4)));
          }),
      );
    // ...shuffled together with up to 4 USD tiers.
    const mixed = decreasing.chain((cadTiers) =>
      fc
        .array(
          tierArb.map((t) => ({ ...t, currency: 'USD' })),
          { maxLength: 4 },
        )
        .chain((usdTiers) => {
          const all = [...cadTiers, ...usdTiers];
          return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
        }),
    );
    fc.assert(
      fc.property(mixed, fc.nat(200_000), fc.nat(200_000), (ts, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const pl = tierForQuantity(ts, lo, 'CAD')!.price;
        const ph = tierForQuantity(ts, hi, 'CAD')!.price;
        expect(new Decimal(ph).lte(pl)).toBe(true);
      }),
    );
  });
  it('law: monotone in the total quantity (a larger total never picks a lower tier)', () => {
    fc.assert(
      fc.property(fc.array(tierArb, { maxLength: 8 }), fc.nat(200_000), fc.nat(200_000), (ts, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const tl = tierForQuantity(ts, lo, 'CAD');
        const th = tierForQuantity(ts, hi, 'CAD');
        expect(th === null).toBe(tl === null);
        if (tl && th) expect(th.quantity).toBeGreaterThanOrEqual(tl.quantity);
      }),
    );
  });
  it('law: always one of the tiers of that currency when it has some; null only when it has none', () => {
    fc.assert(
      fc.property(fc.array(tierArb, { maxLength: 8 }), fc.nat(200_000), (ts, total) => {
        const t = tierForQuantity(ts, total, 'USD');
        const ofCurrency = ts.filter((x) => x.currency === 'USD');
        if (ofCurrency.length === 0) expect(t).toBeNull();
        else {
          expect(t).not.toBeNull();
          expect(ofCurrency).toContain(t);
        }
      }),
    );
  });
  it('law: the highest tier at or below the total, else the lowest tier', () => {
    fc.assert(
      fc.property(fc.array(tierArb, { minLength: 1, maxLength: 8 }), fc.nat(200_000), (ts, total) => {
        const ofCurrency = ts.filter((x) => x.currency === 'CAD');
        const t = tierForQuantity(ts, total, 'CAD');
        if (ofCurrency.length === 0) return;
        const fitting = ofCurrency.filter((x) => x.quantity <= total);
        if (fitting.length === 0) {
          expect(t!.quantity).toBe(Math.min(...ofCurrency.map((x) => x.quantity)));
        } else {
          expect(t!.quantity).toBeLessThanOrEqual(total);
          expect(t!.quantity).toBe(Math.max(...fitting.map((x) => x.quantity)));
        }
      }),
    );
  });
});

describe('applicableTier (the tier a total reaches, null below every tier)', () => {
  it('is null below every tier, else the tier charged', () => {
    expect(applicableTier(tiers, 0, 'CAD')).toBeNull();
    expect(applicableTier([cad(100, '1')], 99, 'CAD')).toBeNull();
    expect(applicableTier(tiers, 1200, 'CAD')).toBe(tierForQuantity(tiers, 1200, 'CAD'));
    expect(applicableTier(tiers, 3000, 'EUR')).toBeNull();
  });
  it('law: agrees with tierForQuantity whenever a tier is reached', () => {
    fc.assert(
      fc.property(fc.array(tierArb, { maxLength: 8 }), fc.nat(200_000), (ts, total) => {
        const reached = applicableTier(ts, total, 'CAD');
        const charged = tierForQuantity(ts, total, 'CAD');
        if (reached) expect(reached).toBe(charged);
        else if (charged) expect(charged.quantity).toBeGreaterThan(total);
      }),
    );
  });
});

describe('sortTiers', () => {
  it('orders by currency then quantity', () => {
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
