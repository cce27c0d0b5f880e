/**
 * The one error mapping of every schema (issue 28 §3; ARCHITECTURE.md Contract: bad input names the
 * field). zod's own texts ('Invalid input: expected object, received null') are replaced by a
 * sentence that starts with the field's name ('productCode is required'), the form the schemas'
 * own messages already take; the web forms put the field's label in place of the name ('Product
 * Code is required') and the server prefixes the path. Messages a schema gives itself win.
 * Installed globally (z.config) by `installErrorMap`: when packages/shared's schemas are imported
 * (schemas/common.ts), and explicitly by the web app's form-schema module, since the web build
 * treats packages/shared as free of side effects and would drop a bare import.
 */
import { type core, z } from 'zod';

/** The field an issue is about: the last named step of its path, the reference's name for `….id`. */
export function issueField(path: readonly PropertyKey[] | undefined): string {
  const names = (path ?? []).filter((p): p is string => typeof p === 'string');
  const last = names[names.length - 1];
  if (last === 'id' && names.length > 1) return names[names.length - 2];
  return last ?? 'value';
}

const KIND: Record<string, string> = {
  object: 'chosen',
  array: 'a list',
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  date: 'a date',
};

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
      if (issue.input === undefined || issue.input === null) return `${field} is required`;
      const kind = KIND[issue.expected] ?? issue.expected;
      return kind === 'chosen' ? `${field} must be chosen from the list` : `${field} must be ${kind}`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? `${field} is required` : `${field} must be at least ${min} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${field} needs at least ${min} ${min === 1 ? 'entry' : 'entries'}`;
      return `${field} cannot be ${issue.inclusive ? 'below' : 'at or below'} ${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${field} must be at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${field} can have at most ${max} ${max === 1 ? 'entry' : 'entries'}`;
      return `${field} cannot be ${issue.inclusive ? 'above' : 'at or above'} ${max}`;
    }
    case 'invalid_value':
      return `${field} must be one of ${list(issue.values)}`;
    case 'invalid_format':
      return `${field} is not in the expected format`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}`;
    case 'unrecognized_keys':
      return `${issue.keys.length === 1 ? 'field' : 'fields'} ${list(issue.keys)} ${issue.keys.length === 1 ? 'is' : 'are'} not known`;
    case 'invalid_union':
      return `${field} is invalid`;
    default:
      return undefined;
  }
}

/** Makes describeIssue zod's error map (idempotent; every schema of this zod instance uses it). */
export function installErrorMap(): void {
  z.config({ customError: (issue) => describeIssue(issue) });
}
