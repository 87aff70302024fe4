import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Counter, Gauge } from 'prom-client';
import type { DataSource } from 'typeorm';
import { MetricsService } from '../observability/metrics.service.js';
import type { MessageKind } from './message-template.entity.js';
import type { MessageStatus, SourceKind } from './outreach-message.entity.js';

/**
 * Outreach in /metrics (issue 30 item 6), on the process's metrics registry (`MetricsService`):
 * - `portal_outreach_messages{status,kind,source}` — messages of the delivery log by status (queued, sent,
 *   failed, bounced, suppressed), kind (transactional, marketing) and source (rule, campaign, test), read from
 *   the database when scraped, so every replica reports the same totals;
 * - `portal_outreach_deliveries_total{status,kind,source}` — delivery attempts this process finished, by outcome.
 */
@Injectable()
export class OutreachMetricsService {
  private readonly deliveries?: Counter<'status' | 'kind' | 'source'>;

  constructor(@InjectDataSource() db: DataSource, @Optional() metrics?: MetricsService) {
    if (!metrics) return;
    this.deliveries = new Counter({
      name: 'portal_outreach_deliveries_total',
      help: 'Outreach delivery attempts finished by this process, by outcome (sent, failed, bounced, suppressed), kind and source',
      labelNames: ['status', 'kind', 'source'],
      registers: [metrics.registry],
    });
    new Gauge({
      name: 'portal_outreach_messages',
      help: 'Outreach messages in the delivery log by status (queued, sent, failed, bounced, suppressed), kind and source, from the database',
      labelNames: ['status', 'kind', 'source'],
      registers: [metrics.registry],
      async collect() {
        if (!db.isInitialized) return;
        const rows = (await db
          .query('SELECT status, kind, source_kind AS source, count(*)::int AS n FROM outreach_messages GROUP BY 1, 2, 3')
          .catch(() => [])) as { status: string; kind: string; source: string; n: number }[];
        this.reset();
        for (const row of rows) this.set({ status: row.status, kind: row.kind, source: row.source }, row.n);
      },
    });
  }

  /** Counts one finished delivery attempt. */
  count(status: MessageStatus, kind: MessageKind, source: SourceKind): void {
    this.deliveries?.inc({ status, kind, source });
  }
}
