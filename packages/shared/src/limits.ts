/**
 * Business constants (ordering §9, master-data §9) and the few limits of our own that a message
 * names. Numbers only: counts, lengths (characters), durations (ms), days and months.
 */
export const LIMITS = {
  productPageSize: 50,
  orderPageSize: 50,
  minPasswordLength: 14,
  passwordExpiryMonths: 6,
  messageDisplayMs: 4000,
  overlayDelayMs: 300,
  orderFilterStartDaysBack: 30,
  dateRequestedMinDays: 14,
  shippingAddressMaxLength: 255,
  vendorNumberMaxLength: 10,
} as const;

/** Longest code/description text of a product search (ours: the spec gives none; productSearchQuery). */
export const SEARCH_TEXT_MAX = 100;

/** Most pieces a product item holds in stock: its inventory is an integer column (decision 0039). */
export const MAX_STOCK = 2_147_483_647;
