import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { CONTRACT_FILES, REGENERATE, renderContract } from '../scripts/contract.js';
import { API_ERROR_BODY_SCHEMA } from '../src/common/errors/api-error-body.schema.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 14 item 5: the committed contract (`contract/openapi.json`, `contract/openapi.d.ts`) is what the
 * server serves at `/api/docs-json`, and it is worth generating a client from: every property typed,
 * every operation named and summarised, every error answer the one error schema with a valid example.
 * (`@redocly/cli lint` of the committed file runs as its own step of `npm test`.)
 */

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema; additionalProperties?: unknown };
interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  parameters?: Array<{ name: string; schema?: Schema }>;
  responses: Record<string, { content?: Record<string, { schema?: Schema; example?: unknown }> }>;
}

let t: TestApp;
let served: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

beforeAll(async () => {
  t = await createTestApp();
  served = (await t.http().get('/api/docs-json').expect(200)).body;
});
afterAll(() => t.close());

/** Up to `max` JSON paths where two values differ, for a readable failure. */
function differences(a: unknown, b: unknown, at = '$', out: string[] = [], max = 10): string[] {
  if (out.length >= max || isDeepStrictEqual(a, b)) return out;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) differences((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${at}.${key}`, out, max);
  } else out.push(`${at}: committed ${JSON.stringify(b)?.slice(0, 80)}, served ${JSON.stringify(a)?.slice(0, 80)}`);
  return out;
}

function operations(): Array<[string, Operation]> {
  return Object.entries(served.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => [`${method} ${path}`, op] as [string, Operation]),
  );
}

test('the committed contract/openapi.json is the document the server serves', () => {
  const committed = JSON.parse(readFileSync(CONTRACT_FILES.document, 'utf8'));
  const drift = differences(served, committed);
  if (drift.length) throw new Error(`contract/openapi.json drifted from the server:\n  ${drift.join('\n  ')}\nRegenerate: ${REGENERATE}`);
});

test('the committed contract/openapi.d.ts is generated from that document', async () => {
  const { types } = await renderContract(served as never);
  if (types !== readFileSync(CONTRACT_FILES.types, 'utf8'))
    throw new Error(`contract/openapi.d.ts drifted from the server. Regenerate: ${REGENERATE}`);
});

test('every property and parameter has a type: no bare `type: object` (use @ApiProperty({ type, nullable }))', () => {
  const bare: string[] = [];
  const walk = (schema: Schema | undefined, at: string) => {
    if (!schema) return;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const composed = property.allOf ?? property.oneOf ?? property.anyOf;
      if (property.type === 'object' && !property.properties && !property.additionalProperties && !composed) bare.push(`${at}.${name}`);
      if (!property.type && !property.$ref && !composed && !property.enum && at !== 'ApiErrorBody') bare.push(`${at}.${name} (no type)`);
      walk(property, `${at}.${name}`);
      walk(property.items, `${at}.${name}[]`);
    }
  };
  for (const [name, schema] of Object.entries(served.components.schemas)) walk(schema, name);
  for (const [name, op] of operations()) {
    for (const parameter of op.parameters ?? []) {
      const schema = parameter.schema ?? {};
      if (!schema.type && !schema.$ref && !schema.enum)
        bare.push(`${name} parameter ${parameter.name} (no type: @ApiQuery({ name, type }))`);
    }
  }
  expect(bare).toEqual([]);
});

test('every operation has a readable id, a summary and a security requirement (`[]` when public)', () => {
  const ids = operations().map(([, op]) => op.operationId);
  expect(ids.filter((id) => !id || !/^[a-z][A-Za-z0-9]+$/.test(id))).toEqual([]);
  expect(new Set(ids).size).toBe(ids.length);
  expect(
    operations()
      .filter(([, op]) => !op.summary)
      .map(([name]) => name),
  ).toEqual([]);
  expect(
    operations()
      .filter(([, op]) => !Array.isArray(op.security))
      .map(([name]) => name),
  ).toEqual([]);
});

test('every 4xx/5xx answer is ApiErrorBody with an example in that shape', () => {
  const validate = new Ajv({ allErrors: true }).addKeyword('example').compile(API_ERROR_BODY_SCHEMA);
  expect(served.components.schemas.ApiErrorBody).toEqual(JSON.parse(JSON.stringify(API_ERROR_BODY_SCHEMA)));
  const wrong: string[] = [];
  for (const [name, op] of operations()) {
    expect(op.responses).toHaveProperty('4XX');
    expect(op.responses).toHaveProperty('5XX');
    for (const [status, answer] of Object.entries(op.responses)) {
      if (!/^[45]/.test(status)) continue;
      const json = answer.content?.['application/json'];
      if (json?.schema?.$ref !== '#/components/schemas/ApiErrorBody' || !validate(json.example)) wrong.push(`${name} ${status}`);
    }
  }
  expect(wrong).toEqual([]);
});
