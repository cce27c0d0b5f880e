/**
 * The master-data contract (spec/master-data.md §3 entities, §5 validation, §7 calls; decision 0017):
 * per entity its record (what GET and every save answer), its create and update bodies, its search
 * query and list answer — `MASTER_DATA_SCHEMAS` binds them to the registry's kinds (MASTER_DATA of
 * masterDataRegistry.ts: paths, names, access, screens) for the server's crud kit
 * (apps/server/src/platform/crud.ts) and the web app's list and detail screens.
 *
 * Conventions, the same for every entity:
 * - A record carries `version` (1 after create, +1 per update). An update sends the version it
 *   started from; a stale one answers 409 and changes nothing (MASTER_DATA_MESSAGES.staleVersion).
 * - A reference to another record is `{ id, name }`; bodies take the same shape (only `id` counts,
 *   `name` may be sent back as it came), so a form can send back what it loaded.
 * - Create answers 201 with the record; update answers the record; search answers
 *   `{ <listKey>: record[] }`, every match, no paging (master-data §2 Lists show all results).
 * - Text filters match anywhere in the text, ignoring case; empty filters are ignored.
 * - Every create and update writes a history entry (GET /history?entity=&id=).
 */
import { z } from 'zod';
import { CARE_MARKETS } from '../careLabel/config';
import { gtin14 } from '../careLabel/passport';
import { CARE_INSTRUCTION_TYPES, CARE_SYMBOL_NAMES } from '../careLabel/symbols';
import { HISTORY_ENTITIES, type MasterDataKind } from '../masterDataRegistry';
import { MASTER_DATA_MESSAGES, MASTER_DATA_RULE_MESSAGES, MESSAGES, RFID_MESSAGES } from '../messages';
import { VALIDATION_MESSAGES as V } from '../messages/validation';
import { DEFAULT_EPC_FILTER, isGs1CompanyPrefix } from '../rfid/sgtin';
import { ROLES, type SIGNED_IN_ROLES } from '../roles';
import {
  checkAttributeFields,
  checkMinValues,
  checkShippingAddresses,
  checkTiers,
  normalizePackSize,
  normalizeVendorNumber,
  roundMinOrderQuantity,
  sortAttributeFields,
  sortEditTiers,
  sortShippingAddresses,
} from '../rules/masterData';
import { CARE_LABEL_TYPES } from './careLabel';
import { PRODUCT_TYPES } from './cart';
import { bodyId, calendarDate, queryId, safeText } from './common';
import { CUSTOMER_PARSER_TYPES } from './lookups';
import { ATTRIBUTE_TYPES } from './products';

// ---------------------------------------------------------------- building blocks

const id = z.number().int().positive();
/** A reference in an answer: the other record's id and its name. */
export const masterRef = z.object({ id, name: z.string() }).meta({ id: 'MasterRef' });
export type MasterRef = z.infer<typeof masterRef>;
/** A reference in a body: `{ id }` (a `name` sent along is ignored). */
export const masterRefInput = z.object({ id: bodyId('an id'), name: z.string().optional() });
export type MasterRefInput = z.input<typeof masterRefInput>;
/** A checklist of references (customers of a vendor…): duplicates dropped. */
const refList = z
  .array(masterRefInput)
  .max(1000)
  .default([])
  .transform((refs) => [...new Map(refs.map((r) => [r.id, r])).values()]);

const version = z
  .number({ error: V.required('version') })
  .int()
  .min(1)
  .max(2_147_483_647)
  .describe('the version the edit started from');
const recordVersion = z.number().int().min(1);

const trim = (v: string) => v.trim();
/** Required text: trimmed, not empty, at most `max`, no control characters. */
const required = (field: string, max = 255, opts: { multiline?: boolean } = {}) =>
  z
    .string({ error: V.required(field) })
    .pipe(safeText(max, opts))
    .transform(trim)
    .pipe(z.string().min(1, V.required(field)));
/** Optional text: trimmed; empty or missing is null. */
const optional = (max = 255, opts: { multiline?: boolean } = {}) =>
  safeText(max, opts)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));
/** A text filter of a search: trimmed, empty is unset. */
const textFilter = (max = 100) =>
  safeText(max)
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined));
/** A yes/no filter: 'true' or 'false'; unset is no filter. */
const boolFilter = z
  .enum(['true', 'false'], { error: V.trueOrFalse })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));
const idFilter = (what: string) => queryId(what).optional();
/** A whole number from `min` (counts, quantities, inventories). */
const whole = (field: string, min = 0) =>
  z
    .number({ error: V.required(field) })
    .int(V.wholeNumber(field))
    .min(min, V.notBelow(field, min))
    .max(2_000_000_000, V.tooLarge(field));
/** Email as the forms check it: one address, allowed characters, an @, a domain (ordering §5). */
const email = z
  .string({ error: V.required('email') })
  .transform((v) => v.trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(1, V.required('email'))
      .max(320, V.maxLength(320))
      .regex(/^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/, MASTER_DATA_MESSAGES.invalidEmail),
  );

/** An ISO 4217 code (CAD, USD…). */
const currencyCode = z.string({ error: V.required('currency') }).regex(/^[A-Z]{3}$/, V.currencyCode);
/** A money amount not below 0, as a decimal string (a number is taken too). */
const amount = (field: string) =>
  z
    .union([z.string(), z.number()], { error: V.required(field) })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .regex(/^-?\d{1,10}(\.\d{1,4})?$/, V.decimalAmount(field))
        .refine((v) => !v.startsWith('-'), V.notBelow(field, 0)),
    );

// ---------------------------------------------------------------- history

