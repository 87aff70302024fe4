import { DateTime } from 'luxon';
import { randomUUID } from 'node:crypto';
import { fakeOpaqueData } from '../../src/modules/payments/gateway/fake.gateway.js';
import { startApplication, type TestApp } from './test-app.js';

/** An application being filled in a test: its id, application token and the version last seen. */
export interface Draft {
  id: string;
  token: string;
  version: number;
}

/** Today on the office's clock (America/New_York) as MM/DD/YYYY, the form of `dateSignature` (spec §3). */
export const officeToday = (): string => DateTime.now().setZone('America/New_York').toFormat('MM/dd/yyyy');

/**
 * Starts a men's MBA application (steps 1–4 and 6–8) for Moshe Levi on the catalogue's first MBA course.
 * @param overrides fields of the start body to change (e.g. `email`)
 */
export async function startMba(t: TestApp, overrides: Record<string, unknown> = {}): Promise<Draft> {
  const programs = (await t.http().get('/api/programs?gender=male')).body as {
    name: string;
    courses: { semester: string; locations: string[] }[];
  }[];
  const course = programs.find((p) => p.name === 'MBA')!.courses[0]!;
  const started = await startApplication(t, {
    fieldOfInterest: 'MBA',
    semester: course.semester,
    location: course.locations[0],
    ...overrides,
  });
  return { id: started.id, token: started.token, version: started.data.version };
}

/**
 * PATCHes answers as the form's autosave does (`PATCH /api/applications/:id` with the application token
 * and the draft's version); on 200 remembers the new version.
 * @param language the `Accept-Language` of the request (default en)
 * @returns the supertest response, whatever its status
 */
export async function saveDraft(t: TestApp, draft: Draft, body: Record<string, unknown>, language = 'en') {
  const response = await t
    .http()
    .patch(`/api/applications/${draft.id}`)
    .set('X-Application-Token', draft.token)
    .set('Accept-Language', language)
    .send({ version: draft.version, ...body });
  if (response.status === 200) draft.version = response.body.data.version;
  return response;
}

/** The `answers` column of the draft's row, read straight from the database. */
export async function storedAnswers(t: TestApp, draft: Draft): Promise<Record<string, unknown>> {
  return (await t.db.query('SELECT answers FROM applications WHERE id = $1', [draft.id])).rows[0].answers;
}

/**
 * Marks an application certified at step 8 (what submit does) and pays its fee with the fake gateway's
 * approved test card, as the payment step does (`POST /api/payments` with the application token).
 * @returns the supertest response of the payment, whatever its status
 */
export async function certifyAndPay(t: TestApp, app: { id: string; token: string }, cardholder: string) {
  await t.db.query('UPDATE applications SET certified_at = now(), step_reached = 8 WHERE id = $1', [app.id]);
  return t
    .http()
    .post('/api/payments')
    .set('X-Application-Token', app.token)
    .send({
      applicationId: app.id,
      opaqueData: fakeOpaqueData('4111111111111111', '12/35', randomUUID()),
      creditCardFullName: cardholder,
      creditCardBillingZip: '11230',
      requestId: randomUUID(),
    });
}
