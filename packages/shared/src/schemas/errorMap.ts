/**
 * The one error mapping of every schema (decision 0038; ARCHITECTURE.md Contract: bad input names the
 * field). zod's own texts ('Invalid input: expected object, received null') are replaced by a
 * sentence that starts with the field's name ('productCode is required'), the form the schemas'
 * own messages already take; the web forms put the field's label in place of the name ('Product
 * Code is required') and the server prefixes the path. Messages a schema gives itself win.
 * Installed globally (z.config) by `installErrorMap`: when packages/shared's schemas are imported
 * (schemas/common.ts), and explicitly by the web app's form-schema module, since the web build
 * treats packages/shared as free of side effects and would drop a bare import.
 */
import { type core, z } from 'zod';
import { VALIDATION_MESSAGES as V, VALIDATION_KINDS } from '../messages/validation';

/**
 * The field an issue is about: the last named step of its path (a list index or a record's numeric
 * key is not a name), the reference's name for `….id`.
 */
export function issueField(path: readonly PropertyKey[] | undefined): string {
  const names = (path ?? []).filter((p): p is string => typeof p === 'string' && !/^\d+$/.test(p));
  const last = names[names.length - 1];
  if (last === 'id' && names.length > 1) return names[names.length - 2];
  return last ?? 'value';
}

const list = (values: readonly unknown[]) =>
  values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join(', ');

/**
 * The sentence for an issue without a message of its own, or undefined to keep zod's (codes not
 * listed here). Shapes: `${field} is required`, `${field} must be …`, `${field} cannot be …`.
 */
export function describeIssue(issue: core.$ZodRawIssue): string | undefined {
  const field = issueField(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return V.required(field);
      const kind = VALIDATION_KINDS[issue.expected] ?? issue.expected;
      return kind === 'chosen' ? V.chosenFromList(field) : V.mustBeKind(field, kind);
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? V.required(field) : V.fieldMinLength(field, min);
      if (issue.origin === 'array' || issue.origin === 'set') return V.atLeastEntries(field, min);
      return issue.inclusive ? V.notBelow(field, min) : V.notAtOrBelow(field, min);
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return V.fieldMaxLength(field, max);
      if (issue.origin === 'array' || issue.origin === 'set') return V.atMostEntries(field, max);
      return issue.inclusive ? V.notAbove(field, max) : V.notAtOrAbove(field, max);
    }
    case 'invalid_value':
      return V.oneOf(list(issue.values), field);
    case 'invalid_format':
      return V.notInFormat(field);
    case 'not_multiple_of':
      return V.multipleOf(field, String(issue.divisor));
    case 'unrecognized_keys':
      return V.unknownFields(list(issue.keys), issue.keys.length);
    case 'invalid_union':
      return V.invalid(field);
    default:
      return undefined;
  }
}

/** Makes describeIssue zod's error map (idempotent; every schema of this zod instance uses it). */
export function installErrorMap(): void {
  z.config({ customError: (issue) => describeIssue(issue) });
}

// ---------------------------------------------------------------- the API's error answers

/** Words that read as capitals on the screens ('PO Number', 'Garment GTIN', 'Order Item ID'). */
const ACRONYMS = new Set(['po', 'gtin', 'id', 'ids', 'rn', 'ca', 'moq', 'csv', 'url', 'eu', 'us']);

/** Contract names whose screen label is not their words in title case. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  instructionCode: 'Care Code',
  countryOfOrigins: 'Country Of Origin',
  cautionMaintenance: 'Caution And Maintenance',
  dryClean: 'Dry Clean',
  garmentComponents: 'Fabric Composition',
  fibreContents: 'Fabric Composition',
  specialInstructions: 'Special Care Instructions',
  orderId: 'Order Number',
  orderNumber: 'Order Number',
  productionRegionName: 'Production Region Name',
  ids: 'Products',
  search: 'Code Or Description',
  // A care code's text is its description on the screens (master-data §2: 'code and description').
  text: 'Description',
  sortKey: 'Sort Key',
  rnNumber: 'RN Number',
  caNumber: 'CA Number',
  gs1CompanyPrefix: 'GS1 Company Prefix',
  epcFilter: 'EPC Filter Value',
  rfid: 'RFID',
};

/**
 * The screen's words for a contract field name (ARCHITECTURE.md Contract, decision 0058): the
 * screen label where it differs from the name ('instructionCode' → 'Care Code'), else the name's
 * words in title case, acronyms in capitals ('vendorPO' → 'Vendor PO', 'garmentGtin' →
 * 'Garment GTIN', 'contactName' → 'Contact Name'); `lower` for the middle of a sentence
 * ('production region', 'vendor PO'). A name that is not a field's — a key the client chose, such
 * as an attribute's name ('Adij:') — is given as it is, in quotes, so that it never reads as a field path.
 */
