import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { I18nService } from '../../common/i18n/i18n.service.js';
import { APP_CONFIG, publicUrl, type AppConfig } from '../../config/app-config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MailService, plainTextToHtml } from '../mail/mail.service.js';
import { ApplicationWordsService } from '../programs/application-words.service.js';
import type { Recommendation } from './recommendation.entity.js';
import { RecommendationsRepository } from './recommendations.repository.js';
import { formatPersonName, salutationName } from '../../../../contract/format/person-name.js';

/** pg-boss queue of request e-mails (one job per request or resend, carrying ids only). */
export const REQUEST_MAIL_QUEUE = 'recommendation-request';

/** Payload of a {@link REQUEST_MAIL_QUEUE} job: the request, and for a resend of an expired link its new expiry (ISO). */
export interface RequestMailJob {
  recommendationId: string;
  renewUntil?: string;
}

/** Which recommender e-mail: the request (and its resends) or a reminder. */
type RecommenderMailKind = 'request' | 'reminder';

/**
 * The e-mails of recommendation requests (issue 15 item 1), in the application's language (server messages
 * `mail.recommendation*`): the request with the recommender's link `<PUBLIC_URL>/recommendation?token=…`,
 * reminders, and the applicant's notice that a recommender was reminded. The request e-mail is a pg-boss job
 * ({@link REQUEST_MAIL_QUEUE}) that carries ids only: the job issues the link's token itself, so no raw token
 * is ever stored, not even in the job table. A failed delivery fails the job, which pg-boss retries.
 */
@Injectable()
export class RecommendationMailService implements OnModuleInit {
  private readonly logger = new Logger(RecommendationMailService.name);

  constructor(
    private readonly repository: RecommendationsRepository,
    private readonly mail: MailService,
    private readonly i18n: I18nService,
    private readonly jobs: JobsService,
    private readonly words: ApplicationWordsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.define<RequestMailJob>({ queue: REQUEST_MAIL_QUEUE, handler: (data) => this.sendRequest(data) });
  }

  /** Queues the request e-mail of a request (new or resent). */
  async queueRequest(job: RequestMailJob): Promise<void> {
    await this.jobs.send(REQUEST_MAIL_QUEUE, job);
  }

  /**
   * The job: issues a new link (the previous one stops working) and e-mails it to the recommender.
   * @returns whether an e-mail went out (not when the request was replaced, answered or expired meanwhile)
   */
  async sendRequest(job: RequestMailJob): Promise<{ sent: boolean }> {
    const recommendation = await this.repository.findById(job.recommendationId);
    if (!recommendation) return { sent: false };
    const token = await this.repository.issueLink(recommendation.id, job.renewUntil ? new Date(job.renewUntil) : undefined);
    if (!token) return { sent: false };
    await this.sendToRecommender(recommendation, token, 'request');
    return { sent: true };
  }

  /**
   * E-mails a recommender their link.
   * @throws the delivery error (the caller's job retries, or logs it)
   */
  async sendToRecommender(recommendation: Recommendation, token: string, kind: RecommenderMailKind): Promise<void> {
    const context = await this.context(recommendation);
    const link = `${publicUrl(this.config)}/recommendation?token=${encodeURIComponent(token)}`;
    const params = { ...context.params, link };
    const subject = this.i18n.t(`mail.recommendation_${kind}Subject`, context.locale, params);
    const text = this.i18n.t(`mail.recommendation_${kind}Text`, context.locale, params);
    await this.mail.send({ to: recommendation.email, subject, text, html: plainTextToHtml(text, [link]), links: [link] });
  }

  /**
   * Tells the applicant that a recommender who has not answered was reminded.
   * @throws the delivery error
   */
  async sendApplicantReminderNotice(recommendation: Recommendation, reminder: number): Promise<void> {
    const context = await this.context(recommendation);
    const params = { ...context.params, reminder };
    const subject = this.i18n.t('mail.recommendation_applicantReminderSubject', context.locale, params);
    const text = this.i18n.t('mail.recommendation_applicantReminderText', context.locale, params);
    await this.mail.send({ to: context.applicantEmail, subject, text, html: plainTextToHtml(text) });
  }

  private async context(recommendation: Recommendation) {
    const [row] = await this.repository.applicationSummaries([recommendation.applicationId]);
    // the application's language throughout: program and semester labels, the expiry in the applicant's zone (issue 11)
    const words = await this.words.wordsOf(row);
    const locale = words.locale;
    const program = words.program;
    const expires = words.time(recommendation.expiresAt);
    return {
      locale,
      applicantEmail: row.email,
      params: {
        recommenderName: recommendation.name,
        applicantName: formatPersonName(row, locale),
        greetingName: salutationName(row, locale),
        program,
        semester: words.semester,
        expires,
      },
    };
  }
}
