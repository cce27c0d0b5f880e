import { describe, expect, it } from 'vitest';
import { filtersFromParams } from './EntityListPage';
import type { FilterField } from './entity-config';

describe('the filters of a master-data list address', () => {
  const fields: FilterField[] = [
    { name: 'warehouseName', label: 'Name', type: 'text' },
    { name: 'active', label: 'Active', type: 'select', useOptions: () => ({ options: [] }), initial: 'true' },
    { name: 'customer', label: 'Customer', type: 'select', useOptions: () => ({ options: [] }) },
  ];

  it('takes the configured filters, trimmed, empty ones left out, initial values filled in', () => {
    const params = new URLSearchParams('warehouseName=%20East%20&customer=&other=1');
    expect(filtersFromParams(fields, params)).toEqual({ warehouseName: 'East', active: 'true' });
  });

  it('lets the address choose another value than the initial one', () => {
    expect(filtersFromParams(fields, new URLSearchParams('active=false'))).toEqual({ active: 'false' });
  });
});
