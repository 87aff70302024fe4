import { HttpStatus, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, type Repository } from 'typeorm';
import { APP_CONFIG, publicUrl, type AppConfig } from '../../config/app-config.js';
import { ApiException } from '../../common/errors/api.exception.js';
import { I18nService, type Locale } from '../../common/i18n/i18n.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MailService } from '../mail/mail.service.js';
import { User } from '../users/user.entity.js';
import { hashPassword, UsersService } from '../users/users.service.js';
import { AccessToken } from './access-token.entity.js';
import { LoginLockoutService } from './login-lockout.service.js';
import { consumeOneTimeLink, issueOneTimeLink } from './one-time-link.js';
import { PasswordReset } from './password-reset.entity.js';
import { formatPersonName } from '../../../../contract/format/person-name.js';

/** pg-boss queue of password-reset e-mails. */
export const RESET_MAIL_QUEUE = 'password-reset-mail';

/** Payload of a {@link RESET_MAIL_QUEUE} job: the address asked for, and the e-mail's language. */
export interface ResetMailJob {
  email: string;
  locale: Locale;
}

/**
 * Password reset by e-mail (spec §2 `/password/reset`, `/password/reset/{token}`; DESIGN §4–§5).
 * Tokens are 256-bit random, stored as sha256 in `password_resets`, valid PASSWORD_RESET_TTL_MINUTES
 * (30), single use; a new request replaces the older unused links of that account. A successful reset
 * revokes every access token of the account (all its sessions end), clears its login lockout and marks
 * its address verified (the link proved the mailbox). The e-mail is a pg-boss job ({@link RESET_MAIL_QUEUE})
 * that carries the address and language only: the job issues the link, so no raw token is stored anywhere.
 */
@Injectable()
export class PasswordResetService implements OnModuleInit {
  constructor(
    @InjectRepository(PasswordReset) private readonly resets: Repository<PasswordReset>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly i18n: I18nService,
    private readonly lockout: LoginLockoutService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    this.jobs.define<ResetMailJob>({ queue: RESET_MAIL_QUEUE, handler: (job) => this.deliver(job) });
  }

  /**
   * Queues the reset e-mail of `email`. The job looks the account up, so the answer — and its timing — is
   * the same whether or not the address belongs to an account.
   * @param locale language of the e-mail
   */
  async request(email: string, locale: Locale): Promise<void> {
    await this.jobs.send(RESET_MAIL_QUEUE, { email, locale } satisfies ResetMailJob);
  }

  /**
   * The job: when `email` belongs to an account, issues a reset link (older unused links stop working)
   * and e-mails it; nothing otherwise.
   * @returns whether an e-mail went out
   * @throws the delivery error (pg-boss retries the job)
   */
  async deliver({ email, locale }: ResetMailJob): Promise<{ sent: boolean }> {
    const user = await this.users.findByEmail(email);
    if (!user) return { sent: false };
    const token = await issueOneTimeLink(this.resets, user.id, this.config.PASSWORD_RESET_TTL_MINUTES * 60_000);
    const link = `${publicUrl(this.config)}/password/reset/${encodeURIComponent(token)}?email=${encodeURIComponent(user.email)}`;
    const text = this.i18n.t('mail.passwordResetText', locale, {
      name: formatPersonName(user, locale),
      minutes: this.config.PASSWORD_RESET_TTL_MINUTES,
      link,
    });
    await this.mail.send({ to: user.email, subject: this.i18n.t('mail.passwordResetSubject', locale), text, links: [link] });
    return { sent: true };
  }

  /**
   * Sets a new password with a reset token.
   * @throws ApiException 422 VAL-001 (field `email`, PWD-422-token) when the token is unknown, used,
   *         expired or was issued for another e-mail (one answer for all four)
   */
  async reset(input: { token: string; email: string; password: string }): Promise<void> {
    const invalid = () =>
      new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors: { email: [{ key: 'errors.PWD-422-token' }] } });
    const user = await this.users.findByEmail(input.email);
    if (!user) throw invalid();
    const passwordHash = await hashPassword(input.password);
    await this.dataSource.transaction(async (manager) => {
      if (!(await consumeOneTimeLink(manager, PasswordReset, input.token, user.id))) throw invalid();
      await manager.getRepository(PasswordReset).update({ userId: user.id, usedAt: IsNull() }, { usedAt: new Date() });
      await manager.getRepository(AccessToken).update({ userId: user.id, revokedAt: IsNull() }, { revokedAt: new Date() });
      // the link reached the mailbox, which proves the address as well as the verification link would (issue 11)
      await manager.getRepository(User).update(user.id, { passwordHash, ...(user.emailVerifiedAt ? {} : { emailVerifiedAt: new Date() }) });
    });
    await this.lockout.clear(user.email);
  }
}
