import { describe, expect, it } from 'vitest';
import { historyValue } from './HistoryPanel';

describe('a history value as text (readable, no JSON, no codes)', () => {
  it('shows nothing as ---, yes/no by the words of the form, numbers with separators', () => {
    expect(historyValue(null)).toBe('---');
    expect(historyValue('  ')).toBe('---');
    expect(historyValue([])).toBe('---');
    expect(historyValue(true)).toBe('Yes');
    expect(historyValue(false, 'active', { active: { false: 'Inactive' } })).toBe('Inactive');
    expect(historyValue(12500)).toBe('12,500');
  });

  it('shows codes by their label, else in words', () => {
    expect(historyValue('ADMIN', 'role')).toBe('Admin');
    expect(historyValue('VARIABLE_DATA')).toBe('Variable Data');
    expect(historyValue('Plain text')).toBe('Plain text');
  });

  it('shows references, tiers, minimum values, images and addresses in words', () => {
    expect(historyValue({ id: 3, name: 'Roots' })).toBe('Roots');
    expect(historyValue({ quantity: 1000, price: '0.0538', currency: 'USD' })).toBe('1,000+ USD 0.0538');
    expect(historyValue({ currency: 'USD', price: '25' })).toBe('USD 25.00');
    expect(historyValue({ currency: 'USD', price: '25.5' })).toBe('USD 25.50');
    expect(historyValue({ path: 'subcodes/4/label.png', type: 'image/png' })).toBe('Image label.png');
    expect(historyValue([{ optionName: 'Main', address: '1 Mill Rd' }])).toBe('Main: 1 Mill Rd');
    expect(historyValue({ countryCode: 'CA', isDefault: true })).toBe('Country code: CA, Is default: Yes');
  });
});
