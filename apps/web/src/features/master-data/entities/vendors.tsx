/**
 * Vendors (master-data §2 Vendors, §3 Vendor, §5, §6): filter by Company Name, Address and Customer
 * ('---' first); columns Company Name, Shipping Address(es), Billing Address, Customer(s). The
 * details: company, currency (CAD by default), vendor number (digits only, at most 10), billing and
 * delivery, the shipping address editor and the customer checklist. A VENDOR sees its own vendor
 * without the company, currency, vendor number and customers (the answer leaves them out, and the
 * customer choices are not loaded); `?fromCart=true` offers 'Return to Cart'.
 */
import {
  LABELS,
  LIMITS,
  MESSAGES,
  normalizeVendorNumber,
  type Role,
  type ShippingAddress,
} from '@selvedge/shared';
import { defineEntity } from '../entity-config';
import { refBody, refsBody, refValue, useCurrencyOptions, useCustomerOptions } from '../options';
import { ShippingAddressEditor } from '../ShippingAddressEditor';
import { lazySchema } from '../schemas-loader';

interface VendorValues {
  companyName: string;
  currencyType: string;
  vendorNumber: string;
  billingAddress: string;
  billingAccountNumber: string;
  preferredShippingMethod: string;
  deliveryAccountNumber: string;
  shippingAddresses: ShippingAddress[];
  customers: string[];
}

const VENDOR_ONLY: readonly Role[] = ['VENDOR'];

export const vendors = defineEntity<'vendors', VendorValues>({
  kind: 'vendors',
  testId: 'vendor',
  countLine: LABELS.showingVendors,
  returnToCart: true,
  canCreate: (role) => role === 'ADMIN',
  filters: [
    { name: 'companyName', label: 'Company Name', type: 'text' },
    { name: 'address', label: 'Address', type: 'text' },
    { name: 'customerId', label: 'Customer', type: 'select', useOptions: useCustomerOptions },
  ],
  columns: [
    { header: 'Company Name', value: (v) => v.companyName },
    { header: 'Shipping Address(es)', value: (v) => v.shippingAddresses.map((a) => a.address).join(', ') },
    { header: 'Billing Address', value: (v) => v.billingAddress },
    { header: 'Customer(s)', value: (v) => (v.customers ?? []).map((c) => c.name).join(', ') },
  ],
  fields: [
    {
      name: 'companyName',
      label: 'Company Name',
      type: 'text',
      required: true,
      maxLength: 255,
      hiddenFor: VENDOR_ONLY,
    },
    {
      name: 'currencyType',
      label: 'Currency Type',
      type: 'select',
      useOptions: useCurrencyOptions,
      hiddenFor: VENDOR_ONLY,
    },
    {
      name: 'vendorNumber',
      label: 'Vendor Number',
      type: 'text',
      inputMode: 'numeric',
      // Non-digits are ignored as typed or pasted, then at most 10 digits (master-data §5, §9).
      normalize: (text) => normalizeVendorNumber(text).slice(0, LIMITS.vendorNumberMaxLength),
      description: 'Determines access to variable and dynamic data products (digits only, at most 10).',
      hiddenFor: VENDOR_ONLY,
    },
    { name: 'billingAddress', label: 'Billing Address', type: 'textarea', wide: true, maxLength: 1000 },
    { name: 'billingAccountNumber', label: 'Billing Account Number', type: 'text', maxLength: 100 },
    { name: 'preferredShippingMethod', label: 'Preferred Shipping Method', type: 'text', maxLength: 255 },
    { name: 'deliveryAccountNumber', label: 'Delivery Account Number', type: 'text', maxLength: 100 },
    {
      name: 'shippingAddresses',
      label: 'Shipping Addresses',
      type: 'custom',
      wide: true,
      render: ({ values, editing, error, setValue }) => (
        <ShippingAddressEditor
          value={values.shippingAddresses}
          onChange={(next) => setValue('shippingAddresses', next)}
          editing={editing}
          error={error}
        />
      ),
    },
    {
      name: 'customers',
      label: 'Customers',
      type: 'checklist',
      useOptions: useCustomerOptions,
      hiddenFor: VENDOR_ONLY,
    },
  ],
  empty: {
    companyName: '',
    currencyType: '1',
    vendorNumber: '',
    billingAddress: '',
    billingAccountNumber: '',
    preferredShippingMethod: '',
    deliveryAccountNumber: '',
    shippingAddresses: [],
    customers: [],
  },
  toValues: (v): VendorValues => ({
    companyName: v.companyName ?? '',
    currencyType: refValue(v.currencyType),
    vendorNumber: v.vendorNumber ?? '',
    billingAddress: v.billingAddress ?? '',
    billingAccountNumber: v.billingAccountNumber ?? '',
    preferredShippingMethod: v.preferredShippingMethod ?? '',
    deliveryAccountNumber: v.deliveryAccountNumber ?? '',
    shippingAddresses: v.shippingAddresses.map((a) => ({ ...a })),
    customers: (v.customers ?? []).map((c) => String(c.id)),
  }),
  toBody: (v: VendorValues, role) => {
    const own = {
      billingAddress: v.billingAddress,
      billingAccountNumber: v.billingAccountNumber,
      preferredShippingMethod: v.preferredShippingMethod,
      deliveryAccountNumber: v.deliveryAccountNumber,
      shippingAddresses: v.shippingAddresses,
    };
    if (role === 'VENDOR') return own as never;
    return {
      ...own,
      companyName: v.companyName,
      currencyType: refBody(v.currencyType),
      vendorNumber: v.vendorNumber,
      customers: refsBody(v.customers),
    };
  },
  schemaFor: (role) => (role === 'VENDOR' ? lazySchema('vendors', 'update') : undefined),
  recordTitle: (v) => v.companyName ?? 'Billing and shipping',
  messages: { created: MESSAGES.vendorCreated, updated: MESSAGES.vendorUpdated },
  historyLabels: { currencyType: 'Currency Type' },
});
