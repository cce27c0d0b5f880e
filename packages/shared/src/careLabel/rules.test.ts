import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { startsWithFieldPath } from '../schemas/errorMap';
import type { CustomerCareConfig } from './config';
import {
  addFabricRow,
  addGarmentComponent,
  addSpecialInstruction,
  type CareLabelDraft,
  canAddSpecialInstruction,
  careLabelAgainst,
  careLabelMessage,
  careLabelPayload,
  careLabelPlaceRefusal,
  careLabelRefusal,
  componentTotal,
  emptyCareLabel,
  fibrePercentageInput,
  flaggedComponents,
  offeredComponentTypes,
  offeredMaterials,
  removeFabricRow,
  setFabricMaterial,
  setFabricPercentage,
} from './rules';

const opts = (...names: string[]) => names.map((name, i) => ({ id: i + 1, name }));
const MATERIALS = ['Cotton', 'Polyester', 'Elastane', 'Wool', 'Nylon', 'Viscose'];

const roots: CustomerCareConfig = {
  customerId: 1,
  countriesOfOrigin: opts('Canada', 'China', 'Bangladesh'),
  cautionMaintenance: opts('Wash dark colours separately', 'Turn inside out'),
  specialInstructions: opts('Do not iron print', 'Reshape while damp', 'Wash before wear'),
  componentTypes: opts('Shell', 'Lining', 'Trim'),
  materials: opts(...MATERIALS),
  careInstructions: [
    { id: 1, type: 'WASH', displayName: 'Machine wash cold', icon: 'wash-30', sortKey: 1 },
    { id: 2, type: 'BLEACH', displayName: 'Do not bleach', icon: 'bleach-do-not', sortKey: 1 },
    { id: 3, type: 'DRY', displayName: 'Tumble dry low', icon: 'tumble-dry-low', sortKey: 1 },
    { id: 4, type: 'IRON', displayName: 'Iron low', icon: 'iron-low', sortKey: 1 },
    { id: 5, type: 'DRYCLEAN', displayName: 'Do not dry clean', icon: 'professional-dry-do-not', sortKey: 1 },
  ],
  careCodes: [{ id: 1, code: 'C12', text: 'Machine wash 30, do not bleach' }],
  specialInstructionsLimit: 2,
  copyrightShow: true,
  fabricCompositionShow: true,
  countryOfOriginRequired: true,
  specialInstructionsRequired: false,
  markets: ['CA', 'US'],
};

const label = (over: Partial<CareLabelDraft> = {}): CareLabelDraft => ({
  type: 'CARELABEL_STANDARD',
  countryOfOrigins: ['Canada'],
  wash: 'Machine wash cold',
  bleach: 'Do not bleach',
  dry: 'Tumble dry low',
  iron: 'Iron low',
  dryClean: 'Do not dry clean',
  cautionMaintenance: 'Turn inside out',
  copyright: '© Roots',
  garmentComponents: [
    {
      componentType: 'Shell',
      fabricCompositions: [
        { material: 'Cotton', percentage: 60 },
        { material: 'Polyester', percentage: 40 },
      ],
    },
  ],
  specialInstructions: ['Wash before wear'],
  ...over,
});

const rules = (l: CareLabelDraft, config = roots) => careLabelAgainst(config, l).problems.map((p) => p.rule);

describe('fibrePercentageInput (ordering §5 Fibre percentage)', () => {
  it('keeps digits only, caps at 100 and turns 0 into empty', () => {
    expect(fibrePercentageInput('')).toBeNull();
    expect(fibrePercentageInput('4a0%')).toBe(40);
    expect(fibrePercentageInput('0')).toBeNull();
    expect(fibrePercentageInput('000')).toBeNull();
    expect(fibrePercentageInput('007')).toBe(7);
    expect(fibrePercentageInput('150')).toBe(100);
    expect(fibrePercentageInput('99999999999999999999999')).toBe(100);
    expect(fibrePercentageInput('-5')).toBe(5);
  });
  it('answers empty or a whole number 1–100 for any text, and is stable when typed again', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const v = fibrePercentageInput(text);
        if (v === null) return;
        expect(Number.isInteger(v) && v >= 1 && v <= 100).toBe(true);
        expect(fibrePercentageInput(String(v))).toBe(v);
      }),
    );
  });
});

