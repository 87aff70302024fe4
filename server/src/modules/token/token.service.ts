import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ApiException } from '../../common/errors/api.exception.js';
import { generateToken, hashToken, shouldTouch } from '../../common/security/token-hash.js';
import { Application } from '../applications/application.entity.js';
import { applicationFromRow } from '../applications/application-row.js';
import { poolQuery } from '../../database/pg-pool.js';
import { ApplicationToken, type ApplicationTokenPurpose } from './application-token.entity.js';

/** An application opened through a valid token. */
export interface ResolvedToken {
  application: Application;
  purpose: ApplicationTokenPurpose;
}

/**
 * Tokenised links to applications (spec §1 "arrive through a tokenised link", DESIGN §4 TKN codes).
 * Tokens are random, stored only as sha256, expire after APPLICATION_TOKEN_TTL_DAYS and can be revoked.
 */
@Injectable()
export class TokenService {
  constructor(
    @InjectRepository(ApplicationToken) private readonly tokens: Repository<ApplicationToken>,
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Issues a new token for an application.
   * @returns the raw token (never stored; hand it to the applicant)
   */
  async issue(applicationId: string, purpose: ApplicationTokenPurpose): Promise<string> {
    const token = generateToken();
    const expiresAt = new Date(Date.now() + this.config.APPLICATION_TOKEN_TTL_DAYS * 86_400_000);
    await this.tokens.insert({ applicationId, tokenHash: hashToken(token), purpose, expiresAt });
    return token;
  }

  /**
   * Opens an application by token.
   * An application-form token of a submitted or complete application resolves as a details token.
   * @throws ApiException 404 TKN-001 missing, unknown or revoked token; 410 TKN-003 expired;
   *         410 TKN-002 the application is withdrawn
   * (So the thank-you page's time log of the payment step, issue 10 item 6, is accepted after payment.)
   */
  async resolve(token: string | undefined): Promise<ResolvedToken> {
    if (!token || token.length > 200) throw new ApiException(HttpStatus.NOT_FOUND, 'TKN-001');
    // One statement for the token and its application (issue 12); a token's application always exists (ON DELETE CASCADE).
    const { rows } = await poolQuery(
      this.applications.manager.connection,
      `SELECT t.id AS token__id, t.purpose AS token__purpose, t.expires_at AS token__expires_at, t.last_used_at AS token__last_used_at, a.*
         FROM application_tokens t JOIN applications a ON a.id = t.application_id
        WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
      [hashToken(token)],
    );
    const row = rows[0];
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'TKN-001');
    if ((row.token__expires_at as Date).getTime() <= Date.now()) throw new ApiException(HttpStatus.GONE, 'TKN-003');
    const application = applicationFromRow(this.applications, row);
    if (application.status === 'withdrawn') throw new ApiException(HttpStatus.GONE, 'TKN-002');
    if (shouldTouch(row.token__last_used_at as Date | null)) await this.tokens.update(row.token__id as string, { lastUsedAt: new Date() });
    const purpose = row.token__purpose as ApplicationTokenPurpose;
    // an application-form link of an application that was paid (submitted or complete) now opens its
    // details form, where the documents and the receipt are (issue 11 item 7: no dead end after payment)
    return { application, purpose: purpose === 'application' && application.status !== 'draft' ? 'details' : purpose };
  }

  /**
   * Makes `userId` the owner of an application that has none (a conditional UPDATE: an owner is never replaced).
   * @returns the application's owner afterwards (`userId`, or whoever claimed it first)
   */
  async claim(applicationId: string, userId: string): Promise<string | null> {
    await this.applications
      .createQueryBuilder()
      .update(Application)
      .set({ userId })
      .where('id = :id AND user_id IS NULL', { id: applicationId })
      .execute();
    return (await this.applications.findOne({ where: { id: applicationId }, select: { id: true, userId: true } }))?.userId ?? null;
  }

  /** The application with this id, or null (no access check: callers check ownership). */
  findApplication(id: string): Promise<Application | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return Promise.resolve(null);
    return this.applications.findOne({ where: { id } });
  }
}
