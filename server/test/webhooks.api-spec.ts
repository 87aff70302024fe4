import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { WebhookVerificationError } from 'standardwebhooks';
import { WEBHOOK_EVENT_TYPES } from '../src/modules/webhooks/webhook-events.js';
import { compileServer } from './support/compiled-server.js';
import { ServerProcesses } from './support/server-process.js';
import { createEmptyDatabase, type EmptyDatabase } from './support/test-database.js';
import { applicantJourney } from './support/journey.js';
import { ADMIN, createTestApp, MOSHE_START, startApplication, type TestApp } from './support/test-app.js';
import { startWebhookReceiver, verifyWebhook, type ReceivedWebhook, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * Webhooks (issue 14 item 5) against a local HTTP receiver: Standard Webhooks signatures that the
 * `standardwebhooks` library verifies, retries with back-off after 500s, redelivery, the sweeper, scope
 * checks, disabled endpoints, the events of an applicant's journey; and a server process killed with
 * SIGKILL after its commits and before its deliveries, whose events a fresh process on the same database
 * delivers (every one, none lost). Also `GET /api/admin/payments` for an API key with `payments:read`.
 */
const ALL_EVENTS = [...WEBHOOK_EVENT_TYPES];
/** The events of one applicant's journey (start, declined card, paid, documents), in order. */
const JOURNEY_EVENTS = ['application.started', 'payment.declined', 'payment.approved', 'application.submitted', 'documents.completed'];
/** Fast back-off and sweeping, so retries happen within a test. */
const WEBHOOK_ENV = {
  WEBHOOK_RETRY_BASE_SECONDS: '0.3',
  WEBHOOK_SWEEP_SECONDS: '1',
  WEBHOOK_REQUEUE_AFTER_SECONDS: '2',
  WEBHOOK_TIMEOUT_MS: '2000',
  JOBS_POLL_SECONDS: '0.5',
};

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
/** The webhook ids a receiver answered with a 2xx, deduplicated, in order of first success. */
const deliveredIds = (received: ReceivedWebhook[], path: string) => [
  ...new Set(received.filter((r) => r.path === path && r.answered < 300).map((r) => r.headers['webhook-id'])),
];

describe('Webhooks in process', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let admin: string;
  let base: string;
  /** Secret of each endpoint by receiver path. */
  const secrets: Record<string, string> = {};
  const ids: Record<string, string> = {};
  /** Requests per webhook-id at /flaky, to answer 500 twice then 204. */
  const flakyTries = new Map<string, number>();

  const createEndpoint = async (path: string, events: string[], extra: Record<string, unknown> = {}) => {
    const response = await t
      .http()
      .post('/api/admin/webhooks')
      .set(bearer(admin))
      .send({ url: receiver.url(path), events, ...extra });
    expect(response.status).toBe(201);
    secrets[path] = response.body.secret;
    ids[path] = response.body.id;
    return response.body as { id: string; secret: string };
  };
  const deliveriesOf = async (endpointId: string) =>
    (
      await t.db.query(
        `SELECT d.*, e.type FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE endpoint_id = $1 ORDER BY e.created_at`,
        [endpointId],
      )
    ).rows;
  const logOf = async (deliveryId: string) =>
    (await t.db.query(`SELECT * FROM webhook_delivery_attempts WHERE delivery_id = $1 ORDER BY attempted_at, id`, [deliveryId])).rows;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    receiver.respond = ({ path, headers }) => {
      if (path === '/flaky') {
        const tries = (flakyTries.get(headers['webhook-id']) ?? 0) + 1;
        flakyTries.set(headers['webhook-id'], tries);
        return tries <= 2 ? 500 : 204;
      }
      return path === '/down' ? 500 : 204;
    };
    t = await createTestApp(WEBHOOK_ENV);
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    admin = await t.login();
    await createEndpoint('/all', ALL_EVENTS, { description: 'CRM' });
    await createEndpoint('/flaky', ['application.started']);
    await createEndpoint('/disabled', ALL_EVENTS, { enabled: false });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  describe('endpoints', () => {
    it('answers the whsec_ secret once (24 random bytes), never again; lists without it; audits', async () => {
      expect(secrets['/all']).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      expect(Buffer.from(secrets['/all'].slice(6), 'base64')).toHaveLength(24);
      const one = await t.http().get(`/api/admin/webhooks/${ids['/all']}`).set(bearer(admin)).expect(200);
      expect(one.body).toMatchObject({ url: receiver.url('/all'), description: 'CRM', events: ALL_EVENTS, enabled: true });
      expect(one.body.secret).toBeUndefined();
      expect(one.body.secretPrefix).toBe(secrets['/all'].slice(0, 10));
      const list = await t.http().get('/api/admin/webhooks').set(bearer(admin)).expect(200);
      expect(list.headers['content-range']).toBe('webhooks 0-2/3');
      expect(JSON.stringify(list.body)).not.toContain(secrets['/all']);
      const audit = await t.db.query(`SELECT action, after FROM audit_log WHERE resource = 'webhooks' AND record_id = $1`, [ids['/all']]);
      expect(audit.rows.map((r) => r.action)).toEqual(['create']);
      expect(JSON.stringify(audit.rows)).not.toContain(secrets['/all']);
    });

    it('refuses a URL that is not https (422 VAL-001 errors.url), unknown events, no events', async () => {
      for (const body of [
        { url: 'http://example.com/hook', events: ['application.started'] },
        { url: 'ftp://127.0.0.1/x', events: ['application.started'] },
        { url: 'not a url', events: ['application.started'] },
        { url: 'https://user:pw@example.com/', events: ['application.started'] },
      ]) {
        const response = await t.http().post('/api/admin/webhooks').set(bearer(admin)).send(body).expect(422);
        expect(response.body.code).toBe('VAL-001');
        expect(Object.keys(response.body.errors)).toEqual(['url']);
      }
      for (const events of [[], ['application.deleted']]) {
        const response = await t
          .http()
          .post('/api/admin/webhooks')
          .set(bearer(admin))
          .send({ url: 'https://example.com/', events })
          .expect(422);
        expect(Object.keys(response.body.errors)).toEqual(['events']);
      }
    });

    it('is managed by admins and API keys with webhooks:manage only; payments by payments:read', async () => {
      const key = async (scopes: string[]) =>
        (
          await t
            .http()
            .post('/api/admin/api-keys')
            .set(bearer(admin))
            .send({ name: scopes.join(' '), scopes })
            .expect(201)
        ).body.key as string;
      const manage = await key(['webhooks:manage']);
      const read = await key(['applications:read', 'payments:read']);
      await t.http().get('/api/admin/webhooks').expect(401);
      expect((await t.http().get('/api/admin/webhooks').set(bearer(read)).expect(403)).body.code).toBe('AUTH-403');
      await t.http().get('/api/admin/webhooks/deliveries').set(bearer(read)).expect(403);
      await t.http().get('/api/admin/webhooks').set(bearer(manage)).expect(200);
      const created = await t
        .http()
        .post('/api/admin/webhooks')
        .set(bearer(manage))
        .send({ url: 'https://crm.example.edu/hook', events: ['payment.approved'], enabled: false })
        .expect(201);
      const audit = await t.db.query(`SELECT actor_email FROM audit_log WHERE resource = 'webhooks' AND record_id = $1`, [created.body.id]);
      expect(audit.rows[0].actor_email).toMatch(/^api-key:pak_/);
      await t.http().delete(`/api/admin/webhooks/${created.body.id}`).set(bearer(manage)).expect(200);
      await t.http().get('/api/admin/payments').set(bearer(manage)).expect(403);
      await t.http().get('/api/admin/payments').set(bearer(read)).expect(200);
    });
  });

  describe('deliveries', () => {
    let journey: { id: string; referenceNumber: string };

    beforeAll(async () => {
      journey = await applicantJourney(base, t.db, `journey-${randomUUID().slice(0, 8)}@example.com`);
    }, 60_000);

    it('sends every event of a journey once, signed per Standard Webhooks (verified by standardwebhooks)', async () => {
      const events = (await t.db.query(`SELECT id, type FROM webhook_events WHERE application_id = $1 ORDER BY created_at`, [journey.id]))
        .rows;
      expect(events.map((e) => e.type)).toEqual(JOURNEY_EVENTS);
      const got = await receiver.waitFor((r) => events.every((e) => deliveredIds(r, '/all').includes(e.id)));
      const mine = got.filter((r) => r.path === '/all' && events.some((e) => e.id === r.headers['webhook-id']));
      expect(mine).toHaveLength(JOURNEY_EVENTS.length);
      const payloads = mine.map((r) => verifyWebhook(secrets['/all'], r));
      expect(payloads.map((p) => p.type).sort()).toEqual([...JOURNEY_EVENTS].sort());
      for (const r of mine) {
        expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
        expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
        expect(r.headers['content-type']).toBe('application/json');
        // another endpoint's secret does not verify it
        expect(() => verifyWebhook(secrets['/flaky'], r)).toThrow(WebhookVerificationError);
      }
      const byType = Object.fromEntries(payloads.map((p) => [p.type, p]));
      expect(byType['application.started'].data.application).toMatchObject({
        id: journey.id,
        referenceNumber: journey.referenceNumber,
        status: 'draft',
        paymentStatus: 'Unpaid',
        firstName: 'Moshe',
      });
      expect(byType['payment.declined'].data).toMatchObject({
        application: { paymentStatus: 'Declined' },
        payment: { status: 'declined', totalCents: expect.any(Number), currency: 'USD' },
      });
      expect(byType['payment.approved'].data).toMatchObject({
        application: { status: 'submitted', paymentStatus: 'Paid' },
        payment: { status: 'approved', last4: '1111', currency: 'USD' },
      });
      const total = (await t.db.query(`SELECT total FROM payments WHERE application_id = $1 AND status = 'approved'`, [journey.id])).rows[0]
        .total;
      expect((byType['payment.approved'].data.payment as { totalCents: number }).totalCents).toBe(Math.round(Number(total) * 100));
      expect(byType['application.submitted'].data.application).toMatchObject({ status: 'submitted' });
      expect(byType['documents.completed'].data.application).toMatchObject({ status: 'complete' });
      // a tampered body does not verify
      expect(() => verifyWebhook(secrets['/all'], { ...mine[0], body: mine[0].body.replace('Moshe', 'Mosha') })).toThrow(
        WebhookVerificationError,
      );
    });

    it('retries after 500s with growing delays, then succeeds; the log keeps every try', async () => {
      const started = await startApplication(t, { email: `flaky-${randomUUID().slice(0, 8)}@example.com` });
      const [event] = (await t.db.query(`SELECT id FROM webhook_events WHERE application_id = $1`, [started.id])).rows;
      const got = await receiver.waitFor((r) => deliveredIds(r, '/flaky').includes(event.id));
      const tries = got.filter((r) => r.path === '/flaky' && r.headers['webhook-id'] === event.id);
      expect(tries.map((r) => r.answered)).toEqual([500, 500, 204]);
      for (const r of tries) expect(verifyWebhook(secrets['/flaky'], r).type).toBe('application.started');
      // back-off 0.3 s then 0.6 s (±10 %), plus the job poll
      expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(250);
      expect(tries[2].at - tries[1].at).toBeGreaterThanOrEqual(500);
      const [delivery] = (await deliveriesOf(ids['/flaky'])).filter((d) => d.event_id === event.id);
      for (let i = 0; i < 50 && (await deliveriesOf(ids['/flaky'])).some((d) => d.id === delivery.id && d.status === 'pending'); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const settled = await t.db.query(`SELECT status, attempts, last_status_code FROM webhook_deliveries WHERE id = $1`, [delivery.id]);
      expect(settled.rows[0]).toEqual({ status: 'succeeded', attempts: 3, last_status_code: 204 });
      const log = await logOf(delivery.id);
      expect(log.map((a) => [a.status_code, a.error, a.manual])).toEqual([
        [500, 'HTTP 500', false],
        [500, 'HTTP 500', false],
        [204, null, false],
      ]);
      const shown = await t.http().get(`/api/admin/webhooks/deliveries/${delivery.id}`).set(bearer(admin)).expect(200);
      expect(shown.body).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 204, eventType: 'application.started' });
      expect(shown.body.log.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 204]);
      const listed = await t
        .http()
        .get(`/api/admin/webhooks/deliveries?filter=${encodeURIComponent(JSON.stringify({ eventId: event.id }))}`)
        .set(bearer(admin))
        .expect(200);
      expect(listed.headers['content-range']).toBe('webhooks/deliveries 0-1/2'); // /all and /flaky
      expect(listed.body.map((d: { endpointUrl: string }) => d.endpointUrl).sort()).toEqual([receiver.url('/all'), receiver.url('/flaky')]);
    });

    it('gives up 3 days after the event: the delivery is failed, no more tries', async () => {
      const down = await createEndpoint('/down', ['application.started']);
      const started = await startApplication(t, { email: `down-${randomUUID().slice(0, 8)}@example.com` });
      const [delivery] = await deliveriesOf(down.id);
      await receiver.waitFor((r) => r.some((x) => x.path === '/down'));
      await t.db.query(`UPDATE webhook_events SET created_at = now() - interval '3 days' WHERE application_id = $1`, [started.id]);
      for (let i = 0; i < 100 && (await deliveriesOf(down.id))[0].status === 'pending'; i++) await new Promise((r) => setTimeout(r, 100));
      const [row] = await deliveriesOf(down.id);
      expect(row).toMatchObject({ id: delivery.id, status: 'failed', last_status_code: 500 });
      const tries = row.attempts as number;
      await new Promise((r) => setTimeout(r, 1500));
      expect((await deliveriesOf(down.id))[0].attempts).toBe(tries);
      await t.http().delete(`/api/admin/webhooks/${down.id}`).set(bearer(admin)).expect(200);
      expect(await deliveriesOf(down.id)).toEqual([]);
    });

    it('redelivers by hand with the same webhook-id, logged as manual', async () => {
      const [delivery] = (await deliveriesOf(ids['/all'])).filter((d) => d.type === 'documents.completed');
      const before = receiver.received.filter((r) => r.headers['webhook-id'] === delivery.event_id && r.path === '/all').length;
      const answer = await t.http().post(`/api/admin/webhooks/deliveries/${delivery.id}/redeliver`).set(bearer(admin)).expect(200);
      expect(answer.body).toMatchObject({ statusCode: 204, error: null, manual: true });
      const again = receiver.received.filter((r) => r.headers['webhook-id'] === delivery.event_id && r.path === '/all');
      expect(again).toHaveLength(before + 1);
      expect(verifyWebhook(secrets['/all'], again.at(-1)!).type).toBe('documents.completed');
      expect((await logOf(delivery.id)).map((a) => a.manual)).toEqual([false, true]);
      await t.http().post(`/api/admin/webhooks/deliveries/${randomUUID()}/redeliver`).set(bearer(admin)).expect(404);
      await t.http().post(`/api/admin/webhooks/deliveries/nope/redeliver`).set(bearer(admin)).expect(404);
    });

    it('sends nothing to a disabled endpoint, stops pending deliveries when one is disabled; those can be redelivered by hand', async () => {
      expect(receiver.received.filter((r) => r.path === '/disabled')).toEqual([]);
      expect(await deliveriesOf(ids['/disabled'])).toEqual([]);
      receiver.respond = ({ path }) => (path === '/later' ? 503 : 204);
      const later = await createEndpoint('/later', ['application.started']);
      await startApplication(t, { email: `later-${randomUUID().slice(0, 8)}@example.com` });
      await receiver.waitFor((r) => r.some((x) => x.path === '/later'));
      await t.http().put(`/api/admin/webhooks/${later.id}`).set(bearer(admin)).send({ enabled: false }).expect(200);
      const [row] = await deliveriesOf(later.id);
      expect(row).toMatchObject({ status: 'failed', last_error: 'endpoint disabled' });
      const count = receiver.received.filter((r) => r.path === '/later').length;
      await startApplication(t, { email: `later2-${randomUUID().slice(0, 8)}@example.com` });
      await new Promise((r) => setTimeout(r, 1500));
      expect(receiver.received.filter((r) => r.path === '/later')).toHaveLength(count);
      expect(await deliveriesOf(later.id)).toHaveLength(1);
      // a stopped delivery can still be redelivered by hand: failing again it stays failed, succeeding it is delivered
      const redeliver = () => t.http().post(`/api/admin/webhooks/deliveries/${row.id}/redeliver`).set(bearer(admin)).expect(200);
      expect((await redeliver()).body).toMatchObject({ statusCode: 503, error: 'HTTP 503', manual: true });
      expect((await deliveriesOf(later.id))[0]).toMatchObject({ status: 'failed', last_status_code: 503, delivered_at: null });
      receiver.respond = () => 204;
      expect((await redeliver()).body).toMatchObject({ statusCode: 204, error: null });
      expect((await deliveriesOf(later.id))[0]).toMatchObject({
        status: 'succeeded',
        last_status_code: 204,
        delivered_at: expect.any(Date),
      });
    });

    it('the sweeper queues a delivery committed without its job (a crash between commit and queueing)', async () => {
      const started = await startApplication(t, { email: `swept-${randomUUID().slice(0, 8)}@example.com` });
      const [event] = (await t.db.query(`SELECT id FROM webhook_events WHERE application_id = $1`, [started.id])).rows;
      await receiver.waitFor((r) => deliveredIds(r, '/all').includes(event.id));
      // what a crash right after COMMIT leaves: an event and a delivery with no job
      const orphan = (
        await t.db.query(
          `INSERT INTO webhook_events (type, application_id, payload) SELECT type, application_id, payload FROM webhook_events WHERE id = $1 RETURNING id`,
          [event.id],
        )
      ).rows[0].id as string;
      await t.db.query(`INSERT INTO webhook_deliveries (event_id, endpoint_id) VALUES ($1, $2)`, [orphan, ids['/all']]);
      await receiver.waitFor((r) => deliveredIds(r, '/all').includes(orphan), 10_000);
    });
  });

  describe('GET /api/admin/payments', () => {
    it('lists payment attempts in cents for an API key with payments:read (range, sort, filter, Content-Range)', async () => {
      const key = (
        await t
          .http()
          .post('/api/admin/api-keys')
          .set(bearer(admin))
          .send({ name: 'finance', scopes: ['payments:read'] })
          .expect(201)
      ).body.key as string;
      const all = await t.http().get('/api/admin/payments').set(bearer(key)).expect(200);
      expect(all.headers['content-range']).toMatch(/^payments 0-1\/2$/);
      expect(all.body.map((p: { status: string }) => p.status)).toEqual(['approved', 'declined']); // newest first
      const rows = (await t.db.query(`SELECT id, total, late_fee, amount, currency FROM payments ORDER BY created_at DESC`)).rows;
      expect(all.body[0]).toMatchObject({
        id: rows[0].id,
        totalCents: Math.round(Number(rows[0].total) * 100),
        amountCents: Math.round(Number(rows[0].amount) * 100),
        lateFeeCents: Math.round(Number(rows[0].late_fee) * 100),
        currency: rows[0].currency,
        applicantName: 'Moshe Levi',
        last4: '1111',
      });
      expect(Number.isInteger(all.body[0].totalCents)).toBe(true);
      const q = (query: Record<string, string>) => `/api/admin/payments?${new URLSearchParams(query)}`;
      const declined = await t
        .http()
        .get(q({ filter: JSON.stringify({ status: 'declined' }) }))
        .set(bearer(key))
        .expect(200);
      expect(declined.body.map((p: { status: string }) => p.status)).toEqual(['declined']);
      const page = await t
        .http()
        .get(q({ range: '[1,1]', sort: '["createdAt","ASC"]' }))
        .set(bearer(key))
        .expect(200);
      expect(page.headers['content-range']).toBe('payments 1-1/2');
      expect(page.body[0].status).toBe('approved');
      const byRef = await t
        .http()
        .get(q({ filter: JSON.stringify({ q: all.body[0].referenceNumber }) }))
        .set(bearer(key))
        .expect(200);
      expect(byRef.body).toHaveLength(2);
      await t
        .http()
        .get(q({ sort: '["secret","ASC"]' }))
        .set(bearer(key))
        .expect(400);
      await t
        .http()
        .get(q({ filter: JSON.stringify({ id: ['nope'] }) }))
        .set(bearer(key))
        .expect(200);
    });
  });
});

