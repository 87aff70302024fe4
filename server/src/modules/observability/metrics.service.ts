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
 * status (from the database, so every replica reports the same totals); Node's default process metrics.
 * Served by {@link MetricsService.middleware} at `GET /metrics` with `Authorization: Bearer METRICS_TOKEN`.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;
  private readonly fastPath: Counter<'route'>;

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
