/**
 * Texts of care labels: the care label editor of an order line (ordering §5), the care labels page
 * and its lists (master-data §2 Care labels page, §8 Lists, §8 Success).
 */

/** ordering §5 Validation rules (fibre percentages, special care instructions; master-data §5 too). */
export const CARE_LABEL_SPEC_MESSAGES = {
  materialPercentages: 'All material percentages must add up to 100%. Please correct the fields below.',
  specialInstructionsLimit: (limit: number) => `Special Care Instructions Limit: ${limit}`,
} as const;

/** master-data §8 Lists and §8 Success (options and lists of the care labels page). */
export const CARE_LIST_SPEC_MESSAGES = {
  listNotFound: 'Could not find list specified',
  listOptionNotFound: 'Could not find the option specified',
  optionAdded: 'Option Successfully Added',
  optionUpdated: 'Option Successfully Updated',
  listAdded: 'List Successfully Added',
  listUpdated: 'List Successfully Updated',
  listRemoved: 'List Successfully Removed',
} as const;

/** The list calls' refusals: master-data §8 Lists, and ours where the spec is silent. */
export const CARE_LIST_MESSAGES = {
  listNotFound: CARE_LIST_SPEC_MESSAGES.listNotFound,
  optionNotFound: CARE_LIST_SPEC_MESSAGES.listOptionNotFound,
  duplicate: (name: string) => `List "${name}" already exists.`,
  alreadyInList: 'The option is already in the list.',
  listInUse: "This list is chosen on a customer's care label settings and cannot be removed.",
  useFabricPaths:
    'A fabric composition list adds its items under component-types/{optionId} or materials/{optionId}.',
} as const;

/** Success texts of master-data §8 for the care labels page (optionRemoved is ours: §8 names no text for it). */
export const CARE_LABEL_SUCCESS = {
  optionAdded: CARE_LIST_SPEC_MESSAGES.optionAdded,
  optionUpdated: CARE_LIST_SPEC_MESSAGES.optionUpdated,
  optionRemoved: 'Option Successfully Removed',
  listAdded: CARE_LIST_SPEC_MESSAGES.listAdded,
  listUpdated: CARE_LIST_SPEC_MESSAGES.listUpdated,
  listRemoved: CARE_LIST_SPEC_MESSAGES.listRemoved,
} as const;

/** Ours: the cart's refusals of a line's care label, by product subcode (cart.careLabel.ts). */
export const CARE_LABEL_API_MESSAGES = {
  required: (subcode: string) => `Product ${subcode} is ordered with a care label: please fill it in.`,
  notCarried: (subcode: string) => `Product ${subcode} has no care label.`,
} as const;
