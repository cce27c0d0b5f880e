/**
 * The product passport of a care label (decision
 * 0044): the label carries a QR code of a GS1 Digital Link URI — https://<host>/01/<GTIN-14>/21/<serial>
 * (GS1 Digital Link Standard 1.2, §4: the GTIN as primary key, AI 21 the serial as key qualifier) —
 * that opens a public, read-only page of that garment's fibre content, care instructions, country of
 * origin and caution in the customer's languages. Pure functions and data; the server's passport
 * module reads the stored label and answers `passportOf(...)`.
 *
 * The serial is a random token (never the order item's id) of PASSPORT_SERIAL_LENGTH characters of
 * PASSPORT_SERIAL_ALPHABET, made by the database when placing stores the line (passport.repository's
 * NEW_PASSPORT_SERIAL). The alphabet (base64url: A–Z, a–z, 0–9, '-', '_') is a subset of GS1's
 * character set 82, which AI 21 admits (GS1 General Specifications §7.11, up to 20 characters), and
 * of the URI's unreserved characters (RFC 3986 §2.3), so the link needs no percent-encoding.
 */
import { gs1CheckDigit, isValidGtin } from '../variableData/gs1';
import type { CareMarket } from './config';
import { fibreNames } from './fibres';
import { byPredominance } from './layout';
import { CARE_INSTRUCTION_FIELDS, type CareLabelDraft, labelCountries } from './rules';
import type { CareInstructionType } from './symbols';

/** Characters of a serial: base64url, a subset of GS1 CSET 82 and of URI unreserved characters. */
export const PASSPORT_SERIAL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Length of a serial the database makes (GS1 AI 21 allows at most 20). */
export const PASSPORT_SERIAL_LENGTH = 20;
/** GS1 character set 82 (GS1 General Specifications Figure 7.11-1): what AI 21 may hold. */
export const GS1_CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;

/** True when `serial` could be one of ours: 1 to 20 characters of PASSPORT_SERIAL_ALPHABET. */
export function isPassportSerial(serial: string): boolean {
  return /^[A-Za-z0-9_-]{1,20}$/.test(serial);
}

/**
 * A GTIN-8, -12, -13 or -14 (digits, right GS1 check digit) as the GTIN-14 a Digital Link carries
 * (left-padded with zeros, GS1 Digital Link Standard §4.4); null when it is not a valid GTIN.
 */
export function gtin14(gtin: string): string | null {
  const code = gtin.trim();
  if (![8, 12, 13, 14].includes(code.length)) return null;
  if (!isValidGtin(code, code.length as 8 | 12 | 13 | 14)) return null;
  return code.padStart(14, '0');
}

/** A GTIN-14 made of `body` (13 digits) and its GS1 check digit; for tests and demo data. */
export function gtin14Of(body: string): string {
  if (!/^\d{13}$/.test(body)) throw new Error(`gtin14Of: '${body}' is not 13 digits`);
  return `${body}${gs1CheckDigit(body)}`;
}

/** The path of a passport under any host: /01/<GTIN-14>/21/<serial>. */
export function digitalLinkPath(gtin: string, serial: string): string {
  const g = gtin14(gtin);
  if (!g) throw new Error(`digitalLinkPath: '${gtin}' is not a valid GTIN`);
  if (!isPassportSerial(serial)) throw new Error(`digitalLinkPath: '${serial}' is not a passport serial`);
  return `/01/${g}/21/${serial}`;
}

/**
 * The GS1 Digital Link URI of a passport: `base` (the portal's public URL, e.g.
 * https://labels.example.com, a trailing slash dropped) + /01/<GTIN-14>/21/<serial>.
 * @throws Error when the GTIN or the serial is not valid (a programming error: both are stored checked).
 */
export function digitalLinkUrl(base: string, gtin: string, serial: string): string {
  return `${base.replace(/\/+$/, '')}${digitalLinkPath(gtin, serial)}`;
}

/**
 * The Digital Link of a stored line's passport (its serial and GTIN as placing wrote them), or null
 * when it has none (no care label, not placed yet, or its subcode had no GTIN at placing).
 */
export function passportLink(
  base: string,
  line: { passportGtin: string | null; passportSerial: string | null },
): string | null {
  const { passportGtin: gtin, passportSerial: serial } = line;
  if (!gtin || !serial || !gtin14(gtin) || !isPassportSerial(serial)) return null;
  return digitalLinkUrl(base, gtin, serial);
}

/**
 * The GTIN-14 and serial of a passport link (a whole URI or its path, a query or fragment ignored);
 * null when it is not /01/<valid GTIN>/21/<serial of ours> with nothing before or after but a host.
 */
