/** Ours: texts of RFID master data, placing and the encoding file (docs/rfid.md; decision 0058). */
export const RFID_MESSAGES = {
  prefixDigits: 'GS1 Company Prefix must be 6 to 12 digits.',
  epcFilter: 'EPC filter value must be a whole number from 0 to 7.',
  /** Saving an RFID subcode of a customer that has no GS1 Company Prefix. */
  noPrefix: (customer: string) =>
    `RFID needs the customer's GS1 Company Prefix: enter it on customer ${customer} first.`,
  /** A GTIN that does not start with the customer's prefix (after the indicator digit). */
  prefixMismatch: (label: string, gtin: string, prefix: string) =>
    `${label} ${gtin} does not belong to the customer's GS1 Company Prefix ${prefix}.`,
  /** Placing: an RFID line whose size (or care label) has no GTIN to encode. */
  noGtin: (subcode: string, size: string) =>
    `RFID subcode ${subcode} has no GTIN for size ${size}: add the size's GTIN before placing.`,
  /** Placing: a GTIN's serial counter would pass the SGTIN-96 maximum (274,877,906,943). */
  serialsExhausted: (gtin: string) =>
    `The RFID serial numbers of GTIN ${gtin} are used up (SGTIN-96 stops at 274,877,906,943); the order was not placed.`,
  /** Variable-data upload: a row of an RFID ticket type without a usable barcode. */
  rowNoGtin: 'RFID ticket: the barcode is not a GTIN of the customer\u2019s GS1 Company Prefix.',
  badge: 'RFID',
} as const;

/** Ours: the encoding file's refusal (GET /orders/{id}/rfid-encoding). */
export const RFID_ENCODING_MESSAGES = {
  noTags: 'This order has no RFID tags.',
} as const;
