import { describe, expect, it, vi } from 'vitest';
import type { FormField } from '../entity-config';
import { GTIN_MISSING_WARNING, productSubcodes } from './product-subcodes';

type Values = typeof productSubcodes.empty;
const field = (name: string) => productSubcodes.fields.find((f) => f.name === name) as FormField<Values>;

/** Leaves `name` with `values` as they are and answers what the field set. */
function blur(name: string, values: Partial<Values>) {
  const setValue = vi.fn();
  field(name).onBlur?.({ values: { ...productSubcodes.empty, ...values }, setValue });
  return Object.fromEntries(setValue.mock.calls);
}

describe('product subcode form (master-data §2 Product subcodes, §5)', () => {
  it('rounds the minimum order quantity down to the pack size when either is left', () => {
    expect(blur('minOrderQuantity', { minOrderQuantity: 130, packSize: 50 })).toEqual({
      packSize: 50,
      minOrderQuantity: 100,
    });
    expect(blur('packSize', { minOrderQuantity: 130, packSize: 0.5 })).toEqual({
      packSize: 1,
      minOrderQuantity: 130,
    });
    expect(blur('packSize', { minOrderQuantity: '', packSize: 50 })).toEqual({});
  });

  it('warns, without blocking, about a care-labelled subcode without a Garment GTIN (decision 0044)', () => {
    const warning = (values: Partial<Values>) =>
      field('gtin').warning?.({ ...productSubcodes.empty, ...values });
    expect(warning({ careLabelType: 'CARELABEL_STANDARD', gtin: ' ' })).toBe(GTIN_MISSING_WARNING);
    expect(warning({ careLabelType: 'CARELABEL_STANDARD', gtin: '00012345678905' })).toBeNull();
    expect(warning({ careLabelType: '', gtin: '' })).toBeNull();
  });

  it('keeps tiers and minimum values only for a subcode with a factory', () => {
    const tier = { quantity: 1, price: '0.10', currency: 'USD' };
    const values = {
      ...productSubcodes.empty,
      productCode: '1',
      customer: '2',
      priceTiers: [tier],
      costTiers: [tier],
      minValues: [{ currency: 'USD', price: '25.00' }],
    };
    expect(productSubcodes.toBody(values, 'ADMIN')).toMatchObject({
      factory: null,
      priceTiers: [],
      costTiers: [],
      minValues: [],
      careLabelType: null,
      gtin: null,
      approvedDate: null,
    });
    expect(productSubcodes.toBody({ ...values, factory: '3' }, 'ADMIN')).toMatchObject({
      factory: { id: 3 },
      priceTiers: [tier],
      minValues: [{ currency: 'USD', price: '25.00' }],
    });
  });
});
