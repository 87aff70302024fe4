import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { CLEANUP_QUEUE } from '../src/modules/attachments/attachments-cleanup.service.js';
import { DEFAULT_RETRY, JobsService } from '../src/modules/jobs/jobs.service.js';
import { PAYMENT_SETTLE_QUEUE } from '../src/modules/payments/payments-settlement.service.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 100 ms until it answers true or `ms` pass; answers the last answer. */
async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
}

/**
 * Background jobs on pg-boss (issue 15 item 5): two replicas on one database run a periodic job once per
 * period; failed jobs are retried with back-off and then kept `failed`; the existing loops (settlement,
 * upload clean-up) are pg-boss queues; admins see counts per queue at `GET /api/admin/jobs`.
 */
describe('Jobs on pg-boss', () => {
  let a: TestApp;
  let b: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    a = await createTestApp({ JOBS_POLL_SECONDS: '0.5' });
    b = await createTestApp({ JOBS_POLL_SECONDS: '0.5' }, { sameDatabaseAs: a });
    adminToken = await a.login();
  }, 30_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('keeps its tables in their own schema (pgboss) of the app database, with the existing loops as queues', async () => {
    const queues = await a.db.query(`SELECT name, policy, retry_limit, retry_delay, retry_backoff FROM pgboss.queue ORDER BY name`);
    expect(queues.rows).toEqual(
      expect.arrayContaining([
        {
          name: CLEANUP_QUEUE,
          policy: 'singleton',
          retry_limit: DEFAULT_RETRY.retryLimit,
          retry_delay: DEFAULT_RETRY.retryDelay,
          retry_backoff: true,
        },
        {
          name: PAYMENT_SETTLE_QUEUE,
          policy: 'singleton',
          retry_limit: DEFAULT_RETRY.retryLimit,
          retry_delay: DEFAULT_RETRY.retryDelay,
          retry_backoff: true,
        },
      ]),
    );
    // the clean-up is periodic (every UPLOAD_CLEANUP_INTERVAL_MINUTES): both replicas offered its first period at boot, one job was kept
    expect(a.app.get(JobsService).periodSeconds(CLEANUP_QUEUE)).toBe(a.config.UPLOAD_CLEANUP_INTERVAL_MINUTES * 60);
    const cleanup = await a.db.query(`SELECT singleton_on FROM pgboss.job WHERE name = $1`, [CLEANUP_QUEUE]);
    expect(cleanup.rowCount).toBeGreaterThanOrEqual(1);
    expect(new Set(cleanup.rows.map((r: { singleton_on: Date }) => r.singleton_on.getTime())).size).toBe(cleanup.rowCount);
    // and it ran (the orphan clean-up found nothing to delete in an empty store)
    expect(
      await until(
        async () => (await a.db.query(`SELECT 1 FROM pgboss.job WHERE name = $1 AND state = 'completed'`, [CLEANUP_QUEUE])).rowCount! > 0,
        15_000,
      ),
    ).toBe(true);
  });

  it('two replicas on one database run a periodic job once per period (executions counted)', async () => {
    const queue = `test-periodic-${randomBytes(3).toString('hex')}`;
    const runs: { replica: string; id: string }[] = [];
    const define = (replica: string, t: TestApp) =>
      t.app.get(JobsService).add({
        queue,
        everySeconds: 1,
        handler: async (_data, job) => {
          runs.push({ replica, id: job.id });
        },
      });
    const started = Date.now();
    await Promise.all([define('a', a), define('b', b)]);
    await sleep(4500);
    const elapsedSlots = Math.ceil((Date.now() - started) / 1000) + 1;
    await until(
      async () => (await a.db.query(`SELECT 1 FROM pgboss.job WHERE name = $1 AND state <> 'completed'`, [queue])).rowCount === 0,
      10_000,
    );

    const jobs = await a.db.query(`SELECT id, state, singleton_on FROM pgboss.job WHERE name = $1`, [queue]);
    // each replica ticks every second, so without pg-boss's once-per-slot rule there would be about twice as many
    expect(jobs.rowCount).toBeGreaterThanOrEqual(3);
    expect(jobs.rowCount).toBeLessThanOrEqual(elapsedSlots);
    expect(new Set(jobs.rows.map((r: { singleton_on: Date }) => r.singleton_on.getTime())).size).toBe(jobs.rowCount);
    // every job ran exactly once, on one replica or the other
    expect(runs).toHaveLength(jobs.rowCount!);
    expect(new Set(runs.map((r) => r.id)).size).toBe(runs.length);
    expect(jobs.rows.every((r: { state: string }) => r.state === 'completed')).toBe(true);
    process.stdout.write(
      `periodic job, 2 replicas, ~${elapsedSlots - 1} s: ${runs.length} runs (a ${runs.filter((r) => r.replica === 'a').length}, b ${runs.filter((r) => r.replica === 'b').length})\n`,
    );
  }, 30_000);

  it('retries a failing job with back-off, then keeps it failed; a job that recovers completes; both in the history', async () => {
    const queue = `test-retry-${randomBytes(3).toString('hex')}`;
    const attempts = new Map<string, number[]>();
    await a.app.get(JobsService).add<{ failTimes: number }>({
      queue,
      retry: { retryLimit: 2, retryDelay: 1, retryBackoff: true },
      handler: async (data, job) => {
        const times = attempts.get(job.id) ?? [];
        times.push(Date.now());
        attempts.set(job.id, times);
        if (job.retryCount < data.failTimes) throw new Error(`planned failure ${job.retryCount + 1}`);
      },
    });
    const jobs = a.app.get(JobsService);
    const recovers = (await jobs.send(queue, { failTimes: 1 }))!;
    const neverWorks = (await jobs.send(queue, { failTimes: 99 }))!;
    const state = async (id: string) => (await a.db.query(`SELECT state, retry_count, output FROM pgboss.job WHERE id = $1`, [id])).rows[0];
    expect(
      await until(async () => (await state(neverWorks)).state === 'failed' && (await state(recovers)).state === 'completed', 15_000),
    ).toBe(true);

    expect(await state(recovers)).toMatchObject({ state: 'completed', retry_count: 1 });
    expect(attempts.get(recovers)).toHaveLength(2);
    const failed = await state(neverWorks);
    expect(failed).toMatchObject({ state: 'failed', retry_count: 2 });
    expect(JSON.stringify(failed.output)).toContain('planned failure 3');
    const times = attempts.get(neverWorks)!;
    expect(times).toHaveLength(3); // the first try and retryLimit (2) retries
    // each retry waited at least the retry delay (1 s)
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(900);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(900);

    const response = await a.http().get('/api/admin/jobs').set(auth(adminToken)).expect(200);
    expect(response.body.queues).toEqual(expect.arrayContaining([{ queue, queued: 0, active: 0, failed: 1, completed: 1 }]));
  }, 30_000);

  it('GET /api/admin/jobs: counts per queue for admins; 401 anonymous, 403 applicants', async () => {
    const response = await a.http().get('/api/admin/jobs').set(auth(adminToken)).expect(200);
    const names = response.body.queues.map((q: { queue: string }) => q.queue);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining([CLEANUP_QUEUE, PAYMENT_SETTLE_QUEUE]));
    const cleanup = response.body.queues.find((q: { queue: string }) => q.queue === CLEANUP_QUEUE);
    expect(cleanup.completed).toBeGreaterThanOrEqual(1);
    for (const q of response.body.queues) expect(Object.keys(q).sort()).toEqual(['active', 'completed', 'failed', 'queue', 'queued']);

    const anonymous = await a.http().get('/api/admin/jobs');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('AUTH-401');
    const registered = await a
      .http()
      .post('/api/register')
      .send({
        first_name: 'Dina',
        last_name: 'Applicant',
        email: 'jobs-applicant@example.com',
        password: 'applicant-pass-1',
        password_confirmation: 'applicant-pass-1',
      })
      .expect(201);
    const refused = await a
      .http()
      .get('/api/admin/jobs')
      .set(auth(registered.body.token as string));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('AUTH-403');
  });

  it('on shutdown a replica finishes the job in hand, then closes its pg-boss connections', async () => {
    const c = await createTestApp({ JOBS_POLL_SECONDS: '0.5' }, { sameDatabaseAs: a });
    const jobsConnections = async () =>
      (
        await a.db.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'portal-jobs'`,
        )
      ).rows[0].n as number;
    const before = await jobsConnections();
    const queue = `test-shutdown-${randomBytes(3).toString('hex')}`;
    let finished = false;
    // only replica c works this queue
    await c.app.get(JobsService).add({
      queue,
      handler: async () => {
        await sleep(1500);
        finished = true;
      },
    });
    const id = (await c.app.get(JobsService).send(queue, {}))!;
    expect(
      await until(async () => (await a.db.query(`SELECT state FROM pgboss.job WHERE id = $1`, [id])).rows[0].state === 'active', 5000),
    ).toBe(true);
    const closing = Date.now();
    await c.close();
    expect(finished).toBe(true);
    expect(Date.now() - closing).toBeGreaterThanOrEqual(500); // it waited for the handler
    expect((await a.db.query(`SELECT state FROM pgboss.job WHERE id = $1`, [id])).rows[0].state).toBe('completed');
    expect(await until(async () => (await jobsConnections()) < before, 2000)).toBe(true);
  }, 20_000);
});

/**
 * Start-up on an existing database (issue 12: ready ≤ 1.5 s): pg-boss's queues are read once; a replica
 * writes only what is missing or changed. Apps of their own: in one process, Passport's strategies are
 * global, so a replica closed mid-file would take the other apps' logins with it.
 */
describe('Jobs on pg-boss, starting on an existing database', () => {
  let first: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ JOBS_POLL_SECONDS: '0.5' });
  }, 30_000);
  afterAll(async () => {
    await first.close();
  });

  it('closes while its workers wait for a connection: every fetch ends before the pool of pg-boss does (none left waiting forever)', async () => {
    const c = await createTestApp({ JOBS_POLL_SECONDS: '0.5' }, { sameDatabaseAs: first });
    const boss = (c.app.get(JobsService) as unknown as { boss: { getDb(): { pool: { waitingCount: number; ended: boolean } } } }).boss;
    const pool = boss.getDb().pool;
    // hold the job table (from the first app's own connection): the workers' fetches block on the pool's
    // 4 connections, the others queue for one
    await first.db.query('BEGIN');
    let closed: Promise<void> | undefined;
    try {
      await first.db.query('LOCK TABLE pgboss.job IN ACCESS EXCLUSIVE MODE');
      await until(async () => pool.waitingCount > 0, 5_000);
      expect(pool.waitingCount).toBeGreaterThan(0);
      closed = c.close();
      await sleep(1_500);
    } finally {
      await first.db.query('COMMIT');
      await (closed ?? c.close());
    }
    expect({ ended: pool.ended, waiting: pool.waitingCount }).toEqual({ ended: true, waiting: 0 });
  }, 30_000);

  it('a replica starting on a database whose queues exist writes back only the settings that changed', async () => {
    const stamps = async () =>
      new Map(
        (await first.db.query<{ name: string; updated_on: Date }>(`SELECT name, updated_on FROM pgboss.queue`)).rows.map((r) => [
          r.name,
          r.updated_on.getTime(),
        ]),
      );
    await first.db.query(`UPDATE pgboss.queue SET retry_limit = 9 WHERE name = $1`, [CLEANUP_QUEUE]); // as if an older release had left it
    const before = await stamps();
    const c = await createTestApp({ JOBS_POLL_SECONDS: '0.5' }, { sameDatabaseAs: first });
    try {
      const after = await stamps();
      const restored = await first.db.query(`SELECT retry_limit FROM pgboss.queue WHERE name = $1`, [CLEANUP_QUEUE]);
      expect(restored.rows[0]).toEqual({ retry_limit: DEFAULT_RETRY.retryLimit });
      expect(after.get(CLEANUP_QUEUE)).toBeGreaterThan(before.get(CLEANUP_QUEUE)!);
      const untouched = [...before].filter(([name]) => name !== CLEANUP_QUEUE && !name.startsWith('__'));
      expect(untouched.length).toBeGreaterThan(3);
      for (const [name, stamp] of untouched) expect([name, after.get(name)]).toEqual([name, stamp]);
    } finally {
      await c.close();
    }
  }, 30_000);
});
