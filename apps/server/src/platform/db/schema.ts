/**
 * The database schema (Drizzle, PostgreSQL). One table per entity of spec/ordering.md §3 and
 * spec/master-data.md §3; names follow the specs' field names in snake_case.
 * Money is numeric(14,4) and travels as a decimal string (ARCHITECTURE.md Money); quantities are pieces.
 * Migrations are generated from this file into apps/server/drizzle/ (`npm run db:generate`).
 */
import type { CareLabel, OrderedVariableData } from '@selvedge/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const money = (name: string) => numeric(name, { precision: 14, scale: 4 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Optimistic-lock version of a master-data record: 1 when created, +1 per update (platform/crud.ts). */
const version = () => integer('version').notNull().default(1);
/**
 * A name as its unique index compares it: trimmed, ignoring case (decision 0046). Every
 * master-data name or code that must be unique is indexed on this expression, so "Bangladesh" and
 * " bangladesh " are one name. The column is written unqualified: an index expression names its
 * table's columns only.
 */
const ci = (column: { name: string }) => sql`lower(btrim(${sql.identifier(column.name)}))`;

// ---------------------------------------------------------------- reference data

export const currencies = pgTable('currencies', {
  id: serial('id').primaryKey(),
  /** ISO 4217 code, e.g. CAD. */
  code: varchar('code', { length: 3 }).notNull().unique(),
  name: text('name').notNull(),
});

export const productionRegions = pgTable(
  'production_regions',
  {
    id: serial('id').primaryKey(),
    productionRegionName: text('production_region_name').notNull(),
    version: version(),
  },
  (t) => [uniqueIndex('production_regions_name_ci').on(ci(t.productionRegionName))],
);

export const productGroups = pgTable('product_groups', {
  id: serial('id').primaryKey(),
  /** Stable value used in queries, e.g. WOVEN_LABELS; VARIABLE_DATA is the variable-data group. */
  value: text('value').notNull().unique(),
  displayName: text('display_name').notNull(),
});

export const productSubgroups = pgTable('product_subgroups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    warehouseName: text('warehouse_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    telephone: text('telephone').notNull(),
    address: text('address').notNull(),
    preferredShippingMethod: text('preferred_shipping_method').notNull(),
    version: version(),
  },
  (t) => [uniqueIndex('warehouses_name_ci').on(ci(t.warehouseName))],
);

// ---------------------------------------------------------------- parties

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    /** NONE, FLAT_FILE (Dunnes) or DELIMITED_ROOTS (Roots). */
    parserType: text('parser_type').notNull().default('NONE'),
    warehouseId: integer('warehouse_id').references(() => warehouses.id),
    specialInstructionsLimit: integer('special_instructions_limit').notNull().default(0),
    copyrightShow: boolean('copyright_show').notNull().default(false),
    fabricCompositionShow: boolean('fabric_composition_show').notNull().default(true),
    // care-label lists and settings (master-data §3 Customer; decision 0041): one list per kind, or none
    cautionMaintenanceListId: integer('caution_maintenance_list_id').references(() => careLists.id),
    fabricCompositionListId: integer('fabric_composition_list_id').references(() => careLists.id),
    careInstructionListId: integer('care_instruction_list_id').references(() => careLists.id),
    careCodeListId: integer('care_code_list_id').references(() => careLists.id),
    countryOfOriginListId: integer('country_of_origin_list_id').references(() => careLists.id),
    specialInstructionsListId: integer('special_instructions_list_id').references(() => careLists.id),
    countryOfOriginRequired: boolean('country_of_origin_required').notNull().default(false),
    specialInstructionsRequired: boolean('special_instructions_required').notNull().default(false),
    /** CARE_MARKETS whose labelling rules the market checks apply (CA, US, EU). */
    markets: text('markets').array().notNull().default(sql`'{}'::text[]`),
    /** Canadian dealer identity (the CA identification number, digits only; the label prints "CA n"), shown on Canadian care labels. */
    caNumber: text('ca_number'),
    /** US Registered Identification Number (digits only; the label prints "RN n"), shown on US care labels. */
    rnNumber: text('rn_number'),
    /** GS1 Company Prefix (6 to 12 digits): its length gives the SGTIN partition of the RFID EPCs (docs/rfid.md). */
    gs1CompanyPrefix: text('gs1_company_prefix'),
    version: version(),
  },
  (t) => [
    uniqueIndex('customers_name_ci').on(ci(t.companyName)),
    check('customers_gs1_company_prefix', sql`${t.gs1CompanyPrefix} ~ '^[0-9]{6,12}$'`),
  ],
);

// ---------------------------------------------------------------- care-label options and lists

const CARE_OPTION_KIND_SQL = sql.raw(
  "('country-of-origin','caution-maintenance','special-instruction','component-type','material','care-code','care-instruction')",
);
const CARE_NAME_KIND_SQL = sql.raw(
  "('country-of-origin','caution-maintenance','special-instruction','component-type','material')",
);

