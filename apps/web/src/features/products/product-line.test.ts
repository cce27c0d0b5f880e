import { emptyCareLabel } from '@selvedge/shared';
import { describe, expect, it } from 'vitest';
import { attribute, productDetails, sizeItem } from '../../test/fixtures';
import {
  attributeErrors,
  hasErrors,
  initialLineInput,
  itemLimitsOf,
  ownAttributeColumns,
  productPricing,
  quantityOf,
  roundAll,
  roundedText,
  sizesWithOwnAttributes,
  tierCurrency,
  toOrderLinePayload,
  totalQuantity,
} from './product-line';

const limits = { minOrderQuantity: 100, packSize: 50, max: null };

describe('quantity fields (ordering §5 Quantity fields)', () => {
  it('reads a field as whole pieces, empty or nonsense as 0', () => {
    expect(quantityOf('')).toBe(0);
    expect(quantityOf(undefined)).toBe(0);
    expect(quantityOf('abc')).toBe(0);
    expect(quantityOf('-5')).toBe(0);
    expect(quantityOf('12.9')).toBe(12);
    expect(quantityOf('250')).toBe(250);
  });

  it('rounds on blur: up to the minimum, then up to whole packs; empty stays empty, 0 stays 0', () => {
    expect(roundedText('', limits)).toBe('');
    expect(roundedText('0', limits)).toBe('0');
    expect(roundedText('1', limits)).toBe('100');
    expect(roundedText('101', limits)).toBe('150');
    expect(roundedText('150', limits)).toBe('150');
  });

  it('caps a size of an inventory product at its restock maximum less the cart, for a user who may restock', () => {
    const p = productDetails({ minOrderQuantity: 10, packSize: 10 });
    const stocked = sizeItem({
      hasInventory: true,
      inventoryQuantity: 20,
      inventoryMax: 100,
      cartQuantity: 30,
    });
    expect(itemLimitsOf(p, stocked, true)).toEqual({ minOrderQuantity: 10, packSize: 10, max: 50 });
    expect(itemLimitsOf(p, stocked, false).max).toBeNull();
  });

  it('rounds every field before sending, each with its own size limits', () => {
    const p = productDetails({
      minOrderQuantity: 10,
      packSize: 10,
      items: [
        sizeItem({ productItemId: 1 }),
        sizeItem({ productItemId: 2, hasInventory: true, inventoryQuantity: 0, inventoryMax: 25 }),
        sizeItem({ productItemId: 3 }),
      ],
    });
    const input = { ...initialLineInput(p), quantities: { 1: '3', 2: '40', 3: '' } };
    expect(roundAll(p, input, true).quantities).toEqual({ 1: '10', 2: '25', 3: '' });
    expect(roundAll(p, input).quantities).toEqual({ 1: '10', 2: '40', 3: '' });
  });

  it('counts the pieces of all sizes', () => {
    const p = productDetails();
    expect(totalQuantity(p, { ...initialLineInput(p), quantities: { 1: '30', 2: '12' } })).toBe(42);
  });
});

describe('attributes (ordering §3 Product item, §5)', () => {
  const colour = attribute('Colour', ['Red', 'Blue']);
  const text = attribute('Text');

  it('asks for own values only for sizes whose schema differs from the line', () => {
    const p = productDetails({
      attributes: [colour],
      items: [
        sizeItem({ productItemId: 1, attributes: [colour] }),
        sizeItem({ productItemId: 2, attributes: [text] }),
        sizeItem({ productItemId: 3 }),
      ],
    });
    expect(sizesWithOwnAttributes(p).map((i) => i.productItemId)).toEqual([2]);
    expect(ownAttributeColumns(p)).toEqual([text]);
  });

  it('starts a new line empty, and an edited line with its values (a dropdown value no longer offered is dropped)', () => {
    const fresh = initialLineInput(productDetails({ attributes: [colour, text] }));
    expect(fresh).toEqual({
      quantities: { 1: '', 2: '' },
      attributes: { Colour: '', Text: '' },
      itemAttributes: {},
      careLabel: null,
    });
    const edited = initialLineInput(
      productDetails({
        attributes: [attribute('Colour', ['Red', 'Blue'], 'Green'), attribute('Text', [], 'Hi')],
        items: [sizeItem({ productItemId: 1, quantity: 300 }), sizeItem({ productItemId: 2, quantity: 0 })],
      }),
    );
    expect(edited.quantities).toEqual({ 1: '300', 2: '' });
    expect(edited.attributes).toEqual({ Colour: '', Text: 'Hi' });
  });

  it('starts a product with a care label type with an empty label of that type', () => {
    expect(initialLineInput(productDetails({ careLabelType: 'CARELABEL_STANDARD' })).careLabel).toEqual(
      emptyCareLabel('CARELABEL_STANDARD'),
    );
  });

  it('requires every line attribute and the own attributes of each ordered size', () => {
    const p = productDetails({
      attributes: [colour],
      items: [
        sizeItem({ productItemId: 1, attributes: [text] }),
        sizeItem({ productItemId: 2, attributes: [text] }),
      ],
    });
    const input = {
      ...initialLineInput(p),
      quantities: { 1: '5', 2: '' },
      attributes: { Colour: 'Green' },
    };
    const errors = attributeErrors(p, input);
    expect(errors).toEqual({
      line: { Colour: 'Choose one of the options of Colour' },
      items: { 1: { Text: 'Text is required' } },
    });
    expect(hasErrors(errors)).toBe(true);
    const filled = { ...input, attributes: { Colour: 'Red' }, itemAttributes: { 1: { Text: ' A ' } } };
    expect(hasErrors(attributeErrors(p, filled))).toBe(false);
  });
});

