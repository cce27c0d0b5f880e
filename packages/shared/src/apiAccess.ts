/**
 * The roles of each ordering screen and of each API call family (ordering §6 Route access,
 * master-data §6), in a module of their own: the master-data registry names its calls' permissions
 * (ApiPermission) and permissions.ts builds ROUTE_ACCESS from the registry, so neither of those two
 * may hold this table without importing the other.
 */
import { type Role, SIGNED_IN_ROLES } from './roles';

const ALL = SIGNED_IN_ROLES;
const ALL_BUT_FINANCE = ALL.filter((r) => r !== 'FINANCE');
const ADMIN_ONLY = ['ADMIN'] as const;

/**
 * The ordering screens and the roles allowed on each (ordering §6 Route access); the master-data
 * screens' come from the registry (masterDataRegistry.ts) into ROUTE_ACCESS (permissions.ts).
 */
export const SCREEN_ACCESS = {
  '/': ALL,
  '/order-list': ALL,
  '/order-details': ALL,
  '/product-list': ALL_BUT_FINANCE,
  '/product-details': ALL_BUT_FINANCE,
  '/restock': ['ADMIN', 'ACCOUNT'],
  '/cart': ['VENDOR', 'ACCOUNT', 'ADMIN'],
  '/variable-data-upload': ['ACCOUNT', 'FACTORY_ACCOUNT', 'ADMIN'],
  '/care-label': ADMIN_ONLY,
} as const satisfies Record<string, readonly Role[]>;

/**
 * Server-side permission of every API call family. Routes declare one of these keys; the auth
 * platform answers 401 without a valid token and 403 when the role is not listed.
 */
export const API_ACCESS = {
  /** Any signed-in role: lookups, own session. */
  signedIn: ALL,
  ordersRead: SCREEN_ACCESS['/order-list'],
  productsRead: SCREEN_ACCESS['/product-list'],
  cart: SCREEN_ACCESS['/cart'],
  restock: SCREEN_ACCESS['/restock'],
  variableDataUpload: SCREEN_ACCESS['/variable-data-upload'],
  /** Product item details (master-data §6). */
  productItems: ['ADMIN', 'CSR'],
  /** Vendor details: a VENDOR sees and edits its own vendor (master-data §6). */
  vendorDetails: ['ADMIN', 'VENDOR'],
  masterData: ADMIN_ONLY,
  usersManage: ADMIN_ONLY,
} as const satisfies Record<string, readonly Role[]>;
export type ApiPermission = keyof typeof API_ACCESS;