/**
 * Care-label options of every kind (master-data §3 Care code, Care instruction, simple options;
 * decision 0041): one table, `kind` in CARE_OPTION_KINDS (kebab-case as the calls name it). Name
 * kinds fill `name`; a care code fills `code` and `text`; a care instruction fills `type`,
 * `display_name`, `icon` and `sort_key` (≥ 0). A list member references (id, kind), so an option in
 * a list cannot be deleted (in use → 409) and cannot join a list of another kind.
 */
export const careOptions = pgTable(
  'care_options',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name'),
    code: text('code'),
    text: text('text'),
    /** WASH, BLEACH, DRY, IRON or DRYCLEAN (CARE_INSTRUCTION_TYPES). */
    type: text('type'),
    displayName: text('display_name'),
    /** One of CARE_SYMBOLS (packages/shared careLabel/symbols.ts). */
    icon: text('icon'),
    sortKey: integer('sort_key'),
    version: version(),
  },
  (t) => [
    unique('care_options_id_kind').on(t.id, t.kind),
    uniqueIndex('care_options_kind_name_ci').on(t.kind, ci(t.name)),
    uniqueIndex('care_options_kind_code_ci').on(t.kind, ci(t.code)),
    uniqueIndex('care_options_kind_type_display_name_ci').on(t.kind, t.type, ci(t.displayName)),
    check('care_options_kind', sql`${t.kind} in ${CARE_OPTION_KIND_SQL}`),
    check(
      'care_options_fields',
      sql`(${t.kind} in ${CARE_NAME_KIND_SQL} and ${t.name} is not null)
        or (${t.kind} = 'care-code' and ${t.code} is not null and ${t.text} is not null)
        or (${t.kind} = 'care-instruction' and ${t.type} in ('WASH','BLEACH','DRY','IRON','DRYCLEAN')
            and ${t.displayName} is not null and ${t.icon} is not null and ${t.sortKey} >= 0)`,
    ),
  ],
);

/** Named lists of care-label options, one mechanism for every kind (CARE_LIST_KINDS; decision 0041). */
export const careLists = pgTable(
  'care_lists',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    version: version(),
  },
  (t) => [
    unique('care_lists_id_kind').on(t.id, t.kind),
    uniqueIndex('care_lists_kind_name_ci').on(t.kind, ci(t.name)),
    check(
      'care_lists_kind',
      sql`${t.kind} in ('country-of-origin','caution-maintenance','special-instruction','fabric-composition','care-code','care-instruction')`,
    ),
  ],
);

/**
 * The options of a list. The kinds are carried so the database itself refuses an option of the wrong
 * kind (CARE_LIST_MEMBER_KINDS: a fabric composition list holds component types and materials) and
 * an option in use from being deleted (the foreign key restricts; the service answers 409).
 */
export const careListItems = pgTable(
  'care_list_items',
  {
    listId: integer('list_id').notNull(),
    listKind: text('list_kind').notNull(),
    optionId: integer('option_id').notNull(),
    optionKind: text('option_kind').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.optionId] }),
    index('care_list_items_option').on(t.optionId),
    foreignKey({
      name: 'care_list_items_list_fk',
      columns: [t.listId, t.listKind],
      foreignColumns: [careLists.id, careLists.kind],
    }).onDelete('cascade'),
    foreignKey({
      name: 'care_list_items_option_fk',
      columns: [t.optionId, t.optionKind],
      foreignColumns: [careOptions.id, careOptions.kind],
    }),
    check(
      'care_list_items_kinds',
      sql`${t.optionKind} = ${t.listKind}
        or (${t.listKind} = 'fabric-composition' and ${t.optionKind} in ('component-type','material'))`,
    ),
  ],
);

/** Named per-customer settings, e.g. VARIABLE_DATA_STYLE_NUMBER_REQUIRED = 'true'. */
export const customerDefaults = pgTable(
  'customer_defaults',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    defaultName: text('default_name').notNull(),
    defaultValue: text('default_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.defaultName] })],
);

export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    currencyTypeId: integer('currency_type_id')
      .notNull()
      .default(1)
      .references(() => currencies.id),
    /** 1 to 10 digits; decides which variable-data rows the vendor sees. */
    vendorNumber: varchar('vendor_number', { length: 10 }).unique(),
    billingAddress: text('billing_address'),
    billingAccountNumber: text('billing_account_number'),
    preferredShippingMethod: text('preferred_shipping_method'),
    deliveryAccountNumber: text('delivery_account_number'),
    version: version(),
  },
  (t) => [uniqueIndex('vendors_name_ci').on(ci(t.companyName))],
);

export const vendorShippingAddresses = pgTable(
  'vendor_shipping_addresses',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    optionName: text('option_name').notNull(),
    address: varchar('address', { length: 255 }).notNull(),
  },
  (t) => [uniqueIndex('vendor_shipping_addresses_vendor_option_ci').on(t.vendorId, ci(t.optionName))],
);

