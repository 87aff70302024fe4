import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { listPage, SimpleRestListQuery } from '../../common/http/simple-rest.js';
import { RequiresScope } from '../api-keys/api-key-scopes.js';
import type { ApiKeyPrincipal } from '../api-keys/api-key-principal.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import {
  CreatedWebhookEndpointResponse,
  CreateWebhookEndpointDto,
  UpdateWebhookEndpointDto,
  WebhookAttemptResponse,
  WebhookDeliveryResponse,
  WebhookEndpointResponse,
} from './dto/webhook.dto.js';
import { WebhookDeliveryService } from './webhook-delivery.service.js';
import { WEBHOOK_SORT_FIELDS, WebhookEndpointsService } from './webhook-endpoints.service.js';
import { DELIVERY_SORT_COLUMNS } from './webhooks.repository.js';

/**
 * Webhooks (issue 14 item 5; docs/api.md "Webhooks"): endpoints, the delivery log and redelivery, in the
 * ra-data-simple-rest dialect. Admins, or API keys with scope `webhooks:manage` (403 AUTH-403 otherwise).
 */
@ApiTags('admin')
@Controller('admin/webhooks')
@AdminOnly()
@RequiresScope('webhooks:manage')
export class AdminWebhooksController {
  constructor(
    private readonly endpoints: WebhookEndpointsService,
    private readonly delivery: WebhookDeliveryService,
  ) {}

  /**
   * The delivery log: one row per event × endpoint with its state, tries and last HTTP status, newest first
   * by default (`Content-Range: webhooks/deliveries`). Filters: `endpointId`, `status` (pending, succeeded,
   * failed), `eventType`, `applicationId`, `eventId`. 400 REQ-400 on a malformed query.
   */
  @Get('deliveries')
  @ApiOperation({ summary: 'List webhook deliveries' })
  @ApiOkResponse({ type: [WebhookDeliveryResponse] })
  deliveries(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<WebhookDeliveryResponse[]> {
    return listPage(
      { sort: '["createdAt","DESC"]', ...query },
      response,
      'webhooks/deliveries',
      Object.keys(DELIVERY_SORT_COLUMNS),
      (parsed) => this.endpoints.deliveries(parsed),
    );
  }

  /** One delivery with the signed payload and every try (`log`: time, status code, duration ms, error). 404 REQ-404. */
  @Get('deliveries/:id')
  @ApiOperation({ summary: 'Get a webhook delivery with its log' })
  @ApiOkResponse({ type: WebhookDeliveryResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  deliveryOne(@Param('id') id: string): Promise<WebhookDeliveryResponse> {
    return this.endpoints.delivery(id);
  }

  /**
   * Sends a delivery again now, signed afresh with the same `webhook-id`, whatever its state (even to a
   * disabled endpoint: the admin asked). Answers this try; a success marks the delivery `succeeded`.
   * 404 REQ-404; 409 WHK-409 while an automatic try of it is in progress.
   */
  @Post('deliveries/:id/redeliver')
  @HttpCode(200)
  @ApiOperation({ summary: 'Redeliver a webhook delivery now' })
  @ApiOkResponse({ type: WebhookAttemptResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  @ApiConflictResponse({ description: 'WHK-409' })
  async redeliver(@Param('id') id: string): Promise<WebhookAttemptResponse> {
    const outcome = await this.delivery.redeliver(id);
    return Object.assign(new WebhookAttemptResponse(), { ...outcome, attemptedAt: new Date().toISOString(), manual: true });
  }

  /** A page of endpoints with `Content-Range`, newest first by default. Filters: `q` (URL or description), `enabled`, `id`. 400 REQ-400. */
  @Get()
  @ApiOperation({ summary: 'List webhook endpoints' })
  @ApiOkResponse({ type: [WebhookEndpointResponse] })
  list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<WebhookEndpointResponse[]> {
    return listPage({ sort: '["createdAt","DESC"]', ...query }, response, 'webhooks', WEBHOOK_SORT_FIELDS, (parsed) =>
      this.endpoints.page(parsed),
    );
  }

  /** One endpoint (never its secret; `secretPrefix` tells secrets apart). 404 REQ-404. */
  @Get(':id')
  @ApiOperation({ summary: 'Get a webhook endpoint' })
  @ApiOkResponse({ type: WebhookEndpointResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  get(@Param('id') id: string): Promise<WebhookEndpointResponse> {
    return this.endpoints.get(id);
  }

  /**
   * Registers an endpoint (audited). The answer carries `secret` (`whsec_…`), shown this once: verify the
   * `webhook-signature` of every delivery with it. 422 VAL-001 for a bad URL (`errors.WHK-422-url`), no or unknown events.
   */
  @Post()
  @ApiOperation({ summary: 'Register a webhook endpoint (the secret is in this answer only)' })
  @ApiCreatedResponse({ type: CreatedWebhookEndpointResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  create(@Body() dto: CreateWebhookEndpointDto, @CurrentUser() actor: User | ApiKeyPrincipal): Promise<CreatedWebhookEndpointResponse> {
    return this.endpoints.create(dto, actor);
  }

  /** Changes URL, description, events or `enabled` (audited); disabling stops pending deliveries. 404 REQ-404; 422 VAL-001. */
  @Put(':id')
  @ApiOperation({ summary: 'Change or enable/disable a webhook endpoint' })
  @ApiOkResponse({ type: WebhookEndpointResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  update(
    @Param('id') id: string,
    @Body() dto: UpdateWebhookEndpointDto,
    @CurrentUser() actor: User | ApiKeyPrincipal,
  ): Promise<WebhookEndpointResponse> {
    return this.endpoints.update(id, dto, actor);
  }

  /** Deletes an endpoint, its deliveries and their log (audited). 404 REQ-404. */
  @Delete(':id')
  @ApiOperation({ summary: 'Delete a webhook endpoint' })
  @ApiOkResponse({ type: WebhookEndpointResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  remove(@Param('id') id: string, @CurrentUser() actor: User | ApiKeyPrincipal): Promise<WebhookEndpointResponse> {
    return this.endpoints.remove(id, actor);
  }
}
