/**
 * The master-data registry (spec/master-data.md §2, §6, §7; docs/decisions/0035): one entry per
 * entity says everything the rest of the code derives from it —
 *
 * - `entity`: its name in the history (GET /history?entity=; HISTORY_ENTITIES);
 * - `singular`, `plural`: how screens name it ('Production Region', 'Production Regions': list and
 *   details titles, the Configuration menu entry); the server's messages use the singular in
 *   sentence case ('Production region not found.', `masterDataLabel`);
 * - `search`, `item`, `create`, `listKey`: the calls under /api/v1.0 (`:id` is the record id) and
 *   the key of the search answer's list;
 * - `access`: the permission (API_ACCESS) of each call; a call without one is not a route;
 * - `screens`: the web routes of its list and details screens (absent: no generic screens; `section`:
 *   the list a details screen without its own belongs to). The routes' roles (ROUTE_ACCESS) are the
 *   roles of the calls the screen makes: the list's of `search`, the details' of `get`.
 *
 * The order of the entries is the Configuration menu's (ordering §2 Navigation bar), with the menu's
 * other screens placed by CONFIGURATION_MENU_EXTRAS.
 *
 * This module is data without zod, so that menus and route guards load without the validation
 * library (decision 0035); each entity's zod schemas are MASTER_DATA_SCHEMAS (schemas/masterData.ts),
 * keyed by the same kinds (a kind without schemas does not compile).
 *
 * To add an entity: an entry here, its schemas in MASTER_DATA_SCHEMAS, its server crud configuration
 * in MASTER_DATA_CRUDS (apps/server/src/modules/masterData/masterData.routes.ts) and, when it has
 * screens, its web configuration in ENTITY_CONFIGS (apps/web/src/routes/master-data/index.tsx);
 * routes, screens, menu, access and API hooks follow.
 */
import type { ApiPermission } from './apiAccess';
import type { Role } from './roles';

/** The calls of an entity's crud kit (delete only where the registry gives it a permission). */
export const CRUD_CALLS = ['search', 'get', 'create', 'update', 'delete'] as const;
export type CrudCall = (typeof CRUD_CALLS)[number];

/** One entity of the registry (see the module's comment). */
export interface MasterDataEntity {
  entity: string;
  singular: string;
  plural: string;
  search: string;
  item: string;
  create: string;
  listKey: string;
  access: Partial<Record<CrudCall, ApiPermission>>;
  screens?: { list?: string; details: string; section?: string };
}

/** Every call of an ADMIN-only entity (master-data §6: master data is the admin's). */
const ADMIN_ONLY = {
  search: 'masterData',
  get: 'masterData',
  create: 'masterData',
  update: 'masterData',
} as const satisfies MasterDataEntity['access'];

/** Every call of a care-label option kind: ADMIN only, and deletable (an option in use answers 409). */
const CARE_OPTION_ACCESS = {
  ...ADMIN_ONLY,
  delete: 'masterData',
} as const satisfies MasterDataEntity['access'];

/**
 * A care-label option kind (master-data §7 Care label calls; decision 0041): its calls
 * under /care-label/options/{kind} (kind in kebab-case, CARE_OPTION_KINDS), no screens of its own
 * (the Care Labels page edits every kind).
 */
const careOption = <const E extends string, const P extends string>(
  entity: E,
  path: P,
  singular: string,
  plural: string,
) =>
  ({
    entity,
    singular,
    plural,
    search: `/care-label/options/${path}`,
    item: `/care-label/options/${path}/:id`,
    create: `/care-label/options/${path}`,
    listKey: 'listContent',
    access: CARE_OPTION_ACCESS,
  }) as const;

