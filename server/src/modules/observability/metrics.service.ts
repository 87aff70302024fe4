import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NextFunction, Request, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

/** The pg pool TypeORM's PostgreSQL driver keeps (only the counters read here). */
interface PgPoolCounters {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * Prometheus metrics of this process (issue 14), on a registry of its own: HTTP request count and latency
 * by method, route template and status; the database pool (connections, idle, waiting); payments by
 * status, background jobs waiting and running per queue with the oldest due job's age, webhook
 * deliveries and attempts by outcome with the attempts' latency (from the database, so every replica
 * reports the same totals; issue 26 item 9); e-mails sent and failed by this process; Node's default
 * process metrics.
 * Served by {@link MetricsService.middleware} at `GET /metrics` with `Authorization: Bearer METRICS_TOKEN`.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;
  private readonly fastPath: Counter<'route'>;
  private readonly emails: Counter<'outcome'>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    collectDefaultMetrics({ register: this.registry, prefix: 'portal_' });
    this.requests = new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.latency = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from request to the end of the response (seconds), by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.fastPath = new Counter({
      name: 'portal_fast_path_requests_total',
      help: 'Requests answered on the HTTP server ahead of express (hot reads, step saves), by route template',
      labelNames: ['route'],
      registers: [this.registry],
    });
    const pool = () => (this.dataSource.driver as unknown as { master?: PgPoolCounters }).master;
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const p = pool();
        if (!p) return;
        this.set({ state: 'total' }, p.totalCount);
        this.set({ state: 'idle' }, p.idleCount);
        this.set({ state: 'waiting' }, p.waitingCount);
      },
    });
    const db = this.dataSource;
    new Gauge({
      name: 'portal_payments',
      help: 'Payment attempts by status (pending, approved, declined, error, held, unknown, waived), from the database',
      labelNames: ['status'],
      registers: [this.registry],
      async collect() {
        if (!db.isInitialized) return;
        const rows = (await db.query('SELECT status, count(*)::int AS n FROM payments GROUP BY status')) as { status: string; n: number }[];
        this.reset();
        for (const row of rows) this.set({ status: row.status }, row.n);
      },
    });
    // background jobs (issue 26 item 9): what waits, and for how long, per pg-boss queue
    const jobs = async <T>(sql: string): Promise<T[]> => {
      if (!db.isInitialized) return [];
      return (await db.query(sql).catch(() => [])) as T[]; // no pgboss schema yet: nothing to report
    };
    new Gauge({
      name: 'portal_jobs',
      help: 'Background jobs waiting (queued: created or retry, due now or later) or running (active), by pg-boss queue',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        const rows = await jobs<{ name: string; state: string; n: number }>(
          `SELECT name, CASE WHEN state::text = 'active' THEN 'active' ELSE 'queued' END AS state, count(*)::int AS n
             FROM pgboss.job WHERE state::text IN ('created', 'retry', 'active') GROUP BY 1, 2`,
        );
        this.reset();
        for (const row of rows) this.set({ queue: row.name, state: row.state }, row.n);
      },
    });
    new Gauge({
      name: 'portal_job_oldest_due_age_seconds',
      help: 'Age (seconds) of the oldest job that is due and not yet started, by pg-boss queue (0 when none waits)',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        const rows = await jobs<{ name: string; age: number }>(
          `SELECT name, extract(epoch FROM now() - min(start_after))::float8 AS age
             FROM pgboss.job WHERE state::text IN ('created', 'retry') AND start_after <= now() GROUP BY name`,
        );
        this.reset();
        for (const row of rows) this.set({ queue: row.name }, Math.max(0, row.age));
      },
    });
    // webhook deliveries by outcome, and how long receivers take (from the database: every replica agrees)
    new Gauge({
      name: 'portal_webhook_deliveries',
      help: 'Webhook deliveries by status (pending, succeeded, failed)',
      labelNames: ['status'],
      registers: [this.registry],
      async collect() {
        const rows = await jobs<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status');
        this.reset();
        for (const row of rows) this.set({ status: row.status }, row.n);
      },
    });
    new Gauge({
      name: 'portal_webhook_attempts',
      help: 'Webhook delivery attempts by outcome (success: 2xx; http_error: another status; network_error: no answer)',
      labelNames: ['outcome'],
      registers: [this.registry],
      async collect() {
        const rows = await jobs<{ outcome: string; n: number }>(
          `SELECT CASE WHEN status_code BETWEEN 200 AND 299 THEN 'success' WHEN status_code IS NULL THEN 'network_error' ELSE 'http_error' END AS outcome,
                  count(*)::int AS n FROM webhook_delivery_attempts GROUP BY 1`,
        );
        this.reset();
        for (const row of rows) this.set({ outcome: row.outcome }, row.n);
      },
    });
    new Gauge({
      name: 'portal_webhook_attempt_duration_seconds',
      help: 'Webhook attempt duration (seconds) over the last hour: median and 95th percentile',
      labelNames: ['quantile'],
      registers: [this.registry],
      async collect() {
        const [row] = await jobs<{ p50: number | null; p95: number | null }>(
          `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms) / 1000.0 AS p50,
                  percentile_cont(0.95) WITHIN GROUP (ORDER BY duration_ms) / 1000.0 AS p95
             FROM webhook_delivery_attempts WHERE attempted_at > now() - interval '1 hour'`,
        );
        this.reset();
        if (row?.p50 != null) this.set({ quantile: '0.5' }, Number(row.p50));
        if (row?.p95 != null) this.set({ quantile: '0.95' }, Number(row.p95));
      },
    });
    this.emails = new Counter({
      name: 'portal_emails_total',
      help: 'E-mails handed to the SMTP server (or written to files), by outcome (sent, failed), by this process',
      labelNames: ['outcome'],
      registers: [this.registry],
    });
  }

  /** Counts one e-mail sent or failed (MailService). */
  countEmail(outcome: 'sent' | 'failed'): void {
    this.emails.inc({ outcome });
  }

  /**
   * Express middleware: times every request (route label = the matched route template, `unmatched`
   * otherwise, so ids never become labels; the routes ahead of express are timed by {@link track} with
   * their own template) and answers `GET /metrics` in Prometheus text format:
   * 404 when METRICS_TOKEN is unset, 401 without the right bearer token.
   */
  middleware(): (request: Request, response: Response, next: NextFunction) => void {
    return (request, response, next) => {
      if (request.path === '/metrics' && (request.method === 'GET' || request.method === 'HEAD')) {
        void this.serve(request, response);
        return;
      }
      this.track(request, response, () => (request.route?.path ? `${request.baseUrl}${String(request.route.path)}` : 'unmatched'));
      next();
    };
  }

  /**
   * Counts and times one request when its answer is finished (the requests counter and the latency
   * histogram, labelled by method, route template and status).
   * @param route the route label, read when the answer is finished
   * @param onFinish also called then, with the time since this call (ms)
   */
  track(request: IncomingMessage, response: ServerResponse, route: () => string, onFinish?: (elapsedMs: number) => void): void {
    const started = performance.now();
    response.once('finish', () => {
      const elapsedMs = performance.now() - started;
      const labels = { method: request.method!, route: route(), status: String(response.statusCode) };
      this.requests.inc(labels);
      this.latency.observe(labels, elapsedMs / 1000);
      onFinish?.(elapsedMs);
    });
  }

  /** Counts one request a fast route (ahead of express, issue 12) took. @param route its route template */
  countFastPath(route: string): void {
    this.fastPath.inc({ route });
  }

  private async serve(request: Request, response: Response): Promise<void> {
    const token = this.config.METRICS_TOKEN;
    if (!token) {
      response.status(404).json({ success: false, code: 'REQ-404', message: 'Not found.' });
      return;
    }
    const given = Buffer.from((request.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
    const expected = Buffer.from(token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      response
        .status(401)
        .set('WWW-Authenticate', 'Bearer')
        .json({ success: false, code: 'AUTH-401', message: 'Metrics need the METRICS_TOKEN bearer token' });
      return;
    }
    response.set('Content-Type', this.registry.contentType).send(await this.registry.metrics());
  }
}