describe('careLabelAgainst (ordering §5, §8)', () => {
  it('accepts a complete standard label and keeps it whole', () => {
    const v = careLabelAgainst(roots, label(), 'CARELABEL_STANDARD');
    expect(v.problems).toEqual([]);
    expect(v.valid).toBe(true);
    expect(v.missingFabric).toBe(false);
    expect(v.kept).toEqual(label());
    expect(careLabelMessage(v)).toBeNull();
  });

  it('flags a component whose percentages do not add up to 100, with the spec text verbatim', () => {
    const l = label({
      garmentComponents: [
        {
          componentType: 'Shell',
          fabricCompositions: [
            { material: 'Cotton', percentage: 60 },
            { material: 'Polyester', percentage: 30 },
          ],
        },
      ],
    });
    const v = careLabelAgainst(roots, l);
    expect(v.valid).toBe(false);
    expect(v.problems).toEqual([
      { field: 'garmentComponents.0', rule: 'percentages', message: MESSAGES.materialPercentages },
    ]);
    expect(careLabelMessage(v)).toBe(
      'All material percentages must add up to 100%. Please correct the fields below.',
    );
    expect(flaggedComponents(l)).toEqual([0]);
  });

  it('flags an empty percentage even when the others total 100', () => {
    const l = label({
      garmentComponents: [
        {
          componentType: 'Shell',
          fabricCompositions: [
            { material: 'Cotton', percentage: 100 },
            { material: 'Polyester', percentage: null },
          ],
        },
      ],
    });
    expect(rules(l)).toEqual(['percentages']);
  });

  it('refuses a component type twice per label and a material twice per component', () => {
    const shell = label().garmentComponents?.[0];
    if (!shell) throw new Error('fixture');
    expect(rules(label({ garmentComponents: [shell, shell] }))).toEqual(['duplicate']);
    const twice = label({
      garmentComponents: [
        {
          componentType: 'Shell',
          fabricCompositions: [
            { material: 'Cotton', percentage: 50 },
            { material: 'Cotton', percentage: 50 },
          ],
        },
      ],
    });
    const v = careLabelAgainst(roots, twice);
    expect(v.problems.map((p) => [p.field, p.rule])).toEqual([
      ['garmentComponents.0.fabricCompositions.1.material', 'duplicate'],
    ]);
    expect(v.kept.garmentComponents).toEqual([
      { componentType: 'Shell', fabricCompositions: [{ material: 'Cotton', percentage: 50 }] },
    ]);
  });

  it('requires the five care instructions on a standard label and the code on a label by code', () => {
    expect(careLabelAgainst(roots, label({ wash: null, dryClean: '' })).problems).toEqual([
      { field: 'wash', rule: 'required', message: 'Wash instruction is required on a standard care label.' },
      {
        field: 'dryClean',
        rule: 'required',
        message: 'Dry clean instruction is required on a standard care label.',
      },
    ]);
    const byCode: CareLabelDraft = {
      ...emptyCareLabel('CARELABEL_BY_CODE'),
      countryOfOrigins: ['China'],
      garmentComponents: label().garmentComponents,
    };
    expect(careLabelAgainst(roots, byCode).problems.map((p) => [p.field, p.rule])).toEqual([
      ['instructionCode', 'required'],
    ]);
    // The message names the field in the editor's words, never its path (decision 0058).
    expect(careLabelRefusal(careLabelAgainst(roots, byCode))).toEqual({
      field: 'instructionCode',
      message: 'Care code is required on a care label by code.',
    });
    const coded = {
      ...byCode,
      instructionCode: { codeName: 'C12', codeText: 'Machine wash 30, do not bleach' },
    };
    expect(careLabelAgainst(roots, coded).valid).toBe(true);
    // A code whose text changed since it was chosen is stale.
    expect(rules({ ...coded, instructionCode: { codeName: 'C12', codeText: 'old text' } })).toEqual([
      'notOffered',
    ]);
    // Standard fields on a label by code are not part of it.
    expect(rules({ ...coded, wash: 'Machine wash cold' })).toEqual(['notForType']);
  });

  it('requires country of origin and special instructions only when the customer says so', () => {
    expect(rules(label({ countryOfOrigins: [] }))).toEqual(['required']);
    expect(rules(label({ countryOfOrigins: [] }), { ...roots, countryOfOriginRequired: false })).toEqual([]);
    expect(rules(label({ specialInstructions: [] }))).toEqual([]);
    expect(
      rules(label({ specialInstructions: [] }), { ...roots, specialInstructionsRequired: true }),
    ).toEqual(['required']);
  });

  it('holds special instructions within the limit and each once, with the limit text', () => {
    const v = careLabelAgainst(
      roots,
      label({
        specialInstructions: [
          'Wash before wear',
          'Wash before wear',
          'Do not iron print',
          'Reshape while damp',
        ],
      }),
    );
    expect(v.problems).toEqual([
      {
        field: 'specialInstructions.1',
        rule: 'duplicate',
        message: 'Each special care instruction may be chosen once.',
      },
      { field: 'specialInstructions.3', rule: 'limit', message: 'Special Care Instructions Limit: 2' },
    ]);
    expect(v.kept.specialInstructions).toEqual(['Wash before wear', 'Do not iron print']);
  });

  it('finds an option that left the customer lists and keeps what is still valid', () => {
    const config = {
      ...roots,
      materials: roots.materials.filter((m) => m.name !== 'Polyester'),
      countriesOfOrigin: roots.countriesOfOrigin.filter((c) => c.name !== 'Canada'),
      careInstructions: roots.careInstructions.filter((c) => c.type !== 'IRON'),
    };
    const v = careLabelAgainst(config, label());
    expect(v.valid).toBe(false);
    expect(v.problems.map((p) => [p.field, p.rule])).toEqual([
      ['iron', 'notOffered'],
      ['countryOfOrigins', 'notOffered'],
      ['garmentComponents.0.fabricCompositions.1.material', 'notOffered'],
    ]);
    expect(v.kept).toEqual(
      label({
        iron: null,
        countryOfOrigins: [],
        garmentComponents: [
          { componentType: 'Shell', fabricCompositions: [{ material: 'Cotton', percentage: 60 }] },
        ],
      }),
    );
    expect(careLabelPlaceRefusal([v])).toBe('careLabelChangedRefresh');
    // Edit opens what is kept: the editor then asks for the country and flags the sum.
    expect(careLabelAgainst(config, v.kept).problems.map((p) => [p.field, p.rule])).toEqual([
      ['iron', 'required'],
      ['countryOfOrigins', 'required'],
      ['garmentComponents.0', 'percentages'],
    ]);
  });

  it('drops the parts the customer no longer shows (copyright, fabric composition)', () => {
    const v = careLabelAgainst({ ...roots, copyrightShow: false, fabricCompositionShow: false }, label());
    expect(v.problems.map((p) => [p.field, p.rule])).toEqual([
      ['copyright', 'notShown'],
      ['garmentComponents', 'notShown'],
    ]);
    expect(v.kept.copyright).toBeUndefined();
    expect(v.kept.garmentComponents).toEqual([]);
  });

  it('answers -4 when fabric composition became required and the line has none, -3 before it', () => {
    const noFabric = label({ garmentComponents: [] });
    const v = careLabelAgainst(roots, noFabric);
    expect(v.missingFabric).toBe(true);
    expect(v.problems.map((p) => p.rule)).toEqual(['fabricMissing']);
    expect(careLabelPlaceRefusal([careLabelAgainst(roots, label()), v])).toBe('careLabelChangedEdit');
    const stale = careLabelAgainst(roots, label({ wash: 'Hand wash' }));
    expect(careLabelPlaceRefusal([v, stale])).toBe('careLabelChangedRefresh');
    expect(careLabelPlaceRefusal([careLabelAgainst(roots, label())])).toBeNull();
    expect(careLabelPlaceRefusal([])).toBeNull();
  });

  it("refuses a label of the other type than the subcode's and keeps the shared fields", () => {
    const v = careLabelAgainst(roots, label(), 'CARELABEL_BY_CODE');
    expect(v.problems.map((p) => [p.field, p.rule])).toEqual([
      ['type', 'wrongType'],
      ['wash', 'notForType'],
      ['bleach', 'notForType'],
      ['dry', 'notForType'],
      ['iron', 'notForType'],
      ['dryClean', 'notForType'],
      ['instructionCode', 'required'],
    ]);
    expect(v.kept.type).toBe('CARELABEL_BY_CODE');
    expect(v.kept.wash).toBeUndefined();
    expect(v.kept.countryOfOrigins).toEqual(['Canada']);
  });

  it('names the field in the words of the editor when the percentages are right, never by its path', () => {
    const boiled = careLabelAgainst(roots, label({ wash: 'Boil' }));
    expect(careLabelMessage(boiled)).toBe(
      "The chosen wash instruction is not one of the customer's care label options.",
    );
    expect(careLabelRefusal(boiled)?.field).toBe('wash');
    const wrong = careLabelAgainst(roots, label(), 'CARELABEL_BY_CODE');
    for (const p of wrong.problems) expect(startsWithFieldPath(p.message), p.message).toBe(false);
    expect(wrong.problems.map((p) => p.message).slice(0, 2)).toEqual([
      "This product's care label must be a care label by code.",
      'Wash instruction is not part of a care label by code.',
    ]);
  });
});

