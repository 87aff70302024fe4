import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APPLICATION_STEPS } from '../applications/application-steps.js';
import type { Application, ReferenceStatus } from '../applications/application.entity.js';
import { ApplicationsService } from '../applications/applications.service.js';
import { toApplicationRecord } from '../applications/dto/application-record.dto.js';
import { missingFields } from '../applications/requirements/requirements.js';
import { ApplicationCompletionService } from '../attachments/application-completion.service.js';
import { ProgramsService } from '../programs/programs.service.js';
import type { ChecklistItem, ChecklistResponse } from './dto/checklist.dto.js';

/** The review step: "received" once certified and signed. */
const REVIEW_STEP = 7;
/** The payment step: shown as the fee item. */
const PAYMENT_STEP = 8;

/** A received recommendation's state: waived by the office, else received. */
const referenceState = (status: ReferenceStatus): ChecklistItem['state'] => (status === 'Waived' ? 'waived' : 'received');

/**
 * The applicant's checklist (issue 15 item 4, Slate's status page), computed from the one rule set
 * (`requirements/requirements.ts`, `requirements/file-items.ts`): each form step that applies, the fee,
 * each slot the applicant uploads and one item per recommendation (received when its recommender sent a
 * letter or the short form), with its state and what the applicant can do; the deadline; the released decision.
 */
@Injectable()
export class ChecklistService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly applications: ApplicationsService,
    private readonly completion: ApplicationCompletionService,
    private readonly programs: ProgramsService,
  ) {}

  /** @param app an application the caller may use (checked by the controller) */
  async of(app: Application): Promise<ChecklistResponse> {
    const [requirements, files, program, deadline] = await Promise.all([
      this.applications.requirements(app),
      this.completion.items(app),
      this.programs.find(app.gender === 'Female' ? 'female' : 'male', app.fieldOfInterest),
      this.deadline(app),
    ]);
    const draft = app.status === 'draft';
    const incomplete = new Set(missingFields(requirements, toApplicationRecord(app)).map((m) => m.step));
    const items: ChecklistItem[] = [];
    for (const step of requirements.steps) {
      if (step === PAYMENT_STEP) continue;
      const done = step === REVIEW_STEP ? Boolean(app.certifiedAt) : !incomplete.has(step);
      const key = APPLICATION_STEPS.find((s) => s.number === step)!.key;
      items.push({ kind: 'step', key, state: done ? 'received' : 'awaiting', action: !done && draft ? 'continue' : null });
    }
    const fee = app.paymentStatus === 'Paid' ? 'received' : app.paymentStatus === 'Waived' ? 'waived' : 'awaiting';
    items.push({ kind: 'fee', key: 'fee', state: fee, action: fee === 'awaiting' && draft && app.certifiedAt ? 'pay' : null });
    // the file's items from the one rule (file-items.ts): uploads, then one item per recommendation
    for (const item of files) {
      if (item.kind === 'upload') {
        items.push({
          kind: 'document',
          key: item.slot,
          state: item.received ? 'received' : 'awaiting',
          action: !item.received && app.status === 'submitted' ? 'details' : null,
        });
      } else {
        const status = item.recommendation === 'first' ? app.firstReferenceStatus : app.secondReferenceStatus;
        items.push({
          kind: 'recommendation',
          key: item.recommendation!,
          state: item.received ? referenceState(status) : 'awaiting',
          action: null,
        });
      }
    }
    const released = app.status === 'decided' && app.decision && app.decisionReleasedAt;
    return {
      applicationId: app.id,
      referenceNumber: String(app.referenceNumber),
      program: program?.label ?? app.fieldOfInterest,
      semester: app.semester,
      status: app.status,
      deadline,
      items,
      decision: released ? { decision: app.decision!, releasedAt: app.decisionReleasedAt!.toISOString() } : null,
    };
  }

  /**
   * The deadline of the application's own offering and round (issue 25): the round it was submitted in, or
   * for a draft the current round, while that deadline is ahead; never a past one.
   */
  private async deadline(app: Application): Promise<string | null> {
    return (await this.programs.deadlineOf(app.offeringId, new Date(), app.submittedAt))?.deadlineAt ?? null;
  }
}
