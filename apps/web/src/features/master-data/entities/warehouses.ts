/** Warehouses (master-data §2 Warehouses, §3 Warehouse): every detail field is required. */
import { MESSAGES } from '@selvedge/shared';
import { defineEntity } from '../entity-config';

interface WarehouseValues {
  warehouseName: string;
  address: string;
  preferredShippingMethod: string;
  contactName: string;
  email: string;
  telephone: string;
}

export const warehouses = defineEntity<'warehouses', WarehouseValues>({
  kind: 'warehouses',
  testId: 'warehouse',
  countLine: (n) => `Showing ${n} Warehouse(s)`,
  filters: [
    { name: 'warehouseName', label: 'Name', type: 'text' },
    { name: 'address', label: 'Address', type: 'text' },
    { name: 'preferredShippingMethod', label: 'Preferred Shipping Method', type: 'text' },
  ],
  columns: [
    { header: 'Warehouse Name', value: (w) => w.warehouseName },
    { header: 'Address', value: (w) => w.address },
    { header: 'Preferred Shipping Method', value: (w) => w.preferredShippingMethod },
  ],
  fields: [
    { name: 'warehouseName', label: 'Warehouse Name', type: 'text', required: true, maxLength: 255 },
    {
      name: 'preferredShippingMethod',
      label: 'Preferred Shipping',
      type: 'text',
      required: true,
      maxLength: 255,
    },
    { name: 'address', label: 'Address', type: 'textarea', required: true, wide: true, maxLength: 1000 },
    { name: 'contactName', label: 'Contact Name', type: 'text', required: true, maxLength: 255 },
    { name: 'email', label: 'Email', type: 'email', required: true, maxLength: 320 },
    { name: 'telephone', label: 'Telephone', type: 'tel', required: true, maxLength: 50 },
  ],
  empty: {
    warehouseName: '',
    address: '',
    preferredShippingMethod: '',
    contactName: '',
    email: '',
    telephone: '',
  },
  toValues: (w): WarehouseValues => ({
    warehouseName: w.warehouseName,
    address: w.address,
    preferredShippingMethod: w.preferredShippingMethod,
    contactName: w.contactName,
    email: w.email,
    telephone: w.telephone,
  }),
  toBody: (v: WarehouseValues) => ({ ...v }),
  recordTitle: (w) => w.warehouseName,
  messages: { created: MESSAGES.warehouseCreated, updated: MESSAGES.warehouseUpdated },
});
