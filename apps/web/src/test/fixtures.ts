/**
 * Data of the web unit tests (decision 0059): builders of the API's answers with plausible defaults,
 * each taking the fields a test cares about. Shapes are the shared schemas' (packages/shared).
 */
import type {
  OrderedVariableData,
  ProductAttribute,
  ProductItemDetails,
  ProductSizeItem,
} from '@selvedge/shared';

/** A signed JWT's look (the web never verifies it): header, the claims as base64url JSON, signature. */
export function fakeToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

/** A size (product item) of a STANDARD product: no inventory, no own attributes, nothing in the cart. */
export function sizeItem(overrides: Partial<ProductSizeItem> = {}): ProductSizeItem {
  const productItemId = overrides.productItemId ?? 1;
  return {
    productItemId,
    productSize: 'M',
    sortKey: productItemId,
    defaultOrderQuantity: 0,
    cartQuantity: 0,
    hasInventory: false,
    attributes: [],
    ...overrides,
  };
}

/** An attribute to fill in: a DROPDOWN when `options` are given, else STRING. */
export function attribute(
  name: string,
  options: string[] = [],
  value: string | null = null,
): ProductAttribute {
  return { name, type: options.length > 0 ? 'DROPDOWN' : 'STRING', options, value };
}

/** A STANDARD product with sizes S and M (items 1 and 2), minimum 0, pack size 1, no prices. */
export function productDetails(overrides: Partial<ProductItemDetails> = {}): ProductItemDetails {
  return {
    productItemId: 1,
    productSubcodeId: 10,
    productSubcode: 'WL-100',
    description: 'Woven label',
    productType: 'STANDARD',
    customerId: 5,
    customer: 'Roots',
    productionRegionId: 1,
    packSize: 1,
    minOrderQuantity: 0,
    defaultOrderQuantity: 0,
    cartQuantity: 0,
    hasSizes: true,
    hasInventory: false,
    items: [
      sizeItem({ productItemId: 1, productSize: 'S' }),
      sizeItem({ productItemId: 2, productSize: 'M' }),
    ],
    attributes: [],
    priceCurrency: null,
    costCurrency: null,
    productImagePath: null,
    productImageType: null,
    careLabelType: null,
    rfid: false,
    ...overrides,
  };
}

/** One uploaded ticket row's data (a size and colour of a PO and style). */
export function ticketData(overrides: Partial<OrderedVariableData> = {}): OrderedVariableData {
  return {
    poNumber: 'PO-1',
    styleNumber: 'ST-1',
    ticketType: 'HANG',
    vendorNumber: 'V-1',
    description: 'Tee',
    size: 'M',
    colour: 'Black',
    barcode: '0123456789012',
    prices: [{ currency: 'CAD', amount: '19.99' }],
    ...overrides,
  };
}
