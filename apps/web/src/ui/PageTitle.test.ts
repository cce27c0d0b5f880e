import { describe, expect, it } from 'vitest';
import { pageTitle } from './PageTitle';

describe('the page title (ordering §2)', () => {
  it('is the route name with the brand, else the brand alone', () => {
    expect(pageTitle('Order List', 'Selvedge')).toBe('Order List | Selvedge');
    expect(pageTitle(undefined, 'Selvedge')).toBe('Selvedge');
  });
});
