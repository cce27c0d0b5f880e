/**
 * The screen registry: every screen of the app, its route, its page-title name and its lazily loaded
 * module (src/routes/<route>/index.tsx, default export). router.tsx builds the routes from this list,
 * and EXISTING_SCREENS (derived from it) tells menus which screens exist. To add a screen: create its
 * folder and add one line here; the Configuration menu picks it up when its route is listed there.
 * The master-data screens come from the shared registry (MASTER_DATA_SCREENS), one per entity's
 * list and details.
 */
import { type AppRoute, MASTER_DATA_SCREENS, type MasterDataScreen } from '@selvedge/shared';
import type { ComponentType } from 'react';

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

/** Loader of a master-data screen: all of them live in one lazily loaded module (routes/master-data). */
const masterDataScreen = (screen: MasterDataScreen) => (): ScreenModule =>
  import('./master-data').then((m) => ({ default: m.masterDataScreen(screen) }));

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

/**
 * The product passport (decision 0044): public, at the GS1 Digital Link path, and outside
 * the app's frame (router.tsx), so not among PUBLIC_SCREENS.
 */
export const PASSPORT_SCREEN: ScreenDef = {
  path: '/01/:gtin/21/:serial',
  title: 'Product passport',
  load: () => import('./passport'),
};

/** Screens behind ROUTE_ACCESS (the path is the access rule's key). */
export const PROTECTED_SCREENS: ScreenDef<AppRoute>[] = [
  { path: '/order-list', title: 'Order List', load: () => import('./order-list') },
  { path: '/order-details', title: 'Order Details', load: () => import('./order-details') },
  { path: '/product-list', title: 'Product List', load: () => import('./product-list') },
  { path: '/product-details', title: 'Product Details', load: () => import('./product-details') },
  { path: '/cart', title: 'Cart', load: () => import('./cart') },
  { path: '/restock', title: 'Restock', load: () => import('./restock') },
  {
    path: '/variable-data-upload',
    title: 'Variable Data Upload',
    load: () => import('./variable-data-upload'),
  },
  // Care labels' options and lists (master-data §2 Care labels page; decision 0041).
  { path: '/care-label', title: 'Care Labels', load: () => import('./care-label') },
  // Master data (master-data §2; decision 0035): the registry's screens, generic list and details pages.
  ...MASTER_DATA_SCREENS.map((screen) => ({
    path: screen.route,
    title: screen.title,
    load: masterDataScreen(screen),
  })),
];

/** Routes that have a screen today; menus show only these (e.g. the Configuration menu). */
export const EXISTING_SCREENS: ReadonlySet<string> = new Set(
  [...PUBLIC_SCREENS, ...PROTECTED_SCREENS].map((s) => s.path),
);

/** Master-data details screens and the list (Configuration menu entry) each belongs to. */
const MASTER_DATA_DETAIL_OF: Record<string, AppRoute> = Object.fromEntries(
  MASTER_DATA_SCREENS.filter((s) => s.page === 'details').map((s) => [s.route, s.section]),
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