export const vendorCustomers = pgTable(
  'vendor_customers',
  {
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.customerId] }),
    index('vendor_customers_customer').on(t.customerId),
  ],
);

export const factories = pgTable(
  'factories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shortCode: text('short_code').notNull(),
    address: text('address'),
    telephone: text('telephone'),
    currencyTypeId: integer('currency_type_id')
      .notNull()
      .default(1)
      .references(() => currencies.id),
    productionRegionId: integer('production_region_id')
      .notNull()
      .default(1)
      .references(() => productionRegions.id),
    version: version(),
  },
  (t) => [uniqueIndex('factories_short_code_ci').on(ci(t.shortCode))],
);

export const factoryCustomers = pgTable(
  'factory_customers',
  {
    factoryId: integer('factory_id')
      .notNull()
      .references(() => factories.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.factoryId, t.customerId] })],
);

// ---------------------------------------------------------------- users and sessions

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-case; unique. */
    email: text('email').notNull(),
    contactName: text('contact_name').notNull(),
    telephone: text('telephone'),
    role: text('role').notNull().default('VENDOR'),
    active: boolean('active').notNull().default(true),
    emailEnabled: boolean('email_enabled').notNull().default(true),
    /** argon2id hash; null until the user sets a password through a reset link. */
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /** Per-user permissions (ordering §2 Product details: checked per user). */
    canUpdateInventory: boolean('can_update_inventory').notNull().default(false),
    canRestock: boolean('can_restock').notNull().default(false),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_ci').on(ci(t.email))],
);

/** Assignments that scope which rows a user sees (ARCHITECTURE.md Who may do what). */
export const userCustomers = pgTable(
  'user_customers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.customerId] })],
);
export const userVendors = pgTable(
  'user_vendors',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vendorId] })],
);
export const userFactories = pgTable(
  'user_factories',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    factoryId: integer('factory_id')
      .notNull()
      .references(() => factories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.factoryId] })],
);
export const userRegions = pgTable(
  'user_regions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productionRegionId: integer('production_region_id')
      .notNull()
      .references(() => productionRegions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productionRegionId] })],
);

/** One row per issued access token (its jti); logout revokes it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** Single-use password reset tokens; only the SHA-256 of the token is stored. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Failed sign-ins counted per key in a sliding window; kept in the DB so many instances agree. A key is
 * 'pair:', 'ip:' or 'email:' and a keyed hash of what it counts (auth.service.ts throttleKeys), never
 * an e-mail or client address in clear (docs/decisions/0055).
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

// ---------------------------------------------------------------- products

export const productCodes = pgTable(
  'product_codes',
  {
    id: serial('id').primaryKey(),
    productCode: text('product_code').notNull(),
    version: version(),
  },
  (t) => [uniqueIndex('product_codes_code_ci').on(ci(t.productCode))],
);

export const attributeSchemas = pgTable('attribute_schemas', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  global: boolean('global').notNull().default(false),
  customerId: integer('customer_id').references(() => customers.id),
  productGroupId: integer('product_group_id').references(() => productGroups.id),
  /** [{ name, type: 'STRING' | 'DROPDOWN', options: string[] }], kept sorted. */
  attributeFields: jsonb('attribute_fields')
    .$type<{ name: string; type: 'STRING' | 'DROPDOWN'; options: string[] }[]>()
    .notNull()
    .default([]),
  version: version(),
});

export const productSubcodes = pgTable(
  'product_subcodes',
  {
    id: serial('id').primaryKey(),
    productSubcode: text('product_subcode').notNull(),
    description: text('description').notNull(),
    minOrderQuantity: integer('min_order_quantity').notNull().default(0),
    packSize: integer('pack_size').notNull().default(1),
    /** NONE, PICK_AND_PACK, MAKE_AND_SHIP or BUILD. */
    fulfillmentProcess: text('fulfillment_process').notNull().default('PICK_AND_PACK'),
    sustainable: boolean('sustainable').notNull().default(false),
    sampleReferenceNumber: text('sample_reference_number'),
    approvedDate: date('approved_date'),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    factoryId: integer('factory_id').references(() => factories.id),
    productCodeId: integer('product_code_id')
      .notNull()
      .references(() => productCodes.id),
    attributeSchemaId: integer('attribute_schema_id').references(() => attributeSchemas.id),
    /** Items of this subcode need customer artwork before production. */
    artworkRequired: boolean('artwork_required').notNull().default(false),
    /** CARELABEL_STANDARD or CARELABEL_BY_CODE when the subcode's items are care labels, else null (decision 0041). */
    careLabelType: text('care_label_type'),
    /**
     * GTIN-14 of the garment the subcode's care label is sewn into (given by the brand; any GTIN-8/12/13
     * is stored left-padded, check digit verified): the product passport's Digital Link carries it
     * (decision 0044). Null: its labels get no passport link.
     */
    gtin: text('gtin'),
    /** Every piece ordered gets an SGTIN-96 EPC (docs/rfid.md), with this GS1 filter value (0..7). */
    rfid: boolean('rfid').notNull().default(false),
    epcFilter: smallint('epc_filter').notNull().default(3),
    productImagePath: text('product_image_path'),
    productImageType: text('product_image_type'),
    version: version(),
  },
  (t) => [
    uniqueIndex('product_subcodes_customer_subcode_ci').on(t.customerId, ci(t.productSubcode)),
    check(
      'product_subcodes_care_label_type',
      sql`${t.careLabelType} in ('CARELABEL_STANDARD','CARELABEL_BY_CODE')`,
    ),
    check('product_subcodes_gtin', sql`${t.gtin} ~ '^[0-9]{14}$'`),
    check('product_subcodes_epc_filter', sql`${t.epcFilter} between 0 and 7`),
    index('product_subcodes_product_code').on(t.productCodeId),
  ],
);

