/**
 * Attribute schemas (master-data §2 Attribute schemas, §3): filter by Name, Global (--/True/False),
 * Customer and Product Group; columns Attribute Schema Name, Global (TRUE/FALSE), Customer, Product
 * Group. The details: Name (required), Global, Product Group, Customer and the attribute fields
 * editor (STRING and DROPDOWN fields, a dropdown's options).
 */
import { type EditAttributeField, MESSAGES } from '@selvedge/shared';
import { AttributeFieldsEditor } from '../AttributeFieldsEditor';
import { defineEntity } from '../entity-config';
import { refBody, refValue, staticOptions, useCustomerOptions, useProductGroupOptions } from '../options';

interface AttributeSchemaValues {
  name: string;
  global: boolean;
  productGroup: string;
  customer: string;
  attributeFields: EditAttributeField[];
}

export const attributeSchemas = defineEntity<'attributeSchemas', AttributeSchemaValues>({
  kind: 'attributeSchemas',
  testId: 'attribute-schema',
  countLine: (n) => `Showing ${n} Attribute Schema(s)`,
  filters: [
    { name: 'name', label: 'Name', type: 'text' },
    {
      name: 'global',
      label: 'Global',
      type: 'select',
      placeholder: '--',
      useOptions: staticOptions([
        { value: 'true', label: 'True' },
        { value: 'false', label: 'False' },
      ]),
    },
    { name: 'customer', label: 'Customer', type: 'select', useOptions: useCustomerOptions },
    { name: 'productGroup', label: 'Product Group', type: 'select', useOptions: useProductGroupOptions },
  ],
  columns: [
    { header: 'Attribute Schema Name', value: (s) => s.name },
    { header: 'Global', value: (s) => (s.global ? 'TRUE' : 'FALSE'), width: 110 },
    { header: 'Customer', value: (s) => s.customer?.name },
    { header: 'Product Group', value: (s) => s.productGroup?.name },
  ],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 255 },
    { name: 'global', label: 'Global', type: 'boolean', trueLabel: 'True', falseLabel: 'False' },
    {
      name: 'productGroup',
      label: 'Product Group',
      type: 'select',
      useOptions: useProductGroupOptions,
      clearable: true,
    },
    { name: 'customer', label: 'Customer', type: 'select', useOptions: useCustomerOptions, clearable: true },
    {
      name: 'attributeFields',
      label: 'Attribute Fields',
      type: 'custom',
      wide: true,
      render: ({ values, editing, error, setValue }) => (
        <AttributeFieldsEditor
          value={values.attributeFields}
          onChange={(next) => setValue('attributeFields', next)}
          editing={editing}
          error={error}
        />
      ),
    },
  ],
  empty: { name: '', global: false, productGroup: '', customer: '', attributeFields: [] },
  toValues: (s) => ({
    name: s.name,
    global: s.global,
    productGroup: refValue(s.productGroup),
    customer: refValue(s.customer),
    attributeFields: s.attributeFields.map((f) => ({ ...f, options: [...f.options] })),
  }),
  toBody: (v) => ({
    name: v.name,
    global: v.global,
    productGroup: refBody(v.productGroup),
    customer: refBody(v.customer),
    attributeFields: v.attributeFields,
  }),
  recordTitle: (s) => s.name,
  messages: { created: MESSAGES.attributeSchemaCreated, updated: MESSAGES.attributeSchemaUpdated },
  historyLabels: { attributeFields: 'Attribute Fields' },
});
