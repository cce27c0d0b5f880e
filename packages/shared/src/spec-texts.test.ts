/**
 * Every user-facing text the specs quote is in the shared catalogue (ARCHITECTURE.md Contract: the messages
 * are the specs' own), so the server and the web app can only show the spec's words.
 *
 * Reads docs/spec/ordering.md and docs/spec/master-data.md (copies of the shared specs, kept
 * identical; see docs/spec/README.md).
 *
 * Which texts:
 * - single-quoted 'like this': the opening quote is not preceded by a letter or digit and the
 *   closing quote is not followed by one; a quote between two letters or digits is an apostrophe
 *   inside a word (Don't, user's, it's) and neither opens nor closes a text;
 * - double-quoted "like this": the specs use double quotes for texts that contain an apostrophe
 *   ("Couldn't find the address to update.");
 * - two unquoted lists of texts, items separated by '; ': ordering §8 Progress overlays and the
 *   per-item artwork banners of ordering §4 (a remark in parentheses, "(with comments)", and the
 *   final full stop are not part of a text).
 * A self-check counts the quote characters of each spec: a quoting the extractor does not
 * understand fails the test instead of being skipped.
 *
 * How a text is matched against the catalogue (MESSAGES, OVERLAYS, LABELS of ./messages; string
 * values at any depth):
 * - a plain text must equal one of the catalogue's strings;
 * - placeholders: `{anything}` and a standalone capital `N` stand for a value (e.g. 'File size can
 *   not exceed {n} MB.', 'Showing N User(s)'), as do the words listed in TEMPLATE_WORDS for one
 *   text. Each placeholder is replaced by SAMPLE, and every function of the catalogue is called with
 *   SAMPLE for each of its parameters: the text must equal one of the results;
 * - 'X Successfully Created/Updated' (master-data §8 Success) names one message per action: it is
 *   expanded into 'X Successfully Created' and 'X Successfully Updated', each of which must be there.
 *   Count lines ('Showing N Factory/Factories') are not expanded: they are one text for any count;
 * - a text that is deliberately not a message is in ALLOWED_NOT_IN_CATALOGUE, with its reason.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LABELS, MESSAGES, OVERLAYS } from './messages';

const SPECS = ['ordering.md', 'master-data.md'] as const;
type SpecName = (typeof SPECS)[number];

const specText = (name: SpecName) =>
  readFileSync(new URL(`../../../docs/spec/${name}`, import.meta.url), 'utf8');

/** The value put in for every placeholder, in the spec text and as every argument of a catalogue function. */
const SAMPLE = 7;

/** Texts whose placeholders are plain words rather than {x} or N: the text → its placeholder words. */
const TEMPLATE_WORDS: Record<string, readonly string[]> = {
  // master-data §2 Care labels page: care code options show as 'code - text' (LABELS.careCodeOption).
  'code - text': ['code', 'text'],
};

/** Quoted texts that are deliberately not in the catalogue: the text → why. */
const ALLOWED_NOT_IN_CATALOGUE: Record<string, string> = {
  // ordering §8 -1 refusal: "other roles see the same text with 'costs'" quotes one word that replaces
  // 'prices'; the whole text is MESSAGES.pricesChangedStaff, checked against the vendor text below.
  costs: 'a word substituted into the -1 refusal text, not a text of its own',
  // master-data §3 Product item: "The new-item default carries a misspelt field 'minmumInventory'".
  minmumInventory: 'a (misspelt) field name of the new product item, never shown to the user',
};

const WORD = '[\\p{L}\\p{N}]';
/** A single-quoted text (apostrophes inside words allowed) or a double-quoted one. */
const QUOTED = new RegExp(
  `(?<!${WORD})'((?:[^'\\n]|(?<=${WORD})'(?=${WORD}))+?)'(?!${WORD})|"([^"\\n]+)"`,
  'gu',
);
const INNER_APOSTROPHE = new RegExp(`(?<=${WORD})'(?=${WORD})`, 'gu');

interface Found {
  spec: SpecName;
  text: string;
  quote: 'single' | 'double' | 'list';
}

function quotedTexts(spec: SpecName): Found[] {
  return [...specText(spec).matchAll(QUOTED)].map((m) => ({
    spec,
    text: m[1] ?? m[2],
    quote: m[1] !== undefined ? 'single' : 'double',
  }));
}

/** The items of an unquoted list: the line that starts with `prefix`, or the line after it if it is a heading. */
function listTexts(spec: SpecName, prefix: string): Found[] {
  const lines = specText(spec).split('\n');
  const at = lines.findIndex((l) => l.startsWith(prefix));
  if (at < 0) throw new Error(`${spec}: no line starts with ${JSON.stringify(prefix)}`);
  const line = prefix.startsWith('#') ? lines[at + 1] : lines[at].slice(prefix.length);
  return line
    .replace(/(?<!\.)\.$/, '') // a full stop ends the sentence; '...' is part of a text
    .split('; ')
    .map((item) => ({ spec, text: item.replace(/\s*\([^)]*\)/g, '').trim(), quote: 'list' as const }));
}

