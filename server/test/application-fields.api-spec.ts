import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { APPLICATION_FIELDS, CERTIFICATION_FIELDS, stepOfField } from '../src/modules/applications/application-fields.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * `GET /api/admin/application-fields` (issue 14 item 5): the field → step registry the server uses itself,
 * served to the admin console (which no longer keeps a copy); readers may read it like the application it
 * describes, applicants may not; API keys need `applications:read`.
 */
let t: TestApp;
let adminToken: string;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface Field {
  name: string;
  step: number;
  family?: { kind: string; table?: string; row?: number; subject?: string; part?: string };
}

/** Registers an account (an applicant) and answers its id and token. */
async function register(email: string): Promise<{ id: string; token: string }> {
  const password = 'account-password-1';
  const response = await t
    .http()
    .post('/api/register')
    .send({ first_name: 'Ann', last_name: 'Lee', email, password, password_confirmation: password });
  expect(response.status).toBe(201);
  const id = (await t.db.query('SELECT id FROM users WHERE email = $1', [email])).rows[0].id as string;
  return { id, token: await t.login(email, password) };
}

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/application-fields', () => {
  it('answers the form steps and every answer field with the step the server itself gives it, in form order', async () => {
    const response = await t.http().get('/api/admin/application-fields').set(bearer(adminToken));
    expect(response.status).toBe(200);
    expect(response.body.steps).toEqual([
      { number: 1, key: 'personal' },
      { number: 2, key: 'family' },
      { number: 3, key: 'education' },
      { number: 4, key: 'employment' },
      { number: 5, key: 'prerequisites' },
      { number: 6, key: 'references' },
      { number: 7, key: 'review' },
      { number: 8, key: 'payment' },
    ]);
    const fields = response.body.fields as Field[];
    const names = fields.map((f) => f.name);
    // every field the server validates and every certification field, once each
    expect([...names].sort()).toEqual([...Object.keys(APPLICATION_FIELDS), ...CERTIFICATION_FIELDS].sort());
    // the step is the one the server's own rules (requirements, PATCH) use
    for (const f of fields) expect({ name: f.name, step: f.step }).toEqual({ name: f.name, step: stepOfField(f.name) });
    // by step, each step in the registry's order
    expect(fields.map((f) => f.step)).toEqual([...fields.map((f) => f.step)].sort((a, b) => a - b));
    expect(names.indexOf('fatherFirstName')).toBeLessThan(names.indexOf('fatherLastName'));
    expect(names.indexOf('OTDCourse2')).toBeLessThan(names.indexOf('OTDCourse3'));
    expect(names.indexOf('certifyAllInformation')).toBeLessThan(names.indexOf('dateSignature'));
    expect(fields.find((f) => f.name === 'dateSignature')).toEqual({ name: 'dateSignature', step: 7 });
  });

  it('names the step-5 families: course rows and subject pairs, and no other field', async () => {
    const fields = (await t.http().get('/api/admin/application-fields').set(bearer(adminToken))).body.fields as Field[];
    const byName = new Map(fields.map((f) => [f.name, f]));
    expect(byName.get('OTDCourse3')).toEqual({ name: 'OTDCourse3', step: 5, family: { kind: 'course', table: 'OTDCourse', row: 3 } });
    expect(byName.get('NutritionCourse6')?.family).toEqual({ kind: 'course', table: 'NutritionCourse', row: 6 });
    expect(byName.get('mathInfo')).toEqual({ name: 'mathInfo', step: 5, family: { kind: 'subject', subject: 'math', part: 'info' } });
    expect(byName.get('businessLawPrerequisite')?.family).toEqual({ kind: 'subject', subject: 'businessLaw', part: 'prerequisite' });
    expect(byName.get('completedObservation')).toEqual({ name: 'completedObservation', step: 5 });
    const withFamily = fields.filter((f) => f.family).map((f) => f.name);
    expect(withFamily).toHaveLength(8 + 9 + 6 + 6 * 2);
    expect(fields.filter((f) => f.family && f.step !== 5)).toEqual([]);
  });

  it('answers readers (who read the applications assigned to them), 403 to applicants, 401 without a token', async () => {
    const reader = await register('fields.reader@example.com');
    expect((await t.http().put(`/api/admin/users/${reader.id}`).set(bearer(adminToken)).send({ role: 'reader' })).status).toBe(200);
    const asReader = await t.http().get('/api/admin/application-fields').set(bearer(reader.token));
    expect(asReader.status).toBe(200);
    expect(asReader.body.fields.length).toBeGreaterThan(0);

    const applicant = await register('fields.applicant@example.com');
    const asApplicant = await t.http().get('/api/admin/application-fields').set(bearer(applicant.token));
    expect(asApplicant.status).toBe(403);
    expect(asApplicant.body).toMatchObject({ success: false, code: expect.any(String) });

    const anonymous = await t.http().get('/api/admin/application-fields');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false });
  });

  it('answers an API key with applications:read and refuses one without it', async () => {
    const newKey = async (scopes: string[]) => {
      const created = await t
        .http()
        .post('/api/admin/api-keys')
        .set(bearer(adminToken))
        .send({ name: scopes.join(' ') || 'none', scopes });
      expect(created.status).toBe(201);
      return created.body.key as string;
    };
    const reading = await t
      .http()
      .get('/api/admin/application-fields')
      .set(bearer(await newKey(['applications:read'])));
    expect(reading.status).toBe(200);
    const other = await t
      .http()
      .get('/api/admin/application-fields')
      .set(bearer(await newKey(['payments:read'])));
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ success: false });
  });
});