export function parseDigitalLink(link: string): { gtin: string; serial: string } | null {
  let path = link.trim();
  const scheme = /^https?:\/\/[^/?#]+/i.exec(path);
  if (scheme) path = path.slice(scheme[0].length);
  path = path.replace(/[?#].*$/, '');
  const m = /^\/01\/(\d{8,14})\/21\/([^/]+)\/?$/.exec(path);
  if (!m) return null;
  const gtin = gtin14(m[1] as string);
  const serial = m[2] as string;
  return gtin && isPassportSerial(serial) ? { gtin, serial } : null;
}

/** Languages of a passport, ISO 639-1. */
export const PASSPORT_LANGUAGES = ['en', 'fr'] as const;
export type PassportLanguage = (typeof PASSPORT_LANGUAGES)[number];

/**
 * The languages of a customer's labels, from the markets the label was printed for: English always;
 * French too when Canada is among them (the Textile Labelling Act asks for both). Fibre names are
 * what the one fibre table (fibres.ts) translates; other texts are as the label prints them.
 */
export function passportLanguages(markets: readonly CareMarket[]): PassportLanguage[] {
  return markets.includes('CA') ? ['en', 'fr'] : ['en'];
}

/** A text in each of the passport's languages (the keys are its `languages`). */
export type PassportText = Partial<Record<PassportLanguage, string>>;

/** What a passport page shows: the garment's label, and nothing of its order. */
export interface Passport {
  gtin: string;
  serial: string;
  languages: PassportLanguage[];
  labelType: 'CARELABEL_STANDARD' | 'CARELABEL_BY_CODE';
  /** Fibre content per component (component null: the label's fibre content without components), descending. */
  components: { component: string | null; fibres: { percentage: number | null; name: PassportText }[] }[];
  /** Care instructions in ISO 3758 order, each with its symbol (a CARE_SYMBOLS name) when it has one. */
  careInstructions: { type: CareInstructionType; text: string; symbol: string | null }[];
  /** A by-code label's instruction code and its text. */
  careCode: { code: string; text: string } | null;
  countriesOfOrigin: string[];
  caution: string | null;
  specialInstructions: string[];
}

/**
 * The passport of a stored care label (`label` as the order line keeps it, its `printed` part
 * fixed at Add to Order: symbols and markets), for link `gtin`/`serial`. Names each fibre in every
 * language of the customer's markets; the rest is as the label prints it.
 */
export function passportOf(label: CareLabelDraft, gtin: string, serial: string): Passport {
  const languages = passportLanguages(label.printed?.markets ?? []);
  const named = (material: string): PassportText => {
    const names = fibreNames(material);
    const text: PassportText = {};
    for (const lang of languages) text[lang] = names[lang] ?? names.en;
    return text;
  };
  const rows = (compositions: readonly { material: string; percentage: number | null }[]) =>
    byPredominance(compositions)
      .filter((r) => r.material.trim() !== '')
      .map((r) => ({ percentage: r.percentage, name: named(r.material) }));
  const components: Passport['components'] = [
    ...(label.garmentComponents ?? []).map((c) => ({
      component: c.componentType || null,
      fibres: rows(c.fabricCompositions),
    })),
    ...(label.fibreContents?.length ? [{ component: null, fibres: rows(label.fibreContents) }] : []),
  ];
  const icons = label.printed?.icons ?? {};
  const careInstructions =
    label.type === 'CARELABEL_STANDARD'
      ? CARE_INSTRUCTION_FIELDS.flatMap(({ field, type }) => {
          const text = label[field];
          return typeof text === 'string' && text !== ''
            ? [{ type, text, symbol: icons[field] ?? null }]
            : [];
        })
      : [];
  const code = label.type === 'CARELABEL_BY_CODE' ? label.instructionCode : null;
  return {
    gtin,
    serial,
    languages,
    labelType: label.type,
    components,
    careInstructions,
    careCode: code?.codeName ? { code: code.codeName, text: code.codeText } : null,
    countriesOfOrigin: labelCountries(label),
    caution: label.cautionMaintenance || null,
    specialInstructions: label.specialInstructions ?? [],
  };
}

/** The passport page's headings in each language (the page's own texts; the label's are as printed). */
export const PASSPORT_HEADINGS: Readonly<
  Record<
    'title' | 'fibres' | 'care' | 'origin' | 'caution' | 'special' | 'garment',
    Record<PassportLanguage, string>
  >
> = {
  title: { en: 'Product passport', fr: 'Passeport produit' },
  fibres: { en: 'Fibre content', fr: 'Composition' },
  care: { en: 'Care instructions', fr: "Conseils d'entretien" },
  origin: { en: 'Country of origin', fr: "Pays d'origine" },
  caution: { en: 'Caution', fr: 'Mise en garde' },
  special: { en: 'Special instructions', fr: 'Instructions particulières' },
  garment: { en: 'Whole garment', fr: 'Article entier' },
};