const FOUND: Found[] = [
  ...SPECS.flatMap(quotedTexts),
  ...listTexts('ordering.md', '### Progress overlays'),
  ...listTexts('ordering.md', '- Per-item banners: '),
];

type CatalogueFn = (...args: unknown[]) => string;

/** Every string of the catalogue, functions called with SAMPLE for each parameter. */
function catalogueStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') {
    const fn = value as CatalogueFn;
    return [fn(...Array.from({ length: fn.length }, () => SAMPLE))];
  }
  if (value && typeof value === 'object') return Object.values(value).flatMap(catalogueStrings);
  return [];
}
const CATALOGUE = new Set(catalogueStrings({ MESSAGES, OVERLAYS, LABELS }));

/** The spec text with its placeholders replaced by SAMPLE. */
function rendered(text: string): string {
  let out = text.replace(/\{[^}]*\}/g, String(SAMPLE)).replace(/\bN\b/g, String(SAMPLE));
  for (const word of TEMPLATE_WORDS[text] ?? [])
    out = out.replace(new RegExp(`\\b${word}\\b`), String(SAMPLE));
  return out;
}

/** 'X Successfully Created/Updated' → 'X Successfully Created', 'X Successfully Updated'; else the text. */
function expanded(text: string): string[] {
  const m = /^(.*\bSuccessfully )(\w+(?:\/\w+)+)$/.exec(text);
  return m ? m[2].split('/').map((action) => m[1] + action) : [text];
}

const unique = [...new Set(FOUND.map((f) => f.text))];

describe('spec texts (ordering and master-data, quoted or listed) are in the shared catalogue', () => {
  it('finds every quoted text: each quote character opens or closes one, apart from apostrophes in words', () => {
    for (const spec of SPECS) {
      const text = specText(spec);
      const singles = (text.match(/'/g) ?? []).length - (text.match(INNER_APOSTROPHE) ?? []).length;
      const doubles = (text.match(/"/g) ?? []).length;
      const found = quotedTexts(spec);
      expect(found.filter((f) => f.quote === 'single').length * 2, spec).toBe(singles);
      expect(found.filter((f) => f.quote === 'double').length * 2, spec).toBe(doubles);
    }
    expect(FOUND.length).toBeGreaterThan(100);
  });

  it('reads apostrophes inside words and texts right', () => {
    expect(unique).toContain(
      "A tier for this quantity already exists. To alter this tier please select it, then edit it's values.",
    );
    expect(unique).toContain("Couldn't option specified.");
    // A word fragment between an apostrophe and a quote ("s orders", "t show") would start like this.
    expect(unique.filter((t) => /^\p{Ll}{1,2} /u.test(t))).toEqual([]);
    expect(unique).toContain('Needs Artwork Upload');
    expect(unique).toContain('Rejected');
    expect(unique).toContain('Cancelling Order...');
  });

  it('has every text in MESSAGES, OVERLAYS or LABELS (spelling as the spec)', () => {
    const missing = unique
      .filter((text) => !(text in ALLOWED_NOT_IN_CATALOGUE))
      .flatMap(expanded)
      .filter((text) => !CATALOGUE.has(rendered(text)));
    expect(missing).toEqual([]);
  });

  it('keeps the allow-list to texts the specs still quote, and not in the catalogue', () => {
    for (const text of Object.keys(ALLOWED_NOT_IN_CATALOGUE)) {
      expect(unique, text).toContain(text);
      expect(CATALOGUE.has(text), text).toBe(false);
    }
    for (const text of Object.keys(TEMPLATE_WORDS)) expect(unique, text).toContain(text);
  });

  it("ordering §8 -1: other roles see the vendors' text with 'costs'", () => {
    expect(MESSAGES.pricesChangedStaff).toBe(MESSAGES.pricesChangedVendor.replaceAll('prices', 'costs'));
  });

  it('expands success messages per action but keeps count lines whole', () => {
    expect(expanded('List Successfully Added/Updated/Removed')).toEqual([
      'List Successfully Added',
      'List Successfully Updated',
      'List Successfully Removed',
    ]);
    expect(expanded('Showing N Factory/Factories')).toEqual(['Showing N Factory/Factories']);
    expect(rendered('Showing N Factory/Factories')).toBe(LABELS.showingFactories(SAMPLE));
    expect(rendered('File size can not exceed {n} MB.')).toBe(MESSAGES.artworkTooLarge(SAMPLE));
  });
});
