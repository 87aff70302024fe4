import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

/** Injection token of the PostgreSQL URL pg-boss connects to (the app's database: DATABASE_URL or the embedded one). */
export const JOBS_DATABASE_URL = Symbol('JOBS_DATABASE_URL');

/** PostgreSQL schema pg-boss keeps its queues, jobs, schedules and history in (created and migrated by pg-boss itself). */
export const JOBS_SCHEMA = 'pgboss';

/** Retries of a failed job before it is left `failed`: 3, after 30 s, then back-off (pg-boss doubles the delay with jitter). */
export const DEFAULT_RETRY = { retryLimit: 3, retryDelay: 30, retryBackoff: true } as const;

/**
 * Whether a stored queue already has every setting `wanted` gives (pg-boss keeps a stored value where an update leaves one out).
 * @param stored the queue as `getQueues` reads it
 * @param wanted the definition's policy and retry settings
 */
export function settingsMatch(stored: PgBoss.QueueResult, wanted: PgBoss.Queue): boolean {
  const keys = ['policy', 'retryLimit', 'retryDelay', 'retryBackoff', 'expireInSeconds', 'retentionMinutes', 'deadLetter'] as const;
  return keys.every((key) => wanted[key] === undefined || wanted[key] === stored[key]);
}

/** Runs `step` again (up to 5 tries) when PostgreSQL answers a deadlock (40P01) or a unique violation (23505). */
async function retryOnConflict(step: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/** A kind of background work, registered by its owning module in `onModuleInit` (see {@link JobsService.define}). */
export interface JobDefinition<T extends object = object> {
  /** Queue name (kebab-case), e.g. `payments-settlement`. Also the name shown on the admin Jobs view. */
  queue: string;
  /** Does one job. Throwing (or rejecting) fails the attempt: pg-boss retries it per `retry`, then keeps it `failed`. */
  handler: (data: T, job: { id: string; retryCount: number }) => Promise<unknown>;
  /**
   * Period in seconds of a periodic job (0 or absent: not periodic). Every replica offers one job per period,
   * but pg-boss keeps only the first per time slot (`singletonKey` + `singletonSeconds`, a unique index in its
   * table), so across N replicas it runs once per period, on whichever replica fetches it.
   */
  everySeconds?: number;
  /** Retry settings (pg-boss `retryLimit`, `retryDelay` seconds, `retryBackoff`). Default {@link DEFAULT_RETRY}. */
  retry?: { retryLimit: number; retryDelay: number; retryBackoff: boolean };
  /** `singleton`: at most one job of the queue active at a time across replicas (pg-boss queue policy). Default `standard`. */
  policy?: 'standard' | 'singleton';
  /** Jobs of the queue one replica runs at once (pg-boss workers). Default 1. */
  workers?: number;
}

/** Counts of one queue's jobs by state (pg-boss states; `queued` = created + retry). */
export interface QueueCounts {
  queue: string;
  queued: number;
  active: number;
  failed: number;
  completed: number;
}

/** How long after pg-boss's stop began its last worker-removal check has run (ms): its 1 s re-check, plus margin. */
export const WORKER_REMOVAL_MS = 1_150;

/** At most this long (ms) a stop waits for the workers' fetches in flight before closing pg-boss's pool anyway. */
const FETCHES_DONE_MS = 10_000;

/**
 * The one background-job mechanism (issue 15 item 5; docs/decisions.md "Background jobs on pg-boss"):
 * pg-boss on the app's own PostgreSQL, schema {@link JOBS_SCHEMA}. Modules register {@link JobDefinition}s in
 * `onModuleInit`; on bootstrap this starts pg-boss, creates each queue (retries, back-off), starts a worker
 * per queue and the tickers of periodic jobs. Completed and failed jobs stay in pg-boss's tables (moved to
 * its archive after 12 h, deleted after 7 days): that is the history {@link counts} reads.
 * On shutdown (`onModuleDestroy`, before TypeORM closes) it stops the tickers and waits for jobs in hand.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(JobsService.name);
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly tickers: NodeJS.Timeout[] = [];
  /** pg-boss worker ids per queue (to wake them when this replica sends a job, or after each job). */
  private readonly workerIds = new Map<string, string[]>();
  private boss: PgBoss | undefined;
  private stopping = false;
  /** Jobs whose handler is running in this replica now (see {@link onModuleDestroy}). */
  private handling = 0;

  constructor(
    @Inject(JOBS_DATABASE_URL) private readonly databaseUrl: string,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Registers a kind of job. Call from `onModuleInit` (before bootstrap starts the workers).
   * @throws Error when the queue name is taken
   */
  define<T extends object>(definition: JobDefinition<T>): void {
    if (this.definitions.has(definition.queue)) throw new Error(`job queue ${definition.queue} is defined twice`);
    this.definitions.set(definition.queue, definition as unknown as JobDefinition);
  }

  /** Names of the registered queues, sorted. */
  get queues(): string[] {
    return [...this.definitions.keys()].sort();
  }

  /**
   * Period of a periodic queue (seconds); 0 when the queue is not periodic.
   * @throws Error for an unknown queue
   */
  periodSeconds(queue: string): number {
    const definition = this.definitions.get(queue);
    if (!definition) throw new Error(`unknown job queue ${queue}`);
    return definition.everySeconds ?? 0;
  }

  /**
   * Starts pg-boss (creating or migrating its schema), the queues, their workers and the periodic tickers.
   * The queues are read once: only a missing queue is created and only changed retry settings written (a
   * start on an existing database no longer pays two locking statements a queue; issue 12's start-up).
   */
  async onApplicationBootstrap(): Promise<void> {
    const boss = new PgBoss({
      connectionString: this.databaseUrl,
      schema: JOBS_SCHEMA,
      max: 4,
      application_name: 'portal-jobs',
      // pg-boss's own cron is unused (our periods are in seconds; see tickers); its maintenance stays on
      schedule: false,
    });
    boss.on('error', (error: Error) => this.logger.error(`pg-boss: ${error.message}`));
    await boss.start();
    this.boss = boss;
    const existing = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
    for (const definition of this.definitions.values()) await this.startQueue(boss, definition, existing.get(definition.queue));
  }

  /**
   * Defines a queue after bootstrap and starts it at once (tests; modules use {@link define}).
   * @throws Error when the queue name is taken or pg-boss is not started
   */
  async add<T extends object>(definition: JobDefinition<T>): Promise<void> {
    const boss = this.started;
    this.define(definition);
    await this.startQueue(boss, definition as unknown as JobDefinition);
  }

  /**
   * Creates the queue when missing, writes its settings when they changed, starts its worker and, if
   * periodic, its ticker.
   * @param existing the queue as pg-boss stored it, when it exists (unknown: create and write as for a new one)
   */
  private async startQueue(boss: PgBoss, definition: JobDefinition, existing?: PgBoss.QueueResult): Promise<void> {
    const queue = { name: definition.queue, policy: definition.policy ?? 'standard', ...(definition.retry ?? DEFAULT_RETRY) };
    // a no-op when the queue exists; two replicas creating it at once can deadlock in pg-boss's partition DDL: try again
    if (!existing) await retryOnConflict(() => boss.createQueue(definition.queue, queue));
    // then the settings (another replica may have created the queue first, with older ones)
    if (!existing || !settingsMatch(existing, queue)) await boss.updateQueue(definition.queue, queue);
    const workerIds: string[] = [];
    this.workerIds.set(definition.queue, workerIds);
    for (let worker = 0; worker < (definition.workers ?? 1); worker++) {
      const workerId: string = await boss.work<object>(
        definition.queue,
        { batchSize: 1, pollingIntervalSeconds: this.config.JOBS_POLL_SECONDS, includeMetadata: true },
        async ([job]) => {
          this.handling++;
          try {
            await definition.handler(job.data ?? {}, { id: job.id, retryCount: job.retryCount });
          } finally {
            // a worker that found a job fetches again at once (pg-boss would otherwise wait a whole polling
            // interval after every job): a backlog drains at the handler's pace, an idle queue is polled
            this.handling--;
            boss.notifyWorker(workerId);
          }
        },
      );
      workerIds.push(workerId);
    }
    const every = definition.everySeconds ?? 0;
    if (every <= 0) return;
    const tick = () => {
      if (this.stopping) return;
      this.offerPeriodic(definition.queue, every).catch((error: unknown) =>
        this.logger.error(`Scheduling ${definition.queue} failed: ${String(error)}`),
      );
    };
    const timer = setInterval(tick, every * 1000);
    timer.unref();
    this.tickers.push(timer);
    tick();
  }

  /**
   * Offers this period's job of a periodic queue. pg-boss inserts it only if no job of the queue holds the
   * same time slot (`singletonSeconds`), so replicas (and repeated ticks) never double a period.
   * @returns the job id, or null when the slot was already taken
   */
  async offerPeriodic(queue: string, everySeconds: number): Promise<string | null> {
    return this.started.send(queue, {}, { singletonKey: 'period', singletonSeconds: everySeconds });
  }

  /**
   * Queues a one-off job.
   * @param queue a defined queue
   * @param data the job's payload (JSON)
   * @param options pg-boss send options (e.g. `startAfter`, `singletonKey`)
   * @returns the job id (null when a singleton rule kept it out)
   */
  async send(queue: string, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(queue)) throw new Error(`unknown job queue ${queue}`);
    const id = await this.started.send(queue, data, options);
    // the job is visible now (unless sent inside an open transaction): wake this replica's idle workers
    if (!options.db && !options.startAfter) for (const workerId of this.workerIds.get(queue) ?? []) this.started.notifyWorker(workerId);
    return id;
  }

  /**
   * Queues a one-off job inside the caller's transaction (pg-boss runs its insert on `manager`'s
   * connection): the job exists exactly when the transaction commits — none for a rolled-back change, none
   * lost between the commit and the send.
   * @param manager the open transaction's entity manager
   * @returns the job id (null when a singleton rule kept it out)
   */
  async sendWithin(manager: EntityManager, queue: string, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
    const db = { executeSql: async (text: string, values: unknown[]) => ({ rows: (await manager.query(text, values)) as unknown[] }) };
    return this.send(queue, data, { ...options, db });
  }

  /**
   * Jobs per registered queue by state, from pg-boss's live table and its archive (the history).
   * @returns one entry per queue, sorted by name; zeros for a queue without jobs
   */
  async counts(): Promise<QueueCounts[]> {
    const rows = (await this.started.getDb().executeSql(
      `SELECT name, state::text AS state, count(*)::int AS n
         FROM (SELECT name, state FROM ${JOBS_SCHEMA}.job UNION ALL SELECT name, state FROM ${JOBS_SCHEMA}.archive) jobs
        WHERE name = ANY($1) GROUP BY name, state`,
      [this.queues],
    )) as { rows: { name: string; state: string; n: number }[] };
    return this.queues.map((queue) => {
      const of = (...states: string[]) =>
        rows.rows.filter((r) => r.name === queue && states.includes(r.state)).reduce((sum, r) => sum + r.n, 0);
      return { queue, queued: of('created', 'retry'), active: of('active'), failed: of('failed'), completed: of('completed') };
    });
  }

  /**
   * Stops the tickers, lets jobs in hand finish (up to 20 s), waits until no worker is still fetching,
   * then closes pg-boss's connections. pg-boss 10 removes a stopped worker in a loop that looks again every
   * second while any of them is still in its loop, and nothing of pg-boss may run after the app has
   * closed (a test runner tears its module registry down then; a process exits). Its own stop closes the
   * pool at once, and a fetch still queued for one of the pool's 4 connections then never ends (pg-pool
   * serves no queued request once ending): that worker never stopped and the loop looked forever. So the
   * pool stays open until every fetch is done, and the return comes no sooner than
   * {@link WORKER_REMOVAL_MS} after the stop began (the loop's re-check has run) — unless every worker was
   * idle when the stop began: no fetch on pg-boss's pool and no job in hand means each worker sat in its
   * polling delay, which the stop cuts short, so all of them have stopped before the loop's first look
   * (a `setImmediate`) and no re-check is pending. That is the usual case (a fetch takes milliseconds of a
   * {@link AppConfig.JOBS_POLL_SECONDS} interval), and it spares every close a second of waiting. (Should a
   * fetch's answer arrive in that very turn, the loop's one re-check a second later finds its worker
   * stopped — the stop waited for the job — and only drops it from pg-boss's list.)
   */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    for (const timer of this.tickers) clearInterval(timer);
    if (!this.boss) return;
    const began = Date.now();
    const db = this.boss.getDb() as unknown as { pool?: pg.Pool; close(): Promise<void> };
    const busy = () => db.pool !== undefined && (db.pool.waitingCount > 0 || db.pool.totalCount > db.pool.idleCount);
    // read in the same turn as the stop below: no worker can leave its polling delay in between
    const idleAtStop = !busy() && this.handling === 0;
    await this.boss.stop({ graceful: true, wait: true, timeout: 20_000, close: false });
    for (const deadline = Date.now() + FETCHES_DONE_MS; busy() && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 20));
    await db.close();
    if (idleAtStop) return;
    const left = began + WORKER_REMOVAL_MS - Date.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }

  private get started(): PgBoss {
    if (!this.boss) throw new Error('pg-boss is not started yet');
    return this.boss;
  }
}
