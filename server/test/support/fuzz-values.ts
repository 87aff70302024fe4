import fc from 'fast-check';

/**
 * Generators of hostile request parts for the API fuzz suite (`test/api-fuzz.api-spec.ts`): JSON values
 * built as text (so prototype keys, exponent numbers such as `5e-323` or `1e309` and lone surrogates
 * reach the server exactly as written), query values and path ids, each derived from an OpenAPI schema
 * where one is given.
 */

/** A JSON value kept as literal text (numbers JSON.stringify cannot write, such as `1e309`). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A JSON object as an ordered list of entries, so keys like `__proto__` survive until serialization. */
export class JsonObject {
  constructor(readonly entries: Array<[string, JsonValue]>) {}
}

/** Any value the fuzz suite can put in a JSON body. */
export type JsonValue = null | boolean | number | string | RawJson | JsonValue[] | JsonObject;

/** Serializes a generated value to JSON text, writing raw numbers and every key exactly as generated. */
export function toJsonText(value: JsonValue): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonObject) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  return JSON.stringify(value) ?? 'null';
}

/** A minimal view of the OpenAPI (3.0) schema objects @nestjs/swagger writes. */
export interface OpenApiSchema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  format?: string;
  example?: unknown;
  items?: OpenApiSchema;
  properties?: Record<string, OpenApiSchema>;
  allOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  anyOf?: OpenApiSchema[];
  nullable?: boolean;
}

/** Numbers at the edges of IEEE-754 and of decimal-place checks, written as JSON text. */
export const EDGE_NUMBERS = [
  '5e-323',
  '4.9e-324',
  '1e309',
  '-1e309',
  '1e-7',
  '1.7976931348623157e308',
  '123456789012345678901234567890',
  '-0',
  '0.00001',
  '12.34567',
  '1E2',
  '9007199254740993',
  '-2147483649',
];

/** Dates that look right but are not (and a few that are). */
export const ODD_DATES = [
  '02/30/2023',
  '02/29/2023',
  '02/29/2024',
  '13/01/2020',
  '00/00/0000',
  '12/31/9999',
  '1/2/2020',
  '2023-02-30',
  '2023-02-30T25:61:61Z',
  '03151998',
  '99/99/9999',
];

/** Strings that trip parsers and databases: NUL, lone surrogates, RTL marks, SQL/JSON look-alikes. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '🙂👩‍👩‍👧',
  '中文字段',
  "'; DROP TABLE users; --",
  '{"a":1}',
  '[1,2]',
  'null',
  'NaN',
  'Infinity',
  'true',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
];

/** Keys that pollute prototypes or confuse mappers. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS, ...ODD_DATES),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 256, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 10, max: 5_000 }).map((n) => '字🙂'.repeat(n)),
);

/** A number, plain or from the edge list. */
const anyNumber: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS).map((t) => new RawJson(t)),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** An object or array nested `depth` levels deep. */
const deepNesting: fc.Arbitrary<JsonValue> = fc.tuple(fc.integer({ min: 2, max: 60 }), fc.boolean()).map(([depth, arrays]) => {
  let value: JsonValue = 'deep';
  for (let i = 0; i < depth; i++) value = arrays ? [value] : new JsonObject([['a', value]]);
  return value;
});

/** An object carrying prototype keys. */
const prototypeObject: fc.Arbitrary<JsonValue> = fc
  .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.constantFrom<JsonValue>(new JsonObject([['isAdmin', true]]), 'x', null, 1))
  .map(([k, v]) => new JsonObject([[k, v]]));

/** Any hostile JSON value: wrong types, huge or odd strings, edge numbers, deep or polluting objects. */
export const hostileValue: fc.Arbitrary<JsonValue> = fc.oneof(
  { arbitrary: fc.constant(null), weight: 2 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: anyNumber, weight: 3 },
  { arbitrary: nastyString, weight: 4 },
  { arbitrary: fc.array(fc.oneof(fc.integer(), nastyString), { maxLength: 4 }), weight: 1 },
  { arbitrary: deepNesting, weight: 1 },
  { arbitrary: prototypeObject, weight: 1 },
  {
    arbitrary: fc
      .dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), nastyString), { maxKeys: 3 })
      .map((d) => new JsonObject(Object.entries(d))),
    weight: 1,
  },
);

/** Follows `$ref`s into `components.schemas`. */
export function resolveSchema(schema: OpenApiSchema | undefined, components: Record<string, OpenApiSchema>): OpenApiSchema {
  let current = schema ?? {};
  for (let hops = 0; current.$ref && hops < 20; hops++) current = components[current.$ref.split('/').pop()!] ?? {};
  if (current.allOf?.length) {
    return current.allOf
      .map((s) => resolveSchema(s, components))
      .reduce((a, b) => ({ ...a, ...b, properties: { ...a.properties, ...b.properties } }), {});
  }
  return current;
}

