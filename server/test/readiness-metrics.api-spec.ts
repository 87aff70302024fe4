import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server, type Socket } from 'node:net';
import { ShutdownState } from '../src/common/lifecycle/shutdown-state.js';
import { JobsService } from '../src/modules/jobs/jobs.service.js';
import { MailService } from '../src/modules/mail/mail.service.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Readiness with timeouts and Redis, request ids, and the Prometheus endpoint (issue 14), in process.
 * The graceful shutdown of a real server process is in operations.api-spec.ts.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

describe('readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL, RATE_LIMIT_KEY_PREFIX: `portal-test:ready:${process.pid}` });
  });
  afterAll(async () => {
    await t.close();
  });

  it('checks Redis when REDIS_URL is set', async () => {
    const response = await t.http().get('/api/health/ready');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up', redis: 'up' });
  });

  it('answers 503 SRV-503 as soon as the shutdown began, while liveness still answers', async () => {
    t.app.get(ShutdownState).begin();
    const ready = await t.http().get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.code).toBe('SRV-503');
    expect((await t.http().get('/api/health')).status).toBe(200);
  });
});

describe('readiness against a Redis that never answers', () => {
  let t: TestApp;
  let silent: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // Accepts connections and never replies: the probe must not hang on it.
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, READINESS_TIMEOUT_MS: '300' });
  });
  afterAll(async () => {
    t.app.get(ShutdownState).begin();
    for (const socket of sockets) socket.destroy();
    silent.close();
    await t.close();
  });

  it('answers 503 within READINESS_TIMEOUT_MS (300 ms) instead of hanging', async () => {
    const started = Date.now();
    const response = await t.http().get('/api/health/ready');
    const took = Date.now() - started;
    expect(response.status).toBe(503);
    expect(response.body.code).toBe('SRV-503');
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(2000);
  });
});

describe('request ids and /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  it('echoes a well-formed X-Request-Id and makes a UUID for a missing or malformed one', async () => {
    expect((await t.http().get('/api/health').set('X-Request-Id', 'req-abc.123')).headers['x-request-id']).toBe('req-abc.123');
    expect((await t.http().get('/api/health')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await t.http().get('/api/health').set('X-Request-Id', 'bad id <script>');
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses /metrics without the token (401) and with a wrong one', async () => {
    expect((await t.http().get('/metrics')).status).toBe(401);
    expect((await t.http().get('/metrics').set('Authorization', 'Bearer wrong-token-of-some-length')).status).toBe(401);
  });

  it('serves request counts and latency by route template, the DB pool and payments with the token', async () => {
    await t.http().get('/api/health/ready');
    await t.http().get('/api/programs?gender=male');
    await t.http().get('/api/applications/00000000-0000-4000-8000-000000000000').set('X-Application-Token', 'x'.repeat(40));
    const response = await t.http().get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.text;
    expect(text).toMatch(/portal_http_requests_total\{method="GET",route="\/api\/health\/ready",status="200"\} 1/);
    expect(text).toMatch(/portal_http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/programs",status="200"\}/);
    // ids never become labels: the route template is used
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(text).toMatch(/portal_db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toContain('# TYPE portal_payments gauge');
    expect(text).toContain('portal_process_cpu_user_seconds_total');
  });

  it('reports background jobs per queue, webhook deliveries and attempts by outcome with their latency, and e-mails (issue 26 item 9)', async () => {
    // one e-mail (to a file here), and a webhook delivery whose receiver answered 500 in 120 ms
    await t.app.get(MailService).send({ to: 'metrics@example.com', subject: 'Metrics', text: 'Counted.' });
    const [{ id: endpoint }] = (
      await t.db.query(
        `INSERT INTO webhook_endpoints (url, description, events, secret) VALUES ('https://93.184.215.14/h', '', '{application.submitted}', 'whsec_x') RETURNING id`,
      )
    ).rows;
    const [{ id: event }] = (
      await t.db.query(`INSERT INTO webhook_events (type, payload) VALUES ('application.submitted', '{}') RETURNING id`)
    ).rows;
    const [{ id: delivery }] = (
      await t.db.query(
        `INSERT INTO webhook_deliveries (event_id, endpoint_id, next_attempt_at) VALUES ($1, $2, now() + interval '1 hour') RETURNING id`,
        [event, endpoint],
      )
    ).rows;
    await t.db.query(
      `INSERT INTO webhook_delivery_attempts (delivery_id, status_code, duration_ms, error) VALUES ($1, 500, 120, 'HTTP 500')`,
      [delivery],
    );
    // a job of one of this app's queues due in an hour: still queued when /metrics is read (a periodic job the
    // app offered itself may already be done by then on a loaded machine, as once in CI)
    const jobs = t.app.get(JobsService);
    await jobs.send(jobs.queues[0]!, {}, { startAfter: 3600 });
    const text = (await t.http().get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)).text;
    expect(text).toMatch(/portal_emails_total\{outcome="sent"\} [1-9]/);
    expect(text).toMatch(/portal_webhook_deliveries\{status="pending"\} 1/);
    expect(text).toMatch(/portal_webhook_attempts\{outcome="http_error"\} 1/);
    expect(text).toMatch(/portal_webhook_attempt_duration_seconds\{quantile="0.95"\} 0.12/);
    expect(text).toContain('# TYPE portal_jobs gauge');
    expect(text).toContain('# TYPE portal_job_oldest_due_age_seconds gauge');
    // … and counted under its queue
    expect(text).toMatch(/portal_jobs\{queue="[a-z-]+",state="(queued|active)"\} [1-9]/);
  });

  it('answers 404 for /metrics when METRICS_TOKEN is unset', async () => {
    const other = await createTestApp();
    try {
      expect((await other.http().get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)).status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
