import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { zonedTime } from '../../common/i18n/zoned-time.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Application } from '../applications/application.entity.js';
import { ApplicationMailService } from '../applications/application-mail.service.js';
import { ApplicationWordsService } from '../programs/application-words.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { TokenService } from '../token/token.service.js';
import { CHOICES_BY_DECISION } from './reply-rules.js';

/** pg-boss queue of the periodic reply reminder run. */
export const REPLY_REMINDERS_QUEUE = 'reply-reminders';

/** The decisions that ask for a reply (the rules' allow-list). */
const REPLYING_DECISIONS = Object.keys(CHOICES_BY_DECISION);

/**
 * One reminder before the reply deadline (issue 29 item 1): every REPLY_REMINDER_INTERVAL_SECONDS a pg-boss
 * job e-mails each applicant whose decision was released and asks for a reply (admitted, waitlisted), who
 * has not replied, and whose deadline is at most REPLY_REMINDER_DAYS_BEFORE days ahead and not passed —
 * in the application's language, the deadline in the applicant's time zone, with a fresh link to the
 * letter. Each reminder is first claimed by one conditional UPDATE (`reply_reminded_at` set where it was
 * null), so replicas running the job at once, or a run repeated after a crash, never send it twice. The
 * instant is the server's clock (`now`), not the database's, so tests move it.
 */
@Injectable()
export class ReplyRemindersService implements OnModuleInit {
  private readonly logger = new Logger(ReplyRemindersService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly mail: ApplicationMailService,
    private readonly words: ApplicationWordsService,
    private readonly tokens: TokenService,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (this.config.REPLY_REMINDER_INTERVAL_SECONDS <= 0) return;
    this.jobs.define({
      queue: REPLY_REMINDERS_QUEUE,
      everySeconds: this.config.REPLY_REMINDER_INTERVAL_SECONDS,
      policy: 'singleton',
      handler: () => this.run(),
    });
  }

  /**
   * One run (the job's handler; tests call it on several replicas at once).
   * @param now the server's instant (UTC)
   * @returns how many reminders this replica claimed and e-mailed
   */
  async run(now = new Date()): Promise<number> {
    const days = this.config.REPLY_REMINDER_DAYS_BEFORE;
    const claimed = (await this.db.query(
      `UPDATE applications SET reply_reminded_at = $1
        WHERE id IN (SELECT id FROM applications
                      WHERE status = 'decided' AND decision = ANY($3) AND decision_released_at IS NOT NULL
                        AND reply IS NULL AND reply_reminded_at IS NULL
                        AND reply_deadline_at > $1 AND reply_deadline_at - make_interval(secs => $2) <= $1
                      FOR UPDATE SKIP LOCKED)
          AND reply_reminded_at IS NULL
        RETURNING id`,
      [now, days * 86_400, REPLYING_DECISIONS],
    )) as [{ id: string }[], number] | { id: string }[];
    const rows = Array.isArray(claimed[0]) ? (claimed[0] as { id: string }[]) : (claimed as { id: string }[]);
    let sent = 0;
    for (const { id } of rows) {
      const app = await this.db.getRepository(Application).findOneBy({ id });
      if (!app?.replyDeadlineAt) continue;
      const { locale } = await this.words.wordsOf(app);
      const token = await this.tokens.issue(app.id, 'details');
      await this.mail.sendLink(app, token, 'replyReminder', { replyBy: zonedTime(app.replyDeadlineAt, locale, app.timeZone) });
      sent += 1;
    }
    if (sent) this.logger.log(`Sent ${sent} reply reminder(s)`);
    return sent;
  }
}
