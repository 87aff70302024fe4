import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, type Repository } from 'typeorm';
import { APP_CONFIG, publicUrl, type AppConfig } from '../../config/app-config.js';
import { ApiException } from '../../common/errors/api.exception.js';
import { I18nService, type Locale } from '../../common/i18n/i18n.service.js';
import { MailService } from '../mail/mail.service.js';
import { User } from '../users/user.entity.js';
import { hashPassword, UsersService } from '../users/users.service.js';
import { AccessToken } from './access-token.entity.js';
import { LoginLockoutService } from './login-lockout.service.js';
import { consumeOneTimeLink, issueOneTimeLink } from './one-time-link.js';
import { PasswordReset } from './password-reset.entity.js';

/**
 * Password reset by e-mail (spec §2 `/password/reset`, `/password/reset/{token}`; DESIGN §4–§5).
 * Tokens are 256-bit random, stored as sha256 in `password_resets`, valid PASSWORD_RESET_TTL_MINUTES
 * (30), single use; a new request replaces the older unused links of that account. A successful reset
 * revokes every access token of the account (all its sessions end), clears its login lockout and marks
 * its address verified (the link proved the mailbox).
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    @InjectRepository(PasswordReset) private readonly resets: Repository<PasswordReset>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly i18n: I18nService,
    private readonly lockout: LoginLockoutService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Sends a reset link to `email` when it belongs to an account; does nothing otherwise. The caller
   * answers the same either way, and the e-mail is sent in the background so that the answer's timing
   * does not tell either.
   * @param locale language of the e-mail
   */
  async request(email: string, locale: Locale): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const token = await issueOneTimeLink(this.resets, user.id, this.config.PASSWORD_RESET_TTL_MINUTES * 60_000);
    const link = `${publicUrl(this.config)}/password/reset/${encodeURIComponent(token)}?email=${encodeURIComponent(user.email)}`;
    const text = this.i18n.t('mail.passwordResetText', locale, {
      name: `${user.firstName} ${user.lastName}`.trim(),
      minutes: this.config.PASSWORD_RESET_TTL_MINUTES,
      link,
    });
    void this.mail
      .send({ to: user.email, subject: this.i18n.t('mail.passwordResetSubject', locale), text, links: [link] })
      .catch((error: Error) => this.logger.error(`Password reset mail to user ${user.id} failed: ${error.message}`));
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
