import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { AdminWebhooksController } from './admin-webhooks.controller.js';
import { WebhookDeliveryService } from './webhook-delivery.service.js';
import { WebhookEndpoint } from './webhook-endpoint.entity.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';
import { WebhookOutboxService } from './webhook-outbox.service.js';
import { WebhooksRepository } from './webhooks.repository.js';

/**
 * Webhooks for integrators (issue 14 item 5): endpoints and the delivery log for the console, the
 * transactional outbox the modules write events to ({@link WebhookOutboxService}, exported; global so
 * applications, payments and attachments write to it without importing this module), and the pg-boss
 * delivery and sweeper jobs.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([WebhookEndpoint]), AuthModule],
  controllers: [AdminWebhooksController],
  providers: [WebhooksRepository, WebhookDeliveryService, WebhookOutboxService, WebhookEndpointsService],
  exports: [WebhookOutboxService],
})
export class WebhooksModule {}
