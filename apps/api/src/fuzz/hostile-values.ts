import fc from 'fast-check';

/** The part of JSON Schema the API's OpenAPI document uses for parameters and bodies. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  nullable?: boolean;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

/** Real ids and slugs by path parameter name, so generated requests also reach rows that exist. */
export type IdPool = Record<string, string[]>;

const NUL = String.fromCharCode(0);
const LONE_HIGH = String.fromCharCode(0xd800);
const LONE_LOW = String.fromCharCode(0xdfff);

/** Strings that have broken parsers, databases and renderers before. */
const NASTY_STRINGS = [
  '',
  ' ',
  NUL,
  `a${NUL}b`,
  `${NUL}${NUL}`,
  LONE_HIGH,
  `x${LONE_LOW}y`,
  '\uFFFF',
  '\uFEFF',
  '\u202E',
  '😀',
  'e\u0301',
  '%00',
  '%',
  '%ZZ',
  '\\',
  '"',
  "'",
  "' OR '1'='1",
  '1; DROP TABLE products --',
  '$1',
  '\\x00',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '\u0024{7*7}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e9999',
  '-9223372036854775809',
  '99999999999999999999999',
  '0x10',
  '1.5',
  '2024-02-30',
  '9999-12-31T23:59:59Z',
  '-infinity',
  'infinity',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  'a@b',
  '@',
  'x'.repeat(256),
  'é'.repeat(5_000),
];

const NASTY_NUMBERS = [
  -1,
  -0,
  0.5,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(NUL, LONE_HIGH, LONE_LOW))
      .map(([s, bad]) => s + bad + s),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'a'.repeat(n)) },
);

const nastyNumber = fc.oneof(fc.constantFrom(...NASTY_NUMBERS), fc.double({ noNaN: true }), fc.integer());

/** Any value of the wrong shape: other types, odd numbers, odd strings, odd containers. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { '': NUL }) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, nastyString, { maxKeys: 3 }) },
);

const oddKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'id',
    'user_id',
    'role',
    'price',
    'status',
    NUL,
    '',
  ),
  fc.string({ maxLength: 12 }),
);

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/**
 * The pool a body field's uuids come from: a field named like a path parameter ('brand_id',
 * 'category_ids', 'variant_id') takes ids of that kind, so references point at the right table.
 */
function poolFor(key: string, pool: IdPool): IdPool {
  const kind = key.replace(/_ids?$/, '_id').replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const ids = pool[kind];
  return ids?.length ? { [kind]: ids } : pool;
}

/** A value the schema accepts, or nearly so: the start for the mutations below. */
export function plausible(schema: Schema, pool: IdPool, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => plausible(s, pool, depth)));
  let value: fc.Arbitrary<unknown>;
  if (schema.enum?.length) value = fc.constantFrom(...schema.enum);
  else if (schema.format === 'uuid') {
    const known = Object.values(pool).flat();
    value = known.length
      ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.uuid() })
      : fc.uuid();
  } else if (schema.format === 'email') {
    value = fc.oneof(
      fc.emailAddress(),
      fc.nat().map((n) => `fuzz${n}@example.com`),
    );
  } else {
    const type = types(schema).find((t) => t !== 'null') ?? 'string';
    value = plausibleOfType(type, schema, pool, depth);
  }
  return schema.nullable ? fc.option(value, { nil: null, freq: 8 }) : value;
}

function plausibleOfType(type: string, schema: Schema, pool: IdPool, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000, -1_000_000),
        max: Math.min(schema.maximum ?? 100_000, 1_000_000),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 100_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items && depth < 4 ? plausible(schema.items, pool, depth + 1) : fc.string(), {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      if (!schema.properties || depth >= 4) return fc.constant({});
      const fields = Object.fromEntries(
        Object.entries(schema.properties).map(([key, s]) => [
          key,
          plausible(s, poolFor(key, pool), depth + 1),
        ]),
      );
      return fc.record(fields, { requiredKeys: (schema.required ?? []).filter((k) => k in fields) });
    }
    default:
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
  }
}

/** Strings a length-limited text field accepts that still stress what stores and renders them. */
function edgyString(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 5_000, 20_000);
  const fits = (s: string) => s.length >= min && s.length <= max && !s.includes(NUL);
  return fc.oneof(
    nastyString.filter(fits),
    fc.constantFrom('x', '😀', 'é', "'", '%').map((c) => c.repeat(Math.max(min, Math.floor(max / c.length)))),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 40) }).filter(fits),
  );
}

