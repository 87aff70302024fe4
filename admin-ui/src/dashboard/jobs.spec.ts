import { normaliseJobs } from './jobs';

describe('normaliseJobs (GET /api/admin/jobs)', () => {
  it('keeps the counts of each queue, sorted by name', () => {
    expect(
      normaliseJobs({
        queues: [
          { queue: 'payments-settlement', queued: 1, active: 0, failed: 2, completed: 30 },
          { queue: 'attachments-orphan-cleanup', queued: 0, active: 1, failed: 0, completed: 4 },
        ],
      }),
    ).toEqual([
      { queue: 'attachments-orphan-cleanup', queued: 0, active: 1, failed: 0, completed: 4 },
      { queue: 'payments-settlement', queued: 1, active: 0, failed: 2, completed: 30 },
    ]);
  });

  it('drops entries without a queue name and turns bad counts into 0', () => {
    expect(normaliseJobs({ queues: [{ queued: 3 }, null, { queue: 'q', queued: -1, active: 'x', failed: 2.7 }] })).toEqual([
      { queue: 'q', queued: 0, active: 0, failed: 2, completed: 0 },
    ]);
  });

  it('answers no queues for an unexpected body', () => {
    expect(normaliseJobs(null)).toEqual([]);
    expect(normaliseJobs({ queues: 'no' })).toEqual([]);
  });
});
