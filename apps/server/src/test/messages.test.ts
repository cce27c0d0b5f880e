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
import {
  ARTWORK_API_MESSAGES,
  ARTWORK_MESSAGES,
  AUTH_MESSAGES,
  apiFieldMessage,
  CARE_LABEL_API_MESSAGES,
  CARE_LIST_MESSAGES,
  CART_API_MESSAGES,
  CART_MESSAGES,
  DOCUMENT_MESSAGES,
  DOWNLOAD_DATA_MESSAGES,
  EMPTY_FILE_MESSAGE,
  fieldLabel,
  MASTER_DATA_MESSAGES,
  MASTER_DATA_RULE_MESSAGES,
  MESSAGES,
  ORDER_ACTION_MESSAGES,
  ORDER_AGAIN_MESSAGES,
  PASSPORT_MESSAGES,
  PRODUCT_MESSAGES,
  PRODUCT_SEARCH_MESSAGES,
  RESTOCK_MESSAGES,
  STOCK_MESSAGES,
  startsWithFieldPath,
  UNREADABLE_UPLOAD_MESSAGE,
  UNSAFE_SVG_MESSAGE,
  VARIABLE_DATA_SEARCH_MESSAGES,
  WORKFLOW_MESSAGES,
} from '@selvedge/shared';
import { describe, expect, it } from 'vitest';
import { answerProblems } from './fuzz';

const CATALOGUES: Record<string, Record<string, unknown>> = {
  MESSAGES,
  CART_MESSAGES,
  CARE_LIST_MESSAGES,
  MASTER_DATA_MESSAGES,
  MASTER_DATA_RULE_MESSAGES,
  PASSPORT_MESSAGES,
  PRODUCT_SEARCH_MESSAGES,
  VARIABLE_DATA_SEARCH_MESSAGES,
  WORKFLOW_MESSAGES,
  ARTWORK_MESSAGES,
  AUTH_MESSAGES,
  CARE_LABEL_API_MESSAGES,
  ORDER_AGAIN_MESSAGES,
  CART_API_MESSAGES,
  DOCUMENT_MESSAGES,
  ARTWORK_API_MESSAGES,
  ORDER_ACTION_MESSAGES,
  DOWNLOAD_DATA_MESSAGES,
  STOCK_MESSAGES,
  PRODUCT_MESSAGES,
  RESTOCK_MESSAGES,
  UPLOADS: { EMPTY_FILE_MESSAGE, UNREADABLE_UPLOAD_MESSAGE, UNSAFE_SVG_MESSAGE },
};

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
          expect(startsWithFieldPath(text), `${name}.${key}: ${text}`).toBe(false);
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
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
  it('reads contract names as the screens do', () => {
    expect(
      ['vendorPO', 'garmentGtin', 'customerId', 'instructionCode', 'dateRequested'].map((n) => fieldLabel(n)),
    ).toEqual(['Vendor PO', 'Garment GTIN', 'Customer', 'Care Code', 'Date Requested']);
    expect(fieldLabel('productionRegion', 'lower')).toBe('production region');
  });
});
