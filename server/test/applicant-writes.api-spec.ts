import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { APPLICANT_WRITES, type ApplicantWrite } from '../src/modules/applications/applicant-writes.js';
import { makePdf, makePng } from './support/files.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

/**
 * Issue 26 item 12 "status rules as allow-lists": every status × every write an applicant makes to her
 * documents and recommenders, through the API with her application token. A write is allowed exactly where
 * `APPLICANT_WRITES` names the status; elsewhere it is refused (410 TKN-002 for a withdrawn file, 409
 * otherwise) and changes nothing — e.g. a decided file's personal statement can no longer be deleted.
 */
const STATUSES = ['draft', 'submitted', 'complete', 'under_review', 'decided', 'withdrawn'] as const;
const WRITES = Object.keys(APPLICANT_WRITES) as ApplicantWrite[];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ RECOMMENDATION_RESENDS_PER_HOUR: '100' });
});
afterAll(async () => {
  await t.close();
});

/** A men's MSW file with a photo and the first recommender asked, then moved to `status`. */
async function arrange(status: string, n: number) {
  const app = await startApplication(t, { email: `writes.${status}.${n}@example.com` });
  const photo = await t
    .http()
    .post('/api/details/attachments')
    .set('X-Application-Token', app.token)
    .field('parentId', app.id)
    .field('field', 'picture')
    .attach('file', makePng(), 'photo.png');
  expect(photo.status).toBe(201);
  const asked = await t
    .http()
    .post(`/api/applications/${app.id}/recommendations`)
    .set('X-Application-Token', app.token)
    .send({ slot: 'first', name: 'Dr. Gold', email: `gold.${status}.${n}@example.edu`, relationship: 'Professor', waived: false });
  expect(asked.status).toBe(201);
  await t.db.query('UPDATE applications SET status = $2 WHERE id = $1', [app.id, status]);
  return { ...app, photoId: photo.body.data.data.id as string, recommendationId: asked.body.data.id as string };
}

/** Does `write` on the arranged file; answers the HTTP status and error code. */
async function attempt(write: ApplicantWrite, app: Awaited<ReturnType<typeof arrange>>): Promise<{ status: number; code?: string }> {
  const token = app.token;
  const upload = async (field: string) =>
    t
      .http()
      .post('/api/details/attachments')
      .set('X-Application-Token', token)
      .field('parentId', app.id)
      .field('field', field)
      .attach('file', field === 'picture' ? makePng(20, 20) : await makePdf(field), field === 'picture' ? 'photo2.png' : `${field}.pdf`);
  const response = await {
    'document.add': () => upload('resume'),
    'document.replace': () => upload('picture'),
    'document.remove': () => t.http().delete(`/api/details/attachments/${app.photoId}`).set('X-Application-Token', token),
    'recommendation.request': () =>
      t
        .http()
        .post(`/api/applications/${app.id}/recommendations`)
        .set('X-Application-Token', token)
        .send({ slot: 'second', name: 'Ms. Stone', email: `stone.${app.id}@example.org`, relationship: 'Supervisor', waived: true }),
    'recommendation.resend': () =>
      t.http().post(`/api/applications/${app.id}/recommendations/${app.recommendationId}/resend`).set('X-Application-Token', token),
    'recommendation.remove': () =>
      t.http().delete(`/api/applications/${app.id}/recommendations/${app.recommendationId}`).set('X-Application-Token', token),
  }[write]();
  return { status: response.status, code: response.body?.code };
}

/** What the file holds: current attachments by slot, live recommendation slots. */
async function holdings(id: string) {
  const files = await t.db.query(
    'SELECT slot, id FROM attachments WHERE application_id = $1 AND replaced_at IS NULL AND deleted_at IS NULL ORDER BY slot',
    [id],
  );
  const recommendations = await t.db.query(
    'SELECT slot FROM recommendations WHERE application_id = $1 AND revoked_at IS NULL ORDER BY slot',
    [id],
  );
  return { files: files.rows, recommendations: recommendations.rows };
}

describe('applicant writes per status (issue 26 item 12)', () => {
  it('allows each write exactly in the statuses its allow-list names, and a refused write changes nothing', async () => {
    const seen: string[] = [];
    const expected: string[] = [];
    let n = 0;
    for (const status of STATUSES) {
      for (const write of WRITES) {
        const app = await arrange(status, n++);
        const before = await holdings(app.id);
        const answer = await attempt(write, app);
        const allowed = (APPLICANT_WRITES[write] as readonly string[]).includes(status);
        const refusal =
          status === 'withdrawn' ? '410 TKN-002' : `409 ${write === 'document.remove' ? 'ATT-409-complete' : 'APP-409-write'}`;
        seen.push(`${status} ${write}: ${answer.status < 300 ? 'allowed' : `${answer.status} ${answer.code}`}`);
        expected.push(`${status} ${write}: ${allowed ? 'allowed' : refusal}`);
        if (!allowed) expect(await holdings(app.id)).toEqual(before);
      }
    }
    expect(seen).toEqual(expected);
    // the issue's reproduction: a decided file's document cannot be deleted by the applicant
    expect(seen).toContain('decided document.remove: 409 ATT-409-complete');
    // closed by default: a status no list names allows nothing
    expect(WRITES.filter((w) => (APPLICANT_WRITES[w] as readonly string[]).includes('decided'))).toEqual([]);
  }, 120_000);
});