export function fieldLabel(name: string, style: 'title' | 'lower' = 'title'): string {
  if (!/^[A-Za-z_]\w*$/.test(name)) return `'${name}'`;
  // A reference by id reads as the record: 'customerId' → 'Customer'.
  const plain = name.length > 2 && name.endsWith('Id') ? name.slice(0, -2) : name;
  const words = (FIELD_WORDS[name] ?? plain.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' '))
    .split(' ')
    .filter(Boolean);
  return words
    .map((w) => {
      if (ACRONYMS.has(w.toLowerCase())) return w.toUpperCase();
      return style === 'lower' ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1);
    })
    .join(' ');
}

/**
 * The 400 of a reference to a record that does not exist ('The chosen warehouse does not exist
 * (id 999999).'), its field in the answer's `field`.
 */
export function missingReferenceMessage(field: string, id?: number | string): string {
  return `The chosen ${fieldLabel(field, 'lower')} does not exist${id === undefined ? '' : ` (id ${id})`}.`;
}

/** One refused field of an error answer: its path in the request ('priceTiers.1.quantity') and the sentence. */
export interface ApiFieldMessage {
  /** The dotted path of the field in the request (body, query or path), absent for the request as a whole. */
  field?: string;
  message: string;
}

/**
 * An issue as the API answers it (decision 0058): `field` the dotted path, `message` a sentence in
 * the user's words — the schema's own sentence as it is (the spec's texts verbatim: 'Style Number
 * AND PO Number are required.'), a generated one with the field's label for its name
 * ('contactName is required' → 'Contact Name is required'), and a bare predicate given its subject
 * ('must be an order item id (digits only)' → 'Order Item must be an order item id (digits only)').
 * Never 'path: text'.
 */
export function apiFieldMessage(path: readonly PropertyKey[], message: string): ApiFieldMessage {
  const steps = path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number');
  const field = steps.length > 0 ? steps.join('.') : undefined;
  const text = message.trim() || 'is not valid';
  const named = steps.some((p) => typeof p === 'string' && !/^\d+$/.test(p));
  const subject = named ? issueField(path) : null;
  let sentence: string;
  if (subject && text.startsWith(`${subject} `))
    sentence = `${fieldLabel(subject)}${text.slice(subject.length)}`;
  else if (!subject && text.startsWith('value ')) sentence = `The request${text.slice('value'.length)}`;
  else if (subject && /^[a-z]/.test(text) && !/^(a|an|the|each|every|no|one|at) /.test(text))
    sentence = `${fieldLabel(subject)} ${text}`;
  else sentence = text;
  return { ...(field ? { field } : {}), message: sentence.charAt(0).toUpperCase() + sentence.slice(1) };
}

/**
 * A message that starts with a field path and a colon ('careLabel.instructionCode: Required',
 * 'gtin: must be …', 'priceTiers[1].quantity: …'), or with one capitalised word, a colon and a
 * validator's fragment in small letters ('Gtin: must be …', 'Quantity: expected a number'): what an
 * answer or a screen must never show (decision 0058). Tests of the server's answers and of the
 * screens use it. The contract's names are camelCase, so a path starts with a small letter; a
 * capital word and a colon followed by a sentence is the sentence's own ('ERROR: Unable to reach
 * network server.', ordering §8; 'Size M: Colour is required').
 */
export const FIELD_PATH_PREFIX = /^(?:[a-z][\w.[\]]*: |[A-Z][a-z]+: [a-z])/;

/** True for a message that starts with a field path (FIELD_PATH_PREFIX). */
export function startsWithFieldPath(message: string): boolean {
  return FIELD_PATH_PREFIX.test(message);
}
