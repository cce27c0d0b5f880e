/**
 * The care-label rules of ordering §5 (fibre percentage, components, special instructions, required
 * fields) and §8 (-3, -4), judged against a customer's CustomerCareConfig (config.ts). One verdict,
 * careLabelAgainst, serves the editor (what to flag), Add to Order (400 naming the field), Edit after
 * a refusal (the label with what is still valid kept) and placing (-3/-4). Pure code, no I/O, no
 * validation library (screens load it without zod). Decision 0043.
 *
 * A label chooses options BY NAME, as the order-line payload stores them (schemas/careLabel.ts): a
 * care instruction by its displayName within its type, a care code by code and text, the other kinds
 * by name. An option that left the customer's lists (or was renamed) is therefore "not offered", and a
 * stored line that uses it is stale.
 */
import { MESSAGES } from '../messages';
import type { CareLabel } from '../schemas/careLabel';
import type { CareOption, CustomerCareConfig } from './config';
import type { CareInstructionType } from './symbols';

export type CareLabelType = CareLabel['type'];

/** One material row of a component as the editor holds it: `percentage` null is an empty field. */
export interface FabricCompositionDraft {
  material: string;
  percentage: number | null;
}

/** One garment component (shell, lining…) with its material rows. */
export interface GarmentComponentDraft {
  componentType: string;
  fabricCompositions: FabricCompositionDraft[];
}

/**
 * A care label while it is being edited: the stored CareLabel where a percentage may still be empty
 * (null) and a material or component type not chosen yet (''). Every CareLabel is a CareLabelDraft.
 */
export type CareLabelDraft = Omit<CareLabel, 'garmentComponents' | 'fibreContents'> & {
  garmentComponents?: GarmentComponentDraft[];
  fibreContents?: FabricCompositionDraft[];
};

/** The label's care instruction fields of a standard label, in ISO 3758 order, with their type. */
export const CARE_INSTRUCTION_FIELDS = [
  { field: 'wash', type: 'WASH' },
  { field: 'bleach', type: 'BLEACH' },
  { field: 'dry', type: 'DRY' },
  { field: 'iron', type: 'IRON' },
  { field: 'dryClean', type: 'DRYCLEAN' },
] as const satisfies readonly { field: keyof CareLabel; type: CareInstructionType }[];
export type CareInstructionField = (typeof CARE_INSTRUCTION_FIELDS)[number]['field'];

/**
 * Why a label is not acceptable. `field` is a path into the label ('wash', 'garmentComponents.1',
 * 'garmentComponents.1.fabricCompositions.0.material', 'specialInstructions.2'…).
 * - required: a required field is empty (per label type and customer settings, ordering §5);
 * - notOffered: a chosen option is not in the customer's lists (any more);
 * - notShown: the customer does not show this part (copyright, fabric composition);
 * - notForType: a field of the other label type;
 * - wrongType: the label's type is not the subcode's;
 * - percentages: a component's percentages are empty or do not total exactly 100;
 * - duplicate: a component type twice on the label, a material twice in a component, a special
 *   instruction or a country twice;
 * - limit: more special instructions than the customer's limit;
 * - fabricMissing: fabric composition is shown (required) and the label has none (-4 at placing).
 */
export type CareLabelRule =
  | 'required'
  | 'notOffered'
  | 'notShown'
  | 'notForType'
  | 'wrongType'
  | 'percentages'
  | 'duplicate'
  | 'limit'
  | 'fabricMissing';

export interface CareLabelProblem {
  field: string;
  rule: CareLabelRule;
  message: string;
}

/** The verdict of careLabelAgainst. */
export interface CareLabelVerdict {
  /** True when the label may be ordered or placed as it is. */
  valid: boolean;
  problems: CareLabelProblem[];
  /**
   * The label with what is still valid kept: options no longer offered, parts no longer shown, fields
   * of the other type, duplicates and instructions past the limit removed (a component left without
   * material rows goes too). Percentages are kept as they are: the editor flags their sums. This is
   * what Edit opens after a -3/-4 refusal.
   */
  kept: CareLabelDraft;
  /** Fabric composition is shown (required) and the label has none: -4 at placing when nothing else is wrong. */
  missingFabric: boolean;
}

