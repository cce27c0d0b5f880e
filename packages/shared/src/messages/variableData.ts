/** Texts of the variable data upload (master-data §2 Variable data upload, §5, §8 Success). */
import { MASTER_DATA_MESSAGES } from './masterData';

/** master-data §8 Success. */
export const VARIABLE_DATA_SPEC_MESSAGES = {
  variableDataUploaded:
    'Variable data file successfully uploaded. You will receive an email once it has finished processing. This may take several minutes.',
} as const;

/** Ours: the upload call's refusals (master-data §5: "Upload of variable data needs customer and file"). */
export const VARIABLE_DATA_UPLOAD_MESSAGES = {
  /** A customer the user may not see answers the same. */
  customerNotFound: MASTER_DATA_MESSAGES.notFound('Customer'),
  customerRequired: 'Customer is required (a form field sent before the file).',
  /** `customer` is the customer's name. */
  noParser: (customer: string) => `${customer} has no variable data parser.`,
} as const;
