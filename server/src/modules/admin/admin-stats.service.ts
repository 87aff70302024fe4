import { APPLICATION_ROUND_SQL } from '../programs/cycle/admission-cycle.js';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { fromCents } from '../../common/money/money.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ClassShapeService } from '../enrollment/class-shape.service.js';
import { AdminStatsResponse, type PaymentStatusTotal } from './dto/admin-stats.dto.js';

/**
 * Dashboard Home figures (DESIGN §10), each one SQL aggregate run in parallel, so that the answer
 * stays fast at 10,000+ applications (see `npm run bench`).
 */
@Injectable()
export class AdminStatsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly classShape: ClassShapeService,
  ) {}

  /** Every figure of {@link AdminStatsResponse}. */
  async stats(): Promise<AdminStatsResponse> {
    type Count = { key: string; n: number };
    const [groups, funnel, times, sessions, payments, classShape] = await Promise.all([
      this.db.query(`
        SELECT 'status' AS dim, status AS key, count(*)::int AS n FROM applications GROUP BY status
        UNION ALL SELECT 'program', field_of_interest, count(*)::int FROM applications GROUP BY field_of_interest
        UNION ALL SELECT 'group', program, count(*)::int FROM applications GROUP BY program
        UNION ALL SELECT 'semester', semester, count(*)::int FROM applications GROUP BY semester
        UNION ALL SELECT 'payment', payment_status, count(*)::int FROM applications GROUP BY payment_status
        UNION ALL SELECT 'round', coalesce(${APPLICATION_ROUND_SQL}, ''), count(*)::int FROM applications a GROUP BY 2`) as Promise<
        (Count & { dim: string })[]
      >,
      this.db.query(`
        SELECT s.step, count(a.id)::int AS reached
        FROM generate_series(1, 8) AS s(step)
        LEFT JOIN applications a ON a.step_reached >= s.step
        GROUP BY s.step ORDER BY s.step`) as Promise<{ step: number; reached: number }[]>,
      this.db.query(`
        SELECT step, count(*)::int AS count,
               round(percentile_cont(0.5) WITHIN GROUP (ORDER BY duration)::numeric, 4)::float8 AS median,
               round(percentile_cont(0.9) WITHIN GROUP (ORDER BY duration)::numeric, 4)::float8 AS p90
        FROM time_logs GROUP BY step ORDER BY step`) as Promise<{ step: string; count: number; median: number; p90: number }[]>,
      this.db.query(
        `SELECT count(*)::int AS n FROM sessions
         WHERE end_time IS NULL AND coalesce(last_activity_time, new_start_time, start_time) > now() - make_interval(mins => $1)`,
        [this.config.SESSION_STALE_MINUTES], // a session not seen for this long is stale (issue 11 item 7)
      ) as Promise<{ n: number }[]>,
      this.db.query(
        // the application fee's attempts (enrollment deposits are counted by the class view: deposited, melt)
        `SELECT status, count(*)::int AS n, coalesce(sum(total_cents), 0)::text AS cents FROM payments WHERE purpose = 'application_fee' GROUP BY status`,
      ) as Promise<{ status: string; n: number; cents: string }[]>,
      this.classShape.stats(),
    ]);
    const dimension = (dim: string) =>
      Object.fromEntries(
        groups
          .filter((g) => g.dim === dim)
          .sort((a, b) => b.n - a.n)
          .map((g) => [g.key, g.n]),
      );
    const byStatus = dimension('status');
    const byPaymentStatus: Record<string, PaymentStatusTotal> = Object.fromEntries(
      payments.map((p) => [p.status, { count: p.n, amount: fromCents(Number(p.cents)) }]),
    );
    return {
      total: Object.values(byStatus).reduce((sum, n) => sum + n, 0),
      byStatus,
      byProgram: dimension('program'),
      byProgramGroup: dimension('group'),
      bySemester: dimension('semester'),
      byRound: dimension('round'),
      termOrder: (await this.db.query(`SELECT key FROM terms ORDER BY starts_on, key`)).map((row: { key: string }) => row.key),
      byPaymentStatus: dimension('payment'),
      funnel: funnel.map((f) => ({ step: Number(f.step), reached: f.reached })),
      timePerStep: times.map((t) => ({ step: t.step, count: t.count, medianSeconds: t.median, p90Seconds: t.p90 })),
      activeSessions: sessions[0]?.n ?? 0,
      payments: {
        attempts: payments.reduce((sum, p) => sum + p.n, 0),
        collected: byPaymentStatus.approved?.amount ?? 0,
        currency: this.config.CURRENCY,
        approved: byPaymentStatus.approved?.count ?? 0,
        waived: byPaymentStatus.waived?.count ?? 0,
        byStatus: byPaymentStatus,
      },
      classShape,
      generatedAt: new Date().toISOString(),
    };
  }
}
