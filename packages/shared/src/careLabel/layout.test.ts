import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bilingualFibreName, FIBRE_NAMES, fibreName } from './fibres';
import { byPredominance, CARE_LABEL_WIDTH, careLabelIcons, careLabelLayout, wrapText } from './layout';
import { canadaWarnings, europeanUnionWarnings, marketWarnings, unitedStatesWarnings } from './markets';
import type { CareLabelDraft } from './rules';
import { careSymbol } from './symbols';

const label: CareLabelDraft = {
  type: 'CARELABEL_STANDARD',
  countryOfOrigins: ['Canada'],
  wash: 'Machine wash cold',
  bleach: 'Do not bleach',
  dry: 'Tumble dry low',
  iron: 'Iron low',
  dryClean: 'Do not dry clean',
  cautionMaintenance: 'Wash dark colours separately',
  copyright: 'Roots 2026',
  garmentComponents: [
    {
      componentType: 'Shell',
      fabricCompositions: [
        { material: 'Polyester', percentage: 35 },
        { material: 'Cotton', percentage: 60 },
        { material: 'Elastane', percentage: 5 },
      ],
    },
  ],
  specialInstructions: ['Reshape while damp'],
};
const icons = {
  wash: 'wash-30',
  bleach: 'bleach-do-not',
  dry: 'tumble-dry-low',
  iron: 'iron-low',
  dryClean: 'professional-dry-do-not',
};
const texts = (l: CareLabelDraft, markets: ('CA' | 'US' | 'EU')[] = []) =>
  careLabelLayout({
    label: l,
    icons,
    markets,
    identity: { caNumber: '12345', rnNumber: '67890' },
  }).elements.flatMap((e) => (e.kind === 'text' ? [e.text] : []));

