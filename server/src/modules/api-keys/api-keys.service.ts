import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { IsNull, type Repository } from 'typeorm';
import { ApiException, fieldError } from '../../common/errors/api.exception.js';
import { RateLimitStore } from '../../common/http/rate-limit-store.js';
import { likePattern, whereIdIn, type ParsedListQuery } from '../../common/http/simple-rest.js';
import { tooManyAttempts } from '../../common/http/throttle.js';
import { generateToken, hashToken, shouldTouch } from '../../common/security/token-hash.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AuditService } from '../admin/audit.service.js';
import type { User } from '../users/user.entity.js';
import { ApiKeyPrincipal } from './api-key-principal.js';
import { API_KEY_PREFIX, type ApiKeyScope } from './api-key-scopes.js';
import { ApiKey } from './api-key.entity.js';
import { ApiKeyResponse, CreatedApiKeyResponse, type CreateApiKeyDto } from './dto/api-key.dto.js';

/** Sort fields of the console's list. */
export const API_KEY_SORT_FIELDS = ['createdAt', 'name', 'lastUsedAt', 'expiresAt', 'revokedAt'] as const;

/** True when a bearer token has the shape of an API key (so it is looked up here, not among login tokens). */
export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/**
 * API keys for integrators (issue 14 item 5): created and revoked by admins (audited), resolved from
 * `Authorization: Bearer pak_…`, limited to their scopes, rate limited per key
 * (API_KEY_RATE_LIMIT_PER_MINUTE, shared by replicas through Redis when configured), every use audited.
 */
