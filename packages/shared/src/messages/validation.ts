/**
 * The validators' texts: the rule fragments every schema, the one zod error map
 * (schemas/errorMap.ts) and the attribute checks give a refused field. Ours: the specs quote none of
 * them (ordering §5 and master-data §5 give the rules; their quoted texts are in the area files).
 *
 * A fragment starts with the field's contract name ('styleNumber is required') or has no subject
 * ('must be at most 100 characters'); the API answer and the web forms turn it into a sentence with
 * the field's screen label (apiFieldMessage/fieldLabel: 'Style Number is required'), so the texts
 * here stay fragments, lower case, without a full stop, unless they are whole sentences already.
 * `what` is the noun of an id or date ('an order number', 'dateRequested'), `field` a contract name.
 */

/** The words zod's expected types read as ('price must be a number'). */
export const VALIDATION_KINDS: Readonly<Record<string, string>> = {
  object: 'chosen',
  array: 'a list',
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  date: 'a date',
};

/** Rule fragments keyed by rule; parameterised ones are functions of the field and the limit. */
export const VALIDATION_MESSAGES = {
  // ------------------------------------------------------------ any field
  /** Missing, null or empty text: 'styleNumber is required', 'Email is required'. */
  required: (field: string) => `${field} is required`,
  /** A value of the wrong type: 'price must be a number' (kind from VALIDATION_KINDS). */
  mustBeKind: (field: string, kind: string) => `${field} must be ${kind}`,
  /** A reference that is not an object: 'warehouse must be chosen from the list'. */
  chosenFromList: (field: string) => `${field} must be chosen from the list`,
  /** Text over its maximum, without a subject (safeText): 'must be at most 100 characters'. */
  maxLength: (max: number) => `must be at most ${max} characters`,
  /** Text over its maximum: 'description must be at most 1000 characters'. */
  fieldMaxLength: (field: string, max: number) => `${field} must be at most ${max} characters`,
  /** Text under its minimum (above 1; a minimum of 1 is `required`). */
  fieldMinLength: (field: string, min: number) => `${field} must be at least ${min} characters`,
  /** Text too long where the limit is not named: 'defaultName is too long'. */
  tooLong: (field: string) => `${field} is too long`,
  /** Control characters (NUL, ESC, DEL…) in text: refused, never stored. */
  noControlChars: 'must not contain control characters',
  /** A whole number expected: 'sortKey must be a whole number'. */
  wholeNumber: (field: string) => `${field} must be a whole number`,
  /** A number under its minimum: 'packSize cannot be below 1'. */
  notBelow: (field: string, min: number | string) => `${field} cannot be below ${min}`,
  /** A number at or under an exclusive minimum. */
  notAtOrBelow: (field: string, min: number | string) => `${field} cannot be at or below ${min}`,
  /** A number over its maximum: 'specialInstructionsLimit cannot be above 50'. */
  notAbove: (field: string, max: number | string) => `${field} cannot be above ${max}`,
  /** A number at or over an exclusive maximum. */
  notAtOrAbove: (field: string, max: number | string) => `${field} cannot be at or above ${max}`,
  /** A number over the largest the database keeps where the limit is not named. */
  tooLarge: (field: string) => `${field} is too large`,
  /** Not a multiple of its step. */
  multipleOf: (field: string, divisor: number | string) => `${field} must be a multiple of ${divisor}`,
  /** A list with too few entries: 'items needs at least 1 entry'. */
  atLeastEntries: (field: string, min: number) =>
    `${field} needs at least ${min} ${min === 1 ? 'entry' : 'entries'}`,
  /** A list with too many entries. */
  atMostEntries: (field: string, max: number) =>
    `${field} can have at most ${max} ${max === 1 ? 'entry' : 'entries'}`,
  /** Not one of the allowed values, `values` already listed ('A, B' or "'a', 'b'"); no subject without `field`. */
  oneOf: (values: string, field?: string) =>
    `${field === undefined ? '' : `${field} `}must be one of ${values}`,
  /** A text that does not match its pattern, where the schema names none. */
  notInFormat: (field: string) => `${field} is not in the expected format`,
  /** A value none of a union's shapes takes. */
  invalid: (field: string) => `${field} is invalid`,
  /** Fields a strict body does not know: `keys` already listed ("'a', 'b'"). */
  unknownFields: (keys: string, count: number) =>
    `${count === 1 ? 'field' : 'fields'} ${keys} ${count === 1 ? 'is' : 'are'} not known`,
  /** A yes/no query value. */
  trueOrFalse: "must be 'true' or 'false'",
  /** Digits only: 'caNumber must be digits only'. */
  digitsOnly: (field: string) => `${field} must be digits only`,
  /** Too many digits: 'vendorNumber must be at most 10 digits' (master-data §5). */
  maxDigits: (field: string, max: number) => `${field} must be at most ${max} digits`,

  // ------------------------------------------------------------ ids and dates
  /** An id in a path or query that is not digits: 'must be an order number (digits only)'. */
  idDigits: (what: string) => `must be ${what} (digits only)`,
  /** An id out of the serial column's range: 'must be an id between 1 and 2147483647'. */
  idBetween: (what: string, max: number) => `must be ${what} between 1 and ${max}`,
  /** An id in a body that is not whole. */
  idWhole: (what: string) => `must be ${what} (a whole number)`,
  /** The keys of a record by id: 'keys must be product item ids'. */
  idKeys: (what: string) => `keys must be ${what}`,
  /** The keys of a record by id, over the range. */
  idKeysUpTo: (what: string, max: number) => `keys must be ${what} up to ${max}`,
  /** A calendar day not written YYYY-MM-DD. */
  dateFormat: (what: string) => `must be ${what} as YYYY-MM-DD`,
  /** A calendar day that does not exist (2027-02-30). */
  dateInCalendar: (what: string) => `must be ${what} that exists in the calendar`,
  /** A calendar day outside the years kept. */
  dateBetween: (what: string) => `must be ${what} between 1900-01-01 and 2999-12-31`,
  /** A list filter's date or time (ordering §2 Order list, §4 List filter mapping). */
  filterDate: 'must be a date as YYYY-MM-DD or YYYY-MM-DD HH:mm:ss',

  // ------------------------------------------------------------ rules of one contract
  /** A reset token that cannot be one (ordering §2 Reset password). */
  resetToken: 'token is not a reset token',
  /** A fibre share of a care label. */
  wholePercentage: 'must be a whole percentage',
  /** An order line's pieces per item (ordering §5). */
  quantitiesWhole: 'quantities are whole pieces',
  quantitiesNotNegative: 'quantities cannot be negative',
  lineMaxQuantities: (max: number) => `A line can have at most ${max} quantities.`,
  lineMaxUploadedRows: (max: number) => `A line can have at most ${max} uploaded rows.`,
  dynamicLineMaxVariants: (max: number) => `A dynamic product line can have at most ${max} variants.`,
  /** The cart header's shipping address (ordering §2 Cart, §9 limits). */
  shippingAddressMax: (max: number) => `Shipping address cannot exceed ${max} characters`,
  /** An attribute field's value that is not one of its options (ordering §5). */
  notAnOption: (value: string, field: string) => `'${value}' is not an option of ${field}`,
  /** The product form's attribute dropdown left on a value that is not an option (ordering §5). */
  chooseOption: (field: string) => `Choose one of the options of ${field}`,
  /** The order list's Order Number filter (ordering §2 Order list): digits, 1 to MAX_ORDER_NUMBER. */
  orderNumberFilter: 'Enter a valid order number (digits only)',
  /** Inventory updates (ordering §7 Products, §2 Product details). */
  inventoryKeys: 'Inventories are named by product item ids (digits only).',
  inventoryKeysUpTo: (max: number) => `Inventories are named by product item ids up to ${max}.`,
  inventoryWhole: 'Each inventory quantity must be a whole number.',
  inventoryAtLeast: (bound: number) => `Each inventory quantity must be at least -${bound}.`,
  inventoryAtMost: (bound: number) => `Each inventory quantity must be at most ${bound}.`,
  inventoryNone: 'Name at least one product item.',
  inventoryTooMany: (max: number) => `At most ${max} product items can be updated at once.`,
  /** Master data (master-data §5). */
  currencyCode: 'must be an ISO 4217 currency code (e.g. USD)',
  decimalAmount: (field: string) => `${field} must be a decimal amount with at most 4 decimals`,
  careSymbol: 'icon must name one of the care symbols',
  eachMarket: (markets: string) => `Each market must be one of ${markets}.`,
  productType: 'productType must be STANDARD or DYNAMIC',
  gtin: 'gtin must be a GTIN-8, 12, 13 or 14 with a right GS1 check digit',
  /** The passport page's link (GS1 Digital Link). */
  passportGtin: 'must be a GTIN-14 (14 digits)',
  passportSerial: 'must be 1 to 20 letters, digits, - or _',
} as const;