/** The registry, in the Configuration menu's order. */
export const MASTER_DATA = {
  productCodes: {
    entity: 'productCode',
    singular: 'Product Code',
    plural: 'Product Codes',
    search: '/product-codes',
    item: '/product-codes/:id',
    create: '/product-codes',
    listKey: 'productCodes',
    access: ADMIN_ONLY,
    screens: { list: '/product-code-list', details: '/product-code-details' },
  },
  productSubcodes: {
    entity: 'productSubcode',
    singular: 'Product Subcode',
    plural: 'Product Subcodes',
    search: '/product-subcodes',
    item: '/product-subcodes/:id',
    create: '/product-subcodes',
    listKey: 'subcodes',
    access: ADMIN_ONLY,
    screens: { list: '/product-subcode-list', details: '/product-subcode-details' },
  },
  attributeSchemas: {
    entity: 'attributeSchema',
    singular: 'Attribute Schema',
    plural: 'Attribute Schemas',
    search: '/attributes/schemas',
    item: '/attributes/schemas/:id',
    create: '/attributes/schemas',
    listKey: 'listContent',
    access: ADMIN_ONLY,
    screens: { list: '/attribute-schemas-list', details: '/attribute-schema-details' },
  },
  users: {
    entity: 'user',
    singular: 'User',
    plural: 'Users',
    search: '/users',
    item: '/users/:id',
    create: '/users',
    listKey: 'users',
    access: { search: 'usersManage', get: 'usersManage', create: 'usersManage', update: 'usersManage' },
    screens: { list: '/user-list', details: '/user-details' },
  },
  customers: {
    entity: 'customer',
    singular: 'Customer',
    plural: 'Customers',
    search: '/customers-filtered',
    item: '/customers/:id',
    create: '/customers',
    listKey: 'customers',
    access: ADMIN_ONLY,
    screens: { list: '/customer-list', details: '/customer-details' },
  },
  vendors: {
    entity: 'vendor',
    singular: 'Vendor',
    plural: 'Vendors',
    search: '/vendors/search',
    item: '/vendors/:id',
    create: '/vendors',
    listKey: 'vendors',
    // Vendor details: ADMIN, and a VENDOR for its own vendor (master-data §6); search and create: ADMIN.
    access: { search: 'masterData', get: 'vendorDetails', create: 'masterData', update: 'vendorDetails' },
    screens: { list: '/vendor-list', details: '/vendor-details' },
  },
  warehouses: {
    entity: 'warehouse',
    singular: 'Warehouse',
    plural: 'Warehouses',
    search: '/warehouses',
    item: '/warehouses/:id',
    create: '/warehouses',
    listKey: 'warehouses',
    access: ADMIN_ONLY,
    screens: { list: '/warehouse-list', details: '/warehouse-details' },
  },
  productionRegions: {
    entity: 'productionRegion',
    singular: 'Production Region',
    plural: 'Production Regions',
    search: '/production-regions',
    item: '/production-regions/:id',
    create: '/production-regions',
    listKey: 'productionRegions',
    access: ADMIN_ONLY,
    screens: { list: '/production-regions-list', details: '/production-regions-details' },
  },
  factories: {
    entity: 'factory',
    singular: 'Factory',
    plural: 'Factories',
    search: '/factories',
    item: '/factories/:id',
    create: '/factories',
    listKey: 'factories',
    access: ADMIN_ONLY,
    screens: { list: '/factory-list', details: '/factory-details' },
  },
  productItems: {
    entity: 'productItem',
    singular: 'Product Item',
    plural: 'Product Items',
    search: '/products/product-items',
    item: '/products/product-items/:id',
    create: '/products/product-items',
    listKey: 'productItems',
    // Product item details: ADMIN and CSR (master-data §6); a CSR reaches its customers' items.
    access: { search: 'productItems', get: 'productItems', create: 'productItems', update: 'productItems' },
    // Reached from its subcode's Product Items table; no list screen of its own (master-data §2).
    screens: { details: '/product-item-details', section: '/product-subcode-list' },
  },
  careCountryOfOrigin: careOption(
    'careCountryOfOrigin',
    'country-of-origin',
    'Country Of Origin',
    'Countries Of Origin',
  ),
  careCautionMaintenance: careOption(
    'careCautionMaintenance',
    'caution-maintenance',
    'Caution Maintenance',
    'Caution Maintenance',
  ),
  careSpecialInstruction: careOption(
    'careSpecialInstruction',
    'special-instruction',
    'Special Instruction',
    'Special Instructions',
  ),
  careComponentType: careOption('careComponentType', 'component-type', 'Component Type', 'Component Types'),
  careMaterial: careOption('careMaterial', 'material', 'Material Type', 'Material Types'),
  careCode: careOption('careCode', 'care-code', 'Care Code', 'Care Codes'),
  careInstruction: careOption('careInstruction', 'care-instruction', 'Care Instruction', 'Care Instructions'),
} as const satisfies Record<string, MasterDataEntity>;
export type MasterDataKind = keyof typeof MASTER_DATA;
type Entry<K extends MasterDataKind> = (typeof MASTER_DATA)[K];

