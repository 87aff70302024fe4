import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, type Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ApiException } from '../../common/errors/api.exception.js';
import { generateToken, hashToken, shouldTouch } from '../../common/security/token-hash.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { AccessToken } from './access-token.entity.js';
import { LoginLockoutService } from './login-lockout.service.js';
import { EmailVerificationService } from './email-verification.service.js';
import type { Locale } from '../../common/i18n/i18n.service.js';
import type { RegisterDto } from './dto/register.dto.js';
import { TokenResponse } from './dto/token.response.js';
import { UserResponse } from '../users/dto/user.response.js';

/** Login tokens: issued on login/register, looked up by hash, revoked on logout. */
@Injectable()
export class AuthService {
  constructor(
    @InjectRepository(AccessToken) private readonly tokens: Repository<AccessToken>,
    private readonly users: UsersService,
    private readonly lockout: LoginLockoutService,
    private readonly verifications: EmailVerificationService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Checks the credentials and issues a token.
   * @param remember true: lives ACCESS_TOKEN_REMEMBER_TTL_SECONDS (365 days), else ACCESS_TOKEN_TTL_SECONDS
   * @throws ApiException 401 AUTH-401 when the e-mail or password is wrong (same answer for both);
   *         429 AUTH-429 (Retry-After) while the account e-mail is locked after repeated failures
   */
  async login(email: string, password: string, remember = false): Promise<TokenResponse> {
    const locked = await this.lockout.lockedError(email);
    if (locked) throw locked;
    const user = await this.users.verifyCredentials(email, password);
    if (!user) {
      const nowLocked = await this.lockout.recordFailure(email);
      throw nowLocked ?? new ApiException(HttpStatus.UNAUTHORIZED, 'AUTH-401', { messageKey: 'errors.AUTH-401-credentials' });
    }
    await this.lockout.clear(email);
    return this.issue(user, remember);
  }

  /**
   * Creates an applicant account, e-mails its verification link (in `locale`) and logs it in; the answer
   * includes the user. @throws ApiException 422 when the e-mail is taken
   */
  async register(dto: RegisterDto, locale: Locale = 'en'): Promise<TokenResponse> {
    const user = await this.users.create({ email: dto.email, firstName: dto.first_name, lastName: dto.last_name, password: dto.password });
    await this.verifications.send(user, locale);
    return { ...(await this.issue(user, false)), user: UserResponse.from(user) };
  }

  /** Issues a new random token for `user`; only its sha256 is stored. */
  async issue(user: User, remember: boolean): Promise<TokenResponse> {
    const token = generateToken();
    const ttl = remember ? this.config.ACCESS_TOKEN_REMEMBER_TTL_SECONDS : this.config.ACCESS_TOKEN_TTL_SECONDS;
    await this.tokens.insert({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttl * 1000) });
    return { token, token_type: 'bearer', expires_in: ttl };
  }

  /**
   * The user a bearer token belongs to, or null when it is unknown, expired or revoked.
   * Also records the token's last use (to the minute).
   */
  async userForToken(token: string): Promise<User | null> {
    const row = await this.tokens.findOne({
      where: { tokenHash: hashToken(token), revokedAt: IsNull(), expiresAt: MoreThan(new Date()) },
    });
    if (!row) return null;
    if (shouldTouch(row.lastUsedAt)) await this.tokens.update(row.id, { lastUsedAt: new Date() });
    return this.users.findById(row.userId);
  }

  /** Revokes every live token of a user (all their sessions end). */
  async revokeAll(userId: string): Promise<void> {
    await this.tokens.update({ userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** Revokes a token (logout); it is refused from then on. Unknown tokens are ignored. */
  async revoke(token: string): Promise<void> {
    await this.tokens.update({ tokenHash: hashToken(token), revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
