import fc from 'fast-check';

/**
 * fast-check arbitraries from the OpenAPI document's JSON schemas (issue 13, decision 0940):
 * mostly values the schema accepts — so requests get past validation into the services — mixed
 * with hostile ones (wrong types, NUL bytes, huge strings, unicode, negative, enormous and
 * non-numeric numbers) at every level.
 */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
}

/** Values no field expects: the fuzzer's side of every field. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constant('x'.repeat(70_000)), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.integer(), weight: 2 },
  { arbitrary: fc.double({ noNaN: true }), weight: 2 },
  { arbitrary: fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 4 }), weight: 1 },
  {
    weight: 10,
    arbitrary: fc.constantFrom(
      null,
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\uFEFF\u202E\u200F',
      '👷🏽‍♀️🏗️',
      'مشروع ترميم',
      "'; DROP TABLE users; --",
      '<script>alert(1)</script>',
      '../../../etc/passwd',
      '%00',
      '1e400',
      'NaN',
      '-0',
      '9'.repeat(40),
      -1,
      0,
      -0,
      1.5,
      -2147483649,
      2147483648,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 2,
      1e308,
      -1e308,
      true,
      false,
      [],
      {},
      { __proto__: { admin: true } },
      { constructor: { prototype: { admin: true } } },
    ),
  },
);

const ids = fc.oneof(fc.integer({ min: 1, max: 30 }), fc.constantFrom(0, -1, 2147483647, 2147483648, Number.MAX_SAFE_INTEGER));

function stringFor(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 10_000));
  if (schema.format === 'email' || /email/.test(name)) return fc.emailAddress();
  if (schema.format === 'date' || /(_on|date|_from|_to|_until)$/.test(name))
    return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, Math.max(min, 60));
  return fc.string({ unit: 'grapheme', minLength: min, maxLength: max });
}

function conforming(schema: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => valueFor(s, name, depth)));
  if (schema.allOf?.length) return valueFor(schema.allOf[0], name, depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer': {
      if (/(^id$|_id$)/.test(name)) return ids;
      const min = schema.minimum ?? -1000;
      const max = Math.min(schema.maximum ?? 1_000_000, Math.max(min, 1_000_000));
      return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max });
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringFor(schema, name);
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, name.replace(/s$/, ''), depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return objectFor(schema, depth + 1);
    case 'null':
      return fc.constant(null);
    default:
      return hostile;
  }
}

/** One field's value: conforming four times out of five, hostile otherwise (never deeper than 4 levels). */
export function valueFor(schema: JsonSchema, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  const valid = conforming(schema, name, depth);
  return fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: hostile, weight: 1 });
}

/** An object: required keys mostly present, optional ones sometimes, now and then an unknown key. */
export function objectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(props)) model[key] = valueFor(sub, key, depth);
  const keys = Object.keys(model);
  const requiredKeys = keys.filter((k) => required.has(k));
  return fc
    .tuple(
      keys.length ? fc.record(model, { requiredKeys }) : fc.constant({}),
      requiredKeys.length ? fc.option(fc.constantFrom(...requiredKeys), { freq: 8 }) : fc.constant(null),
      fc.option(fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 2 }), { freq: 6 }),
    )
    .map(([record, dropped, extra]) => {
      const out: Record<string, unknown> = { ...(extra ?? {}), ...(record as Record<string, unknown>) };
      if (dropped !== null) delete out[dropped]; // now and then a required key is missing
      return out;
    });
}
