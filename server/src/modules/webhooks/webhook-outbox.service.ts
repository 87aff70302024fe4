import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';
import type { WebhookEventType } from './webhook-events.js';
import { WebhookDeliveryService } from './webhook-delivery.service.js';
import { WebhooksRepository } from './webhooks.repository.js';

/** Flag on a TypeORM query runner's `data`: this transaction wrote webhook deliveries. */
const PENDING_FLAG = 'webhookDeliveries';

/**
 * The transactional outbox of webhooks (issue 14 item 5). The module whose change causes an event calls
 * {@link record} with the `EntityManager` of its own transaction: the event and its deliveries commit or
 * roll back with the change. Once that transaction has committed (TypeORM's `afterTransactionCommit`),
 * the deliveries' jobs are queued; a crash before that leaves them unqueued for the sweeper
 * ({@link WebhookDeliveryService.sweep}), so no committed event is lost.
 */
@Injectable()
export class WebhookOutboxService implements OnModuleInit, EntitySubscriberInterface {
  private readonly logger = new Logger(WebhookOutboxService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: WebhooksRepository,
    private readonly delivery: WebhookDeliveryService,
  ) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  /**
   * Writes an event about an application into the outbox, in the caller's transaction.
   * @param manager the transaction's manager (a manager outside a transaction commits at once, which is fine too)
   * @param type the event
   * @param applicationId the application it is about; its summary (as this transaction sees it) is `data.application`
   * @param details the event's other fields (docs/api.md "Webhooks")
   */
  async record(
    manager: EntityManager,
    type: WebhookEventType,
    applicationId: string,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    const application = await this.repository.applicationSummary(manager, applicationId);
    const { deliveries } = await this.repository.insertEvent(manager, type, applicationId, { application, ...details });
    if (!deliveries) return;
    if (manager.queryRunner?.isTransactionActive) manager.queryRunner.data[PENDING_FLAG] = true;
    else this.dispatchSoon();
  }

  /**
   * `decision.released` (issue 15 decision release): call with the transaction that releases the decision.
   * @param decision what was released, e.g. `{ decision: 'admitted', releasedAt }` (docs/api.md "Webhooks")
   */
  async decisionReleased(manager: EntityManager, applicationId: string, decision: Record<string, unknown>): Promise<void> {
    await this.record(manager, 'decision.released', applicationId, { decision });
  }

  /** TypeORM hook: after a commit that wrote deliveries, queue their jobs. */
  afterTransactionCommit(event: TransactionCommitEvent): void {
    const data = event.queryRunner.data as Record<string, unknown>;
    if (!data[PENDING_FLAG] || event.queryRunner.isTransactionActive) return;
    delete data[PENDING_FLAG];
    this.dispatchSoon();
  }

  private dispatchSoon(): void {
    this.delivery.dispatch().catch((error: unknown) => this.logger.error(`Queueing webhook deliveries failed: ${String(error)}`));
  }
}
