/**
 * The product passport's call (decision 0044): GET /passport/01/{gtin}/21/{serial}, public.
 * The answer is strict and narrow: the garment's label and nothing of its order, vendor or prices
 * (a test asserts its exact key set).
 */
import { z } from 'zod';
import { PASSPORT_LANGUAGES, type Passport } from '../careLabel/passport';
import { CARE_INSTRUCTION_TYPES } from '../careLabel/symbols';
import { VALIDATION_MESSAGES as V } from '../messages/validation';
import { CARE_LABEL_TYPES } from './careLabel';

/** Path parameters: a GTIN-14 with its GS1 check digit (checked by the service) and a serial of ours. */
export const passportParams = z.object({
  gtin: z.string().regex(/^\d{14}$/, V.passportGtin),
  serial: z.string().regex(/^[A-Za-z0-9_-]{1,20}$/, V.passportSerial),
});

const passportText = z
  .partialRecord(z.enum(PASSPORT_LANGUAGES), z.string())
  .describe('The text per language');

export const passportResponse = z
  .object({
    gtin: z.string().describe('GTIN-14 of the garment'),
    serial: z.string().describe('GS1 AI 21 serial of this label'),
    languages: z.array(z.enum(PASSPORT_LANGUAGES)).describe("The customer's label languages"),
    labelType: z.enum(CARE_LABEL_TYPES),
    components: z.array(
      z
        .object({
          component: z
            .string()
            .nullable()
            .describe('Garment component (Shell, Lining…); null: the whole garment'),
          fibres: z.array(z.object({ percentage: z.number().int().nullable(), name: passportText }).strict()),
        })
        .strict(),
    ),
    careInstructions: z.array(
      z
        .object({
          type: z.enum(CARE_INSTRUCTION_TYPES),
          text: z.string(),
          symbol: z.string().nullable().describe('ISO 3758 symbol name (care symbols of the label)'),
        })
        .strict(),
    ),
    careCode: z.object({ code: z.string(), text: z.string() }).strict().nullable(),
    countriesOfOrigin: z.array(z.string()),
    caution: z.string().nullable(),
    specialInstructions: z.array(z.string()),
  })
  .strict()
  .meta({ id: 'ProductPassport' }) satisfies z.ZodType<Passport>;
export type PassportResponse = z.infer<typeof passportResponse>;
