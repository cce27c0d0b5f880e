/**
 * Retailer data files (master-data §2 Variable data upload, §7 GET /configuration/variable-data-customers
 * and POST /configuration/upload-variable-data, §8; decision 0045): the customers that have a parser,
 * an upload and its processing state and report as the /variable-data-upload screen lists them.
 */
import { z } from 'zod';
import { pathId } from './common';

/** GET /configuration/variable-data-customers: customers with a parser (parserType not NONE). */
export const variableDataCustomer = z
  .object({
    customerId: z.number().int(),
    customerName: z.string(),
    /** FLAT_FILE (Dunnes) or DELIMITED_ROOTS (Roots): the layout the customer's files are read with. */
    parserType: z.enum(['FLAT_FILE', 'DELIMITED_ROOTS']),
  })
  .meta({ id: 'VariableDataCustomer' });
export const variableDataCustomersResponse = z
  .object({ customers: z.array(variableDataCustomer) })
  .meta({ id: 'VariableDataCustomersResponse' });
export type VariableDataCustomer = z.infer<typeof variableDataCustomer>;
export type VariableDataCustomersResponse = z.infer<typeof variableDataCustomersResponse>;

/** The multipart field names of POST /configuration/upload-variable-data (customerId before file). */
export const VARIABLE_DATA_UPLOAD_FIELDS = { file: 'file', customerId: 'customerId' } as const;

/** `customerId` of the upload form: digits, 1 to MAX_ID (a form field is text). */
export const variableDataUploadCustomerId = pathId('a customer id').transform(Number);

/** An upload's processing state: queued → processing → finished, or refused (the whole file). */
export const DATA_UPLOAD_STATES = ['queued', 'processing', 'finished', 'refused'] as const;
export type DataUploadState = (typeof DATA_UPLOAD_STATES)[number];

/** One refused row (or the whole file, line possibly null): line, field, reason. */
export const dataUploadRefusal = z
  .object({ line: z.number().int().nullable(), field: z.string(), reason: z.string() })
  .meta({ id: 'DataUploadRefusal' });
export type DataUploadRefusal = z.infer<typeof dataUploadRefusal>;

/**
 * What processing an upload did (the screen and the mail): rows read; product items created and
 * updated (their rows replaced); rows added (a size/colour new to its item), changed (same size and
 * colour, other data), removed (in the item before, not in the new file) and refused; the first
 * refusals (all of them are in the mail's CSV); `fileRefusal` when the whole file was refused
 * (nothing kept); seconds it took.
 */
export const dataUploadReport = z
  .object({
    rowsRead: z.number().int(),
    itemsCreated: z.number().int(),
    itemsUpdated: z.number().int(),
    rowsAdded: z.number().int(),
    rowsChanged: z.number().int(),
    rowsRemoved: z.number().int(),
    rowsRefused: z.number().int(),
    /** At most DATA_UPLOAD_REPORT_REFUSALS, in line order. */
    refusals: z.array(dataUploadRefusal),
    fileRefusal: z.string().nullable(),
    seconds: z.number(),
  })
  .meta({ id: 'DataUploadReport' });
export type DataUploadReport = z.infer<typeof dataUploadReport>;
/** How many refusals the report itself lists (the mail's CSV attachment has them all). */
export const DATA_UPLOAD_REPORT_REFUSALS = 100;

/** One upload as the screen lists it. */
export const dataUpload = z
  .object({
    id: z.number().int(),
    customerId: z.number().int(),
    customerName: z.string(),
    fileName: z.string(),
    fileSize: z.number().int(),
    state: z.enum(DATA_UPLOAD_STATES),
    rowsDone: z.number().int(),
    rowsTotal: z.number().int().nullable(),
    report: dataUploadReport.nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'DataUpload' });
export type DataUpload = z.infer<typeof dataUpload>;

/** POST /configuration/upload-variable-data: the §8 message and the queued upload. */
export const variableDataUploadResponse = z
  .object({ message: z.string(), upload: dataUpload })
  .meta({ id: 'VariableDataUploadResponse' });
export type VariableDataUploadResponse = z.infer<typeof variableDataUploadResponse>;

/** GET /configuration/variable-data-uploads: the signed-in user's latest uploads, newest first. */
export const dataUploadsResponse = z
  .object({ uploads: z.array(dataUpload) })
  .meta({ id: 'DataUploadsResponse' });
export type DataUploadsResponse = z.infer<typeof dataUploadsResponse>;
/** How many of the user's uploads the screen lists. */
export const RECENT_DATA_UPLOADS = 20;
