import { describe, expect, it } from 'vitest';
import { EXISTING_SCREENS, navSectionOf } from './screens';

describe('the section of the navigation a screen belongs to', () => {
  it('puts a details screen under its list', () => {
    expect(navSectionOf('/order-details', '?orderId=1')).toBe('/order-list');
    expect(navSectionOf('/product-details', '?ids=1')).toBe('/product-list');
    expect(navSectionOf('/warehouse-details', '?id=1')).toBe('/warehouse-list');
  });

  it('puts the edit of a cart line and vendor details opened from the cart under the cart', () => {
    expect(navSectionOf('/product-details', '?orderItemId=5')).toBe('/cart');
    expect(navSectionOf('/vendor-details', '?id=2&fromCart=true')).toBe('/cart');
    expect(navSectionOf('/vendor-details', '?id=2')).toBe('/vendor-list');
  });

  it('has none for a screen outside the bar', () => {
    expect(navSectionOf('/login', '')).toBeNull();
  });

  it('lists every screen that exists, public and protected', () => {
    for (const path of ['/login', '/order-list', '/cart', '/care-label', '/user-details'])
      expect(EXISTING_SCREENS.has(path)).toBe(true);
  });
});
