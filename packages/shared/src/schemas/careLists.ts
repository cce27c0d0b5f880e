/**
 * The care-label list calls (master-data §2 Care labels page Lists tab, §7 "Fetch all lists per
 * kind; add, update, remove list", "Fetch a list's items", "Add/remove item in list";
 * decision 0041): one list mechanism for every kind (CARE_LIST_KINDS, kebab-case in the path).
 * A fabric composition list has two checklists, so its items are added and removed under
 * `component-types/{optionId}` and `materials/{optionId}` instead of `items/{optionId}`.
 */
import { z } from 'zod';
import { CARE_LIST_KINDS } from '../careLabel/kinds';
import { CARE_INSTRUCTION_TYPES } from '../careLabel/symbols';
import { VALIDATION_MESSAGES as V } from '../messages/validation';
import { pathId, safeText } from './common';

export const CARE_LIST_PATHS = {
  lists: '/care-label/lists/:kind',
  list: '/care-label/lists/:kind/:listId',
  items: '/care-label/lists/:kind/:listId/items',
  item: '/care-label/lists/:kind/:listId/items/:optionId',
  fabricComponentType: '/care-label/lists/fabric-composition/:listId/component-types/:optionId',
  fabricMaterial: '/care-label/lists/fabric-composition/:listId/materials/:optionId',
} as const;

export const careListKindParam = z.enum(CARE_LIST_KINDS, {
  error: V.oneOf(CARE_LIST_KINDS.join(', '), 'kind'),
});
export const careListParams = z.object({ kind: careListKindParam });
export const careListIdParams = z.object({
  kind: careListKindParam,
  listId: pathId('a list id').transform(Number),
});
export const careListItemParams = careListIdParams.extend({
  optionId: pathId('an option id').transform(Number),
});
export const fabricListItemParams = z.object({
  listId: pathId('a list id').transform(Number),
  optionId: pathId('an option id').transform(Number),
});

const id = z.number().int().positive();
/** A named list: `{ id, name }`. */
export const careListRecord = z.object({ id, name: z.string() }).meta({ id: 'CareList' });
export type CareListRecord = z.infer<typeof careListRecord>;
export const careListsResponse = z
  .object({ listContent: z.array(careListRecord) })
  .meta({ id: 'CareListsResponse' });
export type CareListsResponse = z.infer<typeof careListsResponse>;
export const careListBody = z.object({
  name: z
    .string({ error: V.required('name') })
    .pipe(safeText(200))
    .transform((v) => v.trim())
    .pipe(z.string().min(1, V.required('name'))),
});
export type CareListBody = z.input<typeof careListBody>;

const ref = z.object({ id, name: z.string() });
const code = z.object({ id, code: z.string(), text: z.string() });
const instruction = z.object({
  id,
  type: z.enum(CARE_INSTRUCTION_TYPES),
  displayName: z.string(),
  icon: z.string(),
  sortKey: z.number().int(),
});

/**
 * A list's items (master-data §7 "Fetch a list's items"), by kind: `refs` (country of origin,
 * caution maintenance, special instruction), `codes` (care code), `componentTypes` and `materials`
 * (fabric composition), or the care instructions by type under washOptions … dryCleanOptions.
 */
export const careListItemsResponse = z
  .object({
    refs: z.array(ref).optional(),
    codes: z.array(code).optional(),
    componentTypes: z.array(ref).optional(),
    materials: z.array(ref).optional(),
    washOptions: z.array(instruction).optional(),
    bleachOptions: z.array(instruction).optional(),
    dryOptions: z.array(instruction).optional(),
    ironOptions: z.array(instruction).optional(),
    dryCleanOptions: z.array(instruction).optional(),
  })
  .meta({ id: 'CareListItemsResponse' });
export type CareListItemsResponse = z.infer<typeof careListItemsResponse>;

/** The key of careListItemsResponse under which each care instruction type's options come. */
export const CARE_INSTRUCTION_ITEM_KEYS = {
  WASH: 'washOptions',
  BLEACH: 'bleachOptions',
  DRY: 'dryOptions',
  IRON: 'ironOptions',
  DRYCLEAN: 'dryCleanOptions',
} as const;
