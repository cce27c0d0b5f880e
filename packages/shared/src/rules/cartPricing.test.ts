import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountsDiffer, chargesDiffer, type PricingLine, priceCart } from './cartPricing';
import type { Tier } from './pricing';

const cad = (quantity: number, price: string): Tier => ({ quantity, price, currency: 'CAD' });
const usd = (quantity: number, price: string): Tier => ({ quantity, price, currency: 'USD' });

const line = (over: Partial<PricingLine> & Pick<PricingLine, 'key' | 'quantity'>): PricingLine => ({
  productSubcodeId: 1,
  productSubcode: 'RT-WL-101',
  description: 'Main label',
  productCode: 'WL',
  priceTiers: [cad(1, '0.1000'), cad(1000, '0.0800'), usd(1, '0.0700')],
  costTiers: [usd(1, '0.0400'), usd(1000, '0.0300')],
  minValue: null,
  ...over,
});

describe('priceCart', () => {
  it('chooses the tier by the pieces of the subcode across all lines', () => {
    const one = priceCart([line({ key: 1, quantity: 900 })], { price: 'CAD', cost: 'USD' });
    expect(one.lines[0]).toMatchObject({
      unitPrice: '0.1000',
      unitCost: '0.0400',
      totalPrice: '90.00',
      totalCost: '36.00',
    });
    const two = priceCart([line({ key: 1, quantity: 900 }), line({ key: 2, quantity: 200 })], {
      price: 'CAD',
      cost: 'USD',
    });
    expect(two.lines.map((l) => [l.unitPrice, l.totalPrice, l.subcodeQuantity])).toEqual([
      ['0.0800', '72.00', 1100],
      ['0.0800', '16.00', 1100],
    ]);
    expect(two.totalPrice).toBe('88.00');
    expect(two.totalCost).toBe('33.00');
  });

  it('charges the lowest tier below every tier (tierForQuantity, ordering §9)', () => {
    const p = priceCart([line({ key: 1, quantity: 10, priceTiers: [cad(100, '0.5'), cad(1000, '0.4')] })], {
      price: 'CAD',
      cost: 'USD',
    });
    expect(p.unpriced).toEqual([]);
    expect(p.lines[0]).toMatchObject({ unitPrice: '0.5000', totalPrice: '5.00' });
  });

  it('does not count other subcodes toward the tier', () => {
    const p = priceCart(
      [
        line({ key: 1, quantity: 900 }),
        line({ key: 2, quantity: 900, productSubcodeId: 2, productSubcode: 'RT-WL-102' }),
      ],
      { price: 'CAD', cost: 'USD' },
    );
    expect(p.lines.map((l) => l.unitPrice)).toEqual(['0.1000', '0.1000']);
  });

  it('charges the minimum order value shortfall per product code, and adds it to the total price only', () => {
    const p = priceCart(
      [
        line({ key: 1, quantity: 500, minValue: '100.00' }),
        line({
          key: 2,
          quantity: 100,
          productSubcodeId: 2,
          productSubcode: 'RT-WL-102',
          priceTiers: [cad(1, '0.2')],
        }),
      ],
      { price: 'CAD', cost: 'USD' },
    );
    // 50.00 + 20.00 = 70.00 of product code WL; the minimum is 100.00
    expect(p.charges).toEqual([
      expect.objectContaining({
        chargeName: 'Minimum Order Value',
        productSubcodeId: 1,
        subcode: 'RT-WL-101',
        charge: '30.00',
      }),
    ]);
    expect(p.totalPrice).toBe('100.00');
    expect(p.totalCost).toBe('24.00'); // 500 × 0.04 + 100 × 0.04
  });

  it('reports subcodes without a price in the price currency and leaves their price empty', () => {
    const p = priceCart([line({ key: 1, quantity: 100, priceTiers: [usd(1, '0.07')] })], {
      price: 'CAD',
      cost: 'USD',
    });
    expect(p.unpriced).toEqual(['RT-WL-101']);
    expect(p.lines[0]).toMatchObject({ unitPrice: null, totalPrice: '0.00' });
  });

  it('leaves the cost empty without a cost currency or cost tier', () => {
    const p = priceCart([line({ key: 1, quantity: 100 })], { price: 'CAD', cost: null });
    expect(p.lines[0]).toMatchObject({ unitCost: null, totalCost: '0.00' });
    expect(p.totalCost).toBe('0.00');
  });

  const cartArb = fc.array(
    fc.record({
      subcode: fc.integer({ min: 1, max: 4 }),
      code: fc.constantFrom('WL', 'HT'),
      quantity: fc.integer({ min: 1, max: 20_000 }),
      minValue: fc.option(fc.integer({ min: 1, max: 5000 }).map(String), { nil: null }),
    }),
    { minLength: 1, maxLength: 8 },
  );
  const toLines = (rows: { subcode: number; code: string; quantity: number; minValue: string | null }[]) =>
    rows.map((r, i) =>
      line({
        key: i + 1,
        quantity: r.quantity,
        productSubcodeId: r.subcode,
        productSubcode: `S${r.subcode}`,
        // one product code per subcode, so that a subcode's minimum is not split between codes
        productCode: r.subcode <= 2 ? 'WL' : 'HT',
        priceTiers: [cad(1, `0.${r.subcode}5`), cad(1000, `0.0${r.subcode}5`)],
        minValue: r.minValue,
      }),
    );

  it('totals items and charges (law: total price = Σ line totals + Σ charges)', () => {
    fc.assert(
      fc.property(cartArb, (rows) => {
        const p = priceCart(toLines(rows), { price: 'CAD', cost: 'USD' });
        const sum = [...p.lines.map((l) => l.totalPrice), ...p.charges.map((c) => c.charge)].reduce(
          (a, b) => a.plus(b),
          new Decimal(0),
        );
        expect(new Decimal(p.totalPrice).eq(sum)).toBe(true);
      }),
    );
  });

  it('lifts each product code to its minimum order value (law: items + charges ≥ minimum)', () => {
    fc.assert(
      fc.property(cartArb, (rows) => {
        const lines = toLines(rows);
        const p = priceCart(lines, { price: 'CAD', cost: 'USD' });
        for (const code of new Set(lines.map((l) => l.productCode))) {
          const ofCode = lines.filter((l) => l.productCode === code);
          const mins = ofCode.map((l) => l.minValue).filter((m): m is string => m !== null);
          if (mins.length === 0) continue;
          const highest = Decimal.max(...mins);
          const items = p.lines
            .filter((_, i) => lines[i].productCode === code)
            .reduce((a, l) => a.plus(l.totalPrice), new Decimal(0));
          const charged = p.charges
            .filter((c) => c.productCode === code)
            .reduce((a, c) => a.plus(c.charge), new Decimal(0));
          expect(items.plus(charged).gte(highest)).toBe(true);
        }
      }),
    );
  });

  it('gives every line of a subcode the same unit price (law: one tier per subcode)', () => {
    fc.assert(
      fc.property(cartArb, (rows) => {
        const p = priceCart(toLines(rows), { price: 'CAD', cost: 'USD' });
        const bySubcode = new Map<number, Set<string | null>>();
        for (const l of p.lines)
          bySubcode.set(
            l.productSubcodeId,
            (bySubcode.get(l.productSubcodeId) ?? new Set()).add(l.unitPrice),
          );
        for (const prices of bySubcode.values()) expect(prices.size).toBe(1);
      }),
    );
  });
});

describe('amountsDiffer and chargesDiffer', () => {
  it('compares amounts by value', () => {
    expect(amountsDiffer('0.12', '0.1200')).toBe(false);
    expect(amountsDiffer('0.12', '0.1201')).toBe(true);
    expect(amountsDiffer(null, '0.1')).toBe(true);
    expect(amountsDiffer(null, null)).toBe(false);
  });
  it('compares charges whatever their order', () => {
    const a = { chargeName: 'Minimum Order Value', productSubcodeId: 1, charge: '10.0000' };
    const b = { chargeName: 'Minimum Order Value', productSubcodeId: 2, charge: '5.00' };
    expect(chargesDiffer([a, b], [{ ...b }, { ...a, charge: '10.00' }])).toBe(false);
    expect(chargesDiffer([a, b], [b])).toBe(true);
    expect(chargesDiffer([a], [{ ...a, charge: '10.01' }])).toBe(true);
    expect(chargesDiffer([], [])).toBe(false);
  });
});
