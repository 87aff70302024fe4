import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Counter, Gauge } from 'prom-client';
import type { DataSource } from 'typeorm';
import { MetricsService } from '../observability/metrics.service.js';

/** What a reminder rule run decided for one due application. */
export type ReminderDecision = 'claimed' | 'waiting-daytime' | 'capped';

/**
 * Reminders and campaigns in /metrics (issue 30 item 6), beside the delivery log's own metrics
 * (`portal_outreach_messages`, `portal_outreach_deliveries_total`, by source `rule` / `campaign`):
 * - `portal_outreach_reminder_decisions_total{rule,decision}` — due applications a rule run of this process
 *   claimed a reminder for, left waiting for the applicant's daytime, or held back by the weekly cap;
 * - `portal_outreach_campaigns{status}` — campaigns by status, from the database when scraped (every replica
 *   reports the same).
 */
@Injectable()
export class OutreachAutomationMetricsService {
  private readonly decisions?: Counter<'rule' | 'decision'>;

  constructor(@InjectDataSource() db: DataSource, @Optional() metrics?: MetricsService) {
    if (!metrics) return;
    this.decisions = new Counter({
      name: 'portal_outreach_reminder_decisions_total',
      help: 'Due applications of reminder rule runs in this process, by rule and decision (claimed, waiting-daytime, capped)',
      labelNames: ['rule', 'decision'],
      registers: [metrics.registry],
    });
    new Gauge({
      name: 'portal_outreach_campaigns',
      help: 'Outreach campaigns by status (draft, scheduled, running, paused, cancelled, done), from the database',
      labelNames: ['status'],
      registers: [metrics.registry],
      async collect() {
        if (!db.isInitialized) return;
        const rows = (await db.query('SELECT status, count(*)::int AS n FROM outreach_campaigns GROUP BY 1').catch(() => [])) as {
          status: string;
          n: number;
        }[];
        this.reset();
        for (const row of rows) this.set({ status: row.status }, row.n);
      },
    });
  }

  /** Counts one rule decision. */
  decided(rule: string, decision: ReminderDecision): void {
    this.decisions?.inc({ rule, decision });
  }
}
