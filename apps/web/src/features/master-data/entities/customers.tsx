/**
 * Customers (master-data §2 Customers, §3 Customer): a name filter, cards linking to the details,
 * Add. The details: Company Name (required), parser type (Dunnes = FLAT_FILE, Roots =
 * DELIMITED_ROOTS), warehouse, special instructions limit, copyright and fabric composition shown or
 * not (§9 defaults), and the care-label lists (one per kind, from the Care Labels page) and settings
 * (master-data §3 Customer; decision 0041): country of origin and special instructions required, markets, CA and RN numbers, with
 * a link to the Care Labels page for the customer.
 */

import { Button } from '@mantine/core';
import {
  CARE_LIST_KINDS,
  CARE_LIST_TITLES,
  CARE_MARKETS,
  type CareListKind,
  type CareMarket,
  CUSTOMER_CARE_LIST_FIELDS,
  CUSTOMER_PARSER_TYPE_LABELS,
  CUSTOMER_PARSER_TYPES,
  type CustomerCareListField,
  type CustomerParserType,
  MESSAGES,
} from '@selvedge/shared';
import { Link } from 'react-router';
import { useCareLists } from '../../../api/care-label';
import { defineEntity, type FormField, type OptionsHook } from '../entity-config';
import { numberBody, refBody, refValue, staticOptions, useWarehouseOptions } from '../options';

type CareListValues = Record<CustomerCareListField, string>;
interface CustomerValues extends CareListValues {
  companyName: string;
  parserType: string;
  warehouse: string;
  specialInstructionsLimit: number | string;
  copyrightShow: boolean;
  fabricCompositionShow: boolean;
  countryOfOriginRequired: boolean;
  specialInstructionsRequired: boolean;
  markets: string[];
  caNumber: string;
  rnNumber: string;
  gs1CompanyPrefix: string;
}

/** The lists of one kind as choices of a customer's care list field. */
const careListOptions =
  (kind: CareListKind): OptionsHook =>
  () => {
    const q = useCareLists(kind);
    return {
      options: (q.data ?? []).map((l) => ({ value: String(l.id), label: l.name })),
      loading: q.isPending,
    };
  };
const CARE_LIST_FIELDS: FormField<CustomerValues>[] = CARE_LIST_KINDS.map((kind) => ({
  name: CUSTOMER_CARE_LIST_FIELDS[kind],
  label: `${CARE_LIST_TITLES[kind]} List`,
  type: 'select' as const,
  useOptions: careListOptions(kind),
  clearable: true,
}));
const MARKET_LABELS: Record<CareMarket, string> = { CA: 'Canada', US: 'United States', EU: 'European Union' };
const MARKET_OPTIONS = CARE_MARKETS.map((m) => ({ value: m, label: MARKET_LABELS[m] }));
const careListsOf = <T,>(value: (field: CustomerCareListField) => T) =>
  Object.fromEntries(
    CARE_LIST_KINDS.map((k) => [CUSTOMER_CARE_LIST_FIELDS[k], value(CUSTOMER_CARE_LIST_FIELDS[k])]),
  ) as Record<CustomerCareListField, T>;

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
    {
      name: 'countryOfOriginRequired',
      label: 'Country Of Origin',
      type: 'boolean',
      trueLabel: 'Required',
      falseLabel: 'Optional',
    },
    {
      name: 'specialInstructionsRequired',
      label: 'Special Instructions',
      type: 'boolean',
      trueLabel: 'Required',
      falseLabel: 'Optional',
    },
    { name: 'caNumber', label: 'CA Number (Canada dealer identity)', type: 'text', maxLength: 10 },
    { name: 'rnNumber', label: 'RN Number (US)', type: 'text', maxLength: 10 },
    {
      name: 'gs1CompanyPrefix',
      label: 'GS1 Company Prefix',
      type: 'text',
      maxLength: 12,
      description:
        "6-12 digits: the prefix of the customer's GTINs, which RFID subcodes need (a UPC-A prefix with a leading 0)",
    },
    {
      name: 'markets',
      label: 'Markets (labelling rules checked)',
      type: 'checklist',
      useOptions: staticOptions(MARKET_OPTIONS),
    },
    ...CARE_LIST_FIELDS,
  ],
  // The customer's Care Labels page (its lists and options; master-data §2 'Back to Customer' returns).
  viewActions: (c) => (
    <Button
      component={Link}
      to={`/care-label?tab=2&customerId=${c.id}`}
      variant="default"
      data-testid="customer-care-labels"
    >
      Care Labels
    </Button>
  ),
  empty: {
    companyName: '',
    parserType: 'NONE',
    warehouse: '',
    specialInstructionsLimit: 0,
    copyrightShow: false,
    fabricCompositionShow: true,
    countryOfOriginRequired: false,
    specialInstructionsRequired: false,
    markets: [],
    caNumber: '',
    rnNumber: '',
    gs1CompanyPrefix: '',
    ...careListsOf(() => ''),
  },
  toValues: (c): CustomerValues => ({
    companyName: c.companyName,
    parserType: c.parserType,
    warehouse: refValue(c.warehouse),
    specialInstructionsLimit: c.specialInstructionsLimit,
    copyrightShow: c.copyrightShow,
    fabricCompositionShow: c.fabricCompositionShow,
    countryOfOriginRequired: c.countryOfOriginRequired,
    specialInstructionsRequired: c.specialInstructionsRequired,
    markets: [...c.markets],
    caNumber: c.caNumber ?? '',
    rnNumber: c.rnNumber ?? '',
    gs1CompanyPrefix: c.gs1CompanyPrefix ?? '',
    ...careListsOf((field) => refValue(c[field])),
  }),
  toBody: (v: CustomerValues) => ({
    companyName: v.companyName,
    parserType: (v.parserType || 'NONE') as CustomerParserType,
    warehouse: refBody(v.warehouse),
    specialInstructionsLimit: numberBody(v.specialInstructionsLimit),
    copyrightShow: v.copyrightShow,
    fabricCompositionShow: v.fabricCompositionShow,
    countryOfOriginRequired: v.countryOfOriginRequired,
    specialInstructionsRequired: v.specialInstructionsRequired,
    markets: v.markets as CareMarket[],
    caNumber: v.caNumber,
    rnNumber: v.rnNumber,
    gs1CompanyPrefix: v.gs1CompanyPrefix,
    ...careListsOf((field) => refBody(v[field])),
  }),
  recordTitle: (c) => c.companyName,
  messages: { created: MESSAGES.customerCreated, updated: MESSAGES.customerUpdated },
});
