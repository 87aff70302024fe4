import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import { APP_CONFIG, publicUrl, type AppConfig } from '../../config/app-config.js';
import { ApiException } from '../../common/errors/api.exception.js';
import { tooManyAttempts } from '../../common/http/throttle.js';
import { I18nService, type Locale } from '../../common/i18n/i18n.service.js';
import { MailService } from '../mail/mail.service.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { EmailVerification } from './email-verification.entity.js';
import { consumeOneTimeLink, issueOneTimeLink } from './one-time-link.js';

/**
 * Ownership by proof (issue 11 item 1): an account's address counts as its own only after the account
 * opened a link e-mailed there (or an OAuth provider vouched for it). Links are
 * `<PUBLIC_URL>/email/verify/<token>`, 256-bit random, stored as sha256 in `email_verifications`, valid
 * EMAIL_VERIFICATION_TTL_HOURS (24), single use; a new link replaces the older unused ones. Until verified,
 * an account can log in and start applications but claims none by e-mail (ApplicationsService.listMine).
 */
@Injectable()
export class EmailVerificationService {
  private readonly logger = new Logger(EmailVerificationService.name);

  constructor(
    @InjectRepository(EmailVerification) private readonly links: Repository<EmailVerification>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly i18n: I18nService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Issues a link and e-mails it to the account's address in `locale`; delivery runs in the background
   * (failures are logged: the applicant can ask again with `POST /api/email/resend`).
   */
  async send(user: User, locale: Locale): Promise<void> {
    const hours = this.config.EMAIL_VERIFICATION_TTL_HOURS;
    const token = await issueOneTimeLink(this.links, user.id, hours * 3_600_000);
    const link = `${publicUrl(this.config)}/email/verify/${encodeURIComponent(token)}`;
    const text = this.i18n.t('mail.verifyText', locale, { name: `${user.firstName} ${user.lastName}`.trim(), hours, link });
    void this.mail
      .send({ to: user.email, subject: this.i18n.t('mail.verifySubject', locale), text, links: [link] })
      .catch((error: Error) => this.logger.error(`Verification mail to user ${user.id} failed: ${error.message}`));
  }

  /**
   * Sends a new link unless the address is already verified.
   * @returns false when already verified (nothing sent)
   * @throws ApiException 429 AUTH-429 (Retry-After) when the last link is younger than EMAIL_VERIFICATION_RESEND_SECONDS
   */
  async resend(user: User, locale: Locale): Promise<boolean> {
    if (user.emailVerifiedAt) return false;
    const [last] = (await this.links.query(`SELECT max(created_at) AS at FROM email_verifications WHERE user_id = $1`, [user.id])) as {
      at: Date | null;
    }[];
    const waitMs = last?.at ? new Date(last.at).getTime() + this.config.EMAIL_VERIFICATION_RESEND_SECONDS * 1000 - Date.now() : 0;
    if (waitMs > 0) throw tooManyAttempts(waitMs);
    await this.send(user, locale);
    return true;
  }

  /**
   * Uses a verification link: marks its account's address verified.
   * @returns the account
   * @throws ApiException 410 EMV-001 when the token is unknown, used or expired (one answer for all three)
   */
  async verify(token: string): Promise<User> {
    const userId = await this.dataSource.transaction((manager) => consumeOneTimeLink(manager, EmailVerification, token));
    const user = userId ? await this.users.markEmailVerified(userId) : null;
    if (!user) throw new ApiException(HttpStatus.GONE, 'EMV-001');
    return user;
  }
}
