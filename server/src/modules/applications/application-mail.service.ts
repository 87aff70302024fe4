import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { I18nService } from '../../common/i18n/i18n.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MailService, plainTextToHtml } from '../mail/mail.service.js';
import { ApplicationWordsService } from '../programs/application-words.service.js';
import { TokenService } from '../token/token.service.js';
import { Application } from './application.entity.js';
import { salutationName } from '../../../../contract/format/person-name.js';

/**
 * Which e-mail: the link sent when an application starts, a /continue link (application or details form),
 * "a decision is available" (issue 15, sent by the decision release job), or "your file is complete"
 * (issue 24: sent when the last required item arrives, with a link to the documents), the reply reminder, and
 * the office's answer to a deferral request (issue 29 item 3: approved or declined, with its note), and the
 * notice that an accepted offer lapsed for want of the enrollment deposit (issue 29 item 2).
 */
export type LinkMailKind =
  'start' | 'continue' | 'details' | 'decision' | 'complete' | 'replyReminder' | 'deferralApproved' | 'deferralDenied' | 'depositLapsed';

/** The link e-mails that lead to the decision letter and its reply (they also say "log in and see it"). */
const DECISION_KINDS: ReadonlySet<LinkMailKind> = new Set([
  'decision',
  'replyReminder',
  'deferralApproved',
  'deferralDenied',
  'depositLapsed',
]);

/** pg-boss queue of the applicant's link e-mails (start, continue, details): one job per e-mail, ids only. */
export const APPLICATION_MAIL_QUEUE = 'application-link-mail';

/** Payload of an {@link APPLICATION_MAIL_QUEUE} job. */
export interface ApplicationMailJob {
  applicationId: string;
  kind: Exclude<LinkMailKind, 'decision' | 'replyReminder' | 'deferralApproved' | 'deferralDenied' | 'depositLapsed'>;
}

/**
 * The applicant e-mails of issue 3, in the application's locale (en, es, zh-CN; server messages
 * `mail.*`): the continue link when an application starts, and the links `/continue` sends. Wholly in
 * that language: the program's label and the semester too (issue 11 item 3).
 * Links are `<PUBLIC_URL>/validation?token=…` (DESIGN §3: every e-mailed link lands on /validation).
 *
 * Sending is a pg-boss job ({@link APPLICATION_MAIL_QUEUE}, issue 15 item 5) that carries ids only: the job
 * issues the link's token itself (so no raw token is stored, not even in the job table), and a failed
 * delivery fails the job, which pg-boss retries with back-off (`DEFAULT_RETRY`); any replica may send it.
 */
@Injectable()
export class ApplicationMailService implements OnModuleInit {
  private readonly logger = new Logger(ApplicationMailService.name);

  constructor(
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    private readonly mail: MailService,
    private readonly i18n: I18nService,
    private readonly words: ApplicationWordsService,
    private readonly tokens: TokenService,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.define<ApplicationMailJob>({ queue: APPLICATION_MAIL_QUEUE, handler: (data) => this.deliver(data) });
  }

  /** The public base address (PUBLIC_URL, else http://localhost:PORT), without a trailing slash. */
  get publicUrl(): string {
    return (this.config.PUBLIC_URL ?? `http://localhost:${this.config.PORT}`).replace(/\/+$/, '');
  }

  /** The /validation link of a token. */
  linkFor(token: string): string {
    return `${this.publicUrl}/validation?token=${encodeURIComponent(token)}`;
  }

  /**
   * Queues a link e-mail.
   * @param manager an open transaction to queue it in (it is then sent only if that transaction commits)
   */
  async queue(job: ApplicationMailJob, manager?: EntityManager): Promise<void> {
    if (manager) await this.jobs.sendWithin(manager, APPLICATION_MAIL_QUEUE, job);
    else await this.jobs.send(APPLICATION_MAIL_QUEUE, job);
  }

  /**
   * The job: issues a new token of the link's purpose (`details` for a details link, else `application`)
   * and e-mails the link. Nothing is sent for an application deleted or withdrawn meanwhile.
   * @returns whether an e-mail went out
   * @throws the delivery error (pg-boss retries the job)
   */
  async deliver(job: ApplicationMailJob): Promise<{ sent: boolean }> {
    const application = await this.applications.findOneBy({ id: job.applicationId });
    if (!application || application.status === 'withdrawn') return { sent: false };
    const token = await this.tokens.issue(application.id, job.kind === 'details' || job.kind === 'complete' ? 'details' : 'application');
    await this.send(application, token, job.kind);
    return { sent: true };
  }

  /**
   * Sends one link e-mail to the application's address now (the decision release job's notice, the reply
   * reminder). Delivery failures are logged, never thrown: the caller's work has already succeeded.
   * @param extra more message parameters (the reminder's `replyBy`, in the applicant's language and zone; a
   *        deferral answer's `fromSemester`, `toSemester` and `note` — the note, when not empty, is introduced
   *        by `mail.deferralNoteText` as `{{noteText}}`)
   */
  async sendLink(application: Application, token: string, kind: LinkMailKind, extra: Record<string, string> = {}): Promise<void> {
    try {
      await this.send(application, token, kind, extra);
    } catch (error) {
      this.logger.error(
        `Could not send the ${kind} e-mail of application ${application.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** @throws the delivery error */
  private async send(application: Application, token: string, kind: LinkMailKind, extra: Record<string, string> = {}): Promise<void> {
    const { locale, program, semester, deadline } = await this.words.wordsOf(application);
    const link = this.linkFor(token);
    const params = {
      greetingName: salutationName(application, locale),
      program,
      semester,
      referenceNumber: String(application.referenceNumber),
      link,
      continueUrl: `${this.publicUrl}/continue`,
      days: this.config.APPLICATION_TOKEN_TTL_DAYS,
      ...extra,
      noteText: extra.note ? this.i18n.t('mail.deferralNoteText', locale, { note: extra.note }) : '',
    };
    const subject = this.i18n.t(`mail.${kind}Subject`, locale, params);
    // "log in and see it on your home page" only to an applicant who has an account (issue 24)
    const login = DECISION_KINDS.has(kind) && application.userId ? `\n\n${this.i18n.t('mail.decisionLoginText', locale, params)}` : '';
    // a draft's e-mails say by when to submit: the next deadline of its own offering and round (issue 25)
    const due =
      deadline && (kind === 'start' || kind === 'continue') ? `\n\n${this.i18n.t('mail.deadlineText', locale, { deadline })}` : '';
    const text = this.i18n.t(`mail.${kind}Text`, locale, params) + due + login;
    const html = plainTextToHtml(text, [link]);
    await this.mail.send({ to: application.email, subject, text, html, links: [link] });
  }
}
