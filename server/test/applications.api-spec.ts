import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, startApplication, startBody, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/applications (start)', () => {
  it('creates a draft with stepReached "1" and answers a token that opens it', async () => {
    const started = await startApplication(t);
    expect(started.data).toMatchObject({
      Id: started.id,
      status: 'draft',
      stepReached: '1',
      Payment_Status: 'Unpaid',
      gender: 'Male',
      fieldOfInterest: 'MSW',
      program: 'graduate',
      semesterApplied: 'Spring 2026',
      version: 1,
    });
    const check = await t.http().get('/api/token/check').query({ token: started.token });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ success: true, code: 'TKN-000', purpose: 'application', data: { Id: started.id } });
  });

  it('stores only a sha256 of the token', async () => {
    const started = await startApplication(t);
    const rows = await t.db.query('SELECT token_hash FROM application_tokens WHERE application_id = $1', [started.id]);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.rows[0].token_hash).not.toContain(started.token);
  });

  it('refuses a program not offered to the gender, with a localized field error', async () => {
    const body = await startBody(t, { gender: 'Male', fieldOfInterest: 'OTD' });
    const before = await t.db.query('SELECT count(*)::int AS n FROM applications');
    const response = await t.http().post('/api/applications').set('Accept-Language', 'es').send(body);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ success: false, code: 'VAL-001' });
    expect(response.body.errors.fieldOfInterest[0]).toBe('Este programa no se ofrece para el género seleccionado.');
    const after = await t.db.query('SELECT count(*)::int AS n FROM applications');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('refuses a semester the program does not offer', async () => {
    const response = await t
      .http()
      .post('/api/applications')
      .send(await startBody(t, { semester: 'Fall 2025' }));
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['semester']);
  });

  it.each([
    ['missing fields', {}, ['gender', 'fieldOfInterest', 'semester', 'firstName', 'lastName', 'email', 'locale']],
    ['wrong types', { gender: 3, firstName: ['x'], email: 'not-an-email', locale: 'fr' }, ['gender', 'firstName', 'email', 'locale']],
  ])('answers 422 with every bad field for %s', async (_name, body, fields) => {
    const response = await t.http().post('/api/applications').send(body);
    expect(response.status).toBe(422);
    for (const field of fields) expect(response.body.errors[field]).toBeDefined();
  });

  it('answers 400 REQ-400 for malformed JSON', async () => {
    const response = await t.http().post('/api/applications').set('Content-Type', 'application/json').send('{"gender":');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'REQ-400' });
  });

  it('answers 503 MAI-002 while a maintenance window is in progress', async () => {
    await t.db.query(
      `INSERT INTO maintenance_windows (start_date, start_time, end_date, end_time, starts_at, ends_at)
       VALUES ('2026-01-01', '00:00', '2099-01-01', '00:00', now() - interval '1 hour', now() + interval '1 hour')`,
    );
    await t.changesSeen(); // the app holds the windows in memory; it hears of this insert by NOTIFY
    try {
      const response = await t
        .http()
        .post('/api/applications')
        .send(await startBody(t));
      expect(response.status).toBe(503);
      expect(response.body.code).toBe('MAI-002');
    } finally {
      await t.db.query('DELETE FROM maintenance_windows');
      await t.changesSeen();
    }
  });
});

describe('GET /api/token/check', () => {
  it('answers TKN-001 (404) for a missing or unknown token', async () => {
    const missing = await t.http().get('/api/token/check');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'TKN-001' });
    const unknown = await t.http().get('/api/token/check').query({ token: 'not-a-real-token' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('TKN-001');
  });

  it('answers TKN-003 (410) for an expired token', async () => {
    const started = await startApplication(t);
    await t.db.query(`UPDATE application_tokens SET expires_at = now() - interval '1 minute' WHERE application_id = $1`, [started.id]);
    const response = await t.http().get('/api/token/check').query({ token: started.token });
    expect(response.status).toBe(410);
    expect(response.body.code).toBe('TKN-003');
  });

  it('answers TKN-002 (410) for a withdrawn application', async () => {
    const started = await startApplication(t);
    await t.db.query(`UPDATE applications SET status = 'withdrawn' WHERE id = $1`, [started.id]);
    const response = await t.http().get('/api/token/check').query({ token: started.token });
    expect(response.status).toBe(410);
    expect(response.body.code).toBe('TKN-002');
  });

  it('opens the details form with an application-form link once the application is submitted or complete (issue 11: no dead end)', async () => {
    for (const status of ['submitted', 'complete']) {
      const started = await startApplication(t);
      await t.db.query('UPDATE applications SET status = $2 WHERE id = $1', [started.id, status]);
      const response = await t.http().get('/api/token/check').query({ token: started.token });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ code: 'TKN-000', purpose: 'details', data: { Id: started.id, status } });
    }
  });
});