/**
 * A value that mostly fits `schema` (enum member, example, right type), so requests get past the first
 * checks and meet the deeper ones; `depth` bounds the recursion into nested schemas.
 */
export function plausibleValue(
  schema: OpenApiSchema | undefined,
  components: Record<string, OpenApiSchema>,
  depth = 0,
): fc.Arbitrary<JsonValue> {
  const s = resolveSchema(schema, components);
  const options: fc.Arbitrary<JsonValue>[] = [];
  if (s.enum?.length) options.push(fc.constantFrom(...(s.enum as JsonValue[])));
  if (s.example !== undefined && typeof s.example !== 'object') options.push(fc.constant(s.example as JsonValue));
  switch (s.type) {
    case 'string':
      if (s.format === 'uuid') options.push(fc.uuid());
      else if (s.format === 'email') options.push(fc.emailAddress());
      else if (s.format === 'date-time') options.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
      else options.push(fc.string({ maxLength: 20 }), fc.constantFrom(...ODD_DATES));
      break;
    case 'number':
      options.push(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), fc.integer({ min: 0, max: 1000 }));
      break;
    case 'integer':
      options.push(fc.integer({ min: -5, max: 1000 }));
      break;
    case 'boolean':
      options.push(fc.boolean());
      break;
    case 'array':
      if (depth < 4) options.push(fc.array(plausibleValue(s.items, components, depth + 1), { maxLength: 4 }));
      break;
    case 'object':
    default:
      if (s.properties && depth < 4) options.push(objectFor(s, components, depth + 1));
  }
  if (!options.length) options.push(fc.string({ maxLength: 10 }));
  return fc.oneof(...options);
}

/**
 * An object for `schema`: a random subset of its properties, each plausible (80 %) or hostile, plus now
 * and then unknown fields and prototype keys.
 */
export function objectFor(schema: OpenApiSchema, components: Record<string, OpenApiSchema>, depth = 0): fc.Arbitrary<JsonValue> {
  const properties = Object.entries(resolveSchema(schema, components).properties ?? {});
  const field = (name: string, propertySchema: OpenApiSchema) =>
    fc.option(
      fc
        .oneof({ arbitrary: plausibleValue(propertySchema, components, depth), weight: 4 }, { arbitrary: hostileValue, weight: 1 })
        .map((v): [string, JsonValue] => [name, v]),
      { freq: 3 },
    );
  const extra = fc.oneof(
    { arbitrary: fc.constant<Array<[string, JsonValue]>>([]), weight: 6 },
    { arbitrary: fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), hostileValue).map((e) => [e]), weight: 1 },
    { arbitrary: fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS), hostileValue).map((e) => [e]), weight: 1 },
  );
  return fc
    .tuple(fc.tuple(...properties.map(([name, p]) => field(name, p))), extra)
    .map(([fields, more]) => new JsonObject([...fields.filter((f): f is [string, JsonValue] => f !== null), ...more]));
}

/** Bodies that are not JSON at all, or broken JSON. */
export const MALFORMED_JSON = [
  '{',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'nul',
  '"',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":01}',
  '{"a":1e}',
  '{"a":NaN}',
  '\u0000',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
];

/** Path ids that are not ids: words, huge or negative numbers, odd encodings. */
export const ODD_IDS = [
  'abc',
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  '%E0%A4%A',
  '%00',
  '%F0%9F%99%82',
  'null',
  'undefined',
  '00000000-0000-0000-0000-000000000000',
  'x'.repeat(300),
];

/** Plausible values of the ra-data-simple-rest list parameters, and broken ones. */
export const LIST_QUERY_VALUES: Record<string, string[]> = {
  sort: [
    '["id","ASC"]',
    '["id","DESC"]',
    '["nope","ASC"]',
    '["id","SIDEWAYS"]',
    '["id"]',
    '[]',
    '{}',
    '[1,2]',
    'id',
    '["__proto__","ASC"]',
  ],
  range: ['[0,24]', '[0,0]', '[5,2]', '[-1,10]', '[0,1e309]', '[5e-323,1]', '[0,99999999999]', '[0]', '["a","b"]', '{}', '0-24'],
  filter: [
    '{"q":"text"}',
    '{}',
    '{"id":[1,2]}',
    '{"id":["abc"]}',
    '{"nope":1}',
    '{"__proto__":{"x":1}}',
    '{"q":{"$gt":""}}',
    '{"status":"draft"}',
    '{"createdAt_gte":"02/30/2023"}',
    '[]',
    'null',
    '"x"',
    '{"q":"\\u0000"}',
  ],
};