describe('careLabelLayout (the label as data)', () => {
  it('prints fibre content in descending percentage, origin, symbols in ISO order, caution, instructions, copyright', () => {
    const layout = careLabelLayout({ label, icons });
    expect(texts(label)).toEqual([
      'SHELL',
      '60% Cotton',
      '35% Polyester',
      '5% Elastane',
      'Made in Canada',
      'Machine wash cold. Do not',
      'bleach. Tumble dry low. Iron',
      'low. Do not dry clean.',
      'Wash dark colours separately',
      'Reshape while damp',
      '© Roots 2026',
    ]);
    const symbols = layout.elements.flatMap((e) => (e.kind === 'symbol' ? [e] : []));
    expect(symbols.map((s) => s.name)).toEqual(Object.values(icons));
    expect(symbols.every((s) => careSymbol(s.name))).toBe(true);
    // Left to right, inside the label.
    for (let i = 1; i < symbols.length; i++) expect(symbols[i]?.x).toBeGreaterThan(symbols[i - 1]?.x ?? 0);
    expect(symbols[0]?.x).toBeGreaterThanOrEqual(0);
    expect((symbols.at(-1)?.x ?? 0) + (symbols.at(-1)?.size ?? 0)).toBeLessThanOrEqual(CARE_LABEL_WIDTH);
  });

  it('prints English and French fibre names and the dealer identities for Canada and the US', () => {
    const t = texts(label, ['CA', 'US']);
    expect(t).toContain('60% Cotton / Coton');
    expect(t).toContain('5% Elastane / Élasthanne');
    expect(t).toContain('35% Polyester');
    expect(t.slice(-3)).toEqual(['CA 12345', 'RN 67890', '© Roots 2026']);
  });

  it('prints the care code and its text on a label by code', () => {
    const t = texts({
      type: 'CARELABEL_BY_CODE',
      instructionCode: { codeName: 'C12', codeText: 'Machine wash 30' },
    });
    expect(t).toEqual(['C12', 'Machine wash 30']);
  });

  it('keeps every element inside the label, lines in order, whatever the content', () => {
    const word = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(fc.array(word, { maxLength: 5 }), word, (instructions, caution) => {
        const layout = careLabelLayout({
          label: { ...label, specialInstructions: instructions, cautionMaintenance: caution },
          icons,
        });
        let last = 0;
        for (const e of layout.elements) {
          expect(e.y).toBeGreaterThan(0);
          expect(e.y).toBeLessThanOrEqual(layout.height);
          if (e.kind === 'text') {
            expect(e.y).toBeGreaterThan(last);
            last = e.y;
          }
        }
      }),
    );
  });

  it('wraps at spaces and cuts a word longer than a line', () => {
    expect(wrapText('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 40 }), (s, max) => {
        for (const line of wrapText(s, max)) expect(line.length).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('sorts by predominance with empty percentages last', () => {
    expect(
      byPredominance([
        { material: 'B', percentage: null },
        { material: 'A', percentage: 10 },
        { material: 'C', percentage: 90 },
      ]).map((r) => r.material),
    ).toEqual(['C', 'A', 'B']);
  });

  it("takes each instruction's icon from the customer's configuration", () => {
    const config = {
      careInstructions: [
        { id: 1, type: 'WASH' as const, displayName: 'Machine wash cold', icon: 'wash-30', sortKey: 0 },
        { id: 2, type: 'IRON' as const, displayName: 'Machine wash cold', icon: 'iron-high', sortKey: 0 },
      ],
    };
    expect(careLabelIcons(config, label)).toEqual({
      wash: 'wash-30',
      bleach: null,
      dry: null,
      iron: null,
      dryClean: null,
    });
  });
});

describe('fibre names (one table)', () => {
  it('finds names in any case and gives the bilingual form', () => {
    expect(fibreName(' COTTON ')?.fr).toBe('Coton');
    expect(bilingualFibreName('Wool')).toBe('Wool / Laine');
    expect(bilingualFibreName('Polyester')).toBe('Polyester');
    expect(bilingualFibreName('Unobtainium')).toBe('Unobtainium');
  });
  it('names a generic replacement for every name that is not admitted somewhere', () => {
    for (const f of Object.values(FIBRE_NAMES))
      if ((!f.us || !f.eu) && !f.plumage) expect(f.instead).toBeTruthy();
  });
  it('knows the demo materials: qualified names by their fibre, down and feather as plumage (seed/data.ts)', () => {
    expect(fibreName('Organic cotton')?.en).toBe('Cotton');
    expect(fibreName('Recycled polyester')?.en).toBe('Polyester');
    expect(bilingualFibreName('Organic cotton')).toBe('Organic cotton / Coton biologique');
    expect(bilingualFibreName('recycled polyester')).toBe('Recycled polyester / Polyester recyclé');
    expect(bilingualFibreName('Recycled wool')).toBe('Recycled wool / Laine recyclée');
    expect(bilingualFibreName('Down')).toBe('Down / Duvet');
    expect(bilingualFibreName('Feather')).toBe('Feather / Plume');
    expect(fibreName('Organic unobtainium')).toBeNull();
    expect(fibreName('Organic')).toBeNull();
  });
});

describe('market checks', () => {
  it('Canada: a French name for every fibre and the CA number', () => {
    expect(canadaWarnings(label, { caNumber: '12345' })).toEqual([]);
    const w = canadaWarnings({
      ...label,
      garmentComponents: [
        { componentType: 'Shell', fabricCompositions: [{ material: 'Lycra', percentage: 100 }] },
      ],
    });
    expect(w.map((x) => x.code)).toEqual(['frenchName', 'caNumber']);
    expect(w[0]?.message).toContain("use 'Elastane'");
    expect(w[0]?.message).toContain('C.R.C., c. 1551');
  });

  it('United States: generic names (16 CFR 303.7), RN number, country of origin', () => {
    expect(unitedStatesWarnings(label, { rnNumber: '67890' })).toEqual([]);
    const w = unitedStatesWarnings({
      ...label,
      countryOfOrigins: [],
      garmentComponents: [
        { componentType: 'Shell', fabricCompositions: [{ material: 'Bamboo', percentage: 100 }] },
      ],
    });
    expect(w.map((x) => x.code)).toEqual(['genericName', 'rnNumber', 'origin']);
    expect(w[0]?.message).toContain('16 CFR 303.7');
  });

  it("European Union: Annex I names only, '100%' only for a single fibre", () => {
    expect(europeanUnionWarnings(label)).toEqual([]);
    const w = europeanUnionWarnings({
      ...label,
      garmentComponents: [
        {
          componentType: 'Shell',
          fabricCompositions: [
            { material: 'Spandex', percentage: 100 },
            { material: 'Cotton', percentage: null },
          ],
        },
      ],
    });
    expect(w.map((x) => x.code)).toEqual(['annexName', 'hundredPercent']);
    expect(w[0]?.message).toContain("use 'Elastane'");
    expect(europeanUnionWarnings({ ...label, garmentComponents: [] }).map((x) => x.code)).toEqual([
      'fibreContent',
    ]);
  });

  it('judges the demo materials: qualified names by their fibre, down and feather as plumage', () => {
    const demo: CareLabelDraft = {
      ...label,
      garmentComponents: [
        {
          componentType: 'Shell',
          fabricCompositions: [
            { material: 'Organic cotton', percentage: 60 },
            { material: 'Recycled polyester', percentage: 40 },
          ],
        },
        {
          componentType: 'Fill',
          fabricCompositions: [
            { material: 'Down', percentage: 80 },
            { material: 'Feather', percentage: 20 },
          ],
        },
      ],
    };
    expect(canadaWarnings(demo, { caNumber: '12345' })).toEqual([]);
    expect(unitedStatesWarnings(demo, { rnNumber: '67890' })).toEqual([]);
    const eu = europeanUnionWarnings(demo);
    expect(eu.map((x) => x.code)).toEqual(['animalOrigin']);
    expect(eu[0]?.message).toContain("'Contains non-textile parts of animal origin'");
    expect(eu[0]?.message).toContain('Art. 12');
    expect(
      europeanUnionWarnings({
        ...demo,
        specialInstructions: ['Contains non-textile parts of animal origin'],
      }),
    ).toEqual([]);
    expect(
      europeanUnionWarnings({ ...demo, garmentComponents: demo.garmentComponents?.slice(0, 1) }),
    ).toEqual([]);
  });

  it("applies the customer's markets in their order and nothing else", () => {
    expect(marketWarnings(label, [])).toEqual([]);
    expect(marketWarnings(label, ['EU', 'CA']).map((w) => w.market)).toEqual(['CA']);
    expect(marketWarnings({ ...label, garmentComponents: [] }, ['EU', 'US']).map((w) => w.market)).toEqual([
      'EU',
      'US',
      'US',
    ]);
  });
});
