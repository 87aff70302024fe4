import { Inject, Injectable } from '@nestjs/common';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { ApiException } from '../../common/errors/api.exception.js';
import { RateLimitStore } from '../../common/http/rate-limit-store.js';
import { tooManyAttempts } from '../../common/http/throttle.js';
import { hashToken } from '../../common/security/token-hash.js';

/** How long failures are remembered without a success (seconds): one day. */
const FAILURE_MEMORY_SECONDS = 24 * 3600;

/**
 * Progressive lockout of an account after repeated failed logins (issue 5), counted per account
 * e-mail (lower-cased, sha256 in the key) whether or not the account exists, so the answer never tells
 * which e-mails are registered. After LOGIN_LOCKOUT_FAILURES failures the e-mail is locked for
 * LOGIN_LOCKOUT_BASE_SECONDS; every further failure doubles the lock, up to LOGIN_LOCKOUT_MAX_SECONDS.
 * A successful login or a password reset clears the count. Counters live in the {@link RateLimitStore}
 * (Redis when REDIS_URL is set).
 */
@Injectable()
export class LoginLockoutService {
  private readonly failures: RateLimiterAbstract;
  private readonly locks: RateLimiterAbstract;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    store: RateLimitStore,
  ) {
    this.failures = store.create({ name: 'login-failures', points: 1_000_000, duration: FAILURE_MEMORY_SECONDS });
    this.locks = store.create({ name: 'login-lock', points: 1, duration: 1 });
  }

  private key(email: string): string {
    return hashToken(email.trim().toLowerCase());
  }

  /** 429 AUTH-429 (Retry-After) while the e-mail is locked, else null. */
  async lockedError(email: string): Promise<ApiException | null> {
    const lock = await this.locks.get(this.key(email));
    if (lock && lock.consumedPoints > 1 && lock.msBeforeNext > 0) return tooManyAttempts(lock.msBeforeNext, 'errors.AUTH-429-locked');
    return null;
  }

  /**
   * Counts one failure.
   * @returns the 429 to answer when this failure locks the account, else null
   */
  async recordFailure(email: string): Promise<ApiException | null> {
    const key = this.key(email);
    const counted = await this.failures.penalty(key, 1);
    const over = counted.consumedPoints - this.config.LOGIN_LOCKOUT_FAILURES;
    if (over < 0) return null;
    const seconds = Math.min(this.config.LOGIN_LOCKOUT_BASE_SECONDS * 2 ** Math.min(over, 30), this.config.LOGIN_LOCKOUT_MAX_SECONDS);
    await this.locks.block(key, seconds);
    return tooManyAttempts(seconds * 1000, 'errors.AUTH-429-locked');
  }

  /** Forgets the failures and any lock of this e-mail (successful login, password reset). */
  async clear(email: string): Promise<void> {
    const key = this.key(email);
    await Promise.all([this.failures.delete(key), this.locks.delete(key)]);
  }
}
