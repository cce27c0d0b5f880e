/**
 * Messages a user sees are sentences, never 'field.path: validator text' (decision 0058; ARCHITECTURE.md
 * Contract). Three checks over what the server can answer, beside the fuzz suite (which checks every
 * error answer it provokes with `answerProblems`):
 * - every message catalogue of packages/shared and of the server, each text and each template with
 *   sample values;
 * - the server's sources: no badRequest/conflict whose text starts with a field path (the field goes
 *   in the answer's `field`: `badRequest(message, 'careLabel.instructionCode')`);
 * - answerProblems itself refuses such an answer, so the fuzz suite would fail on one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as shared from '@selvedge/shared';
import { apiFieldMessage, fieldLabel, MESSAGES, startsWithFieldPath } from '@selvedge/shared';
import { describe, expect, it } from 'vitest';
import { answerProblems } from './fuzz';

/** The folder that holds every user-facing text (decision 0063). */
const MESSAGES_DIR = fileURLToPath(new URL('../../../../packages/shared/src/messages/', import.meta.url));

/**
 * Every constant the messages folder exports, read from its sources and taken from the package as
 * the server imports it: a catalogue added there is checked without being listed here.
 */
const CATALOGUES: Record<string, Record<string, unknown>> = Object.fromEntries(
  readdirSync(MESSAGES_DIR)
    .filter((name) => name.endsWith('.ts') && !name.includes('.test'))
    .flatMap((name) => [...readFileSync(join(MESSAGES_DIR, name), 'utf8').matchAll(/^export const (\w+)/gm)])
    .map(([, name]) => [name, (shared as Record<string, unknown>)[name as string]] as const)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => [
      name,
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : { [name]: value },
    ]),
);

/** Values a template is called with: one kind at a time for all its parameters. */
const SAMPLES: unknown[] = [
  'Sample',
  7,
  [{ productSubcode: 'RT-WL-101', productSize: 'M', currentInventory: 3, quantity: 5 }],
  [{ orderIds: [7], sizes: ['M Navy'] }],
];

/** The texts of a catalogue entry: a text, or a template's results for the samples it takes. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'function') return [];
  const fn = value as (...args: unknown[]) => unknown;
  const out: string[] = [];
  for (const sample of SAMPLES) {
    try {
      const text = fn(...Array.from({ length: Math.max(fn.length, 1) }, () => sample));
      if (typeof text === 'string') out.push(text);
    } catch {
      // not a value of the kind this template takes
    }
  }
  return out;
}

/**
 * A field path and a colon, also once capitalised: apiFieldMessage and the screens upper-case a
 * sentence's first letter, so 'quantity: …' reaches the user as 'Quantity: …', which
 * startsWithFieldPath (small letter first) lets pass. One capitalised word and a colon is taken for
 * a path; all-capital words ('ERROR: Unable to reach network server.', ordering §8) and several
 * words ('Size M: Colour is required') stay sentences.
 */
const CAPITALISED_PATH = /^\p{Lu}\p{Ll}[\w.[\]]*: /u;

/** True for a text that starts with a field path, as written or capitalised. */
function pathFirst(text: string): boolean {
  return startsWithFieldPath(text) || CAPITALISED_PATH.test(text);
}

