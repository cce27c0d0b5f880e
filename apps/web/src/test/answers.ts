/**
 * Answers of the order and cart calls for the screen tests (decision 0069): GET /orders/{id}, GET
 * /orders/cart and their lines, with plausible defaults, each taking the fields a test cares about.
 * Shapes are the shared schemas' (packages/shared/src/schemas/orders.ts, cart.ts). A field a role
 * may not see is left out, as the server leaves it out (ordering §6 Visibility).
 */
import type { Cart, CartItem, CustomerCareConfig, OrderDetails, OrderItem } from '@selvedge/shared';

/**
 * What a cart line and an order line share: WL-100, sizes S and M (100 and 200), no amounts (as a
 * role that sees neither prices nor costs gets them), no artwork, care label or thumbnail; fresh
 * objects on every call.
 */
const lineFields = () => ({
  productSubcode: 'WL-100',
  description: 'Woven label',
  packSize: 1,
  quantity: 300,
  productType: 'STANDARD' as const,
  variableDataProduct: false,
  rfid: false,
  poNumber: null,
  items: [],
  productThumbnail: null,
  careLabel: null,
  attributes: {},
  sizes: [
    { productItemId: 1, size: 'S', quantity: 100, attributesItem: {} },
    { productItemId: 2, size: 'M', quantity: 200, attributesItem: {} },
  ],
});

/** A line of a placed order (orderItemId 70; see lineFields). */
export function orderLine(overrides: Partial<OrderItem> = {}): OrderItem {
  return { orderItemId: 70, ...lineFields(), artwork: null, ...overrides } as OrderItem;
}

/** Order 7 of Acme for Roots, placed (NEEDS_ARTWORK), one line, as a role without amounts sees it. */
export function orderDetails(overrides: Partial<OrderDetails> = {}): OrderDetails {
  return {
    orderId: 7,
    orderStatus: 'NEEDS_ARTWORK',
    cancelled: false,
    cancelAllowed: true,
    financeApproval: false,
    hasArtwork: false,
    allArtPrepared: true,
    csrArtPrepared: false,
    csrProductionConfirmed: false,
    allArtReviewed: false,
    company: 'Acme Apparel',
    customerId: 5,
    customer: 'Roots',
    productionRegion: 'Asia',
    orderDate: '2026-03-02T10:00:00.000Z',
    dateRequested: '2026-04-01',
    estimatedCompletionDate: null,
    shipAndCompleteDate: null,
    invoiceNumber: null,
    vendorPO: 'VPO-1',
    vendorPackingSlip: null,
    productionsPurchaseOrders: [],
    productionPackingSlips: [],
    billingAccount: 'BA-1',
    billingAddress: '1 Bill St',
    shippingAddress: '2 Ship Rd',
    contact: 'Ann Lee',
    email: 'ann@example.com',
    phone: '+1 416 555 0100',
    deliveryMethod: 'Courier',
    deliveryAccount: null,
    comments: null,
    relatedDocs: [],
    orderItems: [orderLine()],
    actions: [],
    ...overrides,
  };
}

/** A cart line (orderItemId 7; see lineFields). */
export function cartLine(overrides: Partial<CartItem> = {}): CartItem {
  return { orderItemId: 7, ...lineFields(), ...overrides } as CartItem;
}

/** YYYY-MM-DD `days` from today (UTC). */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The cart of order 40 of Acme for Roots with one line and every header field Place Order requires
 * filled in (Date Requested 30 days ahead: at least 14 days, ordering §5 Cart).
 */
export function cart(overrides: Partial<Cart> = {}): Cart {
  return {
    orderId: 40,
    vendorPO: 'VPO-9',
    vendorId: 3,
    contact: 'Ann Lee',
    email: 'ann@example.com',
    phone: '+1 416 555 0100',
    dateRequested: daysFromToday(30),
    shippingAddress: '2 Ship Rd',
    deliveryMethod: 'Courier',
    deliveryAccount: null,
    billingAccount: null,
    billingAddress: '1 Bill St',
    comments: null,
    orderItems: [cartLine()],
    company: 'Acme Apparel',
    customerId: 5,
    customer: 'Roots',
    productionRegionId: 1,
    productionRegion: 'Asia',
    relatedDocs: [],
    ...overrides,
  };
}

const options = (...names: string[]) => names.map((name, i) => ({ id: i + 1, name }));

/**
 * A customer's care-label configuration (GET /products/care-label; packages/shared careLabel/config.ts):
 * Roots-like lists — three countries, two cautions, three special instructions (at most 2), Shell /
 * Lining components, four materials, one choice per care instruction; copyright and fabric shown,
 * country of origin required; sold in CA and US.
 */
export function customerCareConfig(overrides: Partial<CustomerCareConfig> = {}): CustomerCareConfig {
  return {
    customerId: 1,
    countriesOfOrigin: options('Canada', 'China', 'Bangladesh'),
    cautionMaintenance: options('Wash dark colours separately', 'Turn inside out'),
    specialInstructions: options('Do not iron print', 'Reshape while damp', 'Wash before wear'),
    componentTypes: options('Shell', 'Lining'),
    materials: options('Cotton', 'Polyester', 'Elastane', 'Wool'),
    careInstructions: [
      { id: 1, type: 'WASH', displayName: 'Machine wash cold', icon: 'wash-30', sortKey: 1 },
      { id: 2, type: 'BLEACH', displayName: 'Do not bleach', icon: 'bleach-do-not', sortKey: 1 },
      { id: 3, type: 'DRY', displayName: 'Tumble dry low', icon: 'tumble-dry-low', sortKey: 1 },
      { id: 4, type: 'IRON', displayName: 'Iron low', icon: 'iron-low', sortKey: 1 },
      {
        id: 5,
        type: 'DRYCLEAN',
        displayName: 'Do not dry clean',
        icon: 'professional-dry-do-not',
        sortKey: 1,
      },
    ],
    careCodes: [{ id: 1, code: 'C12', text: 'Machine wash 30, do not bleach' }],
    specialInstructionsLimit: 2,
    copyrightShow: true,
    fabricCompositionShow: true,
    countryOfOriginRequired: true,
    specialInstructionsRequired: false,
    markets: ['CA', 'US'],
    ...overrides,
  };
}
