import { HttpStatus, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import type { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ApiException } from '../../common/errors/api.exception.js';
import { User, type UserRole } from './user.entity.js';

/** argon2id with the OWASP-recommended minimum: 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The argon2id hash of a password, as stored in `users.password_hash`. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/** Accounts: creation with argon2id passwords, credential checks, and the first admin's seeding. */
@Injectable()
export class UsersService implements OnApplicationBootstrap {
  private readonly logger = new Logger(UsersService.name);
  /** A hash verified against when the e-mail is unknown, so both paths take the same time. */
  private readonly dummyHash = argon2.hash(randomBytes(16).toString('hex'), ARGON2_OPTIONS);

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Seeds the first admin (DESIGN §2) when no admin exists yet; prints a generated password once. */
  async onApplicationBootstrap(): Promise<void> {
    if (await this.users.exists({ where: { role: 'admin' } })) return;
    const generated = !this.config.ADMIN_PASSWORD;
    const password = this.config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
    try {
      await this.create({ email: this.config.ADMIN_EMAIL, firstName: 'Admissions', lastName: 'Office', password, role: 'admin' });
    } catch (error) {
      if (error instanceof ApiException) return; // another replica seeded it first
      throw error;
    }
    this.logger.log(
      generated
        ? `First admin created: ${this.config.ADMIN_EMAIL} / ${password}  (shown once; set ADMIN_PASSWORD to choose it)`
        : `First admin created: ${this.config.ADMIN_EMAIL}`,
    );
  }

  /**
   * Creates an account.
   * @throws ApiException 422 VAL-001 on `email` when the address is already registered (case-insensitive)
   */
  async create(input: { email: string; firstName: string; lastName: string; password: string; role?: UserRole }): Promise<User> {
    const email = input.email.trim();
    const taken = () =>
      new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors: { email: [{ key: 'errors.USR-422-taken' }] } });
    if (await this.findByEmail(email)) throw taken();
    const passwordHash = await argon2.hash(input.password, ARGON2_OPTIONS);
    try {
      return await this.users.save(
        this.users.create({
          email,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash,
          role: input.role ?? 'applicant',
          // the seeded admin's address comes from the operator's configuration
          emailVerifiedAt: input.role === 'admin' ? new Date() : null,
        }),
      );
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw taken();
      throw error;
    }
  }

  /** Replaces a user's password (argon2id). */
  async setPassword(userId: string, password: string): Promise<void> {
    await this.users.update(userId, { passwordHash: await hashPassword(password) });
  }

  /**
   * Creates an applicant account without a password (signed up through an OAuth provider).
   * @param input.emailVerified true when the provider vouched for the address (`email_verified`)
   * @throws ApiException 422 VAL-001 when the e-mail is already registered
   */
  async createWithoutPassword(input: { email: string; firstName: string; lastName: string; emailVerified: boolean }): Promise<User> {
    try {
      return await this.users.save(
        this.users.create({
          email: input.email.trim(),
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          passwordHash: null,
          role: 'applicant',
          emailVerifiedAt: input.emailVerified ? new Date() : null,
        }),
      );
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors: { email: [{ key: 'errors.USR-422-taken' }] } });
      }
      throw error;
    }
  }

  /** Marks the account's address as verified (now), unless it already is. @returns the account, or null when unknown */
  async markEmailVerified(userId: string): Promise<User | null> {
    await this.users
      .createQueryBuilder()
      .update(User)
      .set({ emailVerifiedAt: () => 'now()' })
      .where('id = :id AND email_verified_at IS NULL', { id: userId })
      .execute();
    return this.findById(userId);
  }

  /** The account with this e-mail (case-insensitive), or null. */
  findByEmail(email: string): Promise<User | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email: email.trim() }).getOne();
  }

  /** The account with this id, or null. */
  findById(id: string): Promise<User | null> {
    return this.users.findOne({ where: { id } });
  }

  /**
   * Checks an e-mail and password in constant-ish time (an unknown e-mail still costs one argon2 verify).
   * @returns the user, or null when either is wrong
   */
  async verifyCredentials(email: string, password: string): Promise<User | null> {
    const user = await this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = lower(:email)', { email: email.trim() })
      .getOne();
    const hash = user?.passwordHash ?? (await this.dummyHash);
    const ok = await argon2.verify(hash, password).catch(() => false);
    return ok && user ? user : null;
  }
}
