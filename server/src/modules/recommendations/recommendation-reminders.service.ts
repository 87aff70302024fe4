import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { RecommendationMailService } from './recommendation-mail.service.js';
import { RecommendationsRepository } from './recommendations.repository.js';

/** pg-boss queue of the periodic reminder run. */
export const REMINDERS_QUEUE = 'recommendation-reminders';

/** What one reminder run did on this replica. */
export interface ReminderReport {
  /** Requests that were due when the run looked. */
  due: number;
  /** Reminders this replica claimed and e-mailed (recommender and applicant). */
  sent: number;
}

/**
 * Reminders to recommenders who have not answered (issue 15 item 1): every
 * RECOMMENDATION_REMINDER_INTERVAL_SECONDS a pg-boss job e-mails each recommender whose request has waited
 * RECOMMENDATION_REMINDER_DAYS days since the last e-mail, at most RECOMMENDATION_REMINDER_MAX times, with a
 * fresh link, and tells the applicant. Each reminder is first claimed in the database by one conditional
 * UPDATE ({@link RecommendationsRepository.claimReminder}); only the replica whose UPDATE changed the row
 * sends, so replicas running the job at once (or a run repeated after a crash) never send an e-mail twice.
 * A delivery that fails after the claim is logged and not retried (at most once, never twice).
 */
@Injectable()
export class RecommendationRemindersService implements OnModuleInit {
  private readonly logger = new Logger(RecommendationRemindersService.name);

  constructor(
    private readonly repository: RecommendationsRepository,
    private readonly mail: RecommendationMailService,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (this.config.RECOMMENDATION_REMINDER_INTERVAL_SECONDS <= 0) return;
    this.jobs.define({
      queue: REMINDERS_QUEUE,
      everySeconds: this.config.RECOMMENDATION_REMINDER_INTERVAL_SECONDS,
      policy: 'singleton',
      handler: () => this.run(),
    });
  }

  /** One reminder run (the job's handler; tests call it on several replicas at once). */
  async run(): Promise<ReminderReport> {
    const days = this.config.RECOMMENDATION_REMINDER_DAYS;
    const max = this.config.RECOMMENDATION_REMINDER_MAX;
    const due = await this.repository.dueForReminder(days, max);
    let sent = 0;
    for (const id of due) {
      const claim = await this.repository.claimReminder(id, days, max);
      if (!claim) continue; // another replica (or an answer) got there first
      const recommendation = await this.repository.findById(id);
      if (!recommendation) continue;
      try {
        await this.mail.sendToRecommender(recommendation, claim.token, 'reminder');
        await this.mail.sendApplicantReminderNotice(recommendation, claim.reminder);
        sent++;
      } catch (error) {
        this.logger.error(
          `Reminder ${claim.reminder} of recommendation ${id} was not delivered: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    if (sent) this.logger.log(`Sent ${sent} recommendation reminder(s)`);
    return { due: due.length, sent };
  }
}
