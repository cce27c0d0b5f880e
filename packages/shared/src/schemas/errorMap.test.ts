import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startsWithFieldPath } from './errorMap';
import { productSubcodeBody, productSubcodeUpdateBody } from './masterData';

const messages = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the shared error mapping (every field error a sentence naming the field)', () => {
  it('an empty subcode: each field named, no validator text', () => {
    const found = messages(productSubcodeBody, {
      productSubcode: '',
      description: '',
      productCode: null,
      customer: null,
      factory: null,
    });
    expect(found).toEqual({
      productSubcode: 'productSubcode is required',
      description: 'description is required',
      productCode: 'productCode is required',
      customer: 'customer is required',
    });
    for (const text of Object.values(found)) expect(text).not.toMatch(/Invalid input|expected|received/);
  });

  it('zod defaults become sentences: type, reference id, enum, bounds, unknown keys', () => {
    const schema = z
      .object({
        region: z.object({ id: z.number() }),
        count: z.number().int().min(2).max(5),
        kind: z.enum(['A', 'B']),
        tags: z.array(z.string()).min(1),
        code: z.string().regex(/^X/),
      })
      .strict();
    expect(
      messages(schema, { region: { id: 'x' }, count: 'x', kind: 'C', tags: [], code: 'Y', extra: 1 }),
    ).toEqual({
      'region.id': 'region must be a number',
      count: 'count must be a number',
      kind: "kind must be one of 'A', 'B'",
      tags: 'tags needs at least 1 entry',
      code: 'code is not in the expected format',
      '': "field 'extra' is not known",
    });
    expect(messages(schema.shape.count, 9)).toEqual({ '': 'value cannot be above 5' });
    expect(messages(z.object({ region: z.object({ id: z.number() }) }), { region: 'Asia' })).toEqual({
      region: 'region must be chosen from the list',
    });
  });

  it("a schema's own message wins", () => {
    expect(messages(z.object({ n: z.number({ error: 'N please' }) }), {})).toEqual({ n: 'N please' });
  });
});

describe('a factory subcode needs its quantity-1 tiers (decision 0038)', () => {
  const base = {
    productSubcode: 'S-1',
    description: 'Woven label',
    productCode: { id: 1 },
    customer: { id: 1 },
  };
  const tier = { quantity: 1, price: '0.10', currency: 'USD' };
  it('refuses a factory subcode without price or cost tiers, naming the list', () => {
    expect(messages(productSubcodeBody, { ...base, factory: { id: 1 } })).toEqual({
      priceTiers: 'A tier with a quantity of 1 is required.',
      costTiers: 'A tier with a quantity of 1 is required.',
    });
    expect(messages(productSubcodeBody, { ...base, factory: { id: 1 }, priceTiers: [tier] })).toEqual({
      costTiers: 'A tier with a quantity of 1 is required.',
    });
    expect(
      messages(productSubcodeUpdateBody, { ...base, version: 1, factory: { id: 1 }, costTiers: [tier] }),
    ).toEqual({ priceTiers: 'A tier with a quantity of 1 is required.' });
  });
  it('takes a subcode without a factory and without tiers, and a factory subcode with both', () => {
    expect(messages(productSubcodeBody, { ...base })).toEqual({});
    expect(
      messages(productSubcodeBody, { ...base, factory: { id: 1 }, priceTiers: [tier], costTiers: [tier] }),
    ).toEqual({});
  });
  it("a tier of quantity 0 is refused with the spec's text", () => {
    expect(
      messages(productSubcodeBody, {
        ...base,
        factory: { id: 1 },
        priceTiers: [tier, { ...tier, quantity: 0 }],
        costTiers: [tier],
      }),
    ).toEqual({
      'priceTiers.1.quantity': 'A tier cannot have quantity 0.',
      priceTiers: 'A tier cannot have quantity 0.',
    });
  });
});

describe('startsWithFieldPath (decision 0058)', () => {
  it('finds a field path, or one capitalised word, in front of a validator fragment', () => {
    for (const text of [
      'careLabel.instructionCode: Required',
      'gtin: must be a GTIN-14',
      'priceTiers[1].quantity: too small',
      'Gtin: must be a GTIN-14',
      'Quantity: expected a number',
    ])
      expect(startsWithFieldPath(text), text).toBe(true);
  });

  it("leaves a sentence's own capital word and colon alone", () => {
    for (const text of [
      'ERROR: Unable to reach network server.',
      'Size M: Colour is required',
      'Note: Prices exclude tax.',
      'Product Subcode is required',
    ])
      expect(startsWithFieldPath(text), text).toBe(false);
  });
});