/** A label type in a sentence ('a care label by code'). */
const TYPE_WORDS: Record<CareLabelType, string> = {
  CARELABEL_STANDARD: 'a standard care label',
  CARELABEL_BY_CODE: 'a care label by code',
};

/**
 * What each field of a label is called in a sentence (the editor's words, ordering §3 Care label),
 * by its last named step: 'garmentComponents.0.componentType' is a component type.
 */
const CARE_FIELD_WORDS: Record<string, string> = {
  type: 'care label type',
  wash: 'wash instruction',
  bleach: 'bleach instruction',
  dry: 'dry instruction',
  iron: 'iron instruction',
  dryClean: 'dry clean instruction',
  instructionCode: 'care code',
  countryOfOrigins: 'country of origin',
  cautionMaintenance: 'caution and maintenance text',
  copyright: 'copyright',
  garmentComponents: 'fabric composition',
  fibreContents: 'fabric composition',
  componentType: 'component type',
  material: 'material',
  specialInstructions: 'special care instruction',
};

/** The words of a problem's field path ('garmentComponents.0.fabricCompositions.1.material' → 'material'). */
export function careLabelFieldWords(field: string): string {
  const named = field.split('.').filter((step) => !/^\d+$/.test(step));
  const last = named[named.length - 1] ?? field;
  return CARE_FIELD_WORDS[last] ?? last;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The problems' sentences (decision 0058): each names its field in the editor's words, so it reads
 * alike under the field and in a message ('Care code is required on a care label by code.').
 */
const TEXT = {
  required: (field: string) => `${capital(careLabelFieldWords(field))} is required.`,
  requiredOn: (field: string, type: CareLabelType) =>
    `${capital(careLabelFieldWords(field))} is required on ${TYPE_WORDS[type]}.`,
  notOffered: (field: string) =>
    `The chosen ${careLabelFieldWords(field)} is not one of the customer's care label options.`,
  notShown: (field: string) =>
    `${capital(careLabelFieldWords(field))} is not shown on this customer's care labels.`,
  notForType: (field: string, type: CareLabelType) =>
    `${capital(careLabelFieldWords(field))} is not part of ${TYPE_WORDS[type]}.`,
  wrongType: (type: CareLabelType) => `This product's care label must be ${TYPE_WORDS[type]}.`,
  duplicateComponent: 'Each component type may be chosen once per label.',
  duplicateMaterial: 'Each material may be chosen once per component.',
  duplicateInstruction: 'Each special care instruction may be chosen once.',
  duplicateCountry: 'Each country of origin may be chosen once.',
  fabricMissing: 'Fabric composition is required for this customer.',
} as const;

/** Largest fibre percentage (ordering §9). */
export const FIBRE_PERCENTAGE_MAX = 100;

/**
 * What a fibre percentage field keeps of what was typed (ordering §5): digits only, capped at 100,
 * 0 becomes empty (null). '' is empty.
 */
export function fibrePercentageInput(text: string): number | null {
  const digits = text.replace(/\D+/g, '').replace(/^0+/, '');
  if (digits === '') return null;
  // More than three digits is above 100 whatever they are: cap without reading a huge number.
  return digits.length > 3 ? FIBRE_PERCENTAGE_MAX : Math.min(FIBRE_PERCENTAGE_MAX, Number(digits));
}

/** The sum of a component's percentages (empty fields count 0). */
export function componentTotal(rows: readonly FabricCompositionDraft[]): number {
  return rows.reduce((sum, r) => sum + (r.percentage ?? 0), 0);
}

/** True when every percentage is filled (1–100) and they total exactly 100 (ordering §5). */
export function componentPercentagesValid(rows: readonly FabricCompositionDraft[]): boolean {
  return (
    rows.length > 0 &&
    rows.every((r) => r.percentage != null && Number.isInteger(r.percentage) && r.percentage > 0) &&
    componentTotal(rows) === 100
  );
}

/** The countries of origin a label names (countryOfOrigin first, then countryOfOrigins), without repeats. */
export function labelCountries(label: CareLabelDraft): string[] {
  const all = [label.countryOfOrigin, ...(label.countryOfOrigins ?? [])].filter(
    (c): c is string => typeof c === 'string' && c !== '',
  );
  return [...new Set(all)];
}

/** An empty label of a type, as the editor starts it. */
export function emptyCareLabel(type: CareLabelType): CareLabelDraft {
  return type === 'CARELABEL_STANDARD'
    ? {
        type,
        countryOfOrigins: [],
        wash: null,
        bleach: null,
        dry: null,
        iron: null,
        dryClean: null,
        cautionMaintenance: null,
        garmentComponents: [],
        specialInstructions: [],
      }
    : {
        type,
        countryOfOrigins: [],
        instructionCode: null,
        cautionMaintenance: null,
        garmentComponents: [],
        specialInstructions: [],
      };
}

const names = (options: readonly CareOption[]): Set<string> => new Set(options.map((o) => o.name));
const filled = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/** The care instruction display names the customer offers for a type, in sort-key order. */
export function careInstructionChoices(config: CustomerCareConfig, type: CareInstructionType) {
  return config.careInstructions
    .filter((o) => o.type === type)
    .sort((a, b) => a.sortKey - b.sortKey || a.displayName.localeCompare(b.displayName));
}

/**
 * Judges a label against the customer's care configuration and, when given, the subcode's label
 * type (ordering §5, §8). Returns every problem (field path, rule, message), the label with what is
 * still valid kept, and whether only fabric composition is missing. Never throws.
 */
export function careLabelAgainst(
  config: CustomerCareConfig,
  label: CareLabelDraft,
  expectedType?: CareLabelType,
): CareLabelVerdict {
  const problems: CareLabelProblem[] = [];
  const add = (field: string, rule: CareLabelRule, message: string) =>
    problems.push({ field, rule, message });
  const type: CareLabelType = expectedType ?? label.type;
  if (expectedType && label.type !== expectedType) add('type', 'wrongType', TEXT.wrongType(expectedType));
  const kept: CareLabelDraft = { type };

  // Care instructions: five fields on a standard label, the code on a label by code.
  for (const { field, type: instructionType } of CARE_INSTRUCTION_FIELDS) {
    const value = label[field];
    if (type === 'CARELABEL_STANDARD') {
      if (!filled(value)) {
        add(field, 'required', TEXT.requiredOn(field, type));
        kept[field] = null;
      } else if (
        !config.careInstructions.some((o) => o.type === instructionType && o.displayName === value)
      ) {
        add(field, 'notOffered', TEXT.notOffered(field));
        kept[field] = null;
      } else kept[field] = value;
    } else if (filled(value)) add(field, 'notForType', TEXT.notForType(field, type));
  }
  const code = label.instructionCode;
  if (type === 'CARELABEL_BY_CODE') {
    if (!code || !filled(code.codeName)) {
      add('instructionCode', 'required', TEXT.requiredOn('instructionCode', type));
      kept.instructionCode = null;
    } else if (!config.careCodes.some((o) => o.code === code.codeName && o.text === code.codeText)) {
      add('instructionCode', 'notOffered', TEXT.notOffered('instructionCode'));
      kept.instructionCode = null;
    } else kept.instructionCode = { codeName: code.codeName, codeText: code.codeText };
  } else if (code) add('instructionCode', 'notForType', TEXT.notForType('instructionCode', type));

  // Countries of origin: offered, once each, required when the customer says so.
  const offeredCountries = names(config.countriesOfOrigin);
  const chosen = [label.countryOfOrigin, ...(label.countryOfOrigins ?? [])].filter(filled);
  const countries = labelCountries(label);
  if (chosen.length !== countries.length) add('countryOfOrigins', 'duplicate', TEXT.duplicateCountry);
  const keptCountries = countries.filter((c) => offeredCountries.has(c));
  if (keptCountries.length < countries.length)
    add('countryOfOrigins', 'notOffered', TEXT.notOffered('countryOfOrigins'));
  if (countries.length === 0 && config.countryOfOriginRequired)
    add('countryOfOrigins', 'required', TEXT.required('countryOfOrigins'));
  kept.countryOfOrigins = keptCountries;

  // Caution and maintenance: optional, one of the customer's options.
  if (filled(label.cautionMaintenance)) {
    if (names(config.cautionMaintenance).has(label.cautionMaintenance))
      kept.cautionMaintenance = label.cautionMaintenance;
    else {
      add('cautionMaintenance', 'notOffered', TEXT.notOffered('cautionMaintenance'));
      kept.cautionMaintenance = null;
    }
  } else kept.cautionMaintenance = null;

  // Copyright: free text, only when the customer shows it.
  if (filled(label.copyright)) {
    if (config.copyrightShow) kept.copyright = label.copyright;
    else add('copyright', 'notShown', TEXT.notShown('copyright'));
  }

  // Fabric composition: components (each type once) with material rows (each material once) whose
  // percentages total 100; or the flat fibreContents of a label without components.
  const components = label.garmentComponents ?? [];
  const flat = label.fibreContents ?? [];
  const hasFabric = components.length > 0 || flat.length > 0;
  const missingFabric = config.fabricCompositionShow && !hasFabric;
  if (missingFabric) add('garmentComponents', 'fabricMissing', TEXT.fabricMissing);
  if (hasFabric && !config.fabricCompositionShow) {
    const field = components.length > 0 ? 'garmentComponents' : 'fibreContents';
    add(field, 'notShown', TEXT.notShown(field));
  }
  if (config.fabricCompositionShow) {
    const componentTypes = names(config.componentTypes);
    const materials = names(config.materials);
    const judgeRows = (rows: readonly FabricCompositionDraft[], path: string): FabricCompositionDraft[] => {
      const seen = new Set<string>();
      const keptRows: FabricCompositionDraft[] = [];
      rows.forEach((row, i) => {
        const at = `${path}.${i}.material`;
        if (!filled(row.material)) add(at, 'required', TEXT.required(at));
        else if (!materials.has(row.material)) add(at, 'notOffered', TEXT.notOffered(at));
        else if (seen.has(row.material)) add(at, 'duplicate', TEXT.duplicateMaterial);
        else {
          seen.add(row.material);
          keptRows.push({ material: row.material, percentage: row.percentage });
          return;
        }
      });
      return keptRows;
    };
    const seenTypes = new Set<string>();
    const keptComponents: GarmentComponentDraft[] = [];
    components.forEach((component, ci) => {
      const path = `garmentComponents.${ci}`;
      if (!componentPercentagesValid(component.fabricCompositions))
        add(path, 'percentages', MESSAGES.materialPercentages);
      const rows = judgeRows(component.fabricCompositions, `${path}.fabricCompositions`);
      let typeKept = true;
      if (!filled(component.componentType)) {
        add(`${path}.componentType`, 'required', TEXT.required('componentType'));
        typeKept = false;
      } else if (!componentTypes.has(component.componentType)) {
        add(`${path}.componentType`, 'notOffered', TEXT.notOffered('componentType'));
        typeKept = false;
      } else if (seenTypes.has(component.componentType)) {
        add(`${path}.componentType`, 'duplicate', TEXT.duplicateComponent);
        typeKept = false;
      }
      if (typeKept && rows.length > 0) {
        seenTypes.add(component.componentType);
        keptComponents.push({ componentType: component.componentType, fabricCompositions: rows });
      }
    });
    kept.garmentComponents = keptComponents;
    if (flat.length > 0) {
      if (!componentPercentagesValid(flat)) add('fibreContents', 'percentages', MESSAGES.materialPercentages);
      const rows = judgeRows(flat, 'fibreContents');
      if (rows.length > 0) kept.fibreContents = rows;
    }
  } else kept.garmentComponents = [];

  // Special care instructions: offered, each once, within the limit, required when the customer says so.
  const offeredInstructions = names(config.specialInstructions);
  const keptInstructions: string[] = [];
  (label.specialInstructions ?? []).forEach((instruction, i) => {
    const at = `specialInstructions.${i}`;
    if (!offeredInstructions.has(instruction)) add(at, 'notOffered', TEXT.notOffered(at));
    else if (keptInstructions.includes(instruction)) add(at, 'duplicate', TEXT.duplicateInstruction);
    else if (keptInstructions.length >= config.specialInstructionsLimit)
      add(at, 'limit', MESSAGES.specialInstructionsLimit(config.specialInstructionsLimit));
    else keptInstructions.push(instruction);
  });
  if ((label.specialInstructions ?? []).length === 0 && config.specialInstructionsRequired)
    add('specialInstructions', 'required', TEXT.required('specialInstructions'));
  kept.specialInstructions = keptInstructions;

  return { valid: problems.length === 0, problems, kept, missingFabric };
}

/**
 * Placing's care-label refusal (ordering §8) from the verdicts of the cart's labelled lines (each
 * judged against the customer's configuration at placing): -3 ('careLabelChangedRefresh') when any
 * line has a problem other than missing fabric composition, else -4 ('careLabelChangedEdit') when a
 * line misses fabric composition that became required, else null. -3 comes first: refreshing shows
 * every change, and Edit then asks for the fabric too.
 */
export function careLabelPlaceRefusal(
  verdicts: readonly CareLabelVerdict[],
): 'careLabelChangedRefresh' | 'careLabelChangedEdit' | null {
  if (verdicts.some((v) => v.problems.some((p) => p.rule !== 'fabricMissing')))
    return 'careLabelChangedRefresh';
  if (verdicts.some((v) => v.missingFabric)) return 'careLabelChangedEdit';
  return null;
}

/**
 * The one message Add to Order and the editor show for a verdict, with the field it is about (its
 * path on the label, e.g. 'instructionCode'; the API answers it under `careLabel.`): the percentages
 * text of ordering §5 verbatim when a component's sum is wrong, else the first problem's sentence
 * (decision 0058: never a field path in front of it); null when the label is valid.
 */
export function careLabelRefusal(verdict: CareLabelVerdict): { field: string; message: string } | null {
  if (verdict.valid) return null;
  const first = verdict.problems.find((p) => p.rule === 'percentages') ?? verdict.problems[0];
  return first ? { field: first.field, message: first.message } : null;
}

/** The message of careLabelRefusal, or null when the label is valid. */
export function careLabelMessage(verdict: CareLabelVerdict): string | null {
  return careLabelRefusal(verdict)?.message ?? null;
}

// ---------------------------------------------------------------- editor steps (ordering §5)

const withComponents = (label: CareLabelDraft, components: GarmentComponentDraft[]): CareLabelDraft => ({
  ...label,
  garmentComponents: components,
});

/** Component types the customer offers that the label does not use yet (each once per label). */
export function offeredComponentTypes(config: CustomerCareConfig, label: CareLabelDraft): CareOption[] {
  const used = new Set((label.garmentComponents ?? []).map((c) => c.componentType));
  return config.componentTypes.filter((o) => !used.has(o.name));
}

/**
 * Materials offered for one row of a component: the customer's materials not used by the
 * component's other rows (each once per component); `row` keeps its own choice offered.
 */
export function offeredMaterials(
  config: CustomerCareConfig,
  label: CareLabelDraft,
  componentIndex: number,
  row?: number,
): CareOption[] {
  const rows = label.garmentComponents?.[componentIndex]?.fabricCompositions ?? [];
  const used = new Set(rows.filter((_r, i) => i !== row).map((r) => r.material));
  return config.materials.filter((o) => !used.has(o.name));
}

/** Adds a component of a type with one empty material row; a type already on the label is refused (unchanged). */
export function addGarmentComponent(label: CareLabelDraft, componentType: string): CareLabelDraft {
  const components = label.garmentComponents ?? [];
  if (!filled(componentType) || components.some((c) => c.componentType === componentType)) return label;
  return withComponents(label, [
    ...components,
    { componentType, fabricCompositions: [{ material: '', percentage: null }] },
  ]);
}

/** Adds an empty material row to a component. */
export function addFabricRow(label: CareLabelDraft, componentIndex: number): CareLabelDraft {
  return withComponents(
    label,
    (label.garmentComponents ?? []).map((c, i) =>
      i === componentIndex
        ? { ...c, fabricCompositions: [...c.fabricCompositions, { material: '', percentage: null }] }
        : c,
    ),
  );
}

/** Removes a material row; removing a component's last row removes the component (ordering §5). */
export function removeFabricRow(label: CareLabelDraft, componentIndex: number, row: number): CareLabelDraft {
  const components = (label.garmentComponents ?? []).flatMap((c, i) => {
    if (i !== componentIndex) return [c];
    const rows = c.fabricCompositions.filter((_r, j) => j !== row);
    return rows.length === 0 ? [] : [{ ...c, fabricCompositions: rows }];
  });
  return withComponents(label, components);
}

/** Sets a row's material; a material the component already uses in another row is refused (unchanged). */
export function setFabricMaterial(
  label: CareLabelDraft,
  componentIndex: number,
  row: number,
  material: string,
): CareLabelDraft {
  const component = label.garmentComponents?.[componentIndex];
  if (!component || component.fabricCompositions.some((r, j) => j !== row && r.material === material))
    return label;
  return updateRow(label, componentIndex, row, (r) => ({ ...r, material }));
}

/** Sets a row's percentage from what was typed (fibrePercentageInput: digits only, ≤ 100, 0 → empty). */
export function setFabricPercentage(
  label: CareLabelDraft,
  componentIndex: number,
  row: number,
  text: string,
): CareLabelDraft {
  return updateRow(label, componentIndex, row, (r) => ({ ...r, percentage: fibrePercentageInput(text) }));
}

function updateRow(
  label: CareLabelDraft,
  componentIndex: number,
  row: number,
  change: (r: FabricCompositionDraft) => FabricCompositionDraft,
): CareLabelDraft {
  return withComponents(
    label,
    (label.garmentComponents ?? []).map((c, i) =>
      i === componentIndex
        ? { ...c, fabricCompositions: c.fabricCompositions.map((r, j) => (j === row ? change(r) : r)) }
        : c,
    ),
  );
}

/** Indices of the components whose percentages are empty or do not total 100 (flagged in the editor). */
export function flaggedComponents(label: CareLabelDraft): number[] {
  return (label.garmentComponents ?? []).flatMap((c, i) =>
    componentPercentagesValid(c.fabricCompositions) ? [] : [i],
  );
}

/** Whether one more special instruction may be added (below 'Special Care Instructions Limit: {n}'). */
export function canAddSpecialInstruction(config: CustomerCareConfig, label: CareLabelDraft): boolean {
  return (label.specialInstructions ?? []).length < config.specialInstructionsLimit;
}

/** Adds a special instruction: refused (unchanged) past the limit or when already chosen (each once). */
export function addSpecialInstruction(
  config: CustomerCareConfig,
  label: CareLabelDraft,
  instruction: string,
): CareLabelDraft {
  const current = label.specialInstructions ?? [];
  if (!filled(instruction) || current.includes(instruction) || !canAddSpecialInstruction(config, label))
    return label;
  return { ...label, specialInstructions: [...current, instruction] };
}

/** Removes a special instruction by its index. */
export function removeSpecialInstruction(label: CareLabelDraft, index: number): CareLabelDraft {
  return { ...label, specialInstructions: (label.specialInstructions ?? []).filter((_s, i) => i !== index) };
}

/**
 * The label as the order-line payload stores it, once careLabelAgainst found it valid: empty
 * percentages cannot remain (a valid label has none), empty optional fields are dropped.
 * Returns null while the draft still has an empty percentage.
 */
export function careLabelPayload(label: CareLabelDraft): CareLabel | null {
  const rows = (rs: readonly FabricCompositionDraft[]) =>
    rs.every((r) => r.percentage != null)
      ? rs.map((r) => ({ material: r.material, percentage: r.percentage as number }))
      : null;
  const components: NonNullable<CareLabel['garmentComponents']> = [];
  for (const c of label.garmentComponents ?? []) {
    const fabricCompositions = rows(c.fabricCompositions);
    if (!fabricCompositions) return null;
    components.push({ componentType: c.componentType, fabricCompositions });
  }
  const fibreContents = label.fibreContents ? rows(label.fibreContents) : undefined;
  if (fibreContents === null) return null;
  const { garmentComponents: _g, fibreContents: _f, ...rest } = label;
  return {
    ...rest,
    ...(components.length > 0 ? { garmentComponents: components } : {}),
    ...(fibreContents ? { fibreContents } : {}),
  };
}
