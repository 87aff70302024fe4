import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import { Application } from '../applications/application.entity.js';
import { toApplicationRecord, type ApplicationRecord } from '../applications/dto/application-record.dto.js';
import { ApplicationsService } from '../applications/applications.service.js';
import type { AttachmentSlot } from './attachment-slots.js';
import { AttachmentsService } from './attachments.service.js';
import { requiredSlotsFor } from './required-slots.js';
import { WebhookOutboxService } from '../webhooks/webhook-outbox.service.js';

/** The details form's finish (BRIEF contract 5): `submitted` → `complete` once every required document is in. */
@Injectable()
export class ApplicationCompletionService {
  constructor(
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    private readonly applicationsService: ApplicationsService,
    private readonly attachments: AttachmentsService,
    private readonly outbox: WebhookOutboxService,
  ) {}

  /** The attachment slots the application requires, from the rule set (see `required-slots.ts`). */
  async requiredSlots(application: Application): Promise<AttachmentSlot[]> {
    return requiredSlotsFor(await this.applicationsService.requirements(application));
  }

  /** Required slots that hold no current file. */
  async missingSlots(application: Application): Promise<AttachmentSlot[]> {
    const filled = await this.attachments.filledSlots(application.id);
    return (await this.requiredSlots(application)).filter((slot) => !filled.has(slot));
  }

  /**
   * Completes a submitted application (the `documents.completed` webhook event in the same transaction).
   * Completing a complete one answers it unchanged.
   * @returns the updated record
   * @throws ApiException 409 DET-409 when the application is not `submitted` (not paid yet, or withdrawn);
   *         422 VAL-001 with `errors.<slot>` and `data.missing` (slot names) when required documents are missing
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
    await this.applications.manager.transaction(async (manager) => {
      const updated = await manager
        .createQueryBuilder()
        .update(Application)
        .set({ status: 'complete', completedAt: () => 'now()', version: () => 'version + 1', updatedAt: () => 'now()' })
        .where("id = :id AND status = 'submitted'", { id: application.id })
        .execute();
      if (updated.affected === 1) await this.outbox.record(manager, 'documents.completed', application.id);
    });
    return toApplicationRecord(await this.applications.findOneByOrFail({ id: application.id }));
  }
}
