import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type { Repository } from 'typeorm';
import { ApiException, fieldError } from '../../common/errors/api.exception.js';
import { likePattern, whereIdIn, type ParsedListQuery } from '../../common/http/simple-rest.js';
import { APP_CONFIG, outboundMayReachPrivateHosts, type AppConfig } from '../../config/app-config.js';
import { firstNonPublicAddress } from '../../common/net/outbound-policy.js';
import { AuditService } from '../admin/audit.service.js';
import { isApiKeyPrincipal, type ApiKeyPrincipal } from '../api-keys/api-key-principal.js';
import type { User } from '../users/user.entity.js';
import {
  CreatedWebhookEndpointResponse,
  WebhookAttemptResponse,
  WebhookDeliveryResponse,
  WebhookEndpointResponse,
  type CreateWebhookEndpointDto,
  type UpdateWebhookEndpointDto,
} from './dto/webhook.dto.js';
import { WebhookEndpoint } from './webhook-endpoint.entity.js';
import { WebhooksRepository, type DeliveryRow } from './webhooks.repository.js';

/** Who changes endpoints: an admin or an API key with `webhooks:manage`. */
type Actor = User | ApiKeyPrincipal;

/** Sort fields of the endpoint list. */
export const WEBHOOK_SORT_FIELDS = ['createdAt', 'url', 'enabled', 'updatedAt', 'id'] as const;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Webhook endpoints managed in the console (issue 14 item 5): create (the `whsec_` secret answered once),
 * edit, enable/disable, delete, every change audited as resource `webhooks`; and the delivery log.
 */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    @InjectRepository(WebhookEndpoint) private readonly endpoints: Repository<WebhookEndpoint>,
    private readonly repository: WebhooksRepository,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Registers an endpoint with a new secret. 422 VAL-001 (`errors.WHK-422-url`) for a URL that is not https
   * (or local http outside production); (`errors.WHK-422-private`) for a host that is, or resolves to, a
   * private, loopback, link-local or other non-public address (unless OUTBOUND_ALLOW_PRIVATE_HOSTS), or that
   * does not resolve.
   */
  async create(dto: CreateWebhookEndpointDto, actor: Actor): Promise<CreatedWebhookEndpointResponse> {
    await this.assertUrl(dto.url);
    // Standard Webhooks: whsec_ + base64 of 24 random bytes (192 bits)
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    return this.endpoints.manager.transaction(async (manager) => {
      const repository = manager.getRepository(WebhookEndpoint);
      const row = await repository.save(
        repository.create({
          url: dto.url,
          description: dto.description ?? '',
          events: [...dto.events],
          enabled: dto.enabled ?? true,
          secret,
          createdBy: isApiKeyPrincipal(actor) ? null : actor.id,
        }),
      );
      const created = WebhookEndpointResponse.from(row);
      await this.audit.record({ actor, action: 'create', resource: 'webhooks', recordId: row.id, before: null, after: created }, manager);
      return Object.assign(new CreatedWebhookEndpointResponse(), created, { secret });
    });
  }

  /**
   * Changes an endpoint (audited). Disabling it stops its pending deliveries (`failed`, "endpoint disabled";
   * they can be redelivered by hand). 404 REQ-404; 422 VAL-001 for a bad URL.
   */
  async update(id: string, dto: UpdateWebhookEndpointDto, actor: Actor): Promise<WebhookEndpointResponse> {
    if (dto.url !== undefined) await this.assertUrl(dto.url);
    return this.endpoints.manager.transaction(async (manager) => {
      const repository = manager.getRepository(WebhookEndpoint);
      const row = await this.find(id, repository);
      const before = WebhookEndpointResponse.from(row);
      Object.assign(row, {
        ...(dto.url !== undefined ? { url: dto.url } : {}),
        ...(dto.description !== undefined ? { description: dto.description } : {}),
        ...(dto.events !== undefined ? { events: [...dto.events] } : {}),
        ...(dto.enabled !== undefined ? { enabled: dto.enabled } : {}),
      });
      const saved = await repository.save(row);
      if (before.enabled && !saved.enabled) await this.repository.stopPending(manager, id, 'endpoint disabled');
      const after = WebhookEndpointResponse.from(saved);
      await this.audit.record({ actor, action: 'update', resource: 'webhooks', recordId: id, before, after }, manager);
      return after;
    });
  }

  /** Deletes an endpoint with its deliveries and their log (audited). 404 REQ-404. */
  async remove(id: string, actor: Actor): Promise<WebhookEndpointResponse> {
    return this.endpoints.manager.transaction(async (manager) => {
      const repository = manager.getRepository(WebhookEndpoint);
      const before = WebhookEndpointResponse.from(await this.find(id, repository));
      await repository.delete(id);
      await this.audit.record({ actor, action: 'delete', resource: 'webhooks', recordId: id, before, after: null }, manager);
      return before;
    });
  }

  /** Console list. Filters: `q` (URL or description), `enabled`, `id` (list). */
  async page(query: ParsedListQuery): Promise<{ rows: WebhookEndpointResponse[]; total: number }> {
    const f = query.filter;
    const qb = this.endpoints.createQueryBuilder('w');
    whereIdIn(qb, 'w.id', f.id, 'uuid');
    if (typeof f.q === 'string' && f.q.trim()) qb.andWhere('(w.url ILIKE :q OR w.description ILIKE :q)', { q: likePattern(f.q.trim()) });
    if (typeof f.enabled === 'boolean') qb.andWhere('w.enabled = :enabled', { enabled: f.enabled });
    else if (f.enabled !== undefined) throw new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');
    const [rows, total] = await qb
      .orderBy(`w.${query.sortField}`, query.sortOrder)
      .addOrderBy('w.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: rows.map((row) => WebhookEndpointResponse.from(row)), total };
  }

  /** One endpoint (never its secret). 404 REQ-404. */
  async get(id: string): Promise<WebhookEndpointResponse> {
    return WebhookEndpointResponse.from(await this.find(id));
  }

  /** A page of the delivery log (see {@link WebhooksRepository.page}). */
  async deliveries(query: ParsedListQuery): Promise<{ rows: WebhookDeliveryResponse[]; total: number }> {
    const { rows, total } = await this.repository.page(query);
    return { rows: rows.map((row) => deliveryResponse(row)), total };
  }

  /** One delivery with its payload and every try. 404 REQ-404. */
  async delivery(id: string): Promise<WebhookDeliveryResponse> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await this.repository.delivery(id) : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    const log = (await this.repository.attempts(id)).map((a) =>
      Object.assign(new WebhookAttemptResponse(), {
        attemptedAt: a.attempted_at.toISOString(),
        statusCode: a.status_code,
        durationMs: a.duration_ms,
        error: a.error,
        manual: a.manual,
      }),
    );
    return Object.assign(deliveryResponse(row), { log, payload: row.payload });
  }

  private async assertUrl(url: string): Promise<void> {
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      // refused below
    }
    const local = this.config.NODE_ENV !== 'production' && parsed?.protocol === 'http:' && LOCAL_HOSTS.has(parsed.hostname);
    if (!parsed || (parsed.protocol !== 'https:' && !local) || parsed.username || parsed.password) {
      throw fieldError('url', 'errors.WHK-422-url');
    }
    // the WHATWG parser has already made 2130706433, 0x7f.0.0.1 and the like into dotted addresses
    if (!outboundMayReachPrivateHosts(this.config)) {
      const blocked = await firstNonPublicAddress(parsed.hostname).catch(() => ({ address: parsed.hostname, range: 'unresolved' }));
      if (blocked) throw fieldError('url', 'errors.WHK-422-private');
    }
  }

  private async find(id: string, repository = this.endpoints): Promise<WebhookEndpoint> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await repository.findOne({ where: { id } }) : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return row;
  }
}

function deliveryResponse(row: DeliveryRow): WebhookDeliveryResponse {
  return Object.assign(new WebhookDeliveryResponse(), {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    endpointId: row.endpoint_id,
    endpointUrl: row.endpoint_url,
    applicationId: row.application_id,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  });
}
