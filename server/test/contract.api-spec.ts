import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { CONTRACT_FILES, REGENERATE, renderContract } from '../scripts/contract.js';
import { API_ERROR_BODY_SCHEMA } from '../src/common/errors/api-error-body.schema.js';
import { API_KEY_SCOPES } from '../src/modules/api-keys/api-key-scopes.js';
import { APPLICATION_FIELDS, registeredFields } from '../src/modules/applications/application-fields.js';
import { DemoDataService } from '../src/modules/demo/demo-data.service.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 14 item 5: the committed contract (`contract/openapi.json`, `contract/openapi.d.ts`) is what the
 * server serves at `/api/docs-json`, and it is worth generating a client from: every property typed,
 * every operation named and summarised, every error answer the one error schema with a valid example.
 * Issue 26 item 8: the response headers integrators read (`Content-Range`, `RateLimit-Policy` / `RateLimit`,
 * `Retry-After`) are declared where the server sends them, and `answers` is typed from the field registry:
 * checked against the running app, with the demo data (ten applications saved through the services, at
 * every stage) as the real answers. (`@redocly/cli lint` of the committed file runs as its own step of `npm test`.)
 */

type Schema = Record<string, unknown> & {
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: unknown;
  allOf?: Schema[];
};
interface Header {
  $ref?: string;
  description?: string;
  required?: boolean;
  schema?: { pattern?: string };
  example?: unknown;
}
interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  parameters?: Array<{ name: string; schema?: Schema }>;
  responses: Record<string, { headers?: Record<string, Header>; content?: Record<string, { schema?: Schema; example?: unknown }> }>;
  'x-api-key-scope'?: string;
  'x-rate-limit'?: string;
}

let t: TestApp;
let served: {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; headers: Record<string, Header> };
};
let adminToken: string;

beforeAll(async () => {
  // the demo data's terms are the upcoming ones of today (as a fresh development start)
  t = await createTestApp({ DEMO_DATA: 'true', CATALOGUE_UPCOMING_TERMS: 'true' }, { openSeededTerms: false });
  served = (await t.http().get('/api/docs-json').expect(200)).body;
  adminToken = await t.login();
  expect(await t.app.get(DemoDataService).seed('http://localhost:3000')).toBe(10);
}, 120_000);
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

/** The operations as `{ method, path, op }`, for the checks that call them. */
function routes(): Array<{ method: string; path: string; op: Operation }> {
  return Object.entries(served.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, op })));
}