const tierColumns = () => ({
  id: serial('id').primaryKey(),
  productSubcodeId: integer('product_subcode_id')
    .notNull()
    .references(() => productSubcodes.id, { onDelete: 'cascade' }),
  /** Pieces from which this tier applies (≥ 1). */
  quantity: integer('quantity').notNull(),
  /** Unit price in `currencyId`. */
  price: money('price').notNull(),
  currencyId: integer('currency_id')
    .notNull()
    .references(() => currencies.id),
});

export const priceTiers = pgTable('price_tiers', tierColumns(), (t) => [
  uniqueIndex('price_tiers_subcode_qty_currency').on(t.productSubcodeId, t.quantity, t.currencyId),
]);
export const costTiers = pgTable('cost_tiers', tierColumns(), (t) => [
  uniqueIndex('cost_tiers_subcode_qty_currency').on(t.productSubcodeId, t.quantity, t.currencyId),
]);

/** Minimum order value per subcode and currency (ordering §9). */
export const minValues = pgTable(
  'min_values',
  {
    productSubcodeId: integer('product_subcode_id')
      .notNull()
      .references(() => productSubcodes.id, { onDelete: 'cascade' }),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    price: money('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productSubcodeId, t.currencyId] })],
);

export const productItems = pgTable(
  'product_items',
  {
    id: serial('id').primaryKey(),
    productSubcodeId: integer('product_subcode_id')
      .notNull()
      .references(() => productSubcodes.id, { onDelete: 'cascade' }),
    /** STANDARD, VARIABLE_DATA or DYNAMIC. */
    productType: text('product_type').notNull().default('STANDARD'),
    productSize: text('product_size').notNull(),
    sortKey: integer('sort_key').notNull().default(1),
    active: boolean('active').notNull().default(true),
    defaultOrderQuantity: integer('default_order_quantity').notNull().default(0),
    /** GTIN-14 of the size (a STANDARD item of an RFID subcode encodes it; docs/rfid.md); null: none given. */
    gtin: text('gtin'),
    productGroupId: integer('product_group_id').references(() => productGroups.id),
    productSubgroupId: integer('product_subgroup_id').references(() => productSubgroups.id),
    attributeSchemaId: integer('attribute_schema_id').references(() => attributeSchemas.id),
    currentInventory: integer('current_inventory').notNull().default(0),
    minimumInventory: integer('minimum_inventory').notNull().default(0),
    maximumInventory: integer('maximum_inventory').notNull().default(0),
    /** Inventory products are stocked by the supplier and can be restocked. */
    hasInventory: boolean('has_inventory').notNull().default(false),
    // variable-data and dynamic items (docs/formats/README.md)
    vendorNumber: varchar('vendor_number', { length: 10 }),
    poNumber: text('po_number'),
    styleNumber: text('style_number'),
    variableData: jsonb('variable_data').$type<Record<string, unknown>[]>(),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_items_subcode').on(t.productSubcodeId, t.sortKey),
    index('product_items_group').on(t.productGroupId),
    index('product_items_po').on(t.poNumber),
    check('product_items_gtin', sql`${t.gtin} ~ '^[0-9]{14}$'`),
    // One VARIABLE_DATA item per (customer, PO, style, ticket type): the ticket type is the customer's
    // subcode, so the subcode stands for both (docs/decisions/0045).
    uniqueIndex('product_items_variable_data_key')
      .on(t.productSubcodeId, t.poNumber, t.styleNumber)
      .where(sql`product_type = 'VARIABLE_DATA'`),
  ],
);

/**
 * History of master data (decision 0017): one row per create or update of a master-data record, written
 * by platform/crud.ts in the same transaction as the change — who, when, and each changed field's
 * value before and after.
 */
export const masterDataHistory = pgTable(
  'master_data_history',
  {
    id: serial('id').primaryKey(),
    /** A HISTORY_ENTITIES name of packages/shared, e.g. 'vendor'. */
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    /** CREATE or UPDATE. */
    action: text('action').notNull(),
    /** The record's version after the change. */
    version: integer('version').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The user's name at the time, kept for the record. */
    userName: text('user_name').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** [{ field, before, after }] */
    changes: jsonb('changes').$type<{ field: string; before: unknown; after: unknown }[]>().notNull(),
  },
  (t) => [index('master_data_history_entity').on(t.entity, t.entityId, t.id)],
);

// ---------------------------------------------------------------- orders

/**
 * What "Needs my action" filters open orders on (docs/decisions/0016, 0023): status, step flags and
 * scope columns. The key of the orders_open index and of open_order_counts (same column names).
 */
const openOrderKey = <C>(t: {
  orderStatus: C;
  financeApproval: C;
  csrArtPrepared: C;
  csrProductionConfirmed: C;
  customerId: C;
  vendorId: C;
  productionRegionId: C;
  factoryId: C;
}) =>
  [
    t.orderStatus,
    t.financeApproval,
    t.csrArtPrepared,
    t.csrProductionConfirmed,
    t.customerId,
    t.vendorId,
    t.productionRegionId,
    t.factoryId,
  ] as const;

export const orders = pgTable(
  'orders',
  {
    /** orderId; also the order number shown to users. */
    id: serial('id').primaryKey(),
    /** PENDING (the cart), NEEDS_ARTWORK … COMPLETE_AND_SHIPPED (ordering §4). */
    orderStatus: text('order_status').notNull().default('PENDING'),
    cancelled: boolean('cancelled').notNull().default(false),
    financeApproval: boolean('finance_approval').notNull().default(false),
    financeApprovedAt: timestamp('finance_approved_at', { withTimezone: true }),
    /** The user whose cart this is / who placed it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    vendorId: integer('vendor_id').references(() => vendors.id),
    customerId: integer('customer_id').references(() => customers.id),
    productionRegionId: integer('production_region_id').references(() => productionRegions.id),
    factoryId: integer('factory_id').references(() => factories.id),
    vendorPO: text('vendor_po'),
    contact: text('contact'),
    email: text('email'),
    phone: text('phone'),
    dateRequested: date('date_requested'),
    shippingAddress: varchar('shipping_address', { length: 255 }),
    deliveryMethod: text('delivery_method'),
    deliveryAccount: text('delivery_account'),
    billingAccount: text('billing_account'),
    billingAddress: text('billing_address'),
    comments: text('comments'),
    /** When the order was placed; null while it is a cart. */
    orderDate: timestamp('order_date', { withTimezone: true }),
    estimatedCompletionDate: date('estimated_completion_date'),
    shipAndCompleteDate: timestamp('ship_and_complete_date', { withTimezone: true }),
    invoiceNumber: text('invoice_number'),
    priceCurrencyId: integer('price_currency_id').references(() => currencies.id),
    costCurrencyId: integer('cost_currency_id').references(() => currencies.id),
    totalPrice: money('total_price').notNull().default('0'),
    totalCost: money('total_cost').notNull().default('0'),
    hasArtwork: boolean('has_artwork').notNull().default(false),
    csrArtPrepared: boolean('csr_art_prepared').notNull().default(false),
    csrProductionConfirmed: boolean('csr_production_confirmed').notNull().default(false),
    /**
     * A restock order: restock (POST /orders/restock/{customerId}) put lines into this cart, so
     * shipping it adds its stocked sizes to inventory instead of taking them (docs/decisions/0039).
     */
    restock: boolean('restock').notNull().default(false),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one cart per user
    uniqueIndex('orders_one_cart_per_user').on(t.userId).where(sql`order_status = 'PENDING'`),
    // The order list (docs/decisions/0019): per scope column, placed orders by date with every column
    // the list filters on in the key (Drizzle has no INCLUDE), so page, offset and capped count are
    // index-only scans.
    index('orders_list_date')
      .on(
        t.orderDate,
        t.id,
        t.orderStatus,
        t.cancelled,
        t.financeApproval,
        t.vendorId,
        t.customerId,
        t.productionRegionId,
        t.factoryId,
      )
      .where(sql`order_status <> 'PENDING'`),
    index('orders_list_vendor')
      .on(
        t.vendorId,
        t.orderDate,
        t.id,
        t.orderStatus,
        t.cancelled,
        t.financeApproval,
        t.customerId,
        t.productionRegionId,
      )
      .where(sql`order_status <> 'PENDING'`),
    index('orders_list_customer')
      .on(
        t.customerId,
        t.orderDate,
        t.id,
        t.orderStatus,
        t.cancelled,
        t.financeApproval,
        t.vendorId,
        t.productionRegionId,
      )
      .where(sql`order_status <> 'PENDING'`),
    index('orders_list_region')
      .on(
        t.productionRegionId,
        t.orderDate,
        t.id,
        t.orderStatus,
        t.cancelled,
        t.financeApproval,
        t.vendorId,
        t.customerId,
        t.factoryId,
      )
      .where(sql`order_status <> 'PENDING'`),
    index('orders_list_factory')
      .on(
        t.factoryId,
        t.orderDate,
        t.id,
        t.orderStatus,
        t.cancelled,
        t.financeApproval,
        t.vendorId,
        t.customerId,
        t.productionRegionId,
      )
      .where(sql`order_status <> 'PENDING'`),
    index('orders_status_date').on(t.orderStatus, t.orderDate),
    // Open orders (placed, not shipped, not cancelled): what "Needs my action" counts on every page
    // (docs/decisions/0016) reads only these, a small share of all orders. Covering: the step flags
    // and the scope columns are in the index, so the count is an index-only scan (at 1,000,000
    // orders a status-only index read every open order's row from the table: ~2 s for an ADMIN).
    index('orders_open')
      .on(...openOrderKey(t))
      .where(sql`cancelled = false and order_status not in ('PENDING', 'COMPLETE_AND_SHIPPED')`),
  ],
);

/**
 * Open orders counted by everything "Needs my action" filters on (docs/decisions/0023): its step
 * conditions (status, flags) and the scope columns (customer, vendor, region, factory). Kept by a
 * trigger on orders (migration 0007) in the writing transaction, so it always agrees with orders;
 * an ADMIN's counts read a few hundred rows here instead of every open order. The column names are
 * the orders table's: the scope and step conditions of access/access.ts and orders.needsAction.repository.ts
 * apply to it unchanged. `cancelled` is always false (a cancelled order is not open). Each
 * combination is counted in up to 4 rows (`shard`: the order id modulo 4, set by the trigger of
 * migration 0008), so that orders of one vendor placed at once seldom queue on one row; readers
 * sum the rows.
 */
export const openOrderCounts = pgTable(
  'open_order_counts',
  {
    orderStatus: text('order_status').notNull(),
    cancelled: boolean('cancelled').notNull().default(false),
    financeApproval: boolean('finance_approval').notNull(),
    csrArtPrepared: boolean('csr_art_prepared').notNull(),
    csrProductionConfirmed: boolean('csr_production_confirmed').notNull(),
    customerId: integer('customer_id'),
    vendorId: integer('vendor_id'),
    productionRegionId: integer('production_region_id'),
    factoryId: integer('factory_id'),
    /** Which of the combination's rows this is (order id modulo 4). */
    shard: smallint('shard').notNull().default(0),
    /** How many open orders have exactly these values and an id in this shard. */
    orders: integer('orders').notNull(),
  },
  (t) => [
    unique('open_order_counts_key')
      .on(...openOrderKey(t), t.shard)
      .nullsNotDistinct(),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    /** orderItemId */
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productSubcodeId: integer('product_subcode_id')
      .notNull()
      .references(() => productSubcodes.id),
    productType: text('product_type').notNull().default('STANDARD'),
    /** Attribute name → value chosen for the whole line. */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    careLabel: jsonb('care_label').$type<CareLabel>(),
    poNumber: text('po_number'),
    styleNumber: text('style_number'),
    /** Total pieces of the line. */
    quantity: integer('quantity').notNull().default(0),
    /** Unit price and cost of the tier applied when the line was last priced. */
    unitPrice: money('unit_price'),
    unitCost: money('unit_cost'),
    totalPrice: money('total_price').notNull().default('0'),
    totalCost: money('total_cost').notNull().default('0'),
    /**
     * The subcode's minimum order value in the order's price currency as placing priced it (null: none);
     * written by placing, so a placed order keeps it (decision 0047). A cart reads today's.
     */
    minValue: money('min_value'),
    needsArtwork: boolean('needs_artwork').notNull().default(false),
    /** NEEDS_UPLOAD, UPLOADED, REJECTED or APPROVED; null when no artwork is needed. */
    artworkStatus: text('artwork_status'),
    /** File name of the current artwork version (artwork_versions keeps every version). */
    artworkName: text('artwork_name'),
    /** Comment of the latest review. */
    artworkComments: text('artwork_comments'),
    artworkFinalized: boolean('artwork_finalized').notNull().default(false),
    /**
     * The product passport of a care-labelled line (decision 0044): a random serial (GS1 AI
     * 21, base64url, 20 characters; never the line's id) and its subcode's GTIN-14 as placing found it,
     * both written by placing's line update. Null for lines without a care label and for the cart.
     */
    passportSerial: text('passport_serial'),
    passportGtin: text('passport_gtin'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_items_order').on(t.orderId),
    uniqueIndex('order_items_passport_serial').on(t.passportSerial),
  ],
);

/** Quantities per size (product item) of an order line. */
export const orderItemSizes = pgTable(
  'order_item_sizes',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    productItemId: integer('product_item_id')
      .notNull()
      .references(() => productItems.id),
    quantity: integer('quantity').notNull(),
    attributesItem: jsonb('attributes_item').$type<Record<string, string>>().notNull().default({}),
    unitPrice: money('unit_price'),
    unitCost: money('unit_cost'),
    /**
     * VARIABLE_DATA and DYNAMIC lines: the variable-data row this quantity was ordered against
     * (variable_data_rows.id; no foreign key: a re-upload may replace the rows a DYNAMIC line read)
     * and the row's data as it was when the line was saved — what the ticket prints and Download Data
     * gives (docs/decisions/0051). Null on STANDARD lines.
     */
    variableDataRowId: integer('variable_data_row_id'),
    variableData: jsonb('variable_data').$type<OrderedVariableData>(),
  },
  (t) => [
    index('order_item_sizes_item').on(t.orderItemId),
    index('order_item_sizes_product_item').on(t.productItemId),
  ],
);

export const orderCharges = pgTable(
  'order_charges',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    chargeName: text('charge_name').notNull(),
    productSubcodeId: integer('product_subcode_id').references(() => productSubcodes.id),
    subcode: text('subcode'),
    subCodeDescription: text('sub_code_description'),
    charge: money('charge').notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
  },
  (t) => [index('order_charges_order').on(t.orderId)],
);

export const orderLogs = pgTable(
  'order_logs',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id),
    /** The user's name at the time, kept for the record. */
    userName: text('user_name').notNull(),
    description: text('description').notNull(),
  },
  (t) => [index('order_logs_order').on(t.orderId, t.timestamp)],
);

