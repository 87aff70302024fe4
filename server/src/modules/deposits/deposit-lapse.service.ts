import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { zonedTime } from '../../common/i18n/zoned-time.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AuditService } from '../admin/audit.service.js';
import { Application } from '../applications/application.entity.js';
import { ApplicationMailService } from '../applications/application-mail.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { ApplicationWordsService } from '../programs/application-words.service.js';
import { TokenService } from '../token/token.service.js';
import { WebhookOutboxService } from '../webhooks/webhook-outbox.service.js';

/** pg-boss queue of the periodic deposit lapse run. */
export const DEPOSIT_LAPSE_QUEUE = 'deposit-lapse';

/**
 * Lapses accepted offers whose enrollment deposit was not paid by its deadline (issue 29 item 2), where the
 * offering's setting says so (`lapse_unpaid_deposits`): every DEPOSIT_LAPSE_INTERVAL_SECONDS a pg-boss job sets
 * the reply to `lapsed` — the seat is free again (seats count accepted replies) and the reply is closed — with
 * `deposit_lapsed_at`; audited (`deposit-lapse`, no actor: the office's setting did it), sent to webhook
 * subscribers as `application.replied` (reply `lapsed`) in the same transaction, then the applicant is e-mailed
 * in the application's language with the deadline in her zone and a fresh link to the letter.
 *
 * The candidates are exactly `lapsesAt` of `deposit-rules.ts`: an accepted, released admit, deadline passed, no
 * deposit paid, waived or in flight (`deposit_status` null or declined). They are claimed by one conditional
 * UPDATE on rows locked `FOR UPDATE SKIP LOCKED` and re-checked on the row, so two replicas running at once (or
 * a payment claiming the row at that moment) lapse each offer at most once, and never one being paid. The
 * instant is the server's clock (`now`), so tests move it.
 */
@Injectable()
export class DepositLapseService implements OnModuleInit {
  private readonly logger = new Logger(DepositLapseService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly outbox: WebhookOutboxService,
    private readonly mail: ApplicationMailService,
    private readonly words: ApplicationWordsService,
    private readonly tokens: TokenService,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (this.config.DEPOSIT_LAPSE_INTERVAL_SECONDS <= 0) return;
    this.jobs.define({
      queue: DEPOSIT_LAPSE_QUEUE,
      everySeconds: this.config.DEPOSIT_LAPSE_INTERVAL_SECONDS,
      policy: 'singleton',
      handler: () => this.run(),
    });
  }

  /**
   * One run (the job's handler; tests call it on several replicas at once).
   * @param now the server's instant (UTC)
   * @returns the ids of the offers this replica lapsed (and e-mailed)
   */
  async run(now = new Date()): Promise<string[]> {
    const lapsed = await this.db.transaction(async (manager) => {
      const answer = (await manager.query(
        `UPDATE applications a SET reply = 'lapsed', deposit_lapsed_at = $1, version = a.version + 1, updated_at = now()
          WHERE a.id IN (SELECT c.id FROM applications c JOIN offerings o ON o.id = c.offering_id
                          WHERE c.status = 'decided' AND c.decision = 'admitted' AND c.decision_released_at IS NOT NULL
                            AND c.reply = 'accepted' AND (c.deposit_status IS NULL OR c.deposit_status = 'declined')
                            AND c.deposit_due_at <= $1 AND o.lapse_unpaid_deposits AND coalesce(o.deposit_cents, 0) > 0
                          FOR UPDATE OF c SKIP LOCKED)
            AND a.reply = 'accepted' AND (a.deposit_status IS NULL OR a.deposit_status = 'declined') AND a.deposit_due_at <= $1
          RETURNING a.id, a.deposit_due_at AS "dueAt", a.replied_at AS "repliedAt"`,
        [now],
      )) as [{ id: string; dueAt: Date; repliedAt: Date | null }[], number] | { id: string; dueAt: Date; repliedAt: Date | null }[];
      const rows = (Array.isArray(answer[0]) ? answer[0] : answer) as { id: string; dueAt: Date; repliedAt: Date | null }[];
      for (const row of rows) {
        await this.audit.record(
          {
            actor: null,
            action: 'deposit-lapse',
            resource: 'applications',
            recordId: row.id,
            before: { reply: 'accepted', depositDueAt: row.dueAt.toISOString() },
            after: { reply: 'lapsed', depositLapsedAt: now.toISOString(), by: 'deposit lapse job' },
          },
          manager,
        );
        await this.outbox.record(manager, 'application.replied', row.id, {
          reply: { decision: 'admitted', reply: 'lapsed', repliedAt: row.repliedAt?.toISOString() ?? null, reason: null, deferTo: null },
        });
      }
      return rows.map((r) => r.id);
    });
    for (const id of lapsed) {
      const app = await this.db.getRepository(Application).findOneBy({ id });
      if (!app?.depositDueAt) continue;
      const { locale } = await this.words.wordsOf(app);
      const token = await this.tokens.issue(app.id, 'details');
      await this.mail.sendLink(app, token, 'depositLapsed', { dueAt: zonedTime(app.depositDueAt, locale, app.timeZone) });
    }
    if (lapsed.length) this.logger.log(`Lapsed ${lapsed.length} accepted offer(s) whose deposit was not paid by its deadline`);
    return lapsed;
  }
}