/** A header declaration with its `$ref` into `components.headers` followed. */
function header(declared: Header | undefined): Header | undefined {
  return declared?.$ref ? served.components.headers[declared.$ref.replace('#/components/headers/', '')] : declared;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('response headers (issue 26 item 8)', () => {
  test('Content-Range is declared on exactly the operations that send it, with the resource they send', async () => {
    // every GET without path parameters, called as an admin: a console list sends Content-Range on its 200
    const wrong: string[] = [];
    let lists = 0;
    for (const { method, path, op } of routes()) {
      if (method !== 'get' || path.includes('{')) continue;
      const answer = await t.http().get(path).set(bearer(adminToken));
      const sent = answer.headers['content-range'] as string | undefined;
      const declared = op.responses['200']?.headers?.['Content-Range'];
      if (!declared) {
        if (sent) wrong.push(`${path}: sends ${sent}, not declared`);
        continue;
      }
      lists += 1;
      const unit = String(declared.example).split(' ')[0];
      if (answer.status !== 200 || !sent) wrong.push(`${path}: declared, answered ${answer.status} without it`);
      else if (!new RegExp(declared.schema!.pattern!).test(sent) || sent.split(' ')[0] !== unit)
        wrong.push(`${path}: sends ${sent}, declares ${String(declared.example)}`);
      if (declared.required !== true || !declared.description) wrong.push(`${path}: Content-Range without required/description`);
    }
    expect(wrong).toEqual([]);
    // the console's lists: applications, users, payments, webhooks, catalogue, … (19 when written)
    expect(lists).toBeGreaterThanOrEqual(15);
  });

  test('every operation an API key reaches declares RateLimit-Policy and RateLimit, and a 429 with them', () => {
    const wrong: string[] = [];
    const reachable = routes().filter(({ op }) => op['x-api-key-scope']);
    for (const { method, path, op } of reachable) {
      if (!op.responses['429']) wrong.push(`${method} ${path}: no 429`);
      for (const [status, answer] of Object.entries(op.responses)) {
        if (status === '401') continue; // an unknown key is refused before its quota is counted
        for (const name of ['RateLimit-Policy', 'RateLimit'])
          if (answer.headers?.[name]?.$ref !== `#/components/headers/${name}`) wrong.push(`${method} ${path} ${status}: no ${name}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(reachable.length).toBeGreaterThanOrEqual(10);
  });

  test('an API key gets the declared RateLimit headers from every operation it reaches', async () => {
    const created = await t
      .http()
      .post('/api/admin/api-keys')
      .set(bearer(adminToken))
      .send({ name: 'contract check', scopes: [...API_KEY_SCOPES] });
    expect(created.status).toBe(201);
    const policy = new RegExp(header({ $ref: '#/components/headers/RateLimit-Policy' })!.schema!.pattern!);
    const quota = new RegExp(header({ $ref: '#/components/headers/RateLimit' })!.schema!.pattern!);
    const wrong: string[] = [];
    const called = routes().filter(({ method, path, op }) => method === 'get' && !path.includes('{') && op['x-api-key-scope']);
    for (const { path } of called) {
      const answer = await t.http().get(path).set(bearer(created.body.key));
      if (answer.status !== 200) wrong.push(`${path}: ${answer.status}`);
      if (!policy.test(answer.headers['ratelimit-policy'] ?? '') || !quota.test(answer.headers.ratelimit ?? ''))
        wrong.push(`${path}: RateLimit-Policy ${answer.headers['ratelimit-policy']}, RateLimit ${answer.headers.ratelimit}`);
    }
    expect(wrong).toEqual([]);
    expect(called.length).toBeGreaterThanOrEqual(8);
  });

  test('every 429 declares Retry-After; every operation limited per IP declares its 429 and RateLimit-Remaining', () => {
    const wrong: string[] = [];
    for (const { method, path, op } of routes()) {
      const limited = op.responses['429'];
      if (limited && limited.headers?.['Retry-After']?.$ref !== '#/components/headers/Retry-After')
        wrong.push(`${method} ${path}: 429 without Retry-After`);
      if (op['x-rate-limit'] === 'ip') {
        if (!limited) wrong.push(`${method} ${path}: limited per IP without a 429`);
        for (const [status, answer] of Object.entries(op.responses))
          if (!answer.headers?.['RateLimit-Remaining']) wrong.push(`${method} ${path} ${status}: no RateLimit-Remaining`);
      }
    }
    expect(wrong).toEqual([]);
    expect(header({ $ref: '#/components/headers/Retry-After' })).toMatchObject({ required: true, schema: { type: 'integer', minimum: 1 } });
  });
});

describe('answers typed from the field registry (issue 26 item 8)', () => {
  const ANSWERS_REF = '#/components/schemas/ApplicationAnswers';

  test('ApplicationAnswers has exactly the registry fields, in form order, and is what answers and the record reference', () => {
    const answers = served.components.schemas.ApplicationAnswers!;
    expect(Object.keys(answers.properties!)).toEqual(registeredFields().map((field) => field.name));
    expect(answers.required).toBeUndefined();
    expect(answers.additionalProperties).toBeUndefined();
    // the registry and the save body (the step DTOs, where the shapes come from) name the same fields
    const saveBody = Object.keys(served.components.schemas.SaveApplicationDto!.properties!);
    expect(saveBody.filter((name) => !['version', 'stepReached', 'timeZone'].includes(name)).sort()).toEqual(
      Object.keys(APPLICATION_FIELDS).sort(),
    );
    expect(served.components.schemas.AdminApplicationDetail!.properties!.answers!.allOf).toEqual([{ $ref: ANSWERS_REF }]);
    expect(served.components.schemas.ApplicationRecord!.allOf![0]).toEqual({ $ref: ANSWERS_REF });
    // each field typed and described; dates with the MM/DD/YYYY pattern
    const untyped = Object.entries(answers.properties!).filter(([, p]) => (!p.type && !p.allOf) || !p.description);
    expect(untyped.map(([name]) => name)).toEqual([]);
    expect(answers.properties!.dateOfBirth).toMatchObject({ type: 'string', pattern: '^\\d{2}/\\d{2}/\\d{4}$' });
  });

  test("real applications' answers, records and detail validate against the schemas", async () => {
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema({ $id: 'contract', components: served.components });
    const validator = (name: string) => ajv.compile({ $ref: `contract#/components/schemas/${name}` });
    const [answersValid, recordValid, detailValid] = ['ApplicationAnswers', 'ApplicationRecord', 'AdminApplicationDetail'].map(validator);
    // the validators do refuse answers of the wrong shape (a date not MM/DD/YYYY, a text flag, a nested number, a null)
    for (const wrong of [
      { dateOfBirth: '2000-01-31' },
      { fatherDeceased: 'yes' },
      { emergencyContact: { name: 5 } },
      { addressCity: null },
    ])
      expect(answersValid!(wrong)).toBe(false);
    const registry = new Set(registeredFields().map((field) => field.name));
    const answered = new Set<string>();
    const list = await t.http().get('/api/admin/applications?range=[0,99]').set(bearer(adminToken)).expect(200);
    expect(list.body).toHaveLength(10);
    const invalid: string[] = [];
    let records = 0;
    for (const { id, status } of list.body as Array<{ id: string; status: string }>) {
      const detail = (await t.http().get(`/api/admin/applications/${id}`).set(bearer(adminToken)).expect(200)).body;
      if (!answersValid!(detail.answers)) invalid.push(`${id} answers: ${ajv.errorsText(answersValid!.errors)}`);
      if (!detailValid!(detail)) invalid.push(`${id} detail: ${ajv.errorsText(detailValid!.errors)}`);
      invalid.push(
        ...Object.keys(detail.answers)
          .filter((name) => !registry.has(name))
          .map((name) => `${id}: ${name} not in the registry`),
      );
      for (const name of Object.keys(detail.answers)) answered.add(name);
      if (status !== 'draft') continue;
      // a draft's record as a save answers it (a save of nothing but the version changes no answer)
      const saved = await t.http().patch(`/api/applications/${id}`).set(bearer(adminToken)).send({ version: detail.version });
      expect(saved.status).toBe(200);
      records += 1;
      if (!recordValid!(saved.body.data)) invalid.push(`${id} record: ${ajv.errorsText(recordValid!.errors)}`);
    }
    expect(invalid).toEqual([]);
    expect(records).toBeGreaterThanOrEqual(5);
    process.stdout.write(`contract: ${answered.size} of ${registry.size} answer fields present in the demo applications\n`);
    // every step's answers, the certification and the payment step's among them
    expect(answered.size).toBeGreaterThanOrEqual(40);
    expect([...answered]).toEqual(
      expect.arrayContaining(['dateOfBirth', 'emergencyContact', 'certifyAllInformation', 'dateSignature', 'discountCode']),
    );
  });
});
