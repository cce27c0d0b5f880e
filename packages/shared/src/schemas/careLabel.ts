/**
 * The care label chosen on an order line (ordering §3 Care label; §5 fibre percentages), as the
 * order-line payload carries it. Its real shape and limits are enforced even before the care-label
 * editor exists: every text is bounded and free of control characters, lists are bounded,
 * percentages are whole numbers 0–100, unknown keys are refused. Whether the choices match the
 * customer's care-label configuration (-3/-4 at placing) is decision 0043's rule (careLabelAgainst).
 */
import { z } from 'zod';
import { CARE_MARKETS, type CustomerCareConfig } from '../careLabel/config';
import { CARE_INSTRUCTION_TYPES } from '../careLabel/symbols';
import { VALIDATION_MESSAGES as V } from '../messages/validation';
import { queryId, safeText } from './common';

const choice = safeText(200).nullable().optional();
const percentage = z.number().int(V.wholePercentage).min(0).max(100);

export const CARE_LABEL_TYPES = ['CARELABEL_STANDARD', 'CARELABEL_BY_CODE'] as const;

export const careLabel = z
  .object({
    type: z.enum(CARE_LABEL_TYPES),
    countryOfOrigin: choice,
    countryOfOrigins: z.array(safeText(200)).max(50).optional(),
    wash: choice,
    bleach: choice,
    dry: choice,
    iron: choice,
    dryClean: choice,
    instructionCode: z
      .object({ codeName: safeText(100), codeText: safeText(1000, { multiline: true }) })
      .strict()
      .nullable()
      .optional(),
    cautionMaintenance: safeText(1000, { multiline: true }).nullable().optional(),
    copyright: safeText(500).nullable().optional(),
    fibreContents: z
      .array(z.object({ material: safeText(200), percentage }).strict())
      .max(30)
      .optional(),
    garmentComponents: z
      .array(
        z
          .object({
            componentType: safeText(200),
            fabricCompositions: z.array(z.object({ percentage, material: safeText(200) }).strict()).max(30),
          })
          .strict(),
      )
      .max(30)
      .optional(),
    specialInstructions: z.array(safeText(500)).max(50).optional(),
    printed: z
      .object({
        icons: z.partialRecord(
          z.enum(['wash', 'bleach', 'dry', 'iron', 'dryClean']),
          safeText(100).nullable(),
        ),
        markets: z.array(z.enum(CARE_MARKETS)).max(3),
        caNumber: safeText(50).nullable(),
        rnNumber: safeText(50).nullable(),
      })
      .strict()
      .optional()
      .describe(
        "What the label prints besides the choices, fixed by the server at Add to Order from the customer's care configuration (icons of the chosen instructions, markets, CA/RN numbers); ignored on the way in",
      ),
  })
  .strict()
  .meta({ id: 'CareLabel' });
export type CareLabel = z.infer<typeof careLabel>;

const careOption = z.object({ id: z.number().int(), name: z.string() });

/** A customer's care configuration as answered (CustomerCareConfig of careLabel/config.ts). */
export const customerCareConfig = z
  .object({
    customerId: z.number().int(),
    countriesOfOrigin: z.array(careOption),
    cautionMaintenance: z.array(careOption),
    specialInstructions: z.array(careOption),
    componentTypes: z.array(careOption),
    materials: z.array(careOption),
    careInstructions: z.array(
      z.object({
        id: z.number().int(),
        type: z.enum(CARE_INSTRUCTION_TYPES),
        displayName: z.string(),
        icon: z.string().nullable(),
        sortKey: z.number(),
      }),
    ),
    careCodes: z.array(z.object({ id: z.number().int(), code: z.string(), text: z.string() })),
    specialInstructionsLimit: z.number().int(),
    copyrightShow: z.boolean(),
    fabricCompositionShow: z.boolean(),
    countryOfOriginRequired: z.boolean(),
    specialInstructionsRequired: z.boolean(),
    markets: z.array(z.enum(CARE_MARKETS)),
    caNumber: z.string().nullable().optional(),
    rnNumber: z.string().nullable().optional(),
  })
  .meta({ id: 'CustomerCareConfig' }) satisfies z.ZodType<CustomerCareConfig>;

/** GET /products/care-label?productSubcodeId= (ordering §2 Product details, care label editor). */
export const productCareLabelQuery = z.object({ productSubcodeId: queryId('a product subcode id') });

/** The care label editor's options and rules for one product: its label type and the customer's configuration. */
export const productCareLabelResponse = z
  .object({
    productSubcodeId: z.number().int(),
    type: z.enum(CARE_LABEL_TYPES),
    config: customerCareConfig,
  })
  .meta({ id: 'ProductCareLabel' });
export type ProductCareLabelResponse = z.infer<typeof productCareLabelResponse>;
