/**
 * The react-admin data provider: ra-data-simple-rest on `/api/admin` (the server speaks its
 * dialect, with `Content-Range`), plus `getStats` and `getJobs` for Dashboard Home.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { ADMIN_API_URL } from '../config';
import { normaliseJobs, type JobQueueCounts } from '../dashboard/jobs';
import { normaliseStats } from '../dashboard/stats';
import { httpClient } from './httpClient';

/** Applications that reached at least `step` (1–8): the funnel. */
export interface FunnelStep {
  step: number;
  reached: number;
}

/** Time spent on one form step, from the time log (seconds, 4 decimals). */
export interface StepTime {
  /** Step key: personal, family, …, payment, documents, finish. */
  step: string;
  count: number;
  medianSeconds: number;
  p90Seconds: number;
}

/** Payment attempts of one status; `amount` in USD. */
export interface PaymentStatusTotal {
  count: number;
  amount: number;
}

/** Payment totals (USD). */
export interface PaymentTotals {
  attempts: number;
  /** Total of approved payments, in the major unit of `currency`. */
  collected: number;
  /** ISO 4217 code of the amounts (the server's `CURRENCY`). */
  currency: string;
  approved: number;
  waived: number;
  /** By payment attempt status (pending, approved, declined, held, rejected, unknown, waived). */
  byStatus: Record<string, PaymentStatusTotal>;
}

/** Answer of GET /api/admin/stats (docs/api.md "Admin console"; DESIGN §10). */
export interface AdminStats {
  total: number;
  byStatus: Record<string, number>;
  /** By field of interest (program name). */
  byProgram: Record<string, number>;
  /** By program group (underGraduate, graduate, postGraduate, preRequisite). */
  byProgramGroup: Record<string, number>;
  bySemester: Record<string, number>;
  byPaymentStatus: Record<string, number>;
  funnel: FunnelStep[];
  timePerStep: StepTime[];
  /** Form sessions active within the last 30 minutes. */
  activeSessions: number;
  payments: PaymentTotals;
  /** When the server computed the figures (ISO 8601); null when it did not say. */
  generatedAt: string | null;
}

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
  getStats: async () => {
    const { json } = await httpClient(`${ADMIN_API_URL}/stats`);
    return normaliseStats(json);
  },
  getJobs: async () => {
    const { json } = await httpClient(`${ADMIN_API_URL}/jobs`);
    return normaliseJobs(json);
  },
};
