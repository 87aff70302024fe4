/**
 * The react-admin data provider: ra-data-simple-rest on `/api/admin` (the server speaks its
 * dialect, with `Content-Range`), plus `getStats` and `getJobs` for Dashboard Home (typed client calls).
 */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { ADMIN_API_URL } from '../config';
import { normaliseJobs, type JobQueueCounts } from '../dashboard/jobs';
import { normaliseStats } from '../dashboard/stats';
import { api, unwrap } from './client';
import type { Schema } from './contract-types';
import { httpClient } from './httpClient';

/** Applications that reached at least `step` (1–8): the funnel. */
export type FunnelStep = Schema<'FunnelStep'>;

/** Time spent on one form step, from the time log (seconds, 4 decimals; `step` a step key). */
export type StepTime = Schema<'StepTime'>;

/** Payment totals in the major unit of `currency` (the server's `CURRENCY`), also by attempt status. */
export type PaymentTotals = Schema<'PaymentTotals'>;

/** The class taking shape added up (issue 29 item 5): counts, seats (null: no limit), offerings over capacity, declines by reason. */
export type ClassShapeTotals = Schema<'ClassShapeTotalsResponse'>;

/**
 * Answer of GET /api/admin/stats (docs/api.md "Admin console"; DESIGN §10) as the dashboard reads it
 * ({@link normaliseStats}): `generatedAt` null when the server did not say.
 */
export type AdminStats = Omit<Schema<'AdminStatsResponse'>, 'generatedAt'> & { generatedAt: string | null };

/** The data provider with the console's extra method. */
export type AdminDataProvider = DataProvider & {
  getStats: () => Promise<AdminStats>;
  /** GET /api/admin/jobs: background-job counts per queue. */
  getJobs: () => Promise<JobQueueCounts[]>;
};

const simpleRest = simpleRestProvider(ADMIN_API_URL, httpClient);

/**
 * Console resources whose API path differs from their name: `webhook-deliveries` lives at
 * `/api/admin/webhooks/deliveries` (a resource named `webhooks/deliveries` would collide with the
 * `webhooks/:id` routes of the console).
 */
const API_PATHS: Record<string, string> = { 'webhook-deliveries': 'webhooks/deliveries' };

/** ra-data-simple-rest with {@link API_PATHS} applied to every method's resource. */
const base = Object.fromEntries(
  Object.entries(simpleRest).map(([name, method]) => [
    name,
    typeof method === 'function'
      ? (resource: string, ...rest: unknown[]) => (method as (...args: unknown[]) => unknown)(API_PATHS[resource] ?? resource, ...rest)
      : method,
  ]),
) as DataProvider;

/** The console's data provider instance. */
export const dataProvider: AdminDataProvider = {
  ...base,
  getStats: async () => normaliseStats(await unwrap(api.GET('/api/admin/stats'))),
  getJobs: async () => normaliseJobs(await unwrap(api.GET('/api/admin/jobs'))),
};