describe('editor steps (ordering §5)', () => {
  it('adds each component type once and offers only the unused ones', () => {
    let l = addGarmentComponent(emptyCareLabel('CARELABEL_STANDARD'), 'Shell');
    expect(addGarmentComponent(l, 'Shell')).toBe(l);
    expect(offeredComponentTypes(roots, l).map((o) => o.name)).toEqual(['Lining', 'Trim']);
    l = setFabricMaterial(l, 0, 0, 'Cotton');
    l = addFabricRow(l, 0);
    expect(setFabricMaterial(l, 0, 1, 'Cotton')).toBe(l);
    expect(offeredMaterials(roots, l, 0, 1).map((o) => o.name)).not.toContain('Cotton');
    expect(offeredMaterials(roots, l, 0, 0).map((o) => o.name)).toContain('Cotton');
  });

  it('removes the component with its last material row', () => {
    let l = addGarmentComponent(emptyCareLabel('CARELABEL_STANDARD'), 'Shell');
    l = addFabricRow(l, 0);
    l = removeFabricRow(l, 0, 1);
    expect(l.garmentComponents).toHaveLength(1);
    l = removeFabricRow(l, 0, 0);
    expect(l.garmentComponents).toEqual([]);
  });

  it('turns typed percentages into numbers through the field rule', () => {
    let l = addGarmentComponent(emptyCareLabel('CARELABEL_STANDARD'), 'Shell');
    l = setFabricPercentage(l, 0, 0, '250');
    expect(l.garmentComponents?.[0]?.fabricCompositions[0]?.percentage).toBe(100);
    l = setFabricPercentage(l, 0, 0, '0');
    expect(l.garmentComponents?.[0]?.fabricCompositions[0]?.percentage).toBeNull();
    expect(careLabelPayload(l)).toBeNull();
  });

  it('gives the stored payload once the label is valid', () => {
    expect(careLabelPayload(label())).toEqual(label());
    expect(careLabelPayload(label({ garmentComponents: [] }))).not.toHaveProperty('garmentComponents');
  });
});