/** GET /history?entity=&id= */
export const historyQuery = z.object({
  entity: z.enum(HISTORY_ENTITIES, { error: V.oneOf(HISTORY_ENTITIES.join(', ')) }),
  id: queryId('an id'),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

/** One field that changed: its values before and after (null when there was none). */
export const historyChange = z
  .object({ field: z.string(), before: z.unknown(), after: z.unknown() })
  .meta({ id: 'HistoryChange' });
/** Who changed what, when (newest first in the answer). */
export const historyEntry = z
  .object({
    id,
    entity: z.enum(HISTORY_ENTITIES),
    entityId: id,
    action: z.enum(['CREATE', 'UPDATE', 'DELETE']),
    /** The record's version after this change. */
    version: z.number().int(),
    userId: id.nullable(),
    /** The user's name at the time. */
    userName: z.string(),
    /** ISO 8601 timestamp. */
    changedAt: z.string(),
    changes: z.array(historyChange),
  })
  .meta({ id: 'HistoryEntry' });
export const historyResponse = z.object({ history: z.array(historyEntry) }).meta({ id: 'HistoryResponse' });
export type HistoryChange = z.infer<typeof historyChange>;
export type HistoryEntry = z.infer<typeof historyEntry>;
export type HistoryResponse = z.infer<typeof historyResponse>;

// ---------------------------------------------------------------- warehouses

export const warehouseRecord = z
  .object({
    id,
    warehouseName: z.string(),
    contactName: z.string(),
    email: z.string(),
    telephone: z.string(),
    address: z.string(),
    preferredShippingMethod: z.string(),
    version: recordVersion,
  })
  .meta({ id: 'Warehouse' });
/** POST /warehouses — every field required (master-data §2 Warehouses). */
export const warehouseBody = z.object({
  warehouseName: required('warehouseName'),
  contactName: required('contactName'),
  email,
  telephone: required('telephone', 50),
  address: required('address', 1000, { multiline: true }),
  preferredShippingMethod: required('preferredShippingMethod'),
});
export const warehouseUpdateBody = warehouseBody.extend({ version });
export const warehouseSearchQuery = z.object({
  warehouseName: textFilter(),
  address: textFilter(),
  preferredShippingMethod: textFilter(),
});
export const warehouseSearchResponse = z
  .object({ warehouses: z.array(warehouseRecord) })
  .meta({ id: 'WarehouseSearchResponse' });
export type Warehouse = z.infer<typeof warehouseRecord>;
export type WarehouseBody = z.input<typeof warehouseBody>;
export type WarehouseUpdateBody = z.input<typeof warehouseUpdateBody>;
export type WarehouseSearchQuery = z.input<typeof warehouseSearchQuery>;
export type WarehouseSearchResponse = z.infer<typeof warehouseSearchResponse>;

// ---------------------------------------------------------------- production regions

export const productionRegionRecord = z
  .object({ id, productionRegionName: z.string(), version: recordVersion })
  .meta({ id: 'ProductionRegion' });
export const productionRegionBody = z.object({ productionRegionName: required('productionRegionName') });
export const productionRegionUpdateBody = productionRegionBody.extend({ version });
export const productionRegionSearchQuery = z.object({ productionRegionName: textFilter() });
export const productionRegionSearchResponse = z
  .object({ productionRegions: z.array(productionRegionRecord) })
  .meta({ id: 'ProductionRegionSearchResponse' });
export type ProductionRegion = z.infer<typeof productionRegionRecord>;
export type ProductionRegionBody = z.input<typeof productionRegionBody>;
export type ProductionRegionUpdateBody = z.input<typeof productionRegionUpdateBody>;
export type ProductionRegionSearchQuery = z.input<typeof productionRegionSearchQuery>;
export type ProductionRegionSearchResponse = z.infer<typeof productionRegionSearchResponse>;

// ---------------------------------------------------------------- product codes

export const productCodeRecord = z
  .object({ id, productCode: z.string(), version: recordVersion })
  .meta({ id: 'ProductCode' });
export const productCodeBody = z.object({ productCode: required('productCode', 100) });
export const productCodeUpdateBody = productCodeBody.extend({ version });
export const productCodeSearchQuery = z.object({ productCode: textFilter() });
export const productCodeSearchResponse = z
  .object({ productCodes: z.array(productCodeRecord) })
  .meta({ id: 'ProductCodeSearchResponse' });
export type ProductCode = z.infer<typeof productCodeRecord>;
export type ProductCodeBody = z.input<typeof productCodeBody>;
export type ProductCodeUpdateBody = z.input<typeof productCodeUpdateBody>;
export type ProductCodeSearchQuery = z.input<typeof productCodeSearchQuery>;
export type ProductCodeSearchResponse = z.infer<typeof productCodeSearchResponse>;

// ---------------------------------------------------------------- care-label options

// master-data §2 Care labels page, §3 Care code, Care instruction, §7 (decision 0041). Every
// option kind is a registry kind under /care-label/options/{kind}; search answers { listContent }.
const careOptionSearchQuery = z.object({});
const namedCareOption = (entity: string) => {
  const record = z.object({ id, name: z.string(), version: recordVersion }).meta({ id: entity });
  const body = z.object({ name: required('name', 200) });
  return {
    query: careOptionSearchQuery,
    list: z.object({ listContent: z.array(record) }),
    create: body,
    update: body.extend({ version }),
    record,
  };
};
export const careNameOptionRecord = z.object({ id, name: z.string(), version: recordVersion });
export type CareNameOptionRecord = z.infer<typeof careNameOptionRecord>;

export const careCodeRecord = z
  .object({ id, code: z.string(), text: z.string(), version: recordVersion })
  .meta({ id: 'CareCode' });
export const careCodeBody = z.object({
  code: required('code', 100),
  text: required('text', 1000, { multiline: true }),
});
export type CareCodeRecord = z.infer<typeof careCodeRecord>;
export type CareCodeBody = z.input<typeof careCodeBody>;

/** Sort key of a care instruction: a whole number, min 0, step 1 (master-data §9). */
const careSortKey = z
  .number({ error: V.required('sortKey') })
  .int(V.wholeNumber('sortKey'))
  .min(0, V.notBelow('sortKey', 0))
  .max(1_000_000, V.tooLarge('sortKey'));
export const careInstructionRecord = z
  .object({
    id,
    type: z.enum(CARE_INSTRUCTION_TYPES),
    displayName: z.string(),
    icon: z.string(),
    sortKey: z.number().int(),
    version: recordVersion,
  })
  .meta({ id: 'CareInstruction' });
export const careInstructionBody = z.object({
  type: z.enum(CARE_INSTRUCTION_TYPES, { error: V.oneOf(CARE_INSTRUCTION_TYPES.join(', '), 'type') }),
  displayName: required('displayName', 200),
  icon: required('icon', 100).refine((v) => CARE_SYMBOL_NAMES.includes(v), V.careSymbol),
  sortKey: careSortKey,
});
export type CareInstructionRecord = z.infer<typeof careInstructionRecord>;
export type CareInstructionBody = z.input<typeof careInstructionBody>;

const CARE_OPTION_SCHEMAS = {
  careCountryOfOrigin: namedCareOption('CareCountryOfOrigin'),
  careCautionMaintenance: namedCareOption('CareCautionMaintenance'),
  careSpecialInstruction: namedCareOption('CareSpecialInstruction'),
  careComponentType: namedCareOption('CareComponentType'),
  careMaterial: namedCareOption('CareMaterial'),
  careCode: {
    query: careOptionSearchQuery,
    list: z.object({ listContent: z.array(careCodeRecord) }),
    create: careCodeBody,
    update: careCodeBody.extend({ version }),
    record: careCodeRecord,
  },
  careInstruction: {
    query: careOptionSearchQuery,
    list: z.object({ listContent: z.array(careInstructionRecord) }),
    create: careInstructionBody,
    update: careInstructionBody.extend({ version }),
    record: careInstructionRecord,
  },
};

// ---------------------------------------------------------------- customers

/** A dealer identity number (CA or RN): digits only, the label prints 'CA n' / 'RN n'. */
const dealerNumber = (field: string) =>
  optional(10).refine((v) => v === null || /^\d+$/.test(v), V.digitsOnly(field));

/**
 * Customer (master-data §3), with its care-label lists (one list per kind, `{ id, name }` or null;
 * decision 0041) and care settings: the spec's specialInstructionsLimit, copyrightShow,
 * fabricCompositionShow, and ours — whether country of origin and special instructions are
 * required, the markets whose labelling rules apply, and the dealer identities (CA, RN numbers).
 */
export const customerRecord = z
  .object({
    id,
    companyName: z.string(),
    parserType: z.enum(CUSTOMER_PARSER_TYPES),
    warehouse: masterRef.nullable(),
    specialInstructionsLimit: z.number().int(),
    copyrightShow: z.boolean(),
    fabricCompositionShow: z.boolean(),
    cautionMaintenanceList: masterRef.nullable(),
    fabricCompositionList: masterRef.nullable(),
    careInstructionList: masterRef.nullable(),
    careCodeList: masterRef.nullable(),
    countryOfOriginList: masterRef.nullable(),
    specialInstructionsList: masterRef.nullable(),
    countryOfOriginRequired: z.boolean(),
    specialInstructionsRequired: z.boolean(),
    markets: z.array(z.enum(CARE_MARKETS)),
    caNumber: z.string().nullable(),
    rnNumber: z.string().nullable(),
    /** GS1 Company Prefix (6 to 12 digits) of the customer's GTINs; RFID subcodes need it (docs/rfid.md). */
    gs1CompanyPrefix: z.string().nullable(),
    version: recordVersion,
  })
  .meta({ id: 'Customer' });
const careListRef = masterRefInput.nullish().transform((v) => v ?? null);
export const customerBody = z.object({
  companyName: required('companyName'),
  parserType: z.enum(CUSTOMER_PARSER_TYPES).default('NONE'),
  warehouse: masterRefInput.nullish().transform((v) => v ?? null),
  specialInstructionsLimit: whole('specialInstructionsLimit')
    .max(50, V.notAbove('specialInstructionsLimit', 50))
    .default(0),
  copyrightShow: z.boolean().default(false),
  fabricCompositionShow: z.boolean().default(true),
  cautionMaintenanceList: careListRef,
  fabricCompositionList: careListRef,
  careInstructionList: careListRef,
  careCodeList: careListRef,
  countryOfOriginList: careListRef,
  specialInstructionsList: careListRef,
  countryOfOriginRequired: z.boolean().default(false),
  specialInstructionsRequired: z.boolean().default(false),
  markets: z
    .array(z.enum(CARE_MARKETS, { error: V.eachMarket(CARE_MARKETS.join(', ')) }))
    .max(CARE_MARKETS.length)
    .default([])
    .transform((m) => CARE_MARKETS.filter((x) => m.includes(x))),
  caNumber: dealerNumber('caNumber'),
  rnNumber: dealerNumber('rnNumber'),
  gs1CompanyPrefix: optional(20).refine(
    (v) => v === null || isGs1CompanyPrefix(v),
    RFID_MESSAGES.prefixDigits,
  ),
});
export const customerUpdateBody = customerBody.extend({ version });
/** GET /customers-filtered?name= */
export const customerSearchQuery = z.object({ name: textFilter() });
export const customerSearchResponse = z
  .object({ customers: z.array(customerRecord) })
  .meta({ id: 'CustomerSearchResponse' });
export type Customer = z.infer<typeof customerRecord>;
export type CustomerBody = z.input<typeof customerBody>;
export type CustomerUpdateBody = z.input<typeof customerUpdateBody>;
export type CustomerSearchQuery = z.input<typeof customerSearchQuery>;
export type CustomerSearchResponse = z.infer<typeof customerSearchResponse>;

// ---------------------------------------------------------------- factories

export const factoryRecord = z
  .object({
    id,
    name: z.string(),
    shortCode: z.string(),
    address: z.string().nullable(),
    telephone: z.string().nullable(),
    /** `name` is the ISO 4217 code. */
    currencyType: masterRef,
    productionRegion: masterRef,
    customers: z.array(masterRef),
    version: recordVersion,
  })
  .meta({ id: 'Factory' });
/** Without currencyType the factory pays in CAD, without productionRegion it is in Bangladesh (master-data §9). */
export const factoryBody = z.object({
  name: required('name'),
  shortCode: required('shortCode', 20),
  address: optional(1000, { multiline: true }),
  telephone: optional(50),
  currencyType: masterRefInput.nullish().transform((v) => v ?? null),
  productionRegion: masterRefInput.nullish().transform((v) => v ?? null),
  customers: refList,
});
export const factoryUpdateBody = factoryBody.extend({ version });
export const factorySearchQuery = z.object({
  factoryName: textFilter(),
  shortCode: textFilter(),
  customerId: idFilter('a customer id'),
  regionId: idFilter('a production region id'),
});
export const factorySearchResponse = z
  .object({ factories: z.array(factoryRecord) })
  .meta({ id: 'FactorySearchResponse' });
export type Factory = z.infer<typeof factoryRecord>;
export type FactoryBody = z.input<typeof factoryBody>;
export type FactoryUpdateBody = z.input<typeof factoryUpdateBody>;
export type FactorySearchQuery = z.input<typeof factorySearchQuery>;
export type FactorySearchResponse = z.infer<typeof factorySearchResponse>;

// ---------------------------------------------------------------- vendors

/** Vendor number: non-digits ignored, at most 10 digits; empty is none (master-data §5, §9). */
const vendorNumber = z
  .string()
  .nullish()
  .transform((v) => (v == null ? null : normalizeVendorNumber(v) || null))
  .pipe(z.string().max(10, V.maxDigits('vendorNumber', 10)).nullable());

export const shippingAddress = z
  .object({
    optionName: required('optionName', 100),
    address: required('address', 255, { multiline: true }),
  })
  .meta({ id: 'ShippingAddress' });
const shippingAddresses = z
  .array(shippingAddress)
  .max(200)
  .superRefine((list, ctx) => {
    const problem = checkShippingAddresses(list);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((list) => sortShippingAddresses(list));

/**
 * Vendor (master-data §3). For the VENDOR role (its own vendor only) the answer leaves out
 * companyName, currencyType, vendorNumber and customers (master-data §6).
 */
export const vendorRecord = z
  .object({
    id,
    companyName: z.string().optional(),
    currencyType: masterRef.optional(),
    vendorNumber: z.string().nullable().optional(),
    billingAddress: z.string().nullable(),
    billingAccountNumber: z.string().nullable(),
    preferredShippingMethod: z.string().nullable(),
    deliveryAccountNumber: z.string().nullable(),
    /** Sorted by short name. */
    shippingAddresses: z.array(z.object({ optionName: z.string(), address: z.string() })),
    customers: z.array(masterRef).optional(),
    version: recordVersion,
  })
  .meta({ id: 'Vendor' });
const vendorOwnFields = {
  billingAddress: optional(1000, { multiline: true }),
  billingAccountNumber: optional(100),
  preferredShippingMethod: optional(),
  deliveryAccountNumber: optional(100),
  shippingAddresses: shippingAddresses.default([]),
};
/** POST /vendors (ADMIN). Without currencyType the vendor pays in CAD (master-data §9). */
export const vendorBody = z.object({
  companyName: required('companyName'),
  currencyType: masterRefInput.nullish().transform((v) => v ?? null),
  vendorNumber,
  customers: refList,
  ...vendorOwnFields,
});
/**
 * PUT /vendors/{id}. ADMIN sends the whole vendor (companyName required). A VENDOR sends the
 * fields it sees; companyName, currencyType, vendorNumber and customers from a VENDOR are ignored.
 */
export const vendorUpdateBody = z.object({
  companyName: safeText(255).optional(),
  currencyType: masterRefInput.nullish(),
  vendorNumber: vendorNumber.optional(),
  customers: z.array(masterRefInput).max(1000).optional(),
  ...vendorOwnFields,
  version,
});
export const vendorSearchQuery = z.object({
  companyName: textFilter(),
  /** Matches the billing address or any shipping address. */
  address: textFilter(),
  customerId: idFilter('a customer id'),
});
export const vendorSearchResponse = z
  .object({ vendors: z.array(vendorRecord) })
  .meta({ id: 'VendorSearchResponse' });
export type Vendor = z.infer<typeof vendorRecord>;
export type VendorBody = z.input<typeof vendorBody>;
export type VendorUpdateBody = z.input<typeof vendorUpdateBody>;
export type VendorSearchQuery = z.input<typeof vendorSearchQuery>;
export type VendorSearchResponse = z.infer<typeof vendorSearchResponse>;

// ---------------------------------------------------------------- users

/**
 * Roles an admin may give (master-data §3 User): the spec's five first, then CSR and FINANCE,
 * which ordering (§6) needs; NONE is only the filter placeholder.
 */
export const USER_ROLE_OPTIONS = [
  'VENDOR',
  'CUSTOMER',
  'ACCOUNT',
  'FACTORY_ACCOUNT',
  'ADMIN',
  'CSR',
  'FINANCE',
] as const satisfies readonly (typeof SIGNED_IN_ROLES)[number][];

export const userRecord = z
  .object({
    id,
    email: z.string(),
    contactName: z.string(),
    telephone: z.string().nullable(),
    role: z.enum(ROLES),
    active: z.boolean(),
    emailEnabled: z.boolean(),
    /** Per-user permissions (ordering §6 "checked per user"; the role must allow them too). */
    canUpdateInventory: z.boolean(),
    canRestock: z.boolean(),
    /** ISO 8601; null when never signed in (or reset by activating the user). */
    lastLogin: z.string().nullable(),
    customers: z.array(masterRef),
    vendors: z.array(masterRef),
    factories: z.array(masterRef),
    regions: z.array(masterRef),
    version: recordVersion,
  })
  .meta({ id: 'User' });
/**
 * POST /users. Email is unique (ignoring case, stored lower-case); role VENDOR, active and
 * emailEnabled by default. The assignments scope what the user sees. The new user sets a password
 * through a reset link (POST /auth/users/{id}/reset-password).
 */
export const userBody = z.object({
  email,
  contactName: required('contactName'),
  telephone: optional(50),
  role: z.enum(USER_ROLE_OPTIONS, { error: V.oneOf(USER_ROLE_OPTIONS.join(', '), 'role') }).default('VENDOR'),
  active: z.boolean().default(true),
  emailEnabled: z.boolean().default(true),
  /** Per-user permissions, off for a new user (docs/decisions/0040). */
  canUpdateInventory: z.boolean().default(false),
  canRestock: z.boolean().default(false),
  customers: refList,
  vendors: refList,
  factories: refList,
  regions: refList,
});
/** PUT /users/{id}: activating resets lastLogin; deactivating (or a role change) ends the user's sessions. */
export const userUpdateBody = userBody.extend({ version });
/** GET /users — active is true when unset; role NONE (or unset) is no role filter. */
export const userSearchQuery = z.object({
  role: z
    .enum(ROLES)
    .optional()
    .transform((r) => (r === 'NONE' ? undefined : r)),
  email: textFilter(),
  name: textFilter(),
  active: z
    .enum(['true', 'false'], { error: V.trueOrFalse })
    .default('true')
    .transform((v) => v === 'true'),
});
export const userSearchResponse = z.object({ users: z.array(userRecord) }).meta({ id: 'UserSearchResponse' });
export type User = z.infer<typeof userRecord>;
export type UserBody = z.input<typeof userBody>;
export type UserUpdateBody = z.input<typeof userUpdateBody>;
export type UserSearchQuery = z.input<typeof userSearchQuery>;
export type UserSearchResponse = z.infer<typeof userSearchResponse>;

// ---------------------------------------------------------------- product subcodes

export const FULFILLMENT_PROCESSES = ['NONE', 'PICK_AND_PACK', 'MAKE_AND_SHIP', 'BUILD'] as const;
export type FulfillmentProcess = (typeof FULFILLMENT_PROCESSES)[number];

export const subcodeTier = z
  .object({ quantity: z.number().int(), price: z.string(), currency: z.string() })
  .meta({ id: 'SubcodeTier' });
export const minValueRecord = z.object({ currency: z.string(), price: z.string() }).meta({ id: 'MinValue' });
/**
 * A tier in a body: quantity a whole number over 0 (2.6 is refused, not rounded: the editor refuses
 * it too; decision 0058), price ≥ 0, currency ISO 4217.
 */
const tierInput = z.object({
  quantity: z
    .number({ error: V.required('quantity') })
    .int(MASTER_DATA_RULE_MESSAGES.tierQuantityWhole)
    .refine((q) => q !== 0, MESSAGES.tierQuantityZero)
    .refine((q) => q >= 0, MASTER_DATA_RULE_MESSAGES.tierQuantityWhole)
    .max(2_000_000_000),
  price: amount('price'),
  currency: currencyCode,
});
const tierList = z
  .array(tierInput)
  .max(500)
  .default([])
  .superRefine((tiers, ctx) => {
    const problem = checkTiers(tiers);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((tiers) => sortEditTiers(tiers));
const minValueList = z
  .array(z.object({ currency: currencyCode, price: amount('price') }))
  .max(50)
  .default([])
  .superRefine((values, ctx) => {
    const problem = checkMinValues(values);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((values) => [...values].sort((a, b) => a.currency.localeCompare(b.currency)));

export const productSubcodeRecord = z
  .object({
    id,
    productSubcode: z.string(),
    description: z.string(),
    minOrderQuantity: z.number().int(),
    packSize: z.number().int(),
    fulfillmentProcess: z.enum(FULFILLMENT_PROCESSES),
    sustainable: z.boolean(),
    /** The subcode's items are care labels of this type, or null (decision 0041). */
    careLabelType: z.enum(CARE_LABEL_TYPES).nullable(),
    /** GTIN-14 of the garment its care labels go into: the product passport's key (decision 0044). */
    gtin: z.string().nullable(),
    /** Every piece gets an SGTIN-96 EPC (docs/rfid.md); `epcFilter` is its GS1 filter value (0..7). */
    rfid: z.boolean(),
    epcFilter: z.number().int(),
    sampleReferenceNumber: z.string().nullable(),
    /** YYYY-MM-DD */
    approvedDate: z.string().nullable(),
    customer: masterRef,
    factory: masterRef.nullable(),
    productCode: masterRef,
    /** The attribute schema (global or the customer's). */
    schema: masterRef.nullable(),
    productImage: z.object({ path: z.string(), type: z.string() }).nullable(),
    /** STANDARD or DYNAMIC: the type of the subcode's items (null while it has none). */
    productType: z.enum(PRODUCT_TYPES).nullable(),
    /** Sorted by quantity ascending. */
    priceTiers: z.array(subcodeTier),
    costTiers: z.array(subcodeTier),
    /** One per currency. */
    minValues: z.array(minValueRecord),
    version: recordVersion,
  })
  .meta({ id: 'ProductSubcode' });
const subcodeFields = z.object({
  productSubcode: required('productSubcode', 100),
  description: required('description', 1000),
  minOrderQuantity: z
    .number({ error: V.required('minOrderQuantity') })
    .min(0, V.notBelow('minOrderQuantity', 0))
    .max(2_000_000_000)
    .default(0),
  packSize: z
    .number({ error: V.required('packSize') })
    .min(1, V.notBelow('packSize', 1))
    .max(2_000_000_000)
    .default(1),
  fulfillmentProcess: z.enum(FULFILLMENT_PROCESSES).default('PICK_AND_PACK'),
  sustainable: z.boolean().default(false),
  careLabelType: z
    .enum(CARE_LABEL_TYPES, { error: V.oneOf(CARE_LABEL_TYPES.join(', '), 'careLabelType') })
    .nullish()
    .transform((v) => v ?? null),
  gtin: optional(20).pipe(
    z
      .string()
      .nullable()
      .refine((v) => v === null || gtin14(v) !== null, V.gtin)
      .transform((v) => (v === null ? null : gtin14(v))),
  ),
  rfid: z.boolean().default(false),
  epcFilter: z
    .number({ error: RFID_MESSAGES.epcFilter })
    .int(RFID_MESSAGES.epcFilter)
    .min(0, RFID_MESSAGES.epcFilter)
    .max(7, RFID_MESSAGES.epcFilter)
    .default(DEFAULT_EPC_FILTER),
  sampleReferenceNumber: optional(100),
  approvedDate: calendarDate('approvedDate')
    .nullish()
    .transform((v) => v ?? null),
  customer: masterRefInput,
  factory: masterRefInput.nullish().transform((v) => v ?? null),
  productCode: masterRefInput,
  schema: masterRefInput.nullish().transform((v) => v ?? null),
  priceTiers: tierList,
  costTiers: tierList,
  minValues: minValueList,
});
/** Pack size ≥ 1; MOQ ≥ 0 rounded down to a multiple of the pack size (master-data §5). */
const roundMoq = <T extends { minOrderQuantity: number; packSize: number }>(s: T): T => {
  const packSize = normalizePackSize(s.packSize);
  return { ...s, packSize, minOrderQuantity: roundMinOrderQuantity(s.minOrderQuantity, packSize) };
};
/**
 * A factory's subcode is priced: its price tiers and its cost tiers each need the quantity-1 tier
 * (master-data §5: "The quantity-1 tier is required"; §8 'A tier with a quantity of 1 is
 * required.'). Without a factory the tier section is hidden and the lists stay empty
 * (docs/decisions/0038).
 */
const tiersOfFactorySubcode = (
  s: { factory: unknown; priceTiers: readonly unknown[]; costTiers: readonly unknown[] },
  ctx: z.RefinementCtx,
) => {
  if (s.factory === null) return;
  for (const path of ['priceTiers', 'costTiers'] as const) {
    if (s[path].length === 0)
      ctx.addIssue({ code: 'custom', path: [path], message: MESSAGES.tierOfOneRequired });
  }
};
/** POST /product-subcodes. The subcode name is unique per customer. */
export const productSubcodeBody = subcodeFields.superRefine(tiersOfFactorySubcode).transform(roundMoq);
/** PUT /product-subcodes/{id}; answers the record (priceTiers, costTiers and minValues included). */
export const productSubcodeUpdateBody = subcodeFields
  .extend({ version })
  .superRefine(tiersOfFactorySubcode)
  .transform(roundMoq);
export const productSubcodeSearchQuery = z.object({
  productSubcode: textFilter(),
  /** The product code's text (matches anywhere). */
  productCode: textFilter(),
  description: textFilter(),
  sampleReferenceNumber: textFilter(),
  fulfillmentProcess: z.enum(FULFILLMENT_PROCESSES).optional(),
  customerId: idFilter('a customer id'),
  factoryId: idFilter('a factory id'),
  sustainable: boolFilter,
});
export const productSubcodeSearchResponse = z
  .object({ subcodes: z.array(productSubcodeRecord) })
  .meta({ id: 'ProductSubcodeSearchResponse' });
export type ProductSubcode = z.infer<typeof productSubcodeRecord>;
export type SubcodeTier = z.infer<typeof subcodeTier>;
export type ProductSubcodeBody = z.input<typeof productSubcodeBody>;
export type ProductSubcodeUpdateBody = z.input<typeof productSubcodeUpdateBody>;
export type ProductSubcodeSearchQuery = z.input<typeof productSubcodeSearchQuery>;
export type ProductSubcodeSearchResponse = z.infer<typeof productSubcodeSearchResponse>;

/** Largest product image the server takes (POST /product-subcodes/{id}/image, field productImage). */
export const PRODUCT_IMAGE_MAX_MB = 10;
/**
 * Answer of the image upload: the stored image (a PNG or JPEG of at most 800 × 800 pixels made from
 * the upload); `path` is what GET /common/product-image/{path} serves.
 */
export const productImageResponse = z
  .object({ path: z.string(), type: z.string() })
  .meta({ id: 'ProductImage' });
export type ProductImage = z.infer<typeof productImageResponse>;

/** PUT /products/convert-product-type — every STANDARD item of the subcode becomes DYNAMIC, or back. */
export const convertProductTypeBody = z.object({
  subcode: bodyId('a product subcode id'),
  productType: z.enum(['STANDARD', 'DYNAMIC'], { error: V.productType }),
});
export type ConvertProductTypeBody = z.input<typeof convertProductTypeBody>;

// ---------------------------------------------------------------- product items

export const productItemRecord = z
  .object({
    id,
    productSubcode: masterRef,
    productType: z.enum(PRODUCT_TYPES),
    productSize: z.string(),
    sortKey: z.number().int(),
    active: z.boolean(),
    defaultOrderQuantity: z.number().int(),
    /** `name` is the group's display name. */
    productGroup: masterRef.nullable(),
    productSubgroup: masterRef.nullable(),
    attributeSchema: masterRef.nullable(),
    currentInventory: z.number().int(),
    minimumInventory: z.number().int(),
    maximumInventory: z.number().int(),
    /** GTIN-14 of the size: what an RFID subcode's EPCs encode (docs/rfid.md); null: none. */
    gtin: z.string().nullable(),
    version: recordVersion,
  })
  .meta({ id: 'ProductItem' });
const productItemFields = {
  productSize: required('productSize', 100),
  sortKey: whole('sortKey').default(1),
  active: z.boolean().default(true),
  defaultOrderQuantity: whole('defaultOrderQuantity').default(0),
  productGroup: masterRefInput.nullish().transform((v) => v ?? null),
  productSubgroup: masterRefInput.nullish().transform((v) => v ?? null),
  attributeSchema: masterRefInput.nullish().transform((v) => v ?? null),
  currentInventory: z
    .number({ error: V.required('currentInventory') })
    .int(V.wholeNumber('currentInventory'))
    .min(-2_000_000_000)
    .max(2_000_000_000),
  minimumInventory: whole('minimumInventory'),
  maximumInventory: whole('maximumInventory'),
  gtin: optional(20).pipe(
    z
      .string()
      .nullable()
      .refine((v) => v === null || gtin14(v) !== null, V.gtin)
      .transform((v) => (v === null ? null : gtin14(v))),
  ),
};
/** POST /products/product-items: a new STANDARD item of `productSubcode`. */
export const productItemBody = z.object({ productSubcode: masterRefInput, ...productItemFields });
/** PUT /products/product-items/{id}: the subcode and the product type stay. */
export const productItemUpdateBody = z.object({ ...productItemFields, version });
/** GET /products/product-items?subcode= — variable-data items are skipped unless asked for. */
export const productItemSearchQuery = z.object({
  subcode: queryId('a product subcode id'),
  productType: z.enum(PRODUCT_TYPES).optional(),
  active: boolFilter,
});
export const productItemSearchResponse = z
  .object({ productItems: z.array(productItemRecord) })
  .meta({ id: 'ProductItemSearchResponse' });
export type ProductItem = z.infer<typeof productItemRecord>;
export type ProductItemBody = z.input<typeof productItemBody>;
export type ProductItemUpdateBody = z.input<typeof productItemUpdateBody>;
export type ProductItemSearchQuery = z.input<typeof productItemSearchQuery>;
export type ProductItemSearchResponse = z.infer<typeof productItemSearchResponse>;

/** GET /refs/product-subgroup — choices for product items. */
export const productSubgroupsResponse = z
  .object({ productSubgroups: z.array(masterRef) })
  .meta({ id: 'ProductSubgroupsResponse' });
export type ProductSubgroupsResponse = z.infer<typeof productSubgroupsResponse>;

// ---------------------------------------------------------------- attribute schemas

export const attributeFieldRecord = z
  .object({ name: z.string(), type: z.enum(ATTRIBUTE_TYPES), options: z.array(z.string()) })
  .meta({ id: 'AttributeField' });
const attributeFieldInput = z.object({
  name: required('name', 100),
  type: z.enum(ATTRIBUTE_TYPES),
  options: z.array(required('option', 200)).max(500).default([]),
});
export const attributeSchemaRecord = z
  .object({
    id,
    name: z.string(),
    global: z.boolean(),
    customer: masterRef.nullable(),
    /** `name` is the group's display name. */
    productGroup: masterRef.nullable(),
    /** Sorted by name; dropdown options sorted. */
    attributeFields: z.array(attributeFieldRecord),
    version: recordVersion,
  })
  .meta({ id: 'AttributeSchema' });
const attributeSchemaFields = {
  name: required('name'),
  global: z.boolean().default(false),
  customer: masterRefInput.nullish().transform((v) => v ?? null),
  productGroup: masterRefInput.nullish().transform((v) => v ?? null),
  attributeFields: z
    .array(attributeFieldInput)
    .max(200)
    .default([])
    .superRefine((fields, ctx) => {
      const problem = checkAttributeFields(fields);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((fields) => sortAttributeFields(fields)),
};
export const attributeSchemaBody = z.object(attributeSchemaFields);
/** PUT /attributes/schemas/{id}; answers the record (attributeFields included). */
export const attributeSchemaUpdateBody = z.object({ ...attributeSchemaFields, version });
export const attributeSchemaSearchQuery = z.object({
  name: textFilter(),
  global: boolFilter,
  customer: idFilter('a customer id'),
  productGroup: idFilter('a product group id'),
});
export const attributeSchemaSearchResponse = z
  .object({ listContent: z.array(attributeSchemaRecord) })
  .meta({ id: 'AttributeSchemaSearchResponse' });
export type AttributeSchema = z.infer<typeof attributeSchemaRecord>;
export type AttributeFieldRecord = z.infer<typeof attributeFieldRecord>;
export type AttributeSchemaBody = z.input<typeof attributeSchemaBody>;
export type AttributeSchemaUpdateBody = z.input<typeof attributeSchemaUpdateBody>;
export type AttributeSchemaSearchQuery = z.input<typeof attributeSchemaSearchQuery>;
export type AttributeSchemaSearchResponse = z.infer<typeof attributeSchemaSearchResponse>;

/** GET /attributes/all-schemas — every schema, for choices (subcode and product item details). */
export const allSchemasResponse = z
  .object({
    listContent: z.array(
      z
        .object({ id, name: z.string(), global: z.boolean(), customerId: id.nullable() })
        .meta({ id: 'SchemaOption' }),
    ),
  })
  .meta({ id: 'AllSchemasResponse' });
export type AllSchemasResponse = z.infer<typeof allSchemasResponse>;

// ---------------------------------------------------------------- the contract per entity

/** An entity's schemas: its search query and answer, its create and update bodies, its record. */
export interface MasterDataSchemaSet {
  query: z.ZodType;
  list: z.ZodType;
  create: z.ZodType;
  update: z.ZodType;
  record: z.ZodType;
}

/**
 * The schemas of each kind of the registry (MASTER_DATA, masterDataRegistry.ts): the server's crud
 * routes validate and document with them, the web app takes their types (MasterDataRecord…).
 */
export const MASTER_DATA_SCHEMAS = {
  productCodes: {
    query: productCodeSearchQuery,
    list: productCodeSearchResponse,
    create: productCodeBody,
    update: productCodeUpdateBody,
    record: productCodeRecord,
  },
  productSubcodes: {
    query: productSubcodeSearchQuery,
    list: productSubcodeSearchResponse,
    create: productSubcodeBody,
    update: productSubcodeUpdateBody,
    record: productSubcodeRecord,
  },
  attributeSchemas: {
    query: attributeSchemaSearchQuery,
    list: attributeSchemaSearchResponse,
    create: attributeSchemaBody,
    update: attributeSchemaUpdateBody,
    record: attributeSchemaRecord,
  },
  users: {
    query: userSearchQuery,
    list: userSearchResponse,
    create: userBody,
    update: userUpdateBody,
    record: userRecord,
  },
  customers: {
    query: customerSearchQuery,
    list: customerSearchResponse,
    create: customerBody,
    update: customerUpdateBody,
    record: customerRecord,
  },
  vendors: {
    query: vendorSearchQuery,
    list: vendorSearchResponse,
    create: vendorBody,
    update: vendorUpdateBody,
    record: vendorRecord,
  },
  warehouses: {
    query: warehouseSearchQuery,
    list: warehouseSearchResponse,
    create: warehouseBody,
    update: warehouseUpdateBody,
    record: warehouseRecord,
  },
  productionRegions: {
    query: productionRegionSearchQuery,
    list: productionRegionSearchResponse,
    create: productionRegionBody,
    update: productionRegionUpdateBody,
    record: productionRegionRecord,
  },
  factories: {
    query: factorySearchQuery,
    list: factorySearchResponse,
    create: factoryBody,
    update: factoryUpdateBody,
    record: factoryRecord,
  },
  productItems: {
    query: productItemSearchQuery,
    list: productItemSearchResponse,
    create: productItemBody,
    update: productItemUpdateBody,
    record: productItemRecord,
  },
  ...CARE_OPTION_SCHEMAS,
} satisfies Record<MasterDataKind, MasterDataSchemaSet>;
type Schemas<K extends MasterDataKind> = (typeof MASTER_DATA_SCHEMAS)[K];

/** A kind's record, as GET and every save answer it. */
export type MasterDataRecord<K extends MasterDataKind> = z.infer<Schemas<K>['record']>;
/** A kind's create body as sent (z.input) and as the server receives it once parsed (z.output). */
export type MasterDataBody<K extends MasterDataKind> = z.input<Schemas<K>['create']>;
export type MasterDataCreate<K extends MasterDataKind> = z.output<Schemas<K>['create']>;
/** A kind's update body as sent and as parsed (with the version the edit started from). */
export type MasterDataUpdateBody<K extends MasterDataKind> = z.input<Schemas<K>['update']>;
export type MasterDataUpdate<K extends MasterDataKind> = z.output<Schemas<K>['update']>;
/** A kind's search query as sent and as parsed. */
export type MasterDataSearchQuery<K extends MasterDataKind> = z.input<Schemas<K>['query']>;
export type MasterDataQuery<K extends MasterDataKind> = z.output<Schemas<K>['query']>;

/** Other master-data calls: history, subcode image, product type conversion, lookups. */
export const MASTER_DATA_PATHS = {
  history: '/history',
  subcodeImage: '/product-subcodes/:id/image',
  productImage: '/common/product-image/:path',
  convertProductType: '/products/convert-product-type',
  allSchemas: '/attributes/all-schemas',
  productSubgroups: '/refs/product-subgroup',
} as const;
