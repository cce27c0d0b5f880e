/**
 * Request generators for the standing fuzz suite (run by npm test;
 * `fuzz.test.ts` runs them). Every generator is a fast-check arbitrary derived from the app's own
 * OpenAPI document and route registry: an operation's path and query parameters and its JSON body
 * schema give, field by field, values that keep to the schema (ids of real demo rows where there
 * are some) or hostile ones: wrong JSON types; -1, 0, 2^31, 2^53, 1e308, NaN and Infinity as raw
 * JSON, floats for integers; NUL, control and bidi characters, lone surrogates; strings of 10,000 to
 * 200,000 characters; SQL, HTML, template and path fragments; JSON nested up to 60,000 deep (written
 * as text); properties added, repeated or left out; odd path segments (huge, negative, encoded
 * slashes and dots). Whole requests are broken too: wrong Content-Type, non-JSON or empty bodies,
 * bodies on GET, bodies over the limit, broken multipart (no boundary, wrong field, cut short, two
 * files, hostile file names), missing or forged tokens, refused roles, path tricks. A clean
 * instance (`SchemaArbitraries` with `hostile` false) makes requests that keep to the contract, so
 * that the data the hostile ones meet changes as it would in use.
 */
import { type Role, startsWithFieldPath } from '@selvedge/shared';
import fc from 'fast-check';

// ---------------------------------------------------------------- the OpenAPI document, as read here

/** The parts of a JSON schema (as @fastify/swagger writes them) that the generators read. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  summary?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Who sends a request: a demo user of a role, nobody, or an Authorization header as written. */
export type Caller = { role: Role | 'VENDOR2' } | { none: true } | { header: string };

/** One operation to fuzz: a registered route with what its OpenAPI operation says about its input. */
export interface FuzzOperation {
  method: string;
  /** Fastify's pattern, e.g. /api/v1.0/orders/:id */
  url: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; required: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
  /** The form field of a multipart upload (from the summary's "multipart field `x`"). */
  multipartField?: string;
  /** Roles that pass the route's permission, or 'public'. */
  roles: readonly Role[] | 'public';
  /** Roles the permission refuses (for a few 403 probes). */
  refused: readonly Role[];
  /** Never send a valid token (GET /auth/logout would end the session the suite signs in with). */
  noValidToken?: boolean;
}

/** A generated request, ready for `app.inject` once the caller's token is known. */
export interface FuzzRequest {
  /** The operation it was made for, e.g. 'GET /api/v1.0/orders/:id'. */
  operation: string;
  method: string;
  url: string;
  caller: Caller;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was done to it, for the report. */
  mutation: string;
  /** False for the clean requests that keep to the contract. */
  hostile: boolean;
}

/**
 * Ids (and numbers) that exist in the demo data, by parameter or field name (`quantities.*`: the
 * values of the quantities map), so that requests reach real rows; under `paths`, ids that belong
 * together, by the route's path parameter names joined with ',' (e.g. 'id,itemId': an order and
 * one of its lines).
 */
export interface IdPools {
  values: Record<string, readonly number[]>;
  paths: Record<string, readonly (readonly number[])[]>;
}

/** Operations of the registered routes, with their OpenAPI parameters and bodies. */
export function operationsFrom(
  doc: OpenApiDocument,
  routes: { method: string; url: string; roles: readonly Role[] | 'public'; refused: readonly Role[] }[],
): FuzzOperation[] {
  return routes.map((route) => {
    const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const op = doc.paths[path]?.[route.method.toLowerCase()] ?? {};
    const params = op.parameters ?? [];
    const fromDoc = new Map(params.filter((p) => p.in === 'path').map((p) => [p.name, p.schema ?? {}]));
    // Path parameters come from the pattern itself, so a route missing from the document has them too.
    const pathParams = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
      name: m[1]!,
      schema: fromDoc.get(m[1]!) ?? { type: 'string' },
    }));
    const queryParams = params
      .filter((p) => p.in === 'query')
      .map((p) => ({ name: p.name, required: !!p.required, schema: p.schema ?? {} }));
    const multipartField = /multipart field `([^`]+)`/.exec(op.summary ?? '')?.[1];
    return {
      method: route.method,
      url: route.url,
      pathParams,
      queryParams,
      body: op.requestBody?.content?.['application/json']?.schema,
      multipartField,
      roles: route.roles,
      refused: route.refused,
      noValidToken: route.method === 'GET' && route.url.endsWith('/auth/logout'),
    };
  });
}

// ---------------------------------------------------------------- hostile values

/** JSON text put into a body as it is (NaN, 1e999, nesting JSON.stringify cannot write). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Characters that break naive code: controls, NUL, separators, bidi overrides, lone surrogates. */
const SPECIAL_CHARS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u200e',
  '\u202e',
  '\u2066',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\ud800',
  '\udfff',
  '\u{1f600}',
  '\u0301',
  '"',
  "'",
  '`',
  '\\',
  '%',
  '_',
  '*',
  '?',
  '/',
  '<',
  '>',
  '&',
  ';',
  '$',
  '{',
  '}',
];

