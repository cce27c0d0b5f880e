/**
 * Factories (master-data §2 Factories, §3 Factory): filter by Production Factory name, Short Code,
 * Region and Customer; the details with currency (CAD by default), production region (Bangladesh by
 * default, §9) and a customer checklist.
 */
import { LABELS, MESSAGES } from '@selvedge/shared';
import { defineEntity } from '../entity-config';
import {
  refBody,
  refsBody,
  refValue,
  useCurrencyOptions,
  useCustomerOptions,
  useRegionOptions,
} from '../options';

interface FactoryValues {
  name: string;
  shortCode: string;
  address: string;
  telephone: string;
  currencyType: string;
  productionRegion: string;
  customers: string[];
}

export const factories = defineEntity<'factories', FactoryValues>({
  kind: 'factories',
  testId: 'factory',
  countLine: LABELS.showingFactories,
  filters: [
    { name: 'factoryName', label: 'Production Factory', type: 'text' },
    { name: 'shortCode', label: 'Short Code', type: 'text' },
    { name: 'regionId', label: 'Region', type: 'select', useOptions: useRegionOptions },
    { name: 'customerId', label: 'Customer', type: 'select', useOptions: useCustomerOptions },
  ],
  columns: [
    { header: 'Factory Name', value: (f) => f.name },
    { header: 'Short Code', value: (f) => f.shortCode, width: 120 },
    { header: 'Production Region', value: (f) => f.productionRegion.name },
    { header: 'Customer(s)', value: (f) => f.customers.map((c) => c.name).join(', ') },
  ],
  fields: [
    { name: 'name', label: 'Factory Name', type: 'text', required: true, maxLength: 255 },
    { name: 'shortCode', label: 'Factory Short Code', type: 'text', required: true, maxLength: 20 },
    { name: 'address', label: 'Address', type: 'textarea', wide: true, maxLength: 1000 },
    { name: 'telephone', label: 'Telephone', type: 'tel', maxLength: 50 },
    { name: 'currencyType', label: 'Currency Type', type: 'select', useOptions: useCurrencyOptions },
    { name: 'productionRegion', label: 'Production Region', type: 'select', useOptions: useRegionOptions },
    { name: 'customers', label: 'Customers', type: 'checklist', useOptions: useCustomerOptions },
  ],
  empty: {
    name: '',
    shortCode: '',
    address: '',
    telephone: '',
    currencyType: '1',
    productionRegion: '1',
    customers: [],
  },
  toValues: (f): FactoryValues => ({
    name: f.name,
    shortCode: f.shortCode,
    address: f.address ?? '',
    telephone: f.telephone ?? '',
    currencyType: refValue(f.currencyType),
    productionRegion: refValue(f.productionRegion),
    customers: f.customers.map((c) => String(c.id)),
  }),
  toBody: (v: FactoryValues) => ({
    name: v.name,
    shortCode: v.shortCode,
    address: v.address,
    telephone: v.telephone,
    currencyType: refBody(v.currencyType),
    productionRegion: refBody(v.productionRegion),
    customers: refsBody(v.customers),
  }),
  recordTitle: (f) => `${f.name} (${f.shortCode})`,
  messages: { created: MESSAGES.factoryCreated, updated: MESSAGES.factoryUpdated },
  historyLabels: { currencyType: 'Currency Type' },
});
