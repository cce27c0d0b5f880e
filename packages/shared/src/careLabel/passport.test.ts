/**
 * The product passport's pure parts (decision 0044): the serial's alphabet (GS1 AI 21,
 * URI-safe), GTINs as GTIN-14, the Digital Link builder and parser, and the passport of a label.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../variableData/gs1';
import {
  digitalLinkUrl,
  GS1_CSET82,
  gtin14,
  gtin14Of,
  isPassportSerial,
  PASSPORT_SERIAL_ALPHABET,
  PASSPORT_SERIAL_LENGTH,
  parseDigitalLink,
  passportLink,
  passportOf,
} from './passport';
import type { CareLabelDraft } from './rules';

const GTIN = gtin14Of('0200000003010'); // 02000000030104
const SERIAL = 'Ab3-_xYz0123456789Qq';

describe('passport serial alphabet', () => {
  it('is 64 distinct characters of GS1 CSET 82 and of the URI unreserved set', () => {
    expect(new Set(PASSPORT_SERIAL_ALPHABET).size).toBe(64);
    expect(GS1_CSET82.test(PASSPORT_SERIAL_ALPHABET)).toBe(true);
    for (const c of PASSPORT_SERIAL_ALPHABET) expect(encodeURIComponent(c)).toBe(c);
    expect(PASSPORT_SERIAL_LENGTH).toBeLessThanOrEqual(20); // GS1 AI 21: X..20
  });

  it('accepts 1 to 20 characters of the alphabet and nothing else', () => {
    expect(isPassportSerial(SERIAL)).toBe(true);
    expect(isPassportSerial('a')).toBe(true);
    expect(isPassportSerial('')).toBe(false);
    expect(isPassportSerial(`${SERIAL}x`)).toBe(false);
    for (const bad of ['a+b', 'a/b', 'a b', 'a%20', 'é', 'a.b']) expect(isPassportSerial(bad)).toBe(false);
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...PASSPORT_SERIAL_ALPHABET), minLength: 1, maxLength: 20 }),
        (s) => isPassportSerial(s) && GS1_CSET82.test(s),
      ),
    );
  });
});

describe('GTIN-14', () => {
  it('pads GTIN-8/12/13 to 14 digits and refuses a wrong check digit or length', () => {
    expect(GTIN).toBe('02000000030104');
    expect(gtin14('036000291452')).toBe('00036000291452');
    expect(gtin14('4006381333931')).toBe('04006381333931');
    expect(gtin14('96385074')).toBe('00000096385074');
    expect(gtin14(GTIN)).toBe(GTIN);
    expect(gtin14('036000291453')).toBeNull();
    expect(gtin14('0360002914')).toBeNull();
    expect(gtin14('03600029145a')).toBeNull();
  });

  it('any 13-digit body with its check digit is a GTIN-14, and no other last digit is', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 13, maxLength: 13 }),
        (body) => {
          const code = withCheckDigit(body);
          const wrong = `${body}${(Number(code[13]) + 1) % 10}`;
          return gtin14(code) === code && gtin14(wrong) === null;
        },
      ),
    );
  });
});

describe('GS1 Digital Link', () => {
  it('builds https://<host>/01/<GTIN-14>/21/<serial>', () => {
    expect(digitalLinkUrl('https://labels.example.com/', '036000291452', SERIAL)).toBe(
      `https://labels.example.com/01/00036000291452/21/${SERIAL}`,
    );
    expect(() => digitalLinkUrl('https://x.example', '036000291453', SERIAL)).toThrow(/GTIN/);
    expect(() => digitalLinkUrl('https://x.example', GTIN, 'a/b')).toThrow(/serial/);
  });

  it('parses what it builds, a path alone, and refuses anything else', () => {
    expect(parseDigitalLink(`https://labels.example.com/01/${GTIN}/21/${SERIAL}`)).toEqual({
      gtin: GTIN,
      serial: SERIAL,
    });
    expect(parseDigitalLink(`/01/036000291452/21/${SERIAL}?linkType=all`)).toEqual({
      gtin: '00036000291452',
      serial: SERIAL,
    });
    for (const bad of [
      `/01/02000000030105/21/${SERIAL}`, // check digit
      `/01/${GTIN}/21/`,
      `/01/${GTIN}/10/${SERIAL}`, // batch, not serial
      `/01/${GTIN}/21/${SERIAL}x`, // 21 characters
      `/01/${GTIN}/21/a%2Fb`,
      `/x/01/${GTIN}/21/${SERIAL}`,
      'https://labels.example.com/',
    ]) {
      expect(parseDigitalLink(bad), bad).toBeNull();
    }
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 13, maxLength: 13 }),
        fc.string({ unit: fc.constantFrom(...PASSPORT_SERIAL_ALPHABET), minLength: 1, maxLength: 20 }),
        (body, serial) => {
          const gtin = withCheckDigit(body);
          return (
            JSON.stringify(parseDigitalLink(digitalLinkUrl('https://a.example', gtin, serial))) ===
            JSON.stringify({ gtin, serial })
          );
        },
      ),
    );
  });

  it("a line's link needs both its GTIN and its serial", () => {
    expect(passportLink('https://a.example', { passportGtin: GTIN, passportSerial: SERIAL })).toBe(
      `https://a.example/01/${GTIN}/21/${SERIAL}`,
    );
    expect(passportLink('https://a.example', { passportGtin: null, passportSerial: SERIAL })).toBeNull();
    expect(passportLink('https://a.example', { passportGtin: GTIN, passportSerial: null })).toBeNull();
  });
});

describe('passportOf', () => {
  const label: CareLabelDraft = {
    type: 'CARELABEL_STANDARD',
    countryOfOrigins: ['Vietnam'],
    wash: 'Machine wash cold 30°C',
    bleach: 'Do not bleach',
    dry: null,
    iron: 'Iron low',
    dryClean: 'Do not dry clean',
    cautionMaintenance: 'Wash dark colours separately',
    garmentComponents: [
      {
        componentType: 'Shell',
        fabricCompositions: [
          { material: 'Elastane', percentage: 5 },
          { material: 'Recycled polyester', percentage: 95 },
        ],
      },
      { componentType: 'Fill', fabricCompositions: [{ material: 'Down', percentage: 100 }] },
    ],
    specialInstructions: ['Contains non-textile parts of animal origin'],
    printed: {
      icons: { wash: 'wash-30', bleach: 'bleach-do-not', iron: 'iron-low', dryClean: null },
      markets: ['CA', 'US'],
      caNumber: '12345',
      rnNumber: null,
    },
  };

  it('names fibres in English and French for Canada, descending, symbols from what the label prints', () => {
    expect(passportOf(label, GTIN, SERIAL)).toEqual({
      gtin: GTIN,
      serial: SERIAL,
      languages: ['en', 'fr'],
      labelType: 'CARELABEL_STANDARD',
      components: [
        {
          component: 'Shell',
          fibres: [
            { percentage: 95, name: { en: 'Recycled polyester', fr: 'Polyester recyclé' } },
            { percentage: 5, name: { en: 'Elastane', fr: 'Élasthanne' } },
          ],
        },
        { component: 'Fill', fibres: [{ percentage: 100, name: { en: 'Down', fr: 'Duvet' } }] },
      ],
      careInstructions: [
        { type: 'WASH', text: 'Machine wash cold 30°C', symbol: 'wash-30' },
        { type: 'BLEACH', text: 'Do not bleach', symbol: 'bleach-do-not' },
        { type: 'IRON', text: 'Iron low', symbol: 'iron-low' },
        { type: 'DRYCLEAN', text: 'Do not dry clean', symbol: null },
      ],
      careCode: null,
      countriesOfOrigin: ['Vietnam'],
      caution: 'Wash dark colours separately',
      specialInstructions: ['Contains non-textile parts of animal origin'],
    });
  });

  it('English alone outside Canada; a by-code label answers its code; unknown fibres as written', () => {
    const p = passportOf(
      {
        type: 'CARELABEL_BY_CODE',
        instructionCode: { codeName: 'DS01', codeText: 'Machine wash 40' },
        fibreContents: [{ material: 'Mystery fibre', percentage: 100 }],
        printed: { icons: {}, markets: ['EU'], caNumber: null, rnNumber: null },
      },
      GTIN,
      SERIAL,
    );
    expect(p.languages).toEqual(['en']);
    expect(p.components).toEqual([
      { component: null, fibres: [{ percentage: 100, name: { en: 'Mystery fibre' } }] },
    ]);
    expect(p.careInstructions).toEqual([]);
    expect(p.careCode).toEqual({ code: 'DS01', text: 'Machine wash 40' });
    expect(p.caution).toBeNull();
  });
});
