/**
 * Who may do what, written once as data (spec/ordering.md §6, spec/master-data.md §6).
 * The server checks every call against API_ACCESS; the web app uses ROUTE_ACCESS, CAPABILITIES
 * and VISIBILITY for routes, menus, buttons and fields. Change a rule here and both sides follow.
 * The roles of the ordering screens and of the API call families are in apiAccess.ts (re-exported
 * here), which the master-data registry reads too.
 */
import { API_ACCESS, type ApiPermission, SCREEN_ACCESS } from './apiAccess';
import { MASTER_DATA_SCREENS, type MasterDataKind, masterDataRouteAccess } from './masterDataRegistry';
import type { Role } from './roles';

export { API_ACCESS, type ApiPermission } from './apiAccess';

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
  /**
   * 'Adjust Quantity' and 'Refresh' on VARIABLE_DATA product details (ordering §2 Product details:
   * "vendor may use"). A screen tool only: its results are quantities any cart role may type.
   */
  adjustVariableDataQuantities: ['VENDOR'],
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
 * Per-user permissions (ordering §2 Product details: "checked per user", §6): besides the role, the
 * user's own flag of the same name (users.can_update_inventory, users.can_restock; set on the user's
 * admin screen, false for a new user: docs/decisions/0040). A call needs both the role and the flag.
 */
export const USER_PERMISSIONS = {
  canUpdateInventory: CAPABILITIES.updateInventory,
  canRestock: API_ACCESS.restock,
} as const satisfies Record<string, readonly Role[]>;
export type UserPermission = keyof typeof USER_PERMISSIONS;
/** The per-user flags a signed-in user carries (loaded with the session). */
export type UserPermissionFlags = Record<UserPermission, boolean>;
export const USER_PERMISSION_NAMES = Object.keys(USER_PERMISSIONS) as UserPermission[];

/** True when the user's role admits `permission` and the user holds its flag. */
export const hasUserPermission = (
  permission: UserPermission,
  user: ({ role: Role | null | undefined } & Partial<UserPermissionFlags>) | null | undefined,
) => !!user && includes(USER_PERMISSIONS[permission], user.role) && user[permission] === true;

/**
 * Whether the user sees inventory quantities (ordering §1 "Account, factory-account and admin roles
 * also see … inventory", §2 Product details, §6): the roles of VISIBILITY.inventory, and any user who
 * may update inventory (hasUserPermission canUpdateInventory: role and per-user flag, e.g. a CSR
 * given the permission), since a quantity can only be changed where it is seen (docs/decisions/0056).
 */
export const canSeeInventory = (
  user: ({ role: Role | null | undefined } & Partial<UserPermissionFlags>) | null | undefined,
) => !!user && (canSee('inventory', user.role) || hasUserPermission('canUpdateInventory', user));

/**
 * Web routes and the roles allowed on each (ordering §6 Route access, master-data §6): the ordering
 * screens, and each master-data screen with the roles of the call it makes (its list: search, its
 * details: get).
 */
export const ROUTE_ACCESS = { ...SCREEN_ACCESS, ...masterDataRouteAccess(API_ACCESS) };
export type AppRoute = keyof typeof ROUTE_ACCESS;

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

/** The Configuration menu's screens that are not master-data lists, and the entity each comes before. */
const CONFIGURATION_MENU_EXTRAS: { label: string; route: AppRoute; before: MasterDataKind }[] = [
  { label: 'Variable Data Upload', route: '/variable-data-upload', before: 'productCodes' },
  { label: 'Care Labels', route: '/care-label', before: 'attributeSchemas' },
];

/**
 * Items of the Configuration menu (ordering §2 Navigation bar), in the spec's order: every
 * master-data list screen (its title) in registry order, and the extras above in their places.
 */
export const CONFIGURATION_MENU: { label: string; route: AppRoute }[] = MASTER_DATA_SCREENS.filter(
  (screen) => screen.page === 'list',
).flatMap((screen) => [
  ...CONFIGURATION_MENU_EXTRAS.filter((extra) => extra.before === screen.kind).map(({ label, route }) => ({
    label,
    route,
  })),
  { label: screen.title, route: screen.route },
]);