/** Fragments aimed at SQL, HTML, templates, paths, URLs, CSV and headers (no "select "/"insert ": those mark leaks). */
export const FRAGMENTS = [
  "'",
  "''",
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE orders; --",
  '1; UPDATE users SET role = $$ADMIN$$',
  "'||pg_sleep(10)||'",
  '$1',
  '$$',
  '\\x00',
  "E'\\\\'",
  '%',
  '%%',
  '_%_',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, meant literally
  '${7*7}',
  '#{7*7}',
  '%s%s%s%n',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f',
  '%252e%252e%252f',
  '%00',
  '%0d%0aX-Injected: 1',
  '\r\nX-Injected: 1',
  '/dev/zero',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  '=HYPERLINK("http://x")',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  'true',
  '[]',
  '{}',
  '-1',
  '0',
  '1e308',
  '9'.repeat(40),
  '0000-00-00',
  '2024-02-30',
  '9999-12-31',
  '-000001-01-01',
  '2024-13-01',
  '1970-01-01T00:00:00Z',
  'İıſK',
  'ß'.repeat(5),
  'Ａｄｍｉｎ',
  'admin@example.com',
  'a@b',
  '\u202egpj.exe',
  'CON',
  'NUL.txt',
];

const specialChar = fc.constantFrom(...SPECIAL_CHARS);
const controlChar = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));
const anyChar = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 });

/** A short string of odd characters and fragments. */
const weirdString = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: specialChar },
      { weight: 2, arbitrary: controlChar },
      { weight: 2, arbitrary: anyChar },
      { weight: 2, arbitrary: fc.string({ maxLength: 4 }) },
      { weight: 1, arbitrary: fc.constantFrom(...FRAGMENTS) },
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** 10,000 to 200,000 characters: a seed string repeated (generated char by char would be slow). */
const hugeString = fc
  .tuple(
    fc.oneof(
      fc.constant('a'),
      fc.constant('\u0000'),
      fc.constant('é'),
      fc.constant('\u{1f600}'),
      weirdString,
    ),
    fc.oneof(fc.constantFrom(10_000, 65_536, 100_001, 200_000), fc.integer({ min: 10_000, max: 200_000 })),
  )
  .map(([seed, n]) => (seed || 'a').repeat(Math.ceil(n / (seed.length || 1))).slice(0, n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: weirdString },
  { weight: 3, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\u0000', '  padded  ', 'a\u0000b') },
  { weight: 1, arbitrary: hugeString },
);

/** Deep JSON as text (JSON.stringify cannot nest 50,000 levels): arrays, objects, or left unclosed. */
export const deepJson: fc.Arbitrary<RawJson> = fc
  .tuple(
    fc.constantFrom('array', 'object', 'unclosed'),
    fc.oneof(fc.constantFrom(64, 1_000, 10_000, 50_000), fc.integer({ min: 2, max: 60_000 })),
  )
  .map(([kind, n]) => {
    if (kind === 'array') return new RawJson(`${'['.repeat(n)}1${']'.repeat(n)}`);
    if (kind === 'object') return new RawJson(`${'{"a":'.repeat(n)}"x"${'}'.repeat(n)}`);
    return new RawJson('[{"a":'.repeat(n));
  });

const numberEdges = [
  -1,
  0,
  -0,
  1,
  0.5,
  1.5,
  -2_147_483_648,
  2_147_483_647,
  2_147_483_648,
  4_294_967_296,
  100_000_001,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  5e-324,
];
const rawNumbers = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '1e-999',
  '01',
  '0x10',
  '1.',
  '.5',
  '+1',
  '1_000',
  '123456789012345678901234567890',
  '-',
];

export const hostileNumber: fc.Arbitrary<number | string | RawJson> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...numberEdges) },
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.constantFrom(...rawNumbers).map((t) => new RawJson(t)) },
  { weight: 2, arbitrary: fc.constantFrom('1', '-1', '1e5', '12abc', ' 1', '0x1', 'NaN', '', '2147483648') },
);

/** A value of the wrong JSON type (or an absurd one of any type). */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc.constantFrom(1_000, 100_000).map((n) => new RawJson(`[${'1,'.repeat(n)}1]`)),
  deepJson,
);

/** Hostile values aimed at a field of this schema: its type's edge cases first, any other type too. */
function hostileFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number')
    return fc.oneof({ weight: 3, arbitrary: hostileNumber }, { weight: 1, arbitrary: wrongType });
  if (type === 'string') {
    const edges: fc.Arbitrary<string>[] = [hostileString];
    if (schema.maxLength !== undefined) edges.push(fc.constant('x'.repeat(schema.maxLength + 1)));
    return fc.oneof({ weight: 3, arbitrary: fc.oneof(...edges) }, { weight: 1, arbitrary: wrongType });
  }
  return wrongType;
}

// ---------------------------------------------------------------- values from a schema