/** Related and shipping documents of an order; the file lives in storage under `storagePath`. */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** RELATED or SHIPPING. */
    kind: text('kind').notNull(),
    /** The uploader's file name, for display and downloads only (never a path). */
    name: text('name').notNull(),
    /** Storage key made by the server (platform/storage.ts). */
    storagePath: text('storage_path').notNull(),
    /** Type read from the content. */
    contentType: text('content_type').notNull(),
    /** Bytes. */
    size: integer('size').notNull().default(0),
    sha256: text('sha256'),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  // storage_path: the orphan sweep asks which stored keys rows still name (modules/files).
  (t) => [
    index('order_documents_order').on(t.orderId),
    index('order_documents_storage_path').on(t.storagePath),
  ],
);

/**
 * Every artwork version uploaded for an order line (ordering §4 Item artwork; issue: proofing).
 * Rows and files are never changed once written, except the review of a version while it is the
 * current one; the approved version's SHA-256 is written in the order log.
 */
export const artworkVersions = pgTable(
  'artwork_versions',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per line. */
    version: integer('version').notNull(),
    fileName: text('file_name').notNull(),
    storagePath: text('storage_path').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    uploadedByName: text('uploaded_by_name').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** UPLOADED, APPROVED or REJECTED. */
    status: text('status').notNull().default('UPLOADED'),
    comment: text('comment'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedByName: text('reviewed_by_name'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('artwork_versions_item_version').on(t.orderItemId, t.version),
    index('artwork_versions_storage_path').on(t.storagePath),
  ],
);

/**
 * Production purchase orders: one per factory making items of an order, created when the order
 * reaches PRODUCTION_READY (docs/decisions/0015-order-documents.md). The PDF is rendered on demand.
 */
export const productionPurchaseOrders = pgTable(
  'production_purchase_orders',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    factoryId: integer('factory_id')
      .notNull()
      .references(() => factories.id),
    /** e.g. PPO-1042-DKL */
    productionPO: text('production_po').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('production_purchase_orders_order_factory').on(t.orderId, t.factoryId)],
);

