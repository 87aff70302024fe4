import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { certifyAndPay } from './support/drafts.js';
import { makePdf, makePng } from './support/files.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

/**
 * Issue 24 "when recommenders answer, the file is complete": a fast-check model over the order of a file's
 * events — the applicant's uploads in any order, each recommender answering by letter or by the short form,
 * waived or not, the fee paid before, between or after — run against the real API. After every event each
 * screen that shows the file is read and compared with the model: the applicant's checklist (the documents
 * page, the finish step and /home read it), the requirements the documents page lists as uploads (never a
 * letter a recommender sends), the console's record, and the assigned reader's queue (ready, or what it
 * waits for). The model: the file is `complete` exactly when the fee is paid and every upload and both
 * recommendations have arrived — at once, with no "Send documents". Fixed seed (FILE_MODEL_SEED replays one).
 */
const SEED = Number(process.env.FILE_MODEL_SEED ?? 20261128);
const RUNS = Number(process.env.FILE_MODEL_RUNS ?? 12);
const LETTER_SLOTS = ['firstLetterOfRecommendation', 'secondLetterOfRecommendation'];

/** What a recommender does: upload a letter or answer the short form; whether the applicant waived access. */
interface RecommenderAnswer {
  mode: 'letter' | 'form';
  waived: boolean;
}

/** One event of the file. */
type FileEvent = { kind: 'pay' } | { kind: 'upload'; slot: string } | { kind: 'recommender'; who: 'first' | 'second' };

/** Figures for the closing note (printed once). */
const figures = { runs: 0, events: 0, orders: new Set<string>(), screensCompared: 0, disagreements: 0 };

let t: TestApp;
let sink: SmtpSink;
let adminToken: string;
let readerId: string;
let readerToken: string;
let uploadSlots: string[];

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const isLinkMail = (email: string) => (m: ReceivedMail) => m.to.includes(email) && /\/recommendation\?token=/.test(m.text);

/** The raw token of the request e-mail to `email`, as the recommender's link carries it (waits for the e-mail job). */
async function recommenderToken(email: string): Promise<string> {
  const mail = await sink.waitFor(isLinkMail(email), 15_000);
  return decodeURIComponent(/\/recommendation\?token=([^\s]+)/.exec(mail.text)![1]!);
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: 'http://portal.test', JOBS_POLL_SECONDS: '0.5' });
  adminToken = await t.login();
  const email = 'model.reader@example.com';
  const registered = await t
    .http()
    .post('/api/register')
    .send({ first_name: 'Rina', last_name: 'Reader', email, password: 'reader-password-1', password_confirmation: 'reader-password-1' });
  expect(registered.status).toBe(201);
  readerId = (await t.db.query('SELECT id FROM users WHERE email = $1', [email])).rows[0].id as string;
  expect((await t.http().put(`/api/admin/users/${readerId}`).set(bearer(adminToken)).send({ role: 'reader' })).status).toBe(200);
  readerToken = await t.login(email, 'reader-password-1');
  // the men's MSW asks both recommenders and references; its upload slots come from the server
  const probe = await startApplication(t, { email: 'probe@example.com' });
  const requirements = await t.http().get(`/api/applications/${probe.id}/requirements`).set('X-Application-Token', probe.token);
  uploadSlots = requirements.body.attachmentSlots;
  expect(requirements.body.recommenderSlots).toEqual(LETTER_SLOTS);
}, 60_000);

afterAll(async () => {
  process.stdout.write(
    `file model (issue 24): ${figures.runs} runs, ${figures.events} events, ${figures.orders.size} distinct event orders, ` +
      `${figures.screensCompared} screens compared, ${figures.disagreements} disagreements (seed ${SEED})\n`,
  );
  await t?.close();
  await sink?.close();
});

