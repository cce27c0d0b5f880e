import { describe, expect, it } from 'vitest';
import { vendors } from './vendors';

describe('vendor form (master-data §5, §9)', () => {
  it('keeps the digits of a typed or pasted vendor number, at most 10', () => {
    const field = vendors.fields.find((f) => f.name === 'vendorNumber');
    const normalize = field && 'normalize' in field ? field.normalize : undefined;
    expect(normalize?.('12-34 ab5')).toBe('12345');
    expect(normalize?.('123456789012')).toBe('1234567890');
  });
});