describe('PATCH /api/applications/:id (save a step)', () => {
  const personal = {
    dateOfBirth: '02/14/1999',
    addressState: 'NY',
    addressZip: '11230',
    maritalStatus: 'Married',
    contactName: 'Sarah Levi',
    cellPhone: '(718) 555-0100',
    howHeard: 'Friend',
  };

  it('saves step fields, bumps the version, raises stepReached and keeps them for the next token check', async () => {
    const started = await startApplication(t);
    const first = await t
      .http()
      .patch(`/api/applications/${started.id}`)
      .set('X-Application-Token', started.token)
      .send({ version: 1, stepReached: '2', ...personal });
    expect(first.status).toBe(200);
    // the cell phone is stored as E.164 (issue 11 item 2)
    expect(first.body.data).toMatchObject({ ...personal, cellPhone: '+17185550100', version: 2, stepReached: '2' });

    const family = {
      version: 2,
      fatherFirstName: 'Avraham',
      fatherDeceased: true,
      SpouseFirstName: 'Sarah',
      SpouseEmail: 'sarah@example.com',
      emergencyContact: { name: 'Rivka', phone: '718-555-0199', email: 'rivka@example.com', relationship: 'Sister' },
    };
    const second = await t
      .http()
      .patch(`/api/applications/${started.id}`)
      .query({ token: started.token })
      .send({ ...family, stepReached: '1' });
    expect(second.status).toBe(200);
    expect(second.body.data.stepReached).toBe('2');

    const check = await t.http().get('/api/token/check').query({ token: started.token });
    const { version: _v, ...familyFields } = family;
    expect(check.body.data).toMatchObject({ ...personal, cellPhone: '+17185550100', ...familyFields, version: 3, stepReached: '2' });
  });

  it('clamps a stepReached claim to the step after the last one whose required fields are complete (the rule set)', async () => {
    const started = await startApplication(t);
    const url = `/api/applications/${started.id}`;
    const save = (body: Record<string, unknown>) => t.http().patch(url).set('X-Application-Token', started.token).send(body);
    // a fresh record: step 1 is not complete, so "8" stays "1"
    const fresh = await save({ version: 1, stepReached: '8' });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.stepReached).toBe('1');
    // step 1 complete in the same save: "8" becomes "2"
    const afterPersonal = await save({ version: 2, stepReached: '8', ...personal, maritalStatus: 'Single' });
    expect(afterPersonal.body.data.stepReached).toBe('2');
    // step 2 complete: "5" becomes "3" (education still has required fields unanswered)
    const family = {
      fatherFirstName: 'Avraham',
      fatherLastName: 'Levi',
      motherFirstName: 'Sarah',
      motherLastName: 'Levi',
      emergencyContact: { name: 'Rivka', phone: '718-555-0199', relationship: 'Sister' },
    };
    const afterFamily = await save({ version: 3, stepReached: '5', ...family });
    expect(afterFamily.body.data.stepReached).toBe('3');
    // an honest claim within reach is kept, and stepReached never falls
    expect((await save({ version: 4, stepReached: '2', contactName: 'Sarah Levi' })).body.data.stepReached).toBe('3');
    const row = await t.db.query('SELECT step_reached FROM applications WHERE id = $1', [started.id]);
    expect(row.rows[0].step_reached).toBe(3);
  });

  it('answers 409 APP-409 with the current record on a stale version, and overwrites nothing', async () => {
    const started = await startApplication(t);
    const url = `/api/applications/${started.id}`;
    await t.http().patch(url).set('X-Application-Token', started.token).send({ version: 1, contactName: 'From tab A' }).expect(200);
    const stale = await t.http().patch(url).set('X-Application-Token', started.token).send({ version: 1, contactName: 'From tab B' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, code: 'APP-409', data: { contactName: 'From tab A', version: 2 } });
    const row = await t.db.query('SELECT answers, version FROM applications WHERE id = $1', [started.id]);
    expect(row.rows[0]).toMatchObject({ version: 2, answers: { contactName: 'From tab A' } });
  });

  it('lets exactly one of two concurrent saves of the same version win', async () => {
    const started = await startApplication(t);
    const url = `/api/applications/${started.id}`;
    const results = await Promise.all(
      ['A', 'B', 'C', 'D'].map((tab) =>
        t.http().patch(url).set('X-Application-Token', started.token).send({ version: 1, contactName: tab }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const row = await t.db.query('SELECT version FROM applications WHERE id = $1', [started.id]);
    expect(row.rows[0].version).toBe(2);
  });

  it('answers 422 per field for bad values and leaves the record untouched', async () => {
    const started = await startApplication(t);
    const url = `/api/applications/${started.id}`;
    await t.http().patch(url).set('X-Application-Token', started.token).send({ version: 1, addressZip: '11230' }).expect(200);
    const bad = await t
      .http()
      .patch(url)
      .set('X-Application-Token', started.token)
      .send({
        version: 2,
        dateOfBirth: '02/30/1999',
        emergencyContact: { email: 'nope' },
        firstName: '',
        unknownField: 1,
      });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['dateOfBirth', 'emergencyContact.email', 'firstName', 'unknownField'].sort());
    expect(bad.body.errors.dateOfBirth[0]).toContain('MM/DD/YYYY');
    // the ZIP is checked against the applicant's country once the formats pass (issue 11 item 2)
    const zip = await t.http().patch(url).set('X-Application-Token', started.token).send({ version: 2, addressZip: 'abc' });
    expect(zip.status).toBe(422);
    expect(Object.keys(zip.body.errors)).toEqual(['addressZip']);
    const row = await t.db.query('SELECT answers, version, first_name FROM applications WHERE id = $1', [started.id]);
    expect(row.rows[0]).toMatchObject({ version: 2, first_name: 'Moshe', answers: { addressZip: '11230' } });
  });

  it('clears an optional answer sent as an empty string', async () => {
    const started = await startApplication(t);
    const url = `/api/applications/${started.id}`;
    await t.http().patch(url).set('X-Application-Token', started.token).send({ version: 1, contactName: 'Someone' }).expect(200);
    const cleared = await t.http().patch(url).set('X-Application-Token', started.token).send({ version: 2, contactName: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.contactName).toBeUndefined();
  });

  it("refuses another application's token (403), no credentials (401) and a bad id (400)", async () => {
    const mine = await startApplication(t);
    const theirs = await startApplication(t, { email: 'other@example.com' });
    const crossed = await t
      .http()
      .patch(`/api/applications/${theirs.id}`)
      .set('X-Application-Token', mine.token)
      .send({ version: 1, contactName: 'x' });
    expect(crossed.status).toBe(403);
    expect(crossed.body.code).toBe('AUTH-403');
    const anonymous = await t.http().patch(`/api/applications/${theirs.id}`).send({ version: 1, contactName: 'x' });
    expect(anonymous.status).toBe(401);
    const badId = await t.http().patch('/api/applications/not-a-uuid').set('X-Application-Token', mine.token).send({ version: 1 });
    expect(badId.status).toBe(400);
    const row = await t.db.query('SELECT answers FROM applications WHERE id = $1', [theirs.id]);
    expect(row.rows[0].answers).toEqual({});
  });

  it('lets an admin save any application, and refuses a submitted one (410 TKN-002)', async () => {
    const started = await startApplication(t);
    const adminToken = await t.login();
    const saved = await t
      .http()
      .patch(`/api/applications/${started.id}`)
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ version: 1, howHeard: 'Mentor' });
    expect(saved.status).toBe(200);
    await t.db.query(`UPDATE applications SET status = 'submitted' WHERE id = $1`, [started.id]);
    const refused = await t
      .http()
      .patch(`/api/applications/${started.id}`)
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ version: 2, howHeard: 'Friend' });
    expect(refused.status).toBe(410);
    expect(refused.body.code).toBe('TKN-002');
  });

  it('validates a changed field of interest against the catalogue', async () => {
    const started = await startApplication(t);
    const response = await t
      .http()
      .patch(`/api/applications/${started.id}`)
      .set('X-Application-Token', started.token)
      .send({ version: 1, fieldOfInterest: 'OTD' });
    expect(response.status).toBe(422);
    expect(response.body.errors.fieldOfInterest).toBeDefined();
  });
});