/** The kinds, in the registry's order. */
export const MASTER_DATA_KINDS = keysOf(MASTER_DATA);

/** The own keys of a literal object, typed as its keys (Object.keys answers string[]). */
function keysOf<T extends object>(object: T): (keyof T & string)[] {
  return Object.keys(object) as (keyof T & string)[];
}

/** The history entity of each kind ('warehouse'…): what GET /history?entity= takes. */
export type HistoryEntity = Entry<MasterDataKind>['entity'];
export const HISTORY_ENTITIES: readonly HistoryEntity[] = MASTER_DATA_KINDS.map((k) => MASTER_DATA[k].entity);

/** The singular in sentence case, for the server's messages: 'Production region not found.' */
export const masterDataLabel = (kind: MasterDataKind) => {
  const { singular } = MASTER_DATA[kind];
  return singular.charAt(0) + singular.slice(1).toLowerCase();
};

// null, not never, for a kind without screens: `never extends { list: infer R }` would infer R as string.
type ScreensOf<K extends MasterDataKind> = Entry<K> extends { screens: infer S } ? S : null;
/** The kinds that have the generic list and details screens (the web app configures each). */
export type MasterDataScreenKind = {
  [K in MasterDataKind]: ScreensOf<K> extends null ? never : K;
}[MasterDataKind];
/** The web routes of the master-data list screens. */
export type MasterDataListRoute = {
  [K in MasterDataKind]: ScreensOf<K> extends { list: infer R extends string } ? R : never;
}[MasterDataKind];
/** The web routes of the master-data details screens. */
export type MasterDataDetailsRoute = {
  [K in MasterDataKind]: ScreensOf<K> extends { details: infer R extends string } ? R : never;
}[MasterDataKind];
export type MasterDataRoute = MasterDataListRoute | MasterDataDetailsRoute;

/** One generic master-data screen: its route, page, kind, title and the list it belongs to. */
export interface MasterDataScreen {
  kind: MasterDataScreenKind;
  page: 'list' | 'details';
  route: MasterDataRoute;
  /** 'Warehouses', 'Warehouse Details': the page title's name. */
  title: string;
  /** The list screen (Configuration menu entry) the screen belongs to in the navigation. */
  section: MasterDataListRoute;
  /** The call whose permission decides who may open the screen. */
  call: 'search' | 'get';
}

/** Every master-data screen, in registry order (each entity's list, then its details). */
export const MASTER_DATA_SCREENS: readonly MasterDataScreen[] = MASTER_DATA_KINDS.flatMap((key) => {
  const entry = MASTER_DATA[key];
  if (!('screens' in entry)) return [];
  // An entry with screens is a MasterDataScreenKind (the key's type cannot say which entry it names).
  const kind = key as MasterDataScreenKind;
  const { screens } = entry;
  const section = 'list' in screens ? screens.list : screens.section;
  const list: MasterDataScreen[] =
    'list' in screens
      ? [{ kind, page: 'list', route: screens.list, title: entry.plural, section, call: 'search' }]
      : [];
  return [
    ...list,
    {
      kind,
      page: 'details',
      route: screens.details,
      title: `${entry.singular} Details`,
      section,
      call: 'get',
    },
  ];
});

/**
 * The roles of each master-data screen, given the roles of each API permission (API_ACCESS): the
 * roles of the call the screen makes (permissions.ts puts them in ROUTE_ACCESS).
 */
export function masterDataRouteAccess<A extends Record<ApiPermission, readonly Role[]>>(
  apiAccess: A,
): Record<MasterDataRoute, readonly Role[]> {
  const access: Partial<Record<MasterDataRoute, readonly Role[]>> = {};
  for (const screen of MASTER_DATA_SCREENS) {
    const calls: MasterDataEntity['access'] = MASTER_DATA[screen.kind].access;
    const permission = calls[screen.call];
    if (!permission) throw new Error(`${screen.kind}: its ${screen.page} screen needs a ${screen.call} call`);
    access[screen.route] = apiAccess[permission];
  }
  // Every screen's route has been set just above (MASTER_DATA_SCREENS are all of them).
  return access as Record<MasterDataRoute, readonly Role[]>;
}