/** A real calendar day around now (the dates the app takes: requested, completion, filters). */
const realDate = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** A calendar day: real ones, far ones, and ones that look like a day but are not. */
const dateString = fc.oneof(
  { weight: 3, arbitrary: realDate },
  {
    weight: 1,
    arbitrary: fc
      .date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  },
  { weight: 1, arbitrary: fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('2030-02-29', '2031-02-29', '0000-01-01', '2030-1-1', '01/02/2030', 'today'),
  },
);

/** A key of a map (quantities keyed by product item id, attributes by name). */
function keyArbitrary(name: string, pools: IdPools, hostile: boolean): fc.Arbitrary<string> {
  const pool = pools.values[name] ?? [];
  if (!hostile && pool.length > 0) return fc.constantFrom(...pool).map(String);
  const keys: fc.WeightedArbitrary<string>[] = [
    { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
    { weight: 2, arbitrary: fc.stringMatching(/^\d{1,10}$/) },
  ];
  if (hostile)
    keys.push(
      { weight: 1, arbitrary: hostileString },
      {
        weight: 1,
        arbitrary: fc.constantFrom('', '-1', '0', '1.5', '2147483648', '__proto__', 'constructor', ' 1'),
      },
    );
  if (pool.length > 0) keys.push({ weight: 4, arbitrary: fc.constantFrom(...pool).map(String) });
  return fc.oneof(...keys);
}

/**
 * Values for the fields of a JSON schema. A `hostile` instance mixes hostile values into every
 * field, goes just past limits and adds or leaves out properties; a clean one keeps to what the
 * schema says (so that requests get past validation and reach the handlers and the database).
 */
export class SchemaArbitraries {
  constructor(
    private readonly components: Record<string, JsonSchema>,
    readonly pools: IdPools,
    readonly hostile: boolean,
  ) {}

  private resolve(schema: JsonSchema): JsonSchema {
    let s = schema;
    for (let i = 0; s.$ref && i < 10; i++)
      s = this.components[s.$ref.replace('#/components/schemas/', '')] ?? {};
    if (s.allOf?.length === 1) return { ...this.resolve(s.allOf[0]!), nullable: s.nullable };
    return s;
  }

  /** A field: mostly a valid-looking value, sometimes a hostile one. */
  field(schema: JsonSchema, name: string, depth = 0): fc.Arbitrary<unknown> {
    if (!this.hostile) return this.valid(schema, name, depth);
    return fc.oneof(
      { weight: 6, arbitrary: this.valid(schema, name, depth) },
      { weight: 1, arbitrary: hostileFor(this.resolve(schema)) },
    );
  }

  /** A value that follows the schema (with boundary values just inside and just outside it). */
  valid(raw: JsonSchema, name: string, depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(raw);
    const base = this.validBase(schema, name, depth);
    return schema.nullable
      ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
      : base;
  }

  private validBase(schema: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives?.length) return fc.oneof(...alternatives.map((s) => this.valid(s, name, depth)));
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    const pool = this.pools.values[name] ?? [];
    switch (type) {
      case 'string':
        return this.validString(schema, name, pool);
      case 'integer':
      case 'number': {
        const min = Math.max(schema.minimum ?? -1e9, Number.MIN_SAFE_INTEGER);
        const max = Math.min(schema.maximum ?? 1e9, Number.MAX_SAFE_INTEGER);
        const numbers: fc.WeightedArbitrary<number>[] = [
          {
            weight: 3,
            arbitrary: type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true }),
          },
          {
            weight: 1,
            arbitrary: fc.constantFrom(...(this.hostile ? [min, max, min - 1, max + 1] : [min, max])),
          },
        ];
        if (pool.length === 0) return fc.oneof(...numbers);
        if (!this.hostile) return fc.constantFrom(...pool);
        return fc.oneof(...numbers, { weight: 6, arbitrary: fc.constantFrom(...pool) });
      }
      case 'boolean':
        return fc.boolean();
      case 'array': {
        if (depth > 6) return fc.constant([]);
        const item = this.field(schema.items ?? {}, name, depth + 1);
        const max = schema.maxItems ?? 4;
        const items = fc.array(item, { maxLength: Math.min(max, 4) });
        if (!this.hostile) return items;
        return fc.oneof(
          { weight: 6, arbitrary: items },
          { weight: 1, arbitrary: fc.array(item, { minLength: max + 1, maxLength: max + 1 }) },
        );
      }
      case 'object':
        return depth > 6 ? fc.constant({}) : this.object(schema, name, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  private validString(schema: JsonSchema, name: string, pool: readonly number[]): fc.Arbitrary<string> {
    const strings: fc.WeightedArbitrary<string>[] = [];
    if (schema.pattern) {
      const ids = /^\^\\d/.test(schema.pattern);
      if (/date/i.test(name)) strings.push({ weight: 8, arbitrary: this.hostile ? dateString : realDate });
      if (ids && pool.length > 0) {
        // ids: real ones mostly
        strings.push({ weight: 8, arbitrary: fc.constantFrom(...pool).map(String) });
      }
      if (this.hostile || !ids || pool.length === 0)
        strings.push({ weight: 4, arbitrary: fc.stringMatching(new RegExp(schema.pattern)) });
      if (ids && this.hostile) {
        // the edges of a PostgreSQL integer
        strings.push({
          weight: 1,
          arbitrary: fc.constantFrom('0', '1', '2147483647', '2147483648', '9999999999'),
        });
      }
    } else if (/date/i.test(name)) {
      strings.push({ weight: 4, arbitrary: this.hostile ? dateString : realDate });
    } else {
      const maxLength = Math.min(schema.maxLength ?? 30, 30);
      const minLength = Math.min(schema.minLength ?? 0, maxLength);
      if (pool.length > 0) strings.push({ weight: 8, arbitrary: fc.constantFrom(...pool).map(String) });
      if (/email/i.test(name)) strings.push({ weight: 8, arbitrary: fc.emailAddress() });
      strings.push({ weight: 4, arbitrary: fc.string({ minLength, maxLength }) });
      strings.push({ weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) });
    }
    if (schema.maxLength !== undefined && schema.maxLength <= 5000)
      strings.push({ weight: 1, arbitrary: fc.constant('é'.repeat(schema.maxLength)) });
    return fc.oneof(...strings);
  }

  /** An object: its properties (optional ones sometimes left out), a map's entries, or a mutation. */
  private object(schema: JsonSchema, name: string, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const properties = schema.properties ?? {};
    const names = Object.keys(properties);
    const required = (schema.required ?? []).filter((k) => names.includes(k));
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const key of names) model[key] = this.field(properties[key]!, key, depth + 1);
    const record = fc.record(model, { requiredKeys: required });
    const extra = schema.additionalProperties;
    const withMap: fc.Arbitrary<Record<string, unknown>> =
      typeof extra === 'object'
        ? fc
            .tuple(
              record,
              fc.dictionary(
                keyArbitrary(name, this.pools, this.hostile),
                this.field(extra, `${name}.*`, depth + 1),
                {
                  maxKeys: 4,
                },
              ),
            )
            .map(([r, m]) => ({ ...m, ...r }))
        : record;
    if (!this.hostile) return withMap;
    const extraKeys = fc.dictionary(
      fc.oneof(fc.constantFrom('extra', 'id', 'role', 'isAdmin', 'constructor', ''), hostileString),
      wrongType,
      { minKeys: 1, maxKeys: 3 },
    );
    const variants: fc.WeightedArbitrary<Record<string, unknown>>[] = [
      { weight: 8, arbitrary: withMap },
      // properties nobody asked for
      { weight: 1, arbitrary: fc.tuple(withMap, extraKeys).map(([r, x]) => ({ ...x, ...r })) },
    ];
    if (required.length > 0)
      // a required property left out
      variants.push({
        weight: 1,
        arbitrary: fc
          .tuple(withMap, fc.constantFrom(...required))
          .map(([r, k]) => Object.fromEntries(Object.entries(r).filter(([key]) => key !== k))),
      });
    return fc.oneof(...variants);
  }
}

