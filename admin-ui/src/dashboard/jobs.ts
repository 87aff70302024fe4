/**
 * Background-job counts for Dashboard Home (issue 15 item 5): the answer of `GET /api/admin/jobs`
 * (server `JobsService.counts`), read defensively.
 */
import type { Schema } from '../api/contract-types';

/** Jobs of one pg-boss queue by state (live and archived, 7 days): queued, active, failed, completed. */
export type JobQueueCounts = Schema<'QueueCountsDto'>;

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0);

/**
 * Reads `{ queues: [...] }`: keeps entries with a string `queue`, counts that are not non-negative
 * numbers become 0, sorted by queue name.
 * @param json the parsed response body
 */
export function normaliseJobs(json: unknown): JobQueueCounts[] {
  const queues = (json as { queues?: unknown } | null)?.queues;
  if (!Array.isArray(queues)) return [];
  return queues
    .filter((q): q is Record<string, unknown> => !!q && typeof (q as { queue?: unknown }).queue === 'string')
    .map((q) => ({
      queue: q.queue as string,
      queued: count(q.queued),
      active: count(q.active),
      failed: count(q.failed),
      completed: count(q.completed),
    }))
    .sort((a, b) => a.queue.localeCompare(b.queue));
}
