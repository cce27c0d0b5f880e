import { describe, expect, it } from 'vitest';
import { productItems } from './product-items';

const params = (query: string) => new URLSearchParams(query);

describe('product item details (master-data §2 Product items)', () => {
  it('is created only under a subcode, whose id it starts with', () => {
    expect(productItems.createValid?.(params('createMode=true&subcode=7'))).toBe(true);
    expect(productItems.createValid?.(params('createMode=true'))).toBe(false);
    expect(productItems.createValid?.(params('createMode=true&subcode=x'))).toBe(false);
    expect(productItems.createValues?.(params('subcode=7'))).toEqual({ productSubcode: '7' });
  });

  it('goes back to its subcode, else to the subcode list', () => {
    expect(productItems.parent?.(params('subcode=7'), undefined)).toEqual({
      to: '/product-subcode-details?id=7',
      label: 'Back to Product Subcode',
    });
    expect(productItems.parent?.(params(''), undefined)).toEqual({
      to: '/product-subcode-list',
      label: 'Back to Product Subcodes',
    });
  });
});