// ---------------------------------------------------------------- properties

/** k whole percentages of at least 1 that total 100. */
const split100 = (k: number) =>
  fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: k - 1, maxLength: k - 1 }).map((cuts) => {
    const points = [0, ...cuts.sort((a, b) => a - b), 100];
    return points.slice(1).map((p, i) => p - (points[i] as number));
  });

const compositionArb = fc
  .integer({ min: 1, max: 4 })
  .chain((k) =>
    fc
      .tuple(split100(k), fc.shuffledSubarray(MATERIALS, { minLength: k, maxLength: k }))
      .map(([pcts, mats]) => pcts.map((percentage, i) => ({ material: mats[i] as string, percentage }))),
  );
const componentsArb = fc
  .shuffledSubarray(['Shell', 'Lining', 'Trim'], { minLength: 1, maxLength: 3 })
  .chain((types) =>
    fc
      .tuple(...types.map(() => compositionArb))
      .map((comps) =>
        comps.map((fabricCompositions, i) => ({ componentType: types[i] as string, fabricCompositions })),
      ),
  );

describe('care label properties', () => {
  it('any composition that totals 100 per component is valid', () => {
    fc.assert(
      fc.property(componentsArb, (garmentComponents) => {
        const v = careLabelAgainst(roots, label({ garmentComponents }));
        expect(v.problems).toEqual([]);
        for (const c of garmentComponents) expect(componentTotal(c.fabricCompositions)).toBe(100);
      }),
    );
  });

  it('a component whose sum is not 100 is flagged', () => {
    fc.assert(
      fc.property(componentsArb, fc.nat(), fc.integer({ min: 1, max: 99 }), (components, pick, delta) => {
        const ci = pick % components.length;
        const broken = components.map((c, i) =>
          i === ci
            ? {
                ...c,
                fabricCompositions: c.fabricCompositions.map((r, j) =>
                  j === 0 ? { ...r, percentage: ((r.percentage + delta - 1) % 100) + 1 } : r,
                ),
              }
            : c,
        );
        const total = componentTotal(broken[ci]?.fabricCompositions ?? []);
        fc.pre(total !== 100);
        expect(flaggedComponents(label({ garmentComponents: broken }))).toContain(ci);
        expect(rules(label({ garmentComponents: broken }))).toContain('percentages');
      }),
    );
  });

  it('removing rows one by one removes the component with the last one, never another', () => {
    fc.assert(
      fc.property(componentsArb, fc.nat(), (components, pick) => {
        const ci = pick % components.length;
        let l = label({ garmentComponents: components });
        const rows = components[ci]?.fabricCompositions.length ?? 0;
        for (let n = 0; n < rows; n++) {
          expect(l.garmentComponents).toHaveLength(components.length);
          l = removeFabricRow(l, ci, 0);
        }
        expect(l.garmentComponents).toHaveLength(components.length - 1);
        expect(l.garmentComponents?.map((c) => c.componentType)).not.toContain(components[ci]?.componentType);
      }),
    );
  });

  it('special instructions never pass the limit nor repeat, whatever is added', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.constantFrom('Do not iron print', 'Reshape while damp', 'Wash before wear')),
        (limit, adds) => {
          const config = { ...roots, specialInstructionsLimit: limit };
          let l = label({ specialInstructions: [] });
          for (const a of adds) l = addSpecialInstruction(config, l, a);
          const chosen = l.specialInstructions ?? [];
          expect(chosen.length).toBeLessThanOrEqual(limit);
          expect(new Set(chosen).size).toBe(chosen.length);
          expect(careLabelAgainst(config, l).problems).toEqual([]);
          expect(canAddSpecialInstruction(config, l)).toBe(chosen.length < limit);
        },
      ),
    );
  });

  it('what is kept is stable: judging it again keeps the same and finds no stale option', () => {
    const subset = <T>(xs: T[]) => fc.subarray(xs);
    const configArb = fc.record({
      materials: subset(roots.materials),
      componentTypes: subset(roots.componentTypes),
      countriesOfOrigin: subset(roots.countriesOfOrigin),
      careInstructions: subset(roots.careInstructions),
      specialInstructions: subset(roots.specialInstructions),
      specialInstructionsLimit: fc.integer({ min: 0, max: 3 }),
      copyrightShow: fc.boolean(),
      fabricCompositionShow: fc.boolean(),
    });
    fc.assert(
      fc.property(configArb, componentsArb, (part, garmentComponents) => {
        const config = { ...roots, ...part };
        const first = careLabelAgainst(config, label({ garmentComponents }));
        const again = careLabelAgainst(config, first.kept);
        expect(again.kept).toEqual(first.kept);
        const stale = again.problems.filter((p) =>
          ['notOffered', 'notShown', 'duplicate', 'limit'].includes(p.rule),
        );
        expect(stale).toEqual([]);
      }),
    );
  });
});