/** JSON text of a value, with its RawJson parts written as they are. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `@@fuzz-raw-${raws.length - 1}@@`;
    }
    return v;
  });
  if (text === undefined) return 'null';
  return raws.length === 0
    ? text
    : text.replace(/"@@fuzz-raw-(\d+)@@"/g, (_m, i: string) => raws[Number(i)] ?? 'null');
}

// ---------------------------------------------------------------- whole requests

const BAD_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/vnd.api+json',
  'application/',
  'json',
  ';;;',
  '*/*',
  `application/json; ${'a=b; '.repeat(2000)}`,
  'x'.repeat(10_000),
];

const NOT_JSON = [
  '{',
  '}',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'nul',
  'undefined',
  '\u0000',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u00"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '<xml/>',
  'a=1&b=2',
  '--boundary\r\n',
  '1e999',
  'NaN',
  '"just a string"',
  '12',
  'null',
  'true',
  '[]',
];

/** Values an HTTP parser would let through to a header (visible ASCII, tab, obs-text), odd all the same. */
const headerValue = fc.oneof(
  fc.constantFrom('', ' ', '\t', 'null', '../../x', "' OR 1=1 --", '%00', 'é', '\u00ff'.repeat(50)),
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c === 0x7f ? 0x20 : c)),
    maxLength: 40,
  }),
  fc.integer({ min: 1_000, max: 12_000 }).map((n) => 'x'.repeat(n)),
);

/** Hostile segments for a path parameter (already as they go in the URL). */
const hostileSegment = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '00',
      '01',
      '2147483647',
      '2147483648',
      '4294967296',
      '9007199254740993',
      '9'.repeat(11),
      '9'.repeat(100),
      '9'.repeat(5_000),
      '1.5',
      '1e3',
      '0x1',
      '+1',
      '%201',
      '1%20',
      'abc',
      '%00',
      '1%00',
      '%2F',
      '1%2F2',
      '%2e%2e',
      '%2e%2e%2f%2e%2e',
      '..',
      '.',
      '%252e%252e',
      '%ZZ',
      '%',
      '%C0%AE',
      '%E2%98%83',
      '%EF%BC%91',
      'null',
      'undefined',
      'NaN',
      '%27%20OR%201%3D1',
      '1;1',
      '~',
      '*',
      '1?id=2',
      '1#x',
    ),
  },
  { weight: 2, arbitrary: hostileString.filter((s) => s.length < 5_000).map((s) => safeEncode(s)) },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 40 }).map(String) },
);