describe('messages are sentences, never a field path and its text (decision 0058)', () => {
  it('every catalogued message and template', () => {
    let checked = 0;
    for (const [name, catalogue] of Object.entries(CATALOGUES)) {
      for (const [key, value] of Object.entries(catalogue)) {
        const texts = textsOf(value);
        if (typeof value === 'function')
          expect(texts.length, `${name}.${key} could not be sampled`).toBeGreaterThan(0);
        for (const text of texts) {
          checked++;
          expect(pathFirst(text), `${name}.${key}: ${text}`).toBe(false);
        }
      }
    }
    expect(Object.keys(CATALOGUES).length).toBeGreaterThan(40);
    expect(checked).toBeGreaterThan(500);
  });

  it('takes a capitalised single word and a colon for a path, not a capital word or several words', () => {
    expect(
      ['Quantity: must be a whole number', 'Gtin: Required', 'CareLabel.wash: Required'].map(pathFirst),
    ).toEqual([true, true, true]);
    expect(
      [
        'ERROR: Unable to reach network server.',
        'Size M: Colour is required',
        'Product Subcode is required',
      ].map(pathFirst),
    ).toEqual([false, false, false]);
  });

  it('no badRequest or conflict in the server writes a field path in front of its text', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts') && !name.includes('.test')) files.push(path);
      }
    };
    walk(root);
    // `badRequest('field: …')`, `badRequest(\`${field}: …\`)`, `conflict("x.y: …")`.
    const pathFirst = /\b(?:badRequest|conflict|AppError)\(\s*(?:\d+,\s*)?['"`](?:\$\{[^}]+\}|[\w.[\]]+)+: /;
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => [`${file.slice(root.length)}:${i + 1}`, line] as const)
        .filter(([, line]) => pathFirst.test(line)),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });

  it("the fuzz suite's answer check refuses a field path in front of a message, and takes `field`", () => {
    const answer = (body: unknown, status = 400) => ({
      statusCode: status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
    });
    expect(
      answerProblems(answer({ message: 'gtin: must be a GTIN-14 with a right GS1 check digit' })),
    ).toEqual(['message starts with a field path: "gtin: must be a GTIN-14 with a right GS1 check digit"']);
    expect(
      answerProblems(
        answer({
          message: 'Style Number AND PO Number are required.',
          field: 'styleNumber',
          fields: [
            { field: 'styleNumber', message: 'Style Number AND PO Number are required.' },
            { field: 'poNumber', message: 'careLabel.wash: Required' },
          ],
        }),
      ),
    ).toEqual(['message starts with a field path: "careLabel.wash: Required"']);
    expect(
      answerProblems(answer({ message: 'Product Subcode is required', field: 'productSubcode' })),
    ).toEqual([]);
    expect(answerProblems(answer({ message: 'x', stack: 'at y' }))[0]).toMatch(/error body is not/);
  });
});

describe('apiFieldMessage: an issue as the answer carries it', () => {
  it("keeps the schema's own sentence and puts the path in `field`", () => {
    expect(apiFieldMessage(['poNumber'], MESSAGES.dynamicSearchRequired)).toEqual({
      field: 'poNumber',
      message: 'Style Number AND PO Number are required.',
    });
    expect(apiFieldMessage(['costTiers'], MESSAGES.tierOfOneRequired)).toEqual({
      field: 'costTiers',
      message: 'A tier with a quantity of 1 is required.',
    });
  });
  it("names the field by the screen's words where the text starts with its name or has no subject", () => {
    expect(apiFieldMessage(['contactName'], 'contactName is required')).toEqual({
      field: 'contactName',
      message: 'Contact Name is required',
    });
    expect(apiFieldMessage(['priceTiers', 1, 'quantity'], 'quantity must be a whole number')).toEqual({
      field: 'priceTiers.1.quantity',
      message: 'Quantity must be a whole number',
    });
    expect(apiFieldMessage(['orderItemId'], 'must be an order item id (digits only)').message).toBe(
      'Order Item must be an order item id (digits only)',
    );
    expect(apiFieldMessage(['quantities', '2147483648'], 'quantities are whole pieces')).toEqual({
      field: 'quantities.2147483648',
      message: 'Quantities are whole pieces',
    });
    expect(apiFieldMessage(['schema', 'id'], 'schema must be a number').message).toBe(
      'Schema must be a number',
    );
    expect(apiFieldMessage([], 'value is required')).toEqual({ message: 'The request is required' });
  });
  it('names a key the client chose (an attribute) in quotes, so it never reads as a field path', () => {
    const answer = apiFieldMessage(['attributes', 'Adij:'], 'Adij: must be at most 255 characters');
    expect(answer).toEqual({
      field: 'attributes.Adij:',
      message: "'Adij:' must be at most 255 characters",
    });
    expect(startsWithFieldPath(answer.message)).toBe(false);
    expect(apiFieldMessage(['attributes', 'Care Text'], 'must be at most 255 characters').message).toBe(
      "'Care Text' must be at most 255 characters",
    );
  });
  it('reads contract names as the screens do', () => {
    expect(
      ['vendorPO', 'garmentGtin', 'customerId', 'instructionCode', 'dateRequested'].map((n) => fieldLabel(n)),
    ).toEqual(['Vendor PO', 'Garment GTIN', 'Customer', 'Care Code', 'Date Requested']);
    expect(fieldLabel('productionRegion', 'lower')).toBe('production region');
  });
});
