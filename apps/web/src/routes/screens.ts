/**
 * The screen registry: every screen of the app, its route, its page-title name and its lazily loaded
 * module (src/routes/<route>/index.tsx, default export). router.tsx builds the routes from this list,
 * and EXISTING_SCREENS (derived from it) tells menus which screens exist. To add a screen: create its
 * folder and add one line here; the Configuration menu picks it up when its route is listed there.
 */
import type { AppRoute } from '@selvedge/shared';
import type { ComponentType } from 'react';
import type { MasterDataScreenEntity } from './master-data';

/** Route handle: the route name used in the page title. */
export interface RouteHandle {
  title?: string;
}

type ScreenModule = Promise<{ default: ComponentType }>;

/** One screen: route path, route name (for the page title), loader of its module. */
export interface ScreenDef<P extends string = string> {
  path: P;
  title: string;
  load: () => ScreenModule;
}

/** The master-data screens: per entity, its list and details route with their page-title names. */
const MASTER_DATA_ROUTES: {
  entity: MasterDataScreenEntity;
  /** Absent for an entity reached from another's details (product items, from their subcode). */
  list?: [AppRoute, string];
  details: [AppRoute, string];
  /** The list a details screen without its own belongs to in the navigation. */
  section?: AppRoute;
}[] = [
  {
    entity: 'productCodes',
    list: ['/product-code-list', 'Product Codes'],
    details: ['/product-code-details', 'Product Code Details'],
  },
  {
    entity: 'warehouses',
    list: ['/warehouse-list', 'Warehouses'],
    details: ['/warehouse-details', 'Warehouse Details'],
  },
  {
    entity: 'productionRegions',
    list: ['/production-regions-list', 'Production Regions'],
    details: ['/production-regions-details', 'Production Region Details'],
  },
  {
    entity: 'customers',
    list: ['/customer-list', 'Customers'],
    details: ['/customer-details', 'Customer Details'],
  },
  {
    entity: 'factories',
    list: ['/factory-list', 'Factories'],
    details: ['/factory-details', 'Factory Details'],
  },
  {
    entity: 'productSubcodes',
    list: ['/product-subcode-list', 'Product Subcodes'],
    details: ['/product-subcode-details', 'Product Subcode Details'],
  },
  {
    entity: 'productItems',
    details: ['/product-item-details', 'Product Item Details'],
    section: '/product-subcode-list',
  },
  { entity: 'users', list: ['/user-list', 'Users'], details: ['/user-details', 'User Details'] },
  { entity: 'vendors', list: ['/vendor-list', 'Vendors'], details: ['/vendor-details', 'Vendor Details'] },
  {
    entity: 'attributeSchemas',
    list: ['/attribute-schemas-list', 'Attribute Schemas'],
    details: ['/attribute-schema-details', 'Attribute Schema Details'],
  },
];

/** Loader of a master-data screen: all of them live in one lazily loaded module (routes/master-data). */
const masterDataScreen = (entity: MasterDataScreenEntity, page: 'list' | 'details') => (): ScreenModule =>
  import('./master-data').then((m) => {
    const screens: { list?: ComponentType; details: ComponentType } = m.MASTER_DATA_SCREENS[entity];
    const screen = screens[page];
    if (!screen) throw new Error(`No ${page} screen for ${entity}`);
    return { default: screen };
  });

/** Screens anyone may open (ordering §2 Route table). */
export const PUBLIC_SCREENS: ScreenDef[] = [
  { path: '/login', title: 'Login', load: () => import('./login') },
  { path: '/reset-password', title: 'Reset Password', load: () => import('./reset-password') },
  {
    path: '/terms-and-conditions',
    title: 'Terms and Conditions',
    load: () => import('./terms-and-conditions'),
  },
];

/** Screens behind ROUTE_ACCESS (the path is the access rule's key). */
export const PROTECTED_SCREENS: ScreenDef<AppRoute>[] = [
  { path: '/order-list', title: 'Order List', load: () => import('./order-list') },
  { path: '/order-details', title: 'Order Details', load: () => import('./order-details') },
  { path: '/product-list', title: 'Product List', load: () => import('./product-list') },
  { path: '/product-details', title: 'Product Details', load: () => import('./product-details') },
  { path: '/cart', title: 'Cart', load: () => import('./cart') },
  // Master data (master-data §2; issue 8): the generic list and detail screens, configured per entity.
  ...MASTER_DATA_ROUTES.flatMap(({ entity, list, details }) => [
    ...(list ? [{ path: list[0], title: list[1], load: masterDataScreen(entity, 'list') }] : []),
    { path: details[0], title: details[1], load: masterDataScreen(entity, 'details') },
  ]),
];

/** Routes that have a screen today; menus show only these (e.g. the Configuration menu). */
export const EXISTING_SCREENS: ReadonlySet<string> = new Set(
  [...PUBLIC_SCREENS, ...PROTECTED_SCREENS].map((s) => s.path),
);

/** Master-data details screens and the list (Configuration menu entry) each belongs to. */
const MASTER_DATA_DETAIL_OF: Record<string, AppRoute> = Object.fromEntries(
  MASTER_DATA_ROUTES.flatMap(({ list, details, section }) => {
    const of = list?.[0] ?? section;
    return of ? [[details[0], of]] : [];
  }),
);

/**
 * The part of the navigation a location belongs to, for highlighting the bar: a details screen
 * belongs to its list, and product details opened to edit a cart line (orderItemId) to the cart.
 */
export function navSectionOf(pathname: string, search: string): AppRoute | null {
  if (pathname === '/order-list' || pathname === '/order-details') return '/order-list';
  if (pathname === '/product-details' && new URLSearchParams(search).has('orderItemId')) return '/cart';
  if (pathname === '/product-list' || pathname === '/product-details') return '/product-list';
  if (pathname === '/cart') return '/cart';
  // Vendor details opened from the cart (fromCart) belong to the cart.
  if (pathname === '/vendor-details' && new URLSearchParams(search).get('fromCart') === 'true')
    return '/cart';
  if (pathname in MASTER_DATA_DETAIL_OF) return MASTER_DATA_DETAIL_OF[pathname];
  return null;
}
