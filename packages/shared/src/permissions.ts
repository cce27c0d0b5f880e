/**
 * Who may do what, written once as data (spec/ordering.md §6, spec/master-data.md §6).
 * The server checks every call against API_ACCESS; the web app uses ROUTE_ACCESS, CAPABILITIES
 * and VISIBILITY for routes, menus, buttons and fields. Change a rule here and both sides follow.
 */
import { type Role, SIGNED_IN_ROLES } from './roles';

const ALL = SIGNED_IN_ROLES;
const ALL_BUT_FINANCE = ALL.filter((r) => r !== 'FINANCE');
const ADMIN_ONLY = ['ADMIN'] as const;

/** Web routes and the roles allowed on each (ordering §6 Route access, master-data §6). */
export const ROUTE_ACCESS = {
  '/': ALL,
  '/order-list': ALL,
  '/order-details': ALL,
  '/product-list': ALL_BUT_FINANCE,
  '/product-details': ALL_BUT_FINANCE,
  '/restock': ['ADMIN', 'ACCOUNT'],
  '/cart': ['VENDOR', 'ACCOUNT', 'ADMIN'],
  '/variable-data-upload': ['ACCOUNT', 'FACTORY_ACCOUNT', 'ADMIN'],
  '/product-item-details': ['ADMIN', 'CSR'],
  '/vendor-details': ['ADMIN', 'VENDOR'],
  '/vendor-list': ADMIN_ONLY,
  '/user-list': ADMIN_ONLY,
  '/user-details': ADMIN_ONLY,
  '/product-code-list': ADMIN_ONLY,
  '/product-code-details': ADMIN_ONLY,
  '/product-subcode-list': ADMIN_ONLY,
  '/product-subcode-details': ADMIN_ONLY,
  '/care-label': ADMIN_ONLY,
  '/customer-list': ADMIN_ONLY,
  '/customer-details': ADMIN_ONLY,
  '/factory-list': ADMIN_ONLY,
  '/factory-details': ADMIN_ONLY,
  '/warehouse-list': ADMIN_ONLY,
  '/warehouse-details': ADMIN_ONLY,
  '/production-regions-list': ADMIN_ONLY,
  '/production-regions-details': ADMIN_ONLY,
  '/attribute-schemas-list': ADMIN_ONLY,
  '/attribute-schema-details': ADMIN_ONLY,
} as const satisfies Record<string, readonly Role[]>;
export type AppRoute = keyof typeof ROUTE_ACCESS;

/** Actions granted to roles (ordering §6 Capabilities). */
export const CAPABILITIES = {
  uploadShippingDocuments: ['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT', 'CSR'],
  updateInventory: ['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT', 'CSR'],
  downloadVariableDataCsv: ['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT', 'CSR'],
  shipAndComplete: ['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT', 'CSR'],
  manageEstimatedCompletionDate: ['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT', 'CSR'],
  approveFinance: ['ADMIN', 'FINANCE', 'FACTORY_ACCOUNT'],
  enterInvoiceNumber: ['ADMIN', 'FACTORY_ACCOUNT', 'FINANCE'],
  downloadInventoryCsv: ['ACCOUNT', 'ADMIN', 'FINANCE', 'CUSTOMER', 'FACTORY_ACCOUNT'],
  alwaysCompleteProduction: ['ACCOUNT', 'FACTORY_ACCOUNT', 'ADMIN'],
  /** CSR may complete production only while not yet confirmed by a CSR. */
  completeProductionOnce: ['CSR'],
  reviewArtwork: ['ACCOUNT', 'FACTORY_ACCOUNT', 'CSR', 'ADMIN', 'VENDOR'],
  uploadArtwork: ['ACCOUNT', 'FACTORY_ACCOUNT', 'CSR', 'ADMIN'],
  addShippingAddressFromCart: ['VENDOR', 'ADMIN'],
} as const satisfies Record<string, readonly Role[]>;
export type Capability = keyof typeof CAPABILITIES;