/** A value as it goes into a path or query string: lists joined by ',', objects as JSON. */
function plainText(value: unknown): string {
  if (Array.isArray(value)) return value.map(plainText).join(',');
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'object' && value !== null) return jsonText(value);
  return String(value);
}

/** encodeURIComponent that does not throw on lone surrogates. */
function safeEncode(s: string): string {
  return encodeURIComponent(s.replace(/[\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`));
}

/** URL tricks applied to a whole path. */
const pathTricks: fc.Arbitrary<(path: string) => string> = fc.constantFrom(
  (p: string) => `${p}/`,
  (p: string) => p.replace('/api/', '/api//'),
  (p: string) => `${p}/.`,
  (p: string) => `${p}/..`,
  (p: string) => `${p}/%2e%2e/%2e%2e/health`,
  (p: string) => `${p}%2F..%2F..`,
  (p: string) => `${p};jsessionid=1`,
  (p: string) => `${p}%00`,
  (p: string) => `${p}%`,
  // upper case after the prefix (above it, GET falls through to the web app's index.html)
  (p: string) =>
    p.replace(/^(\/api\/v1\.0\/)(.*)$/, (_m, prefix: string, rest: string) => prefix + rest.toUpperCase()),
  (p: string) => p.replace('/api/v1.0/', '/api/v1.0/./'),
  (p: string) => p.replace('/api/v1.0/', '/api/v1.1/../v1.0/'),
  (p: string) => `${p}/${'a/'.repeat(2_000)}`,
  (p: string) => `${p}#x`,
);

const boundaryOk = 'fuzzBoundary7MA4YWxkTrZu0gW';
const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const SVG_SCRIPT = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const SVG_OK = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');

const fileName = fc.oneof(
  fc.constantFrom(
    'artwork.pdf',
    'a.png',
    'notes.txt',
    '../../../../etc/passwd',
    '..\\..\\boot.ini',
    '/absolute/path.pdf',
    'a\u0000.pdf',
    'a\r\nX-Injected: 1.pdf',
    'a"b.pdf',
    'a;b=c.pdf',
    "a'; DROP TABLE orders; --.pdf",
    '\u202egpj.exe',
    'CON',
    '.',
    '..',
    '',
    '%2e%2e%2fx.pdf',
    '<script>.pdf',
    `${'a'.repeat(5_000)}.pdf`,
    'é\u0301.pdf',
    '\u{1f600}.pdf',
  ),
  weirdString,
);

/** A PNG just over the 1 MB upload limit the suite configures (MAX_ARTWORK_UPLOAD_MB=1). */
const PNG_OVER_LIMIT = Buffer.concat([PNG_BYTES, Buffer.alloc(1024 * 1024 + 10, 0x41)]);

const fileContent = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      PDF_BYTES,
      PNG_BYTES,
      SVG_SCRIPT,
      SVG_OK,
      Buffer.from('hello, world\n'),
      Buffer.alloc(0),
    ),
  },
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 256 }).map((a) => Buffer.from(a)) },
  { weight: 2, arbitrary: hostileString.map((s) => Buffer.from(s)) },
  { weight: 1, arbitrary: fc.constant(PNG_OVER_LIMIT) },
);

/** Files of the accepted types (PDF, PNG, SVG without script, text). */
const goodFileContent = fc.constantFrom(PDF_BYTES, PNG_BYTES, SVG_OK, Buffer.from('hello, world\n'));

/**
 * A multipart body: clean, one well-formed file in `field`; hostile, also broken in one of the ways
 * clients and attackers break them.
 */
