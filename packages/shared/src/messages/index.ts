/**
 * Every user-facing text, in one place, arranged by the specs' message catalogue (ordering §8,
 * master-data §8, and the sections that quote texts): one file per area, each group citing its
 * spec section, texts the specs do not give marked as ours (docs/decisions/0063). Texts are word
 * for word, the specs' spelling included; texts with values are functions of them.
 *
 * `MESSAGES` gathers the texts the specs quote, for the screens and for the check that every
 * quoted text is here (spec-texts.test.ts).
 */
import { ARTWORK_SPEC_MESSAGES } from './artwork';
import { PASSWORD_MESSAGES } from './auth';
import { CARE_LABEL_SPEC_MESSAGES, CARE_LIST_SPEC_MESSAGES } from './careLabel';
import { CART_SPEC_MESSAGES } from './cart';
import { GENERIC_MESSAGES } from './generic';
import { MASTER_DATA_EDITOR_MESSAGES, MASTER_DATA_SUCCESS_MESSAGES } from './masterData';
import { ORDER_SPEC_MESSAGES } from './orders';
import { PRODUCT_SPEC_MESSAGES } from './products';
import { RESTOCK_SPEC_MESSAGES } from './restock';
import { VARIABLE_DATA_SPEC_MESSAGES } from './variableData';

export * from './artwork';
export * from './auth';
export * from './careLabel';
export * from './cart';
export * from './events';
export * from './generic';
export * from './labels';
export * from './masterData';
export * from './orders';
export * from './passport';
export * from './platform';
export * from './products';
export * from './restock';
export * from './rfid';
export * from './validation';
export * from './variableData';
export * from './workflow';

/** The texts the specs quote, every group above in one object (keys are unique across groups). */
export const MESSAGES = {
  ...GENERIC_MESSAGES,
  ...PASSWORD_MESSAGES,
  ...PRODUCT_SPEC_MESSAGES,
  ...CART_SPEC_MESSAGES,
  ...ORDER_SPEC_MESSAGES,
  ...ARTWORK_SPEC_MESSAGES,
  ...RESTOCK_SPEC_MESSAGES,
  ...CARE_LABEL_SPEC_MESSAGES,
  ...MASTER_DATA_EDITOR_MESSAGES,
  ...CARE_LIST_SPEC_MESSAGES,
  ...MASTER_DATA_SUCCESS_MESSAGES,
  ...VARIABLE_DATA_SPEC_MESSAGES,
} as const;
