import { describe, expect, it } from 'vitest';
import { defineEntity, fieldValueLabels } from './entity-config';
import { staticOptions } from './options';

describe('an entity configuration', () => {
  it('takes its names and routes from the shared registry', () => {
    const config = defineEntity<'warehouses', { warehouseName: string }>({
      kind: 'warehouses',
      testId: 'warehouse',
      countLine: (n) => `${n}`,
      filters: [],
      columns: [],
      fields: [],
      empty: { warehouseName: '' },
      toValues: (r) => ({ warehouseName: r.warehouseName }),
      toBody: (v) => ({ ...v }) as never,
      recordTitle: (r) => r.warehouseName,
      messages: { created: '', updated: '' },
    });
    expect(config).toMatchObject({
      singular: 'Warehouse',
      plural: 'Warehouses',
      listRoute: '/warehouse-list',
      detailRoute: '/warehouse-details',
    });
  });

  it('gives the history the words the form shows for yes/no fields and constant choices', () => {
    const labels = fieldValueLabels<Record<string, unknown>>([
      { name: 'active', label: 'Active', type: 'boolean', trueLabel: 'Active', falseLabel: 'Inactive' },
      {
        name: 'format',
        label: 'Format',
        type: 'select',
        useOptions: staticOptions([{ value: 'FLAT_FILE', label: 'Dunnes' }]),
      },
      { name: 'customer', label: 'Customer', type: 'select', useOptions: () => ({ options: [] }) },
      { name: 'name', label: 'Name', type: 'text' },
    ]);
    expect(labels).toEqual({
      active: { true: 'Active', false: 'Inactive' },
      format: { FLAT_FILE: 'Dunnes' },
    });
  });
});