function multipartArbitrary(
  field: string,
  hostile: boolean,
): fc.Arbitrary<{ contentType: string; body: Buffer; mutation: string }> {
  return fc
    .record({
      kind: hostile
        ? fc.constantFrom(
            'ok',
            'ok',
            'ok',
            'wrong field',
            'no boundary',
            'other boundary',
            'truncated',
            'two files',
            'field only',
            'no filename',
            'no parts',
            'odd boundary',
          )
        : fc.constant('ok'),
      name: hostile
        ? fc.oneof({ weight: 3, arbitrary: fc.constant(field) }, { weight: 1, arbitrary: weirdString })
        : fc.constant(field),
      filename: fileName,
      content: hostile ? fileContent : goodFileContent,
      partType: fc.constantFrom(
        'application/pdf',
        'text/plain',
        'application/octet-stream',
        'image/svg+xml',
        '',
      ),
      cut: fc.double({ min: 0, max: 1, noNaN: true }),
      oddBoundary: fc.oneof(fc.constantFrom('"quoted"', 'a'.repeat(1_000), ' ', '--'), weirdString),
    })
    .map(({ kind, name, filename, content, partType, cut, oddBoundary }) => {
      const boundary = kind === 'odd boundary' ? oddBoundary : boundaryOk;
      const part = (n: string, fname: string | null, data: Buffer) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${n}"${fname === null ? '' : `; filename="${fname}"`}\r\n${
              partType ? `Content-Type: ${partType}\r\n` : ''
            }\r\n`,
          ),
          data,
          Buffer.from('\r\n'),
        ]);
      const end = Buffer.from(`--${boundary}--\r\n`);
      const fieldName = kind === 'wrong field' ? `${field}x` : name;
      let body: Buffer;
      switch (kind) {
        case 'two files':
          body = Buffer.concat([part(fieldName, filename, content), part(fieldName, 'b.txt', content), end]);
          break;
        case 'field only':
          body = Buffer.concat([part(fieldName, null, Buffer.from('value')), end]);
          break;
        case 'no filename':
          body = Buffer.concat([part(fieldName, null, content), end]);
          break;
        case 'no parts':
          body = end;
          break;
        default:
          body = Buffer.concat([part(fieldName, filename, content), end]);
      }
      if (kind === 'truncated') body = body.subarray(0, Math.floor(body.length * cut));
      const contentType =
        kind === 'no boundary'
          ? 'multipart/form-data'
          : kind === 'other boundary'
            ? 'multipart/form-data; boundary=somethingElse'
            : `multipart/form-data; boundary=${boundary}`;
      return { contentType, body, mutation: `multipart ${kind}` };
    });
}

/**
 * The Authorization to send: a role the route admits; in hostile requests sometimes none, a
 * refused role or a bad header (never a valid token where it would end the session).
 */
function callerArbitrary(op: FuzzOperation, hostile: boolean): fc.Arbitrary<Caller> {
  const badHeaders = fc.oneof(
    fc.constantFrom('Bearer', 'Bearer ', 'bearer x', 'Basic YWRtaW46YWRtaW4=', 'Bearer null', 'Bearer a.b.c'),
    fc.constantFrom('e30.e30.', 'eyJhbGciOiJub25lIn0.eyJyb2xlIjoiQURNSU4ifQ.').map((t) => `Bearer ${t}`),
    headerValue.map((v) => `Bearer ${v}`),
  );
  const bad: fc.WeightedArbitrary<Caller>[] = [
    { weight: 1, arbitrary: fc.constant({ none: true }) },
    { weight: 1, arbitrary: badHeaders.map((header) => ({ header })) },
  ];
  if (op.noValidToken) return fc.oneof(...bad);
  const admitted: Role[] = op.roles === 'public' ? ['ADMIN', 'VENDOR', 'CUSTOMER'] : [...op.roles];
  const callers: fc.WeightedArbitrary<Caller>[] = [
    { weight: 12, arbitrary: fc.constantFrom(...admitted).map((role) => ({ role })) },
  ];
  if (admitted.includes('VENDOR'))
    callers.push({ weight: 2, arbitrary: fc.constant({ role: 'VENDOR2' as const }) });
  if (op.roles === 'public') callers.push({ weight: 12, arbitrary: fc.constant({ none: true }) });
  if (!hostile) return fc.oneof(...callers);
  if (op.refused.length > 0)
    callers.push({ weight: 1, arbitrary: fc.constantFrom(...op.refused).map((role) => ({ role })) });
  return fc.oneof(...callers, ...bad);
}

/**
 * The query string. Clean: each parameter valid (optional ones present half the time). Hostile:
 * values sometimes hostile or broken percent-encoding, parameters repeated, unknown ones added.
 */
function queryArbitrary(op: FuzzOperation, schemas: SchemaArbitraries): fc.Arbitrary<string> {
  const { hostile } = schemas;
  const valid = (schema: JsonSchema, name: string) =>
    schemas.valid(schema, name).map((v) => safeEncode(plainText(v)));
  const value = (schema: JsonSchema, name: string) =>
    hostile
      ? fc.oneof(
          { weight: 10, arbitrary: valid(schema, name) },
          { weight: 2, arbitrary: hostileString.map(safeEncode) },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              '%',
              '%zz',
              '%00',
              '%C0%80',
              '%ED%A0%80',
              '+',
              '=',
              '&&',
              '%26',
              '%3D',
            ),
          },
        )
      : valid(schema, name);
  const params = op.queryParams.map((p) =>
    fc
      .tuple(
        fc.array(value(p.schema, p.name), { minLength: 1, maxLength: 3 }),
        !p.required
          ? fc.boolean()
          : hostile
            ? fc.oneof(
                { weight: 20, arbitrary: fc.constant(true) },
                { weight: 1, arbitrary: fc.constant(false) },
              )
            : fc.constant(true),
        hostile
          ? fc.oneof({ weight: 12, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constant(3) })
          : fc.constant(1),
      )
      .map(([values, present, times]) =>
        present ? values.slice(0, times).map((v) => `${p.name}=${v}`) : ([] as string[]),
      ),
  );
  const unknown = hostile
    ? fc.oneof(
        { weight: 8, arbitrary: fc.constant([] as string[]) },
        {
          weight: 1,
          arbitrary: fc
            .array(
              fc.tuple(
                fc.oneof(
                  fc.constantFrom('__proto__', 'constructor[prototype][x]', 'a[]', 'page[size]', '', '='),
                  fc.string({ maxLength: 8 }).map(safeEncode),
                ),
                hostileString.filter((s) => s.length < 1_000).map(safeEncode),
              ),
              { minLength: 1, maxLength: 3 },
            )
            .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`)),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom(2_000, 20_000).map((n) => [`a=1${'&a=1'.repeat(n)}`]),
        },
      )
    : fc.constant([] as string[]);
  return fc.tuple(fc.tuple(...params), unknown).map(([lists, extra]) => {
    const all = [...lists.flat(), ...extra];
    return all.length > 0 ? `?${all.join('&')}` : '';
  });
}