/** Which roles see which fields (ordering §6 Visibility). Fields not visible are left out of answers. */
export const VISIBILITY = {
  /** Unit price, total price and the payment card. */
  price: ['ADMIN', 'FINANCE', 'FACTORY_ACCOUNT', 'VENDOR', 'CUSTOMER'],
  /** Unit cost and cost tiers. */
  cost: ['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT', 'FINANCE', 'CSR'],
  /** Total in the cost currency on product details (ordering §2 Product details). */
  costTotal: ['ACCOUNT', 'ADMIN'],
  logs: ['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT', 'FINANCE'],
  inventory: ['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT'],
  shippingDocuments: ['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT', 'FINANCE', 'VENDOR', 'CUSTOMER'],
  /** Artwork review comments at any status; the vendor sees them only during review (see canSeeArtworkComments). */
  artworkComments: ['ADMIN', 'ACCOUNT', 'CSR', 'FACTORY_ACCOUNT', 'FINANCE', 'CUSTOMER'],
  /** Production purchase orders carry factory costs: the cost roles only (docs/decisions/0015). */
  productionPurchaseOrders: ['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT', 'FINANCE', 'CSR'],
  companyFilter: ['ADMIN', 'ACCOUNT', 'FACTORY_ACCOUNT', 'FINANCE', 'VENDOR', 'CUSTOMER'],
} as const satisfies Record<string, readonly Role[]>;
export type Visibility = keyof typeof VISIBILITY;

/**
 * Server-side permission of every API call family. Routes declare one of these keys; the auth
 * platform answers 401 without a valid token and 403 when the role is not listed.
 */
export const API_ACCESS = {
  /** Any signed-in role: lookups, own session. */
  signedIn: ALL,
  ordersRead: ROUTE_ACCESS['/order-list'],
  productsRead: ROUTE_ACCESS['/product-list'],
  cart: ROUTE_ACCESS['/cart'],
  restock: ROUTE_ACCESS['/restock'],
  variableDataUpload: ROUTE_ACCESS['/variable-data-upload'],
  productItems: ROUTE_ACCESS['/product-item-details'],
  vendorDetails: ROUTE_ACCESS['/vendor-details'],
  masterData: ADMIN_ONLY,
  usersManage: ADMIN_ONLY,
} as const satisfies Record<string, readonly Role[]>;
export type ApiPermission = keyof typeof API_ACCESS;

function includes(list: readonly Role[], role: Role | null | undefined): boolean {
  return !!role && list.includes(role);
}

export const canAccessRoute = (route: AppRoute, role: Role | null | undefined) =>
  includes(ROUTE_ACCESS[route], role);
export const hasCapability = (cap: Capability, role: Role | null | undefined) =>
  includes(CAPABILITIES[cap], role);
export const canSee = (what: Visibility, role: Role | null | undefined) => includes(VISIBILITY[what], role);

/**
 * Artwork comments are hidden from the vendor except during review (ordering §6 Visibility):
 * `orderStatus` NEEDS_ART_APPROVAL shows them to every role that sees the order.
 */
export const canSeeArtworkComments = (role: Role | null | undefined, orderStatus: string) =>
  canSee('artworkComments', role) || (!!role && orderStatus === 'NEEDS_ART_APPROVAL');
export const isApiAllowed = (perm: ApiPermission, role: Role | null | undefined) =>
  includes(API_ACCESS[perm], role);

/** Landing page after login (ordering §2): VENDOR lands on the product list, every other role on the order list. */
export function landingRouteFor(role: Role | null | undefined): '/product-list' | '/order-list' | '/login' {
  if (!role || role === 'NONE') return '/login';
  return role === 'VENDOR' ? '/product-list' : '/order-list';
}

/** Items of the Configuration menu (ordering §2 Navigation bar), in the spec's order. */
export const CONFIGURATION_MENU: { label: string; route: AppRoute }[] = [
  { label: 'Variable Data Upload', route: '/variable-data-upload' },
  { label: 'Product Codes', route: '/product-code-list' },
  { label: 'Product Subcodes', route: '/product-subcode-list' },
  { label: 'Care Labels', route: '/care-label' },
  { label: 'Attribute Schemas', route: '/attribute-schemas-list' },
  { label: 'Users', route: '/user-list' },
  { label: 'Customers', route: '/customer-list' },
  { label: 'Vendors', route: '/vendor-list' },
  { label: 'Warehouses', route: '/warehouse-list' },
  { label: 'Production Regions', route: '/production-regions-list' },
  { label: 'Factories', route: '/factory-list' },
];