/** One file's life, driven through the API in `order`, checked after every event. */
async function runFile(order: FileEvent[], answers: Record<'first' | 'second', RecommenderAnswer>, run: number): Promise<void> {
  figures.runs += 1;
  figures.orders.add(order.map((e) => (e.kind === 'upload' ? e.slot : e.kind === 'recommender' ? e.who : 'pay')).join(','));
  const app = await startApplication(t, { email: `model.${run}@example.com` });
  await t.db.query('UPDATE applications SET certified_at = now(), step_reached = 8 WHERE id = $1', [app.id]);
  expect(
    (
      await t
        .http()
        .post('/api/admin/assignments')
        .set(bearer(adminToken))
        .send({ applicationIds: [app.id], readerIds: [readerId] })
    ).status,
  ).toBe(200);
  // the applicant asks both recommenders up front (the references step), each with her waiver choice
  const tokens: Partial<Record<'first' | 'second', string>> = {};
  for (const who of ['first', 'second'] as const) {
    const email = `rec.${who}.${run}@example.edu`;
    const asked = await t
      .http()
      .post(`/api/applications/${app.id}/recommendations`)
      .set('X-Application-Token', app.token)
      .send({ slot: who, name: `Dr. ${who}`, email, relationship: 'Professor', waived: answers[who].waived });
    expect(asked.status).toBe(201);
    tokens[who] = await recommenderToken(email);
  }

  const model = { paid: false, uploads: new Set<string>(), recommenders: new Set<string>() };
  let applicantToken = app.token;
  for (const event of order) {
    figures.events += 1;
    if (event.kind === 'pay') {
      const paid = await certifyAndPay(t, { id: app.id, token: app.token }, 'Moshe Levi');
      expect(paid.status).toBe(201);
      applicantToken = paid.body.data.detailsToken as string;
      model.paid = true;
    } else if (event.kind === 'upload') {
      const file = event.slot === 'picture' ? makePng() : await makePdf(event.slot);
      const stored = await t
        .http()
        .post('/api/details/attachments')
        .set('X-Application-Token', applicantToken)
        .field('parentId', app.id)
        .field('field', event.slot)
        .attach('file', file, `${event.slot}.${event.slot === 'picture' ? 'png' : 'pdf'}`);
      expect([stored.status, stored.body.code]).toEqual([201, undefined]);
      model.uploads.add(event.slot);
    } else {
      const token = tokens[event.who]!;
      const answered =
        answers[event.who].mode === 'letter'
          ? await t
              .http()
              .post('/api/recommendations/letter')
              .set('X-Recommendation-Token', token)
              .attach('file', await makePdf(`Letter for ${run}`), 'letter.pdf')
          : await t.http().post('/api/recommendations/answers').set('X-Recommendation-Token', token).send({
              acquaintance: 'Two years as her professor',
              strengths: 'Careful, kind, persistent',
              overall: 'strongly',
            });
      expect(answered.status).toBeLessThan(300);
      model.recommenders.add(event.who);
    }
    await compareScreens(app.id, applicantToken, model);
  }
}

/** Reads every screen of the file and compares it with the model; each mismatch fails with its name. */
async function compareScreens(
  id: string,
  applicantToken: string,
  model: { paid: boolean; uploads: Set<string>; recommenders: Set<string> },
): Promise<void> {
  const missingUploads = uploadSlots.filter((slot) => !model.uploads.has(slot));
  const missingLetters = (['first', 'second'] as const).filter((who) => !model.recommenders.has(who));
  const complete = model.paid && missingUploads.length === 0 && missingLetters.length === 0;
  const status = complete ? 'complete' : model.paid ? 'submitted' : 'draft';
  const waitingFor = [...missingUploads, ...missingLetters.map((who) => `${who}LetterOfRecommendation`)];

  const [checklist, requirements, detail, queue] = await Promise.all([
    t.http().get(`/api/applications/${id}/checklist`).set('X-Application-Token', applicantToken),
    t.http().get(`/api/applications/${id}/requirements`).set('X-Application-Token', applicantToken),
    t.http().get(`/api/admin/applications/${id}`).set(bearer(adminToken)),
    t.http().get('/api/admin/queue').query({ range: '[0,99]' }).set(bearer(readerToken)),
  ]);
  const seen = {
    // the applicant's checklist: its status, the uploads still awaited and the recommendation states
    checklist: {
      status: checklist.body.status,
      awaitingUploads: checklist.body.items
        .filter((i: { kind: string; state: string }) => i.kind === 'document' && i.state === 'awaiting')
        .map((i: { key: string }) => i.key),
      recommendations: checklist.body.items
        .filter((i: { kind: string }) => i.kind === 'recommendation')
        .map((i: { key: string; state: string }) => `${i.key}:${i.state}`),
    },
    // the documents page's upload rows: never a letter a recommender sends
    uploadRows: requirements.body.attachmentSlots.filter((slot: string) => LETTER_SLOTS.includes(slot)),
    console: detail.body.status,
    queue: (() => {
      const row = (queue.body as { id: string; ready: boolean; waitingFor: string[]; status: string }[]).find((r) => r.id === id);
      return row && { ready: row.ready, waitingFor: row.waitingFor, status: row.status };
    })(),
  };
  const expected = {
    checklist: {
      status,
      awaitingUploads: missingUploads,
      recommendations: (['first', 'second'] as const).map((who) => `${who}:${model.recommenders.has(who) ? 'received' : 'awaiting'}`),
    },
    uploadRows: [],
    console: status,
    queue: { ready: complete, waitingFor: status === 'submitted' ? waitingFor : [], status },
  };
  figures.screensCompared += 4;
  for (const screen of Object.keys(expected) as (keyof typeof expected)[])
    if (JSON.stringify(seen[screen]) !== JSON.stringify(expected[screen])) figures.disagreements += 1;
  expect(seen).toEqual(expected);
}

describe('a file completes itself when its last item arrives (issue 24)', () => {
  it('in every order of uploads, recommenders (letter or form, waived or not) and payment, every screen agrees with the model', async () => {
    const events = (): FileEvent[] => [
      { kind: 'pay' },
      ...uploadSlots.map((slot): FileEvent => ({ kind: 'upload', slot })),
      { kind: 'recommender', who: 'first' },
      { kind: 'recommender', who: 'second' },
    ];
    const answer = fc.record({ mode: fc.constantFrom<'letter' | 'form'>('letter', 'form'), waived: fc.boolean() });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(events(), { minLength: events().length }), answer, answer, async (order, first, second) => {
        run += 1;
        await runFile(order, { first, second }, run);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(figures.disagreements).toBe(0);
  }, 300_000);
});