/** Packing slips made at Ship & Complete: one VENDOR slip for the order, one PRODUCTION slip per factory. */
export const packingSlips = pgTable(
  'packing_slips',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** VENDOR or PRODUCTION. */
    kind: text('kind').notNull(),
    factoryId: integer('factory_id').references(() => factories.id),
    /** e.g. VPS-1042, PPS-1042-DKL */
    number: text('number').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('packing_slips_order').on(t.orderId)],
);

// ---------------------------------------------------------------- retailer data files

/**
 * One retailer data file uploaded on /variable-data-upload (master-data §2, decision 0045) and its
 * processing: queued → processing (rows done / total written as it goes, outside the import's
 * transaction) → finished or refused (a file refused whole keeps nothing). `report` is what the
 * screen and the mail show (packages/shared DataUploadReport).
 */
export const dataUploads = pgTable(
  'data_uploads',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The uploader, who gets the mail; null once the user is gone. */
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** FLAT_FILE or DELIMITED_ROOTS: the customer's parser type when the file came. */
    layout: text('layout').notNull(),
    /** Storage key of the file (platform/storage.ts); null once processing removed it. */
    fileKey: text('file_key'),
    /** The uploader's file name, for display only. */
    fileName: text('file_name').notNull(),
    /** Bytes. */
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    /** queued, processing, finished or refused. */
    state: text('state').notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    /** Rows (records) in the file, known once it has been read through; null before. */
    rowsTotal: integer('rows_total'),
    /**
     * Import runs begun (variableData.import.ts): a run writes only while this is still its number
     * and the state 'processing', so a run that lost its job to another (a stalled worker) stops.
     */
    runs: integer('runs').notNull().default(0),
    /** Runs cut off before they ended (the process running them stopped); the second refuses the file. */
    runsCut: integer('runs_cut').notNull().default(0),
    report: jsonb('report').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('data_uploads_uploaded_by').on(t.uploadedBy, t.id),
    index('data_uploads_file_key').on(t.fileKey),
  ],
);

