/** Shapes shared by many calls (ARCHITECTURE.md Contract). */
import { z } from 'zod';
import { VALIDATION_MESSAGES as V } from '../messages/validation';
import { installErrorMap } from './errorMap';

// The one error mapping (field-naming sentences), in place before any schema is used.
installErrorMap();

/**
 * Every failed call answers this, with a fitting status (ARCHITECTURE.md Contract, decision 0058):
 * `message` a sentence in the user's words (the spec's text where it gives one), never prefixed by
 * a field path; `field` the dotted path of the refused field, when one is; `fields` every refused
 * field when there are several.
 */
export const errorResponse = z
  .object({
    message: z.string().describe("A sentence for the user: the spec's text where it gives one"),
    field: z
      .string()
      .optional()
      .describe("The refused field's dotted path in the request ('priceTiers.1.quantity'), when one is"),
    fields: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('Every refused field with its sentence, when there are several'),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Paging query of every list: pages count from 0. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(500).default(50),
});

/** Paging fields of every list answer. */
export const pagingInfo = z.object({
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  lastPage: z.boolean(),
  totalItems: z.number().int(),
});
export type PagingInfo = z.infer<typeof pagingInfo>;

/** A money amount: decimal string (never a binary float) with its ISO 4217 currency. */
export const money = z.object({ currency: z.string(), price: z.string() });
export type Money = z.infer<typeof money>;

/** Largest id of a serial column (a PostgreSQL integer): larger ids are bad input (400), not 500. */
export const MAX_ID = 2_147_483_647;

/** An id in a path or query string: digits only, 1 to MAX_ID. */
export const pathId = (what: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, V.idDigits(what))
    .refine((v) => Number(v) >= 1 && Number(v) <= MAX_ID, V.idBetween(what, MAX_ID))
    .describe(what);

/** An id in a JSON body: a whole number from 1 to MAX_ID. */
export const bodyId = (what: string) =>
  z
    .number()
    .int(V.idWhole(what))
    .min(1, V.idBetween(what, MAX_ID))
    .max(MAX_ID, V.idBetween(what, MAX_ID))
    .describe(what);

export const idParam = z.object({ id: pathId('an id').transform(Number) });

/** An id in a query string, as a number (1 to MAX_ID). */
export const queryId = (what: string) => pathId(what).transform(Number);

/** A calendar day 'YYYY-MM-DD' between 1900-01-01 and 2999-12-31 (a real date: no 2027-02-30, no year 0). */
export const calendarDate = (what = 'a date') =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, V.dateFormat(what))
    .refine((v) => {
      const [y, m, d] = v.split('-').map(Number) as [number, number, number];
      return m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
    }, V.dateInCalendar(what))
    .refine((v) => v >= '1900-01-01' && v <= '2999-12-31', V.dateBetween(what));
export const okResponse = z.object({ message: z.string() });

/** A document attached to an order (related or shipping document): its id and file name. */
export const documentRef = z
  .object({ documentId: z.number().int(), name: z.string() })
  .meta({ id: 'DocumentRef' });
export type DocumentRef = z.infer<typeof documentRef>;

/** Answer of an upload that adds a document (ordering §8 'Document has been uploaded successfully.'). */
export const documentUploadResponse = z
  .object({ message: z.string(), document: documentRef })
  .meta({ id: 'DocumentUploadResponse' });
export type DocumentUploadResponse = z.infer<typeof documentUploadResponse>;

/**
 * True when `value` holds no control characters (NUL, ESC, DEL…); with `multiline`, tab, line feed
 * and carriage return are allowed. Control characters in text are bad input (400), never stored.
 */
export function hasNoControlChars(value: string, multiline = false): boolean {
  for (const ch of value) {
    const c = ch.codePointAt(0) ?? 0;
    if (c === 127 || (c < 32 && !(multiline && (c === 9 || c === 10 || c === 13)))) return false;
  }
  return true;
}

/** Free text of at most `max` characters, without control characters (line breaks with `multiline`). */
export const safeText = (max: number, opts: { multiline?: boolean } = {}) =>
  z
    .string()
    .max(max, V.maxLength(max))
    .refine((v) => hasNoControlChars(v, opts.multiline), V.noControlChars);