/**
 * A value the schema accepts, pushed to its edges: the largest and smallest numbers, the longest
 * strings (emoji, quotes, percent signs), the most items. Valid, so it reaches the handlers.
 */
export function edgy(schema: Schema, pool: IdPool, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => edgy(s, pool, depth)));
  if (schema.enum?.length || schema.format) return plausible(schema, pool, depth);
  const type = types(schema).find((t) => t !== 'null') ?? 'string';
  const near = plausible(schema, pool, depth);
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -Number.MAX_SAFE_INTEGER;
      const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
      return fc.oneof(fc.constantFrom(min, max, Math.min(min + 1, max), Math.max(max - 1, min)), near);
    }
    case 'string':
      return fc.oneof(edgyString(schema), near);
    case 'array':
      if (!schema.items || depth >= 4) return near;
      return fc.array(edgy(schema.items, pool, depth + 1), {
        minLength: Math.min(schema.maxItems ?? 5, 50),
        maxLength: Math.min(schema.maxItems ?? 5, 50),
      });
    case 'object': {
      if (!schema.properties || depth >= 4) return near;
      const fields = Object.fromEntries(
        Object.entries(schema.properties).map(([key, s]) => [key, edgy(s, poolFor(key, pool), depth + 1)]),
      );
      return fc.record(fields, { requiredKeys: (schema.required ?? []).filter((k) => k in fields) });
    }
    default:
      return near;
  }
}

/**
 * A value of the schema's shape with hostile parts: wrong types and odd values in some fields,
 * required fields left out, unknown fields added, arrays far too long.
 */
export function corrupted(schema: Schema, pool: IdPool, depth = 0): fc.Arbitrary<unknown> {
  const type = types(schema).find((t) => t !== 'null');
  if (type === 'object' && schema.properties && depth < 4) {
    const fields = Object.fromEntries(
      Object.entries(schema.properties).map(([key, s]) => [
        key,
        fc.oneof(
          { weight: 3, arbitrary: plausible(s, pool, depth + 1) },
          { weight: 2, arbitrary: corrupted(s, pool, depth + 1) },
        ),
      ]),
    );
    return fc
      .tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(oddKey, nastyValue, { maxKeys: 3 }))
      .map(([known, unknown]) => ({ ...unknown, ...known }));
  }
  if (type === 'array' && schema.items && depth < 4) {
    return fc.oneof(
      fc.array(corrupted(schema.items, pool, depth + 1), { maxLength: 4 }),
      fc.integer({ min: 51, max: 20_000 }).map((n) => Array.from({ length: n }, () => ({}))),
    );
  }
  return nastyValue;
}

/** A body for a JSON route: mostly near-valid with hostile parts, sometimes a wholly wrong document. */
export function jsonBody(schema: Schema | undefined, pool: IdPool): fc.Arbitrary<unknown> {
  const shaped = schema
    ? [
        { weight: 3, arbitrary: plausible(schema, pool) },
        { weight: 4, arbitrary: edgy(schema, pool) },
        { weight: 3, arbitrary: corrupted(schema, pool) },
      ]
    : [{ weight: 3, arbitrary: fc.constant({}) }];
  return fc.oneof(...shaped, { weight: 1, arbitrary: nastyValue });
}

/**
 * Percent-encodes like encodeURIComponent, but a lone surrogate (which encodeURIComponent refuses)
 * becomes the bytes of its invalid UTF-8 form, as a hostile client could send.
 */
export function encodeLoose(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    out +=
      code >= 0xd800 && code <= 0xdfff
        ? `%ED%${(0xa0 + ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%80`
        : encodeURIComponent(char);
  }
  return out;
}

/** Raw, already encoded URL segments: invalid UTF-8, encoded NUL and slashes, traversal, huge numbers. */
export const rawSegment: fc.Arbitrary<string> = fc.constantFrom(
  '%00',
  'a%00b',
  '%FF',
  '%C0%AE',
  '%ED%A0%80',
  '%E2%82',
  '%',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2F..%2F',
  '%20',
  '-1',
  '0',
  '99999999999999999999999',
  '1e9999',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  '00000000-0000-0000-0000-00000000000g',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  `${'a'.repeat(3_000)}`,
);
