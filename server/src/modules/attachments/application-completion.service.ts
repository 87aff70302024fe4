import { HttpStatus, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Application } from '../applications/application.entity.js';
import { ApplicationMailService } from '../applications/application-mail.service.js';
import { toApplicationRecord, type ApplicationRecord } from '../applications/dto/application-record.dto.js';
import { ApplicationsService } from '../applications/applications.service.js';
import { fileItems, missingItems, type FileItem } from '../applications/requirements/file-items.js';
import { JobsService } from '../jobs/jobs.service.js';
import { WebhookOutboxService } from '../webhooks/webhook-outbox.service.js';

/** pg-boss queue of the periodic completion sweep ({@link ApplicationCompletionService.sweep}). */
export const COMPLETION_SWEEP_QUEUE = 'files-completion-sweep';

/**
 * Whether an application's file is complete, and moving it `submitted` → `complete` (BRIEF contract 5;
 * issue 24): by the applicant's "Send documents" (`POST …/complete`), and by itself, in the same
 * transaction as the event that brings the last required item — her upload, a recommender's letter or
 * short form, a payment. The items come from the one rule (`requirements/file-items.ts`).
 */
@Injectable()
export class ApplicationCompletionService implements OnModuleInit {
  private readonly logger = new Logger(ApplicationCompletionService.name);

  constructor(
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    private readonly applicationsService: ApplicationsService,
    private readonly outbox: WebhookOutboxService,
    private readonly mail: ApplicationMailService,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Defines the periodic completion sweep (pg-boss starts it on bootstrap; one replica at a time). */
  onModuleInit(): void {
    this.jobs.define({
      queue: COMPLETION_SWEEP_QUEUE,
      everySeconds: this.config.FILE_COMPLETION_SWEEP_MINUTES * 60,
      policy: 'singleton',
      handler: () => this.sweep(),
    });
  }

  /**
   * Completes every `submitted` application whose required items have all arrived — records from before
   * files completed themselves (e.g. a recommender's short form or a waived letter received then), or
   * whose last item came while the office changed what the program requires. Each in its own transaction.
   * @returns how many it completed
   */
  async sweep(): Promise<{ completed: number }> {
    const rows = (await this.applications.query(`SELECT id FROM applications WHERE status = 'submitted' ORDER BY submitted_at`)) as {
      id: string;
    }[];
    let completed = 0;
    for (const { id } of rows)
      if (await this.applications.manager.transaction((manager) => this.completeIfReady(manager, id))) completed += 1;
    return { completed };
  }

  /**
   * The file's required items with what has been received (see `file-items.ts`).
   * @param manager read inside this transaction (default: the pool)
   */
  async items(application: Application, manager: EntityManager = this.applications.manager): Promise<FileItem[]> {
    const [requirements, filled] = await Promise.all([
      this.applicationsService.requirements(application),
      filledSlots(manager, application.id),
    ]);
    return fileItems(requirements, {
      filledSlots: filled,
      firstReferenceStatus: application.firstReferenceStatus,
      secondReferenceStatus: application.secondReferenceStatus,
    });
  }

  /** Slots of the required items not received yet (uploads first, then recommendations). */
  async missingSlots(application: Application): Promise<string[]> {
    return missingItems(await this.items(application));
  }

  /**
   * Completes a submitted application when nothing is missing (`documents.completed` webhook event and the
   * applicant's e-mail in the same transaction). Completing a complete one answers it unchanged.
   * @returns the updated record
   * @throws ApiException 409 DET-409 when the application is not `submitted` (not paid yet, or withdrawn);
   *         422 VAL-001 with `errors.<slot>` and `data.missing` (slot names) when required items are missing
   */
  async complete(application: Application): Promise<ApplicationRecord> {
    if (application.status === 'complete') return toApplicationRecord(application);
    if (application.status !== 'submitted')
      throw new ApiException(HttpStatus.CONFLICT, 'DET-409', { params: { status: application.status } });
    const missing = await this.missingSlots(application);
    if (missing.length) {
      throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', {
        errors: Object.fromEntries(missing.map((slot) => [slot, [{ key: 'errors.DET-422-missing' }]])),
        data: { missing },
      });
    }
    await this.applications.manager.transaction((manager) => this.completeIfReady(manager, application.id));
    return toApplicationRecord(await this.applications.findOneByOrFail({ id: application.id }));
  }

  /**
   * Inside the transaction of an event that may bring the file's last item: locks the application row (so
   * of two events committing at once, the later sees the earlier), and when it is `submitted` with nothing
   * missing, moves it to `complete`, records `documents.completed` and queues the applicant's e-mail.
   * @returns whether it completed the application now
   */
  async completeIfReady(manager: EntityManager, applicationId: string): Promise<boolean> {
    const application = await manager
      .getRepository(Application)
      .findOne({ where: { id: applicationId }, lock: { mode: 'pessimistic_write' } });
    if (!application || application.status !== 'submitted') return false;
    if (missingItems(await this.items(application, manager)).length) return false;
    const updated = await manager
      .createQueryBuilder()
      .update(Application)
      .set({ status: 'complete', completedAt: () => 'now()', version: () => 'version + 1', updatedAt: () => 'now()' })
      .where("id = :id AND status = 'submitted'", { id: applicationId })
      .execute();
    if (updated.affected !== 1) return false;
    await this.outbox.record(manager, 'documents.completed', applicationId);
    await this.mail.queue({ applicationId, kind: 'complete' }, manager);
    this.logger.log(`Application ${applicationId} is complete`);
    return true;
  }
}

/** The slots of an application that hold a current file. */
async function filledSlots(manager: EntityManager, applicationId: string): Promise<Set<string>> {
  const rows = (await manager.query(
    'SELECT DISTINCT slot FROM attachments WHERE application_id = $1 AND replaced_at IS NULL AND deleted_at IS NULL',
    [applicationId],
  )) as { slot: string }[];
  return new Set(rows.map((r) => r.slot));
}