/**
 * The variable data of VARIABLE_DATA product items (docs/decisions/0045): one row per size and
 * colour, with the upload that brought it. A vendor sees only rows with its own vendor number.
 */
export const variableDataRows = pgTable(
  'variable_data_rows',
  {
    id: serial('id').primaryKey(),
    productItemId: integer('product_item_id')
      .notNull()
      .references(() => productItems.id, { onDelete: 'cascade' }),
    dataUploadId: integer('data_upload_id').references(() => dataUploads.id, { onDelete: 'set null' }),
    /** Line of the record in its file (1-based, header included). */
    line: integer('line').notNull(),
    vendorNumber: varchar('vendor_number', { length: 10 }).notNull(),
    description: text('description').notNull().default(''),
    size: text('size').notNull(),
    colour: text('colour').notNull().default(''),
    /** GTIN-12 (UPC-A) or GTIN-13 (EAN-13), check digit verified. */
    barcode: varchar('barcode', { length: 14 }).notNull(),
    /** Retail prices printed on the ticket: [{ currency, amount }] in the layout's order. */
    prices: jsonb('prices').$type<{ currency: string; amount: string }[]>().notNull(),
    /** Tickets the retailer asks for (the customer quantity). */
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('variable_data_rows_item').on(t.productItemId, t.line),
    index('variable_data_rows_vendor').on(t.vendorNumber),
  ],
);

