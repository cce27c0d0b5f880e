/**
 * A customer's care-label configuration as the care-label editor, Add to Order and placing (-3/-4)
 * read it (master-data §3 Customer care lists and settings, §2 Care labels page; ordering §3 Care
 * label, §5, §8). The server builds it from the customer's chosen lists (one per kind) and the
 * customer's settings; the rules of packages/shared/src/careLabel judge a label against it. Only
 * the options of the customer's lists are here: an option that left a list is no longer offered and
 * makes a line that uses it stale (-3). Pure types, no I/O.
 */
import type { CareInstructionType } from './symbols';

/** The markets whose labelling rules the market checks apply (a customer setting). */
export const CARE_MARKETS = ['CA', 'US', 'EU'] as const;
export type CareMarket = (typeof CARE_MARKETS)[number];

/** A name-only option (country of origin, caution and maintenance, special instruction, component type, material). */
export interface CareOption {
  id: number;
  name: string;
}

/** A care instruction option (master-data §3 Care instruction): `icon` names one of CARE_SYMBOLS. */
export interface CareInstructionOption {
  id: number;
  type: CareInstructionType;
  displayName: string;
  icon: string | null;
  sortKey: number;
}

/** A care code option (master-data §3 Care code), shown as 'code - text'. */
export interface CareCodeOption {
  id: number;
  code: string;
  text: string;
}

/** What a customer's care labels may hold and must hold. Each list is empty when the customer has no list of that kind. */
export interface CustomerCareConfig {
  customerId: number;
  countriesOfOrigin: CareOption[];
  cautionMaintenance: CareOption[];
  specialInstructions: CareOption[];
  /** The fabric composition list's two checklists. */
  componentTypes: CareOption[];
  materials: CareOption[];
  careInstructions: CareInstructionOption[];
  careCodes: CareCodeOption[];
  specialInstructionsLimit: number;
  copyrightShow: boolean;
  fabricCompositionShow: boolean;
  countryOfOriginRequired: boolean;
  specialInstructionsRequired: boolean;
  markets: CareMarket[];
  /** Canadian dealer identity (CA identification number) for the CA market check; null when not kept. */
  caNumber?: string | null;
  /** US Registered Identification Number for the US market check; null when not kept. */
  rnNumber?: string | null;
}