describe('Webhooks across kill -9', () => {
  let MAIN: string;
  let databaseUrl: string;
  let database: EmptyDatabase;
  let db: pg.Client;
  let receiver: WebhookReceiver;
  const servers = new ServerProcesses();

  /** Starts `main.js --production` (NODE_ENV=test) on the test database and waits for readiness. */
  const startServer = () => servers.start(MAIN, { DATABASE_URL: databaseUrl, ...WEBHOOK_ENV });

  beforeAll(async () => {
    MAIN = await compileServer('webhooks-test');
    database = await createEmptyDatabase('portal_webhooks');
    databaseUrl = database.url;
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    receiver = await startWebhookReceiver();
  }, 300_000);

  afterAll(async () => {
    await servers.stopAll();
    await db?.end();
    await receiver?.close();
    await database?.drop();
  }, 60_000);

  it('delivers every event of a journey exactly once (by webhook-id) after the server is killed mid-run', async () => {
    // Before the kill the receiver takes only application.started and answers 500 to the rest, so every
    // later event is committed but not delivered when the process dies.
    let phase: 'before' | 'after' = 'before';
    receiver.respond = ({ body }) =>
      phase === 'after' || (JSON.parse(body) as { type: string }).type === 'application.started' ? 204 : 500;
    const first = await startServer();
    const login = await fetch(`${first.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const endpoint = await fetch(`${first.base}/api/admin/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(token) },
      body: JSON.stringify({ url: receiver.url('/journey'), events: ALL_EVENTS }),
    });
    expect(endpoint.status).toBe(201);
    const { secret } = (await endpoint.json()) as { secret: string };

    type Program = { name: string; courses: { semester: string; locations: string[] }[] };
    const programs = (await (await fetch(`${first.base}/api/programs?gender=male`)).json()) as Program[];
    const course = programs.find((p) => p.name === 'MSW')!.courses[0]!;
    const location = course.locations[0];
    let burst: (number | null)[] = [];
    const journey = await applicantJourney(first.base, db, 'killed@example.com', async (step) => {
      if (step !== 'completed') return;
      // The journey's last change is committed (its answer came back). Twenty other applicants start at
      // this moment; the process is killed as soon as the first of them is answered, so some of their
      // changes are committed with their deliveries not yet queued or sent, and some not committed at all.
      const starts = Array.from({ length: 20 }, (_, i) =>
        fetch(`${first.base}/api/applications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...MOSHE_START, semester: course.semester, location, email: `burst-${i}@example.com` }),
        }).then(
          (response) => response.status,
          () => null,
        ),
      );
      await Promise.race(starts);
      first.child.kill('SIGKILL');
      burst = await Promise.all(starts);
    });
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');

    const journeyEvents = (
      await db.query(`SELECT id, type FROM webhook_events WHERE application_id = $1 ORDER BY created_at`, [journey.id])
    ).rows;
    expect(journeyEvents.map((e) => e.type)).toEqual(JOURNEY_EVENTS);
    // every committed event, the burst's included: none may be lost
    const events = (await db.query(`SELECT id, type FROM webhook_events ORDER BY created_at`)).rows;
    const atKill = (
      await db.query(
        `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded, count(*) FILTER (WHERE status = 'pending')::int AS pending,
                count(*) FILTER (WHERE enqueued_at IS NULL)::int AS unqueued,
                count(*) FILTER (WHERE status = 'pending' AND e.application_id = $1)::int AS "journeyPending"
           FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id`,
        [journey.id],
      )
    ).rows[0];
    // the journey's events are committed, not delivered: all but application.started (at most) still pending
    expect(atKill.journeyPending).toBeGreaterThanOrEqual(JOURNEY_EVENTS.length - 1);
    const receivedBeforeRestart = receiver.received.length;

    phase = 'after';
    await startServer();
    const got = await receiver.waitFor((r) => events.every((e) => deliveredIds(r, '/journey').includes(e.id)), 60_000);
    await new Promise((r) => setTimeout(r, 2000)); // room for a late duplicate, which dedup must absorb
    const delivered = deliveredIds(got, '/journey');
    expect([...delivered].sort()).toEqual(events.map((e) => e.id).sort()); // every committed event, nothing else
    const byId = new Map<string, string>();
    for (const r of got.filter((x) => x.answered < 300)) byId.set(r.headers['webhook-id'], verifyWebhook(secret, r).type);
    expect(journeyEvents.map((e) => byId.get(e.id))).toEqual(JOURNEY_EVENTS); // each once after dedup, the right type
    expect(events.filter((e) => !journeyEvents.some((j) => j.id === e.id)).every((e) => byId.get(e.id) === 'application.started')).toBe(
      true,
    );
    const after = await db.query(`SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status`);
    expect(after.rows).toEqual([{ status: 'succeeded', n: events.length }]);
    // figures for the closing note
    const answered = burst.filter((status) => status === 201).length;
    process.stdout.write(
      `kill -9 figures: burst of 20 starts: ${answered} answered 201, ${events.length - JOURNEY_EVENTS.length} committed; ` +
        `deliveries at kill ${JSON.stringify(atKill)}; requests before restart ${receivedBeforeRestart}, ` +
        `after ${receiver.received.length - receivedBeforeRestart}; 2xx answers ${got.filter((r) => r.answered < 300).length} for ${delivered.length} events\n`,
    );
  }, 240_000);
});