@Injectable()
export class ApiKeysService {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    store: RateLimitStore,
  ) {
    this.limiter = store.create({ name: 'api-key', points: config.API_KEY_RATE_LIMIT_PER_MINUTE, duration: 60 });
  }

  /**
   * The caller behind a key, or null (→ 401) when the key is unknown, revoked or expired. Refreshes the
   * key's `last_used_at` at most once a minute.
   */
  async principalFor(token: string): Promise<ApiKeyPrincipal | null> {
    const row = await this.keys.findOne({ where: { keyHash: hashToken(token), revokedAt: IsNull() } });
    if (!row || (row.expiresAt && row.expiresAt <= new Date())) return null;
    if (shouldTouch(row.lastUsedAt)) await this.keys.update(row.id, { lastUsedAt: new Date() });
    return new ApiKeyPrincipal(row.id, row.name, row.prefix, row.scopes);
  }

  /**
   * Lets a key's request through when it holds the endpoint's scope, after counting it against the key's
   * rate limit; records the use (or the refusal) in the audit log as `api-keys` `use` / `refused`, with
   * the method, the route pattern and the scope asked for.
   * @param required the endpoint's scope ({@link RequiresScope}); undefined: no key may call it
   * @throws ApiException 429 AUTH-429 (with Retry-After) over the limit; 403 AUTH-403 without the scope
   */
  async authorize(principal: ApiKeyPrincipal, required: ApiKeyScope | undefined, request: Request): Promise<void> {
    try {
      this.rateLimitHeaders(request, await this.limiter.consume(principal.id));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      this.rateLimitHeaders(request, rejection);
      throw tooManyAttempts(rejection.msBeforeNext);
    }
    const allowed = required !== undefined && principal.scopes.includes(required);
    await this.audit.record({
      actor: principal,
      action: allowed ? 'use' : 'refused',
      resource: 'api-keys',
      recordId: principal.id,
      after: {
        method: request.method,
        route: `${request.baseUrl}${request.route?.path ?? request.path}`,
        params: request.params,
        scope: required ?? null,
      },
    });
    if (!allowed) throw new ApiException(HttpStatus.FORBIDDEN, 'AUTH-403');
  }

  /**
   * The key's quota on its answer (issue 26 item 8), as the IETF httpapi RateLimit header fields draft
   * writes them: `RateLimit-Policy: "api-key";q=<requests>;w=60` and `RateLimit: "api-key";r=<left>;t=<seconds
   * until the window resets>`, on every answer to an API key, 429s included.
   */
  private rateLimitHeaders(request: Request, state: RateLimiterRes): void {
    const response = request.res;
    if (!response || response.headersSent) return;
    response.setHeader('RateLimit-Policy', `"api-key";q=${this.config.API_KEY_RATE_LIMIT_PER_MINUTE};w=60`);
    response.setHeader('RateLimit', `"api-key";r=${Math.max(0, state.remainingPoints)};t=${Math.ceil(state.msBeforeNext / 1000)}`);
  }

  /**
   * Creates a key (audited as `create`, without the key). 422 VAL-001 `expiresAt` when not in the future.
   * @returns the record and the key, which is not stored and cannot be shown again
   */
  async create(dto: CreateApiKeyDto, actor: User): Promise<CreatedApiKeyResponse> {
    const expiresAt = dto.expiresAt ? new Date(dto.expiresAt) : null;
    if (expiresAt && expiresAt <= new Date()) throw fieldError('expiresAt', 'errors.KEY-422-expiry');
    const key = `${API_KEY_PREFIX}${generateToken()}`;
    return this.keys.manager.transaction(async (manager) => {
      const row = await manager.getRepository(ApiKey).save(
        manager.getRepository(ApiKey).create({
          name: dto.name,
          prefix: key.slice(0, API_KEY_PREFIX.length + 8),
          keyHash: hashToken(key),
          scopes: [...dto.scopes],
          expiresAt,
          createdBy: actor.id,
        }),
      );
      const created = ApiKeyResponse.from(row);
      await this.audit.record({ actor, action: 'create', resource: 'api-keys', recordId: row.id, before: null, after: created }, manager);
      return Object.assign(new CreatedApiKeyResponse(), created, { key });
    });
  }

  /** Revokes a key (audited as `revoke`); it answers 401 from then on. Revoking a revoked key changes nothing. 404 REQ-404. */
  async revoke(id: string, actor: User): Promise<ApiKeyResponse> {
    return this.keys.manager.transaction(async (manager) => {
      const keys = manager.getRepository(ApiKey);
      const row = await this.find(id, keys, true);
      if (row.revokedAt) return ApiKeyResponse.from(row);
      const before = ApiKeyResponse.from(row);
      row.revokedAt = new Date();
      await keys.update(row.id, { revokedAt: row.revokedAt });
      const after = ApiKeyResponse.from(row);
      await this.audit.record({ actor, action: 'revoke', resource: 'api-keys', recordId: id, before, after }, manager);
      return after;
    });
  }

  /** Console list. Filters: `q` (name or prefix), `state` (`active`, `expired`, `revoked`), `id` (list). */
  async page(query: ParsedListQuery): Promise<{ rows: ApiKeyResponse[]; total: number }> {
    const f = query.filter;
    const qb = this.keys.createQueryBuilder('k');
    whereIdIn(qb, 'k.id', f.id, 'uuid');
    if (typeof f.q === 'string' && f.q.trim()) qb.andWhere('(k.name ILIKE :q OR k.prefix ILIKE :q)', { q: likePattern(f.q.trim()) });
    if (f.state === 'revoked') qb.andWhere('k.revoked_at IS NOT NULL');
    else if (f.state === 'expired') qb.andWhere('k.revoked_at IS NULL AND k.expires_at <= now()');
    else if (f.state === 'active') qb.andWhere('k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())');
    else if (f.state !== undefined) throw new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');
    const [rows, total] = await qb
      .orderBy(`k.${query.sortField}`, query.sortOrder, 'NULLS LAST')
      .addOrderBy('k.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: rows.map((row) => ApiKeyResponse.from(row)), total };
  }

  /** One key. 404 REQ-404. */
  async get(id: string): Promise<ApiKeyResponse> {
    return ApiKeyResponse.from(await this.find(id));
  }

  private async find(id: string, keys = this.keys, lock = false): Promise<ApiKey> {
    const row = /^[0-9a-f-]{36}$/i.test(id)
      ? await keys.findOne({ where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
      : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return row;
  }
}
