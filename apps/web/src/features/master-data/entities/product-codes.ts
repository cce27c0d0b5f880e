/** Product codes (master-data §2 Product codes, §3): a single required Product Code. */
import { MESSAGES } from '@selvedge/shared';
import { defineEntity } from '../entity-config';

interface ProductCodeValues {
  productCode: string;
}

export const productCodes = defineEntity<'productCodes', ProductCodeValues>({
  kind: 'productCodes',
  testId: 'product-code',
  countLine: (n) => `Showing ${n} Product Code(s)`,
  filters: [{ name: 'productCode', label: 'Product Code', type: 'text' }],
  columns: [{ header: 'Product Code', value: (c) => c.productCode }],
  fields: [{ name: 'productCode', label: 'Product Code', type: 'text', required: true, maxLength: 100 }],
  empty: { productCode: '' } satisfies ProductCodeValues,
  toValues: (c): ProductCodeValues => ({ productCode: c.productCode }),
  toBody: (v: ProductCodeValues) => ({ ...v }),
  recordTitle: (c) => c.productCode,
  messages: { created: MESSAGES.productCodeCreated, updated: MESSAGES.productCodeUpdated },
});
