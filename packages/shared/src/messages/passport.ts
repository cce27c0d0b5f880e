/** Ours: texts of the passport call and page (the specs have no passport; decisions 0044, 0058). */
export const PASSPORT_MESSAGES = {
  /** Unknown serial, a cancelled order's line, the cart's, or a GTIN that is not the line's: one answer for all. */
  notFound: 'No product passport at this address.',
  badGtin: 'The GTIN must be a GTIN-14 with a right GS1 check digit.',
  /** The public page when the call failed otherwise (no answer, a 5xx). */
  loadFailed: 'The passport could not be loaded. Please try again.',
} as const;