describe('order-line payload (ordering §3 Order-line payload)', () => {
  it('sends the sizes with a quantity, the line attributes, and per-size attributes of ordered sizes', () => {
    const colour = attribute('Colour', ['Red']);
    const text = attribute('Text');
    const p = productDetails({
      attributes: [colour],
      items: [
        sizeItem({ productItemId: 1, attributes: [colour] }),
        sizeItem({ productItemId: 2, attributes: [text] }),
        sizeItem({ productItemId: 3, attributes: [text] }),
      ],
    });
    const payload = toOrderLinePayload(p, {
      quantities: { 1: '10', 2: '20', 3: '0' },
      attributes: { Colour: ' Red ' },
      itemAttributes: { 2: { Text: 'Two' }, 3: { Text: 'Three' } },
      careLabel: null,
    });
    expect(payload).toEqual({
      productType: 'STANDARD',
      quantities: { '1': 10, '2': 20 },
      attributes: { Colour: 'Red' },
      attributesItems: { '1': { Colour: 'Red' }, '2': { Text: 'Two' } },
    });
  });

  it('leaves attributesItems out when no ordered size has a schema', () => {
    const p = productDetails();
    const payload = toOrderLinePayload(p, { ...initialLineInput(p), quantities: { 1: '', 2: '5' } });
    expect(payload).toEqual({ productType: 'STANDARD', quantities: { '2': 5 }, attributes: {} });
  });
});

describe('tier pricing (ordering §2 Product details, §9)', () => {
  const tiers = [
    { quantity: 1, price: '0.50', currency: 'USD' },
    { quantity: 1000, price: '0.40', currency: 'USD' },
    { quantity: 1, price: '0.70', currency: 'CAD' },
  ];

  it('shows the given currency, else the only one the tiers have, else none', () => {
    expect(tierCurrency(tiers, 'CAD')).toBe('CAD');
    expect(tierCurrency(tiers, null)).toBeNull();
    expect(tierCurrency(tiers.slice(0, 2), null)).toBe('USD');
    expect(tierCurrency(undefined, null)).toBeNull();
  });

  it('charges the tier the line and the cart reach together, for the line quantity', () => {
    const p = productDetails({ prices: tiers, priceCurrency: 'USD', cartQuantity: 600 });
    const pricing = productPricing(p, 500, 'CSR');
    expect(pricing.tierQuantity).toBe(1100);
    expect(pricing.price?.tiers.map((t) => t.quantity)).toEqual([1, 1000]);
    expect(pricing.price?.applied?.price).toBe('0.40');
    expect(pricing.price?.total).toBe('200.00');
    expect(pricing.cost).toBeNull();
  });

  it('applies no tier while nothing is ordered, and shows the cost total to ACCOUNT and ADMIN only', () => {
    const p = productDetails({ costs: tiers, costCurrency: 'USD' });
    expect(productPricing(p, 0, 'ADMIN').cost).toMatchObject({ applied: null, total: null });
    expect(productPricing(p, 0, 'ADMIN').showCostTotal).toBe(true);
    expect(productPricing(p, 0, 'CSR').showCostTotal).toBe(false);
  });
});
