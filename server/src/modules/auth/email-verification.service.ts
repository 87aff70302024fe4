import { HttpStatus, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import { APP_CONFIG, publicUrl, type AppConfig } from '../../config/app-config.js';
import { ApiException } from '../../common/errors/api.exception.js';
import { tooManyAttempts } from '../../common/http/throttle.js';
import { I18nService, type Locale } from '../../common/i18n/i18n.service.js';
import { JOBS_SCHEMA, JobsService } from '../jobs/jobs.service.js';
import { MailService } from '../mail/mail.service.js';
import { RecipientsService } from '../outreach/recipients.service.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { EmailVerification } from './email-verification.entity.js';
import { consumeOneTimeLink, issueOneTimeLink } from './one-time-link.js';
import { formatPersonName } from '../../../../contract/format/person-name.js';

/** pg-boss queue of address-verification e-mails. */
export const VERIFY_MAIL_QUEUE = 'email-verification-mail';

/** Payload of a {@link VERIFY_MAIL_QUEUE} job: the account, and the e-mail's language. */
export interface VerifyMailJob {
  userId: string;
  locale: Locale;
}

/**
 * Ownership by proof (issue 11 item 1): an account's address counts as its own only after the account
 * opened a link e-mailed there (or an OAuth provider vouched for it). Links are
 * `<PUBLIC_URL>/email/verify/<token>`, 256-bit random, stored as sha256 in `email_verifications`, valid
 * EMAIL_VERIFICATION_TTL_HOURS (24), single use; a new link replaces the older unused ones. Until verified,
 * an account can log in and start applications but claims none by e-mail (ApplicationsService.listMine).
 * The e-mail is a pg-boss job ({@link VERIFY_MAIL_QUEUE}) carrying the account id and language only: the job
 * issues the link, so no raw token is stored anywhere; a failed delivery is retried with back-off.
 * An address suppressed after a hard bounce (issue 30 item 5) is verified again the same way, also when the
 * account had verified it before; verifying lifts the suppression.
 */
@Injectable()
export class EmailVerificationService implements OnModuleInit {
  constructor(
    @InjectRepository(EmailVerification) private readonly links: Repository<EmailVerification>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly i18n: I18nService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly recipients: RecipientsService,
  ) {}

  onModuleInit(): void {
    this.jobs.define<VerifyMailJob>({ queue: VERIFY_MAIL_QUEUE, handler: (job) => this.deliver(job) });
  }

  /** Queues the verification e-mail of `user` in `locale`. */
  async send(user: User, locale: Locale): Promise<void> {
    await this.jobs.send(VERIFY_MAIL_QUEUE, { userId: user.id, locale } satisfies VerifyMailJob);
  }

  /**
   * The job: issues a link (older unused ones stop working) and e-mails it, unless the account is gone or
   * verified meanwhile (and its address not suppressed since).
   * @returns whether an e-mail went out
   * @throws the delivery error (pg-boss retries the job)
   */
  async deliver({ userId, locale }: VerifyMailJob): Promise<{ sent: boolean }> {
    const user = await this.users.findById(userId);
    if (!user || (user.emailVerifiedAt && !(await this.recipients.isSuppressed(user.email)))) return { sent: false };
    const hours = this.config.EMAIL_VERIFICATION_TTL_HOURS;
    const token = await issueOneTimeLink(this.links, user.id, hours * 3_600_000);
    const link = `${publicUrl(this.config)}/email/verify/${encodeURIComponent(token)}`;
    const text = this.i18n.t('mail.verifyText', locale, { name: formatPersonName(user, locale), hours, link });
    await this.mail.send({ to: user.email, subject: this.i18n.t('mail.verifySubject', locale), text, links: [link] });
    return { sent: true };
  }

  /**
   * Sends a new link unless the address is already verified (and not suppressed after a hard bounce since).
   * @returns false when already verified (nothing sent)
   * @throws ApiException 429 AUTH-429 (Retry-After) when the last link — or an e-mail job still waiting to
   *         run — is younger than EMAIL_VERIFICATION_RESEND_SECONDS
   */
  async resend(user: User, locale: Locale): Promise<boolean> {
    if (user.emailVerifiedAt && !(await this.recipients.isSuppressed(user.email))) return false;
    const [last] = (await this.links.query(
      `SELECT greatest(
          (SELECT max(created_at) FROM email_verifications WHERE user_id = $1),
          (SELECT max(created_on) FROM ${JOBS_SCHEMA}.job
            WHERE name = $2 AND state IN ('created', 'retry') AND data ->> 'userId' = $1::text)) AS at`,
      [user.id, VERIFY_MAIL_QUEUE],
    )) as { at: Date | null }[];
    const waitMs = last?.at ? new Date(last.at).getTime() + this.config.EMAIL_VERIFICATION_RESEND_SECONDS * 1000 - Date.now() : 0;
    if (waitMs > 0) throw tooManyAttempts(waitMs);
    await this.send(user, locale);
    return true;
  }

  /**
   * Uses a verification link: marks its account's address verified, and lifts its hard-bounce suppression
   * (issue 30 item 5: suppressed until verified again).
   * @returns the account
   * @throws ApiException 410 EMV-001 when the token is unknown, used or expired (one answer for all three)
   */
  async verify(token: string): Promise<User> {
    const userId = await this.dataSource.transaction((manager) => consumeOneTimeLink(manager, EmailVerification, token));
    const user = userId ? await this.users.markEmailVerified(userId) : null;
    if (!user) throw new ApiException(HttpStatus.GONE, 'EMV-001');
    await this.recipients.clearSuppression(user.email);
    return user;
  }
}
