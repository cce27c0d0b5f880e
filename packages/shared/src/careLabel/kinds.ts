/**
 * The kinds of care-label options and lists (master-data §2 Care labels page, §3 Care code, Care
 * instruction, §7 Care label calls), named as the calls name them (kebab-case). The same
 * names are stored in the `kind` columns of care_options and care_lists (decision 0041), so the API,
 * the database and the screens cannot disagree. Pure data, no I/O.
 */
import type { MasterDataKind } from '../masterDataRegistry';

/** Option kinds: five are a name only, a care code is code and text, a care instruction is typed. */
export const CARE_OPTION_KINDS = [
  'country-of-origin',
  'caution-maintenance',
  'special-instruction',
  'component-type',
  'material',
  'care-code',
  'care-instruction',
] as const;
export type CareOptionKind = (typeof CARE_OPTION_KINDS)[number];

/** The master-data registry kind (crud kit, history entity) of each option kind. */
export const CARE_OPTION_REGISTRY = {
  'country-of-origin': 'careCountryOfOrigin',
  'caution-maintenance': 'careCautionMaintenance',
  'special-instruction': 'careSpecialInstruction',
  'component-type': 'careComponentType',
  material: 'careMaterial',
  'care-code': 'careCode',
  'care-instruction': 'careInstruction',
} as const satisfies Record<CareOptionKind, MasterDataKind>;
export type CareOptionRegistryKind = (typeof CARE_OPTION_REGISTRY)[CareOptionKind];

/** The option kinds whose options are a name only. */
export const CARE_NAME_OPTION_KINDS = [
  'country-of-origin',
  'caution-maintenance',
  'special-instruction',
  'component-type',
  'material',
] as const satisfies readonly CareOptionKind[];
export type CareNameOptionKind = (typeof CARE_NAME_OPTION_KINDS)[number];

/** List kinds: one per option kind, except that a fabric composition list holds component types AND materials. */
export const CARE_LIST_KINDS = [
  'country-of-origin',
  'caution-maintenance',
  'special-instruction',
  'fabric-composition',
  'care-code',
  'care-instruction',
] as const;
export type CareListKind = (typeof CARE_LIST_KINDS)[number];

/** Which option kinds a list of each kind holds (one member set, or two for fabric composition). */
export const CARE_LIST_MEMBER_KINDS: Record<CareListKind, readonly CareOptionKind[]> = {
  'country-of-origin': ['country-of-origin'],
  'caution-maintenance': ['caution-maintenance'],
  'special-instruction': ['special-instruction'],
  'fabric-composition': ['component-type', 'material'],
  'care-code': ['care-code'],
  'care-instruction': ['care-instruction'],
};

/**
 * The customer's list field for each list kind (master-data §3 Customer: each holds { id, name } or null).
 */
export const CUSTOMER_CARE_LIST_FIELDS = {
  'caution-maintenance': 'cautionMaintenanceList',
  'fabric-composition': 'fabricCompositionList',
  'care-instruction': 'careInstructionList',
  'care-code': 'careCodeList',
  'country-of-origin': 'countryOfOriginList',
  'special-instruction': 'specialInstructionsList',
} as const satisfies Record<CareListKind, string>;
export type CustomerCareListField = (typeof CUSTOMER_CARE_LIST_FIELDS)[CareListKind];

/** Screen titles of the option kinds (master-data §2 Care labels page). */
export const CARE_OPTION_TITLES: Record<CareOptionKind, string> = {
  'country-of-origin': 'Country Of Origin',
  'caution-maintenance': 'Caution Maintenance',
  'special-instruction': 'Special Instruction',
  'component-type': 'Component Type',
  material: 'Material Type',
  'care-code': 'Care Codes',
  'care-instruction': 'Care Instructions',
};

/** Screen titles of the list kinds. */
export const CARE_LIST_TITLES: Record<CareListKind, string> = {
  'country-of-origin': 'Country Of Origin',
  'caution-maintenance': 'Caution Maintenance',
  'special-instruction': 'Special Instructions',
  'fabric-composition': 'Fabric Composition',
  'care-code': 'Care Codes',
  'care-instruction': 'Care Instructions',
};

/**
 * Orders two care options by their sort key (master-data §3: "Sorting is by name, or by number when
 * the sort key is numeric"): numbers (or texts that are whole numbers, e.g. care codes '10', '9')
 * compare as numbers; otherwise by text, case-insensitively, ties broken by the exact text. A number
 * sorts before a text. Pure; use with Array.prototype.sort on the key each kind sorts by (name; code;
 * sortKey).
 */
export function compareCareSortKeys(a: string | number, b: string | number): number {
  const number = (v: string | number) =>
    typeof v === 'number' ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : null;
  const x = number(a);
  const y = number(b);
  if (x !== null && y !== null) return x - y;
  if (x !== null) return -1;
  if (y !== null) return 1;
  const byText = String(a).localeCompare(String(b), 'en', { sensitivity: 'base' });
  return byText !== 0 ? byText : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}
