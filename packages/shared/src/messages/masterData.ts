/**
 * Texts of the master-data screens and calls (master-data §4, §5, §8): the shipping address,
 * attribute field and tier editors, the success texts of each entity, and the calls' refusals.
 */

/**
 * master-data §8 Shipping address editor (vendor details), Attribute fields editor (attribute schema
 * details) and Tiers (product subcode details; §5 Tiers).
 */
export const MASTER_DATA_EDITOR_MESSAGES = {
  duplicateEntry: 'This is a duplicate entry.',
  addressNotFound: "Couldn't find the address to update.",
  duplicateField: 'This is a duplicate field.',
  fieldNotFound: "Couldn't find the field to update.",
  duplicateOption: 'This is a duplicate option.',
  optionNotSpecified: "Couldn't option specified.",
  noOptionsOnField: 'No options on selected field.',
  tierExists:
    "A tier for this quantity already exists. To alter this tier please select it, then edit it's values.",
  tierFieldsMissing: 'Missing requred tier fields.',
  noCurrencySelected: 'No currency is selected.',
  tierQuantityZero: 'A tier cannot have quantity 0.',
  tierQuantityNotEditable: 'This tiers quantity is not editable.',
  tierSelectionMissing: 'Missing selection to remove.',
  tierOfOneRequired: 'A tier with a quantity of 1 is required.',
  tierNotFound: 'Could not find the tier specified.',
} as const;

/** master-data §8 Success: 'X Successfully Created/Updated' is one message per action. */
export const MASTER_DATA_SUCCESS_MESSAGES = {
  customerCreated: 'Customer Successfully Created',
  customerUpdated: 'Customer Successfully Updated',
  userCreated: 'User Successfully Created',
  userUpdated: 'User Successfully Updated',
  passwordReset: 'Password Reset Sent',
  productCodeCreated: 'Product Code Successfully Created',
  productCodeUpdated: 'Product Code Successfully Updated',
  productSubcodeCreated: 'Product Subcode Successfully Created',
  /** After a product subcode update (the spec's wording has no entity name). */
  productSubcodeUpdated: 'Successfully Updated',
  vendorCreated: 'Vendor Successfully Created',
  vendorUpdated: 'Vendor Successfully Updated',
  factoryCreated: 'Factory Successfully Created',
  factoryUpdated: 'Factory Successfully Updated',
  warehouseCreated: 'Warehouse Successfully Created',
  warehouseUpdated: 'Warehouse Successfully Updated',
  productionRegionCreated: 'Production Region Successfully Created',
  productionRegionUpdated: 'Production Region Successfully Updated',
  productItemCreated: 'Product Item Successfully Created',
  productItemUpdated: 'Product Item Successfully Updated',
  attributeSchemaCreated: 'Attribute Schema Successfully Created',
  attributeSchemaUpdated: 'Attribute Schema Successfully Updated',
} as const;

/**
 * Ours: texts of the master-data calls that the spec leaves to us (master-data §8: "its wording is
 * not shown"). `label` is the entity's name in messages ('Product code').
 */
export const MASTER_DATA_MESSAGES = {
  staleVersion: 'This record was changed by someone else since you opened it. Reload it to see the changes.',
  /** 409 on a unique field: `Product code "WL-100" already exists.` */
  duplicate: (label: string, value: string) => `${label} "${value}" already exists.`,
  notFound: (label: string) => `${label} not found.`,
  /** 409 on deleting a record others refer to (a care option in a list). */
  inUse: (label: string) =>
    `This ${label.toLowerCase()} is in use and cannot be deleted; it can still be renamed.`,
  ownAccount: 'You cannot deactivate your own account or change your own role.',
  schemaNotForCustomer: 'The attribute schema must be global or belong to the customer.',
  invalidEmail: 'must be a valid email address',
  companyNameRequired: 'Company Name is required',
  /** A currency code of a tier or minimum value that the currencies list does not hold. */
  unknownCurrency: (currency: string) => `The currency ${currency} is not known.`,
  /** A care list chosen on a customer's care label settings that is of another kind. */
  notAListOf: (kind: string) => `The chosen list is not a ${kind} list.`,
  /** A product subcode image chosen on the screen above the limit (`mb`, MiB), before it is sent. */
  imageTooLarge: (mb: number) => `The image is larger than ${mb} MB.`,
} as const;

/**
 * Ours: texts of master-data rules the spec does not word (its catalogue, §8, has no text for
 * them), in the spec's style.
 */
export const MASTER_DATA_RULE_MESSAGES = {
  priceBelowZero: 'A price cannot be below 0.',
  /** A tier quantity of 2.6 or -1: refused, never rounded or cut behind the user's back (decision 0058). */
  tierQuantityWhole: 'A tier quantity must be a whole number over 0.',
  /** A price that is not an amount ('1.2.3', '12a'). */
  priceNotAmount: 'A price must be an amount such as 0.25, with at most 4 decimals.',
  minValueExists: 'A minimum order value for this currency already exists.',
  fieldNameRequired: 'A field needs a name.',
  optionRequired: 'An option needs a name.',
} as const;