/**
 * The requests one operation gets from `schemas`: with a clean instance, requests that keep to
 * the contract (they reach the handlers and change the data the hostile ones then meet); with a
 * hostile one, requests broken in their fields, their path, their headers or as a whole.
 */
export function requestArbitrary(op: FuzzOperation, schemas: SchemaArbitraries): fc.Arbitrary<FuzzRequest> {
  const { hostile } = schemas;
  const separate = fc.tuple(
    ...op.pathParams.map((p) => {
      const valid = schemas.valid(p.schema, p.name).map((v) => safeEncode(plainText(v)));
      return hostile
        ? fc.oneof({ weight: 5, arbitrary: valid }, { weight: 2, arbitrary: hostileSegment })
        : valid;
    }),
  );
  // Ids that belong together (an order and its line) most of the time, when the demo data has them.
  const together = schemas.pools.paths[op.pathParams.map((p) => p.name).join(',')] ?? [];
  const pathValues: fc.Arbitrary<string[]> =
    together.length > 0
      ? fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom(...together).map((ids) => ids.map(String)) },
          { weight: 1, arbitrary: separate },
        )
      : separate;
  const path = pathValues.map((values) => {
    let i = 0;
    return op.url.replace(/:[A-Za-z]+/g, () => values[i++] ?? '1');
  });
  const url = fc
    .tuple(
      path,
      queryArbitrary(op, schemas),
      hostile
        ? fc.oneof({ weight: 14, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: pathTricks })
        : fc.constant(null),
    )
    .map(([p, q, trick]) => ({ url: `${trick ? trick(p) : p}${q}`, trick: trick !== null }));

  const body = op.body;
  const bodyText: fc.Arbitrary<string> = !body
    ? fc.constant('')
    : !hostile
      ? schemas.valid(body, 'body').map(jsonText)
      : fc.oneof(
          { weight: 12, arbitrary: schemas.valid(body, 'body').map(jsonText) },
          { weight: 2, arbitrary: wrongType.map(jsonText) },
          // a property given twice: the second one hostile
          {
            weight: 1,
            arbitrary: fc
              .tuple(schemas.valid(body, 'body').map(jsonText), wrongType.map(jsonText))
              .map(([text, dup]) => {
                const key = /^\{"([^"]+)"/.exec(text)?.[1];
                return key ? `${text.slice(0, -1)},"${key}":${dup}}` : text;
              }),
          },
        );

  // How the body goes: as the operation takes it, or (hostile) broken at the level of the request.
  type Shape = { headers: Record<string, string>; payload?: string | Buffer; mutation: string };
  const label = (m: string) => (hostile ? m : `clean ${m}`);
  const shapes: fc.WeightedArbitrary<Shape>[] = [];
  if (op.multipartField) {
    shapes.push({
      weight: 12,
      arbitrary: multipartArbitrary(op.multipartField, hostile).map((m) => ({
        headers: { 'content-type': m.contentType },
        payload: m.body,
        mutation: label(m.mutation),
      })),
    });
  } else if (body) {
    shapes.push({
      weight: 14,
      arbitrary: bodyText.map((t) => ({
        headers: { 'content-type': 'application/json' },
        payload: t,
        mutation: label('json'),
      })),
    });
  } else {
    shapes.push({ weight: 14, arbitrary: fc.constant({ headers: {}, mutation: label('no body') }) });
  }
  if (hostile) {
    if (op.multipartField)
      shapes.push({
        weight: 1,
        arbitrary: bodyText.map((t) => ({
          headers: { 'content-type': 'application/json' },
          payload: t || '{}',
          mutation: 'JSON instead of multipart',
        })),
      });
    else
      shapes.push({
        weight: 1,
        arbitrary: multipartArbitrary('file', true).map((m) => ({
          headers: { 'content-type': m.contentType },
          payload: m.body,
          mutation: `unexpected ${m.mutation}`,
        })),
      });
    shapes.push(
      {
        weight: 1,
        arbitrary: fc.tuple(fc.constantFrom(...BAD_CONTENT_TYPES), bodyText).map(([ct, t]) => ({
          headers: { 'content-type': ct },
          payload: t || '{"a":1}',
          mutation: 'bad content type',
        })),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...NOT_JSON).map((t) => ({
          headers: { 'content-type': 'application/json' },
          payload: t,
          mutation: 'not JSON',
        })),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom('application/json', 'text/plain', '').map(
          (ct): Shape => ({
            headers: ct ? { 'content-type': ct } : {},
            payload: '',
            mutation: 'empty body',
          }),
        ),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(deepJson, fc.constantFrom('root', 'field')).map(([deep, where]) => ({
          headers: { 'content-type': 'application/json' },
          payload: where === 'root' ? deep.text : `{"a":${deep.text}}`,
          mutation: 'deep JSON',
        })),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(2 * 1024 * 1024 + 1, 3 * 1024 * 1024).map((n) => ({
          headers: { 'content-type': 'application/json' },
          payload: `{"a":"${'x'.repeat(n)}"}`,
          mutation: 'body over the limit',
        })),
      },
    );
  }

  const extraHeaders = hostile
    ? fc.oneof(
        { weight: 10, arbitrary: fc.constant({} as Record<string, string>) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              fc.constantFrom(
                'x-request-id',
                'accept',
                'accept-language',
                'x-forwarded-for',
                'origin',
                'range',
              ),
              headerValue,
            )
            .map(([k, v]) => ({ [k]: v })),
        },
      )
    : fc.constant({} as Record<string, string>);

  return fc
    .tuple(url, callerArbitrary(op, hostile), fc.oneof(...shapes), extraHeaders)
    .map(([u, caller, shape, extra]) => ({
      operation: `${op.method} ${op.url}`,
      method: op.method,
      url: u.url,
      caller,
      headers: { ...extra, ...shape.headers },
      payload: shape.payload,
      mutation: u.trick ? `${shape.mutation}, path trick` : shape.mutation,
      hostile,
    }));
}