/**
 * Good rows of an upload while it is being read, in batches, before the one short transaction that
 * makes them visible (docs/decisions/0045); emptied when the upload ends.
 */
export const variableDataStaging = pgTable(
  'variable_data_staging',
  {
    // No foreign key: it more than doubled the cost of every staged row (decision 0045, Speed), and
    // the import itself empties its staging rows (the table is UNLOGGED too: migration 0017).
    dataUploadId: integer('data_upload_id').notNull(),
    /** The ticket type resolved to the customer's subcode while reading. */
    productSubcodeId: integer('product_subcode_id').notNull(),
    line: integer('line').notNull(),
    vendorNumber: varchar('vendor_number', { length: 10 }).notNull(),
    poNumber: text('po_number').notNull(),
    poDate: date('po_date'),
    styleNumber: text('style_number').notNull(),
    ticketType: text('ticket_type').notNull(),
    description: text('description').notNull(),
    size: text('size').notNull(),
    colour: text('colour').notNull(),
    barcode: varchar('barcode', { length: 14 }).notNull(),
    prices: jsonb('prices').$type<{ currency: string; amount: string }[]>().notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('variable_data_staging_upload').on(t.dataUploadId, t.line)],
);

/** Rows (or whole files) an upload refused: line, field and reason (the report and its CSV). */
export const dataUploadRefusals = pgTable(
  'data_upload_refusals',
  {
    id: serial('id').primaryKey(),
    dataUploadId: integer('data_upload_id')
      .notNull()
      .references(() => dataUploads.id, { onDelete: 'cascade' }),
    /** Null for a refusal of the whole file without a line. */
    line: integer('line'),
    field: text('field').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('data_upload_refusals_upload').on(t.dataUploadId, t.line)],
);

/**
 * The next free SGTIN-96 serial of each GTIN-14 (decision 0067): placing moves it forward by the
 * pieces of its RFID lines in one statement (INSERT … ON CONFLICT DO UPDATE … RETURNING); nothing
 * moves it back, so a cancelled order's serials are never given again.
 */
export const rfidSerialCounters = pgTable(
  'rfid_serial_counters',
  {
    gtin: text('gtin').primaryKey(),
    /** The next serial to give; the SGTIN-96 maximum + 1 once every serial is given. */
    nextSerial: bigint('next_serial', { mode: 'number' }).notNull(),
  },
  (t) => [check('rfid_serial_counters_max', sql`${t.nextSerial} between 0 and 274877906944`)],
);

/**
 * The serial ranges of a placed order (decision 0067): per ordered size (order_item_sizes row) one
 * contiguous range of its GTIN's serials, in print order (`seq`). `retired`: the pieces were
 * removed; the range stays so that its serials are never given again.
 */
export const rfidRanges = pgTable(
  'rfid_ranges',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    orderItemSizeId: integer('order_item_size_id').notNull(),
    /** Print order within the order (lines, then sizes, as the order details show them). */
    seq: integer('seq').notNull(),
    gtin: text('gtin').notNull(),
    filter: smallint('filter').notNull(),
    firstSerial: bigint('first_serial', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    retired: boolean('retired').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('rfid_ranges_order').on(t.orderId, t.seq),
    index('rfid_ranges_gtin').on(t.gtin, t.firstSerial),
    check('rfid_ranges_count', sql`${t.count} > 0`),
  ],
);
