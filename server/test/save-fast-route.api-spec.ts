import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Response } from 'supertest';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

/**
 * Issue 12 item 1: the autosave's `PATCH /api/applications/{id}` is answered ahead of express
 * (`application-save.fast-route.ts`) when it carries its token in `X-Application-Token`; the same save
 * with `?token=` goes through express's route. Twin applications get the same random sequence of saves,
 * one by each way, and every answer must match: status, body (but the twins' own ids and times) and
 * headers. Fixed seed in CI (`SAVE_ROUTE_SEED` to draw another); the seed is printed on failure.
 */
const SEED = Number(process.env.SAVE_ROUTE_SEED ?? 20261126);
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const SAVE_ROUTE = '/api/applications/:id';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN });
});

afterAll(async () => {
  await t.close();
});

/** How many saves the fast route answered so far (its Prometheus counter). */
async function fastSaves(): Promise<number> {
  const text = (await t.http().get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)).text;
  const line = text.split('\n').find((l) => l.startsWith(`portal_fast_path_requests_total{route="${SAVE_ROUTE}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

/** One save as the model draws it: the body (text or value), its content type and the request's other parts. */
interface SaveCase {
  body: { fields: Record<string, unknown>; version: 'current' | 'stale' | 'text' | 'missing' } | { raw: string };
  contentType: string;
  language: 'en' | 'es' | 'zh-CN';
  gzip: boolean;
  token: 'own' | 'other' | 'unknown';
}

const FIELD_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  contactName: fc.oneof(fc.constantFrom('Ana', ' ', 'x'.repeat(101), null), fc.string({ maxLength: 30 })),
  maritalStatus: fc.constantFrom('Single', 'Married', 'Not an option', 7, null),
  addressCountry: fc.constantFrom('United States', 'Canada', 'Atlantis'),
  addressZip: fc.constantFrom('10001', 'M5V 3L9', 'ABCDE', '', null),
  fatherDeceased: fc.constantFrom(true, false, 'yes'),
  firstName: fc.constantFrom('Moshe', '', 'M'.repeat(300)),
  timeZone: fc.constantFrom('America/New_York', 'Asia/Shanghai', 'Mars/Olympus'),
  semesterApplied: fc.constantFrom('Spring 2026', 'Fall 1999'),
  stepReached: fc.constantFrom('2', '8', 'x'),
  firstRecommender: fc.constantFrom({ name: 'Dr. B', email: 'b@example.com' }, { name: 5 }, 'text'),
  notAField: fc.constant('refused by the whitelist'),
};

const saveCase: fc.Arbitrary<SaveCase> = fc.record({
  body: fc.oneof(
    {
      weight: 12,
      arbitrary: fc.record({
        fields: fc
          .dictionary(fc.constantFrom(...Object.keys(FIELD_VALUES)), fc.constant(null), { minKeys: 1, maxKeys: 4 })
          .chain((keys) => fc.record(Object.fromEntries(Object.keys(keys).map((key) => [key, FIELD_VALUES[key]])))),
        version: fc.constantFrom<'current' | 'stale' | 'text' | 'missing'>(
          'current',
          'current',
          'current',
          'current',
          'stale',
          'text',
          'missing',
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { raw: '{"version":' },
        { raw: '"just a string"' },
        { raw: '[1,2]' },
        { raw: '' },
        { raw: '{"version":1,"__proto__":{"polluted":true}}' },
      ),
    },
  ),
  contentType: fc.constantFrom(
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
  ),
  language: fc.constantFrom('en', 'es', 'zh-CN'),
  gzip: fc.boolean(),
  token: fc.constantFrom<'own' | 'other' | 'unknown'>('own', 'own', 'own', 'own', 'own', 'other', 'unknown'),
});

interface Twin {
  id: string;
  token: string;
  version: number;
  referenceNumber: string;
}

/** The request's JSON text for this twin (its current version filled in). */
function bodyText(c: SaveCase, twin: Twin): string {
  if ('raw' in c.body) return c.body.raw;
  // a version the record does not have (one behind once saved; one ahead before)
  const version = {
    current: twin.version,
    stale: twin.version > 1 ? twin.version - 1 : twin.version + 1,
    text: String(twin.version),
    missing: undefined,
  }[c.body.version];
  const entries: [string, unknown][] = version === undefined ? [] : [['version', version]];
  for (const key of Object.keys(c.body.fields)) entries.push([key, c.body.fields[key]]);
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
}

/** Sends one save for `twin`: by header (the fast route) or by `?token=` (express's route). */
function send(c: SaveCase, twin: Twin, other: Twin, way: 'header' | 'query'): Promise<Response> {
  const token = { own: twin.token, other: other.token, unknown: 'no-such-token-0123456789' }[c.token];
  const path = `/api/applications/${twin.id}`;
  let request = t
    .http()
    .patch(way === 'query' ? `${path}?token=${encodeURIComponent(token)}` : path)
    .set('Content-Type', c.contentType)
    .set('Accept-Language', c.language)
    .set('Accept-Encoding', c.gzip ? 'gzip' : 'identity');
  if (way === 'header') request = request.set('X-Application-Token', token);
  return request.send(bodyText(c, twin));
}

/** Headers that differ between any two answers (time, ids, lengths, the connection). */
const OWN_HEADERS = new Set(['date', 'x-request-id', 'etag', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);

function comparable(response: Response, twin: Twin) {
  const text = JSON.stringify(response.body)
    .replaceAll(twin.id, '<id>')
    .replaceAll(`"${twin.referenceNumber}"`, '"<reference>"')
    .replace(/"(createdAt|updatedAt|certifiedAt)":"[^"]+"/g, '"$1":"<time>"');
  const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !OWN_HEADERS.has(name)));
  return { status: response.status, body: JSON.parse(text) as unknown, headers };
}

async function twin(): Promise<Twin> {
  const started = await startApplication(t);
  return { id: started.id, token: started.token, version: started.data.version, referenceNumber: String(started.data.referenceNumber) };
}

describe(`the step save ahead of express (seed ${SEED})`, () => {
  it('answers every save exactly as the express route does, and takes every token-header save', async () => {
    let cases = 0;
    const statuses = new Set<number>();
    const before = await fastSaves();
    await fc.assert(
      fc.asyncProperty(fc.array(saveCase, { minLength: 3, maxLength: 8 }), async (sequence) => {
        const [fast, slow, other] = [await twin(), await twin(), await twin()];
        for (const c of sequence) {
          const byHeader = await send(c, fast, other, 'header');
          const byQuery = await send(c, slow, other, 'query');
          cases += 1;
          statuses.add(byHeader.status);
          expect(comparable(byHeader, fast)).toEqual(comparable(byQuery, slow));
          expect(byHeader.status).toBeLessThan(500);
          if (byHeader.status === 200) {
            // the record a save answers is the stored one (the save reads back only what it did not write)
            const stored = await t.http().get('/api/token/check').query({ token: fast.token });
            expect(stored.body.data).toEqual(byHeader.body.data);
          }
          for (const [twinOf, response] of [
            [fast, byHeader],
            [slow, byQuery],
          ] as const)
            if (response.status === 200) twinOf.version = (response.body as { data: { version: number } }).data.version;
        }
      }),
      { seed: SEED, numRuns: 25, endOnFailure: true },
    );
    expect(await fastSaves()).toBe(before + cases);
    // the sequences reached every kind of answer (saved, bad JSON, another's token, no token, stale, charset, invalid)
    expect([...statuses].sort()).toEqual([200, 400, 403, 404, 409, 415, 422]);
  }, 120_000);

  it('compresses a large record and sends the security headers, with its own request id', async () => {
    const app = await twin();
    const response = await t
      .http()
      .patch(`/api/applications/${app.id}`)
      .set('X-Application-Token', app.token)
      .set('Accept-Encoding', 'gzip')
      .set('X-Request-Id', 'fast-save-request-0001')
      .send({
        version: app.version,
        contactName: 'C'.repeat(100),
        fatherOccupation: 'F'.repeat(100),
        motherOccupation: 'M'.repeat(100),
        fatherFirstName: 'N'.repeat(100),
        motherFirstName: 'O'.repeat(100),
      });
    expect(JSON.stringify(response.body).length).toBeGreaterThan(1024);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['x-request-id']).toBe('fast-save-request-0001');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body.data).toMatchObject({ contactName: 'C'.repeat(100), version: app.version + 1 });
  });

  it("answers the payment's Pending mark made since the save's read (a write that keeps the version)", async () => {
    const app = await twin();
    await t.db.query(`UPDATE applications SET payment_status = 'Pending' WHERE id = $1`, [app.id]);
    const response = await t
      .http()
      .patch(`/api/applications/${app.id}`)
      .set('X-Application-Token', app.token)
      .send({ version: app.version, contactName: 'P' });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ Payment_Status: 'Pending', contactName: 'P', version: app.version + 1 });
  });

  it('takes a save that carries `Origin`, as every browser PATCH does, when no CORS is configured', async () => {
    const app = await twin();
    const before = await fastSaves();
    const response = await t
      .http()
      .patch(`/api/applications/${app.id}`)
      .set({ 'X-Application-Token': app.token, Origin: 'http://127.0.0.1' })
      .send({ version: app.version, contactName: 'From the page' });
    expect(response.status).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(await fastSaves()).toBe(before + 1);
  });

  it('leaves to express what it does not take: a login, a form body', async () => {
    const app = await twin();
    const before = await fastSaves();
    const saveWith = (headers: Record<string, string>) =>
      t
        .http()
        .patch(`/api/applications/${app.id}`)
        .set({ 'X-Application-Token': app.token, ...headers });
    const withLogin = await saveWith({ Authorization: 'Bearer not-a-token' }).send({ version: 1 });
    expect(withLogin.status).toBe(401);
    const form = await saveWith({}).type('form').send({ version: '2', contactName: 'F' });
    expect(form.status).toBe(422);
    expect(await fastSaves()).toBe(before);
  });
});

describe('the save after a migration changed the applications table under a running app', () => {
  it('saves (the prepared statements are prepared again), before and after the change', async () => {
    const app = await twin();
    const save = (version: number, contactName: string) =>
      t.http().patch(`/api/applications/${app.id}`).set('X-Application-Token', app.token).send({ version, contactName });
    expect((await save(app.version, 'Before')).status).toBe(200);
    await t.db.query('ALTER TABLE applications ADD COLUMN added_by_a_later_release integer');
    try {
      const after = await save(app.version + 1, 'After');
      expect(after.status).toBe(200);
      expect(after.body.data).toMatchObject({ contactName: 'After', version: app.version + 2 });
    } finally {
      await t.db.query('ALTER TABLE applications DROP COLUMN added_by_a_later_release');
    }
    expect((await save(app.version + 2, 'Dropped')).status).toBe(200);
  });
});