// ---------------------------------------------------------------- checking answers

/** Text that only a leak would put in an answer: stack frames and source paths… */
export const STACK_MARKERS = ['    at ', '.ts:', '.js:', 'node_modules'];
/** …and SQL or database errors (the generated strings never hold these, so an echo cannot pass for one). */
export const SQL_MARKERS = ['select ', 'insert ', 'drizzle', 'syntax error at', 'violates ', 'relation "'];

/** The keys an error answer may have (decision 0058): `message`, and `field`/`fields` when it names fields. */
const ERROR_KEYS = new Set(['message', 'field', 'fields']);

/**
 * Problems of one answer: a 5xx, an error body that is not `{ message, field?, fields? }`, a message
 * that starts with a field path ('gtin: must be …'; decision 0058), or a leak.
 */
export function answerProblems(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
  const type = String(res.headers['content-type'] ?? '');
  const textual = type === '' || /json|text|html|xml/.test(type);
  if (textual) {
    const lower = res.body.toLowerCase();
    // Successful answers show stored data, which may rightly hold any text: only stack traces count there.
    const markers = res.statusCode < 300 ? STACK_MARKERS : [...STACK_MARKERS, ...SQL_MARKERS];
    for (const m of markers) if (lower.includes(m)) problems.push(`body contains ${JSON.stringify(m)}`);
  }
  if (res.statusCode >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      parsed = undefined;
    }
    const body = parsed as { message?: unknown; field?: unknown; fields?: unknown } | null;
    const ok =
      /application\/json/.test(type) &&
      typeof body === 'object' &&
      body !== null &&
      !Array.isArray(body) &&
      Object.keys(body).every((k) => ERROR_KEYS.has(k)) &&
      typeof body.message === 'string' &&
      (body.field === undefined || typeof body.field === 'string') &&
      (body.fields === undefined || Array.isArray(body.fields));
    if (!ok) problems.push('error body is not { message, field?, fields? }');
    else {
      const messages = [
        body.message as string,
        ...((body.fields as { message?: unknown }[] | undefined) ?? []).map((f) => String(f?.message)),
      ];
      const pathFirst = messages.find((m) => startsWithFieldPath(m));
      if (pathFirst) problems.push(`message starts with a field path: ${JSON.stringify(pathFirst)}`);
    }
  }
  return problems;
}

/** A request and its answer, short enough for an assertion message, complete enough to replay. */
export function describeExchange(
  n: number,
  req: FuzzRequest,
  res: { statusCode: number; body: string } | { error: string },
  problems: string[],
): string {
  const excerpt = (s: string, max: number) =>
    s.length > max ? `${JSON.stringify(s.slice(0, max))}… (${s.length} chars)` : JSON.stringify(s);
  const payload =
    req.payload === undefined
      ? '(none)'
      : Buffer.isBuffer(req.payload)
        ? excerpt(req.payload.toString('latin1'), 300)
        : excerpt(req.payload, 300);
  const caller =
    'role' in req.caller
      ? req.caller.role
      : 'none' in req.caller
        ? 'no token'
        : excerpt(req.caller.header, 60);
  const answer = 'error' in res ? `threw ${res.error}` : `${res.statusCode} ${excerpt(res.body, 300)}`;
  return [
    `#${n} ${req.method} ${excerpt(req.url, 300)} as ${caller} [${req.mutation}]: ${problems.join('; ')}`,
    `    headers ${excerpt(JSON.stringify(req.headers), 200)}`,
    `    body ${payload}`,
    `    answer ${answer}`,
  ].join('\n');
}
