/**
 * Customers (master-data §2 Customers, §3 Customer): a name filter, cards linking to the details,
 * Add. The details: Company Name (required), parser type (Dunnes = FLAT_FILE, Roots =
 * DELIMITED_ROOTS), warehouse, special instructions limit, copyright and fabric composition shown or
 * not (§9 defaults). The care-label lists come with the care-labels page.
 */
import {
  CUSTOMER_PARSER_TYPE_LABELS,
  CUSTOMER_PARSER_TYPES,
  type CustomerParserType,
  MESSAGES,
} from '@selvedge/shared';
import { defineEntity } from '../entity-config';
import { numberBody, refBody, refValue, staticOptions, useWarehouseOptions } from '../options';

interface CustomerValues {
  companyName: string;
  parserType: string;
  warehouse: string;
  specialInstructionsLimit: number | string;
  copyrightShow: boolean;
  fabricCompositionShow: boolean;
}

const PARSER_OPTIONS = CUSTOMER_PARSER_TYPES.map((t) => ({
  value: t,
  label: CUSTOMER_PARSER_TYPE_LABELS[t],
}));

export const customers = defineEntity<'customers', CustomerValues>({
  kind: 'customers',
  testId: 'customer',
  display: 'cards',
  countLine: (n) => `Showing ${n} Customer(s)`,
  filters: [{ name: 'name', label: 'Name', type: 'text' }],
  columns: [
    { header: 'Customer', value: (c) => c.companyName },
    { header: 'Parser', value: (c) => CUSTOMER_PARSER_TYPE_LABELS[c.parserType] },
    { header: 'Warehouse', value: (c) => c.warehouse?.name },
  ],
  fields: [
    { name: 'companyName', label: 'Company Name', type: 'text', required: true, maxLength: 255 },
    { name: 'parserType', label: 'Parser Type', type: 'select', useOptions: staticOptions(PARSER_OPTIONS) },
    {
      name: 'warehouse',
      label: 'Warehouse',
      type: 'select',
      useOptions: useWarehouseOptions,
      clearable: true,
    },
    {
      name: 'specialInstructionsLimit',
      label: 'Special Instructions Limit',
      type: 'number',
      required: true,
      min: 0,
      max: 50,
    },
    {
      name: 'copyrightShow',
      label: 'Copyright',
      type: 'boolean',
      trueLabel: 'Show',
      falseLabel: "Don't show",
    },
    {
      name: 'fabricCompositionShow',
      label: 'Fabric Composition',
      type: 'boolean',
      trueLabel: 'Show',
      falseLabel: "Don't show",
    },
  ],
  empty: {
    companyName: '',
    parserType: 'NONE',
    warehouse: '',
    specialInstructionsLimit: 0,
    copyrightShow: false,
    fabricCompositionShow: true,
  },
  toValues: (c): CustomerValues => ({
    companyName: c.companyName,
    parserType: c.parserType,
    warehouse: refValue(c.warehouse),
    specialInstructionsLimit: c.specialInstructionsLimit,
    copyrightShow: c.copyrightShow,
    fabricCompositionShow: c.fabricCompositionShow,
  }),
  toBody: (v: CustomerValues) => ({
    companyName: v.companyName,
    parserType: (v.parserType || 'NONE') as CustomerParserType,
    warehouse: refBody(v.warehouse),
    specialInstructionsLimit: numberBody(v.specialInstructionsLimit),
    copyrightShow: v.copyrightShow,
    fabricCompositionShow: v.fabricCompositionShow,
  }),
  recordTitle: (c) => c.companyName,
  messages: { created: MESSAGES.customerCreated, updated: MESSAGES.customerUpdated },
});
