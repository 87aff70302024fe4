import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { formatPersonName } from '../../../../contract/format/person-name.js';
import { ApiException } from '../../common/errors/api.exception.js';
import type { ParsedListQuery } from '../../common/http/simple-rest.js';
import type { Locale } from '../../common/i18n/i18n.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AdminApplicationsService } from '../admin/admin-applications.service.js';
import { AuditService } from '../admin/audit.service.js';
import { Application } from '../applications/application.entity.js';
import { ApplicationMailService } from '../applications/application-mail.service.js';
import { ApplicationWordsService } from '../programs/application-words.service.js';
import type { Offering } from '../programs/offering.entity.js';
import { ProgramsService } from '../programs/programs.service.js';
import { TokenService } from '../token/token.service.js';
import type { User } from '../users/user.entity.js';
import { WebhookOutboxService } from '../webhooks/webhook-outbox.service.js';
import { DEFERRAL_STATUSES, DeferralDecisionResponse, DeferralRowResponse, type DeferralStatus } from './dto/deferral.dto.js';

/** Sort fields of the deferral queue → SQL (requestedAt is the reply instant). */
const SORT: Readonly<Record<string, string>> = {
  requestedAt: 'a.replied_at',
  decidedAt: 'a.deferral_decided_at',
  referenceNumber: 'a.reference_number',
  lastName: 'a.last_name',
};

/** The fields the deferral queue may be sorted on. */
export const DEFERRAL_SORT_FIELDS = Object.keys(SORT);

/** SQL condition of each queue status (a request is pending while the applicant's reply still asks for it). */
const STATUS_SQL: Readonly<Record<DeferralStatus, string>> = {
  pending: `a.reply = 'deferral_requested' AND a.deferral_decision IS NULL`,
  approved: `a.deferral_decision = 'approved'`,
  denied: `a.deferral_decision = 'denied'`,
};

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The fields of an application an answer to its deferral request changes, as the audit log records them. */
function deferralState(app: Application) {
  return {
    status: app.status,
    decision: app.decision,
    decisionReleasedAt: iso(app.decisionReleasedAt),
    offeringId: app.offeringId,
    semester: app.semester,
    reply: app.reply,
    replyDeadlineAt: iso(app.replyDeadlineAt),
    deferralTerm: app.deferralTerm,
    deferralNote: app.deferralNote,
    deferralDecision: app.deferralDecision,
    deferralDecisionNote: app.deferralDecisionNote,
    deferredFromOfferingId: app.deferredFromOfferingId,
  };
}

/** Whether `app` holds a deferral request the office has not answered. */
function isPending(app: Application): boolean {
  return (
    app.status === 'decided' &&
    app.decision === 'admitted' &&
    app.decisionReleasedAt !== null &&
    app.reply === 'deferral_requested' &&
    app.deferralDecision === null &&
    app.deferralTerm !== null
  );
}

/**
 * The office's deferral queue (issue 29 item 3; docs/api.md "Deferrals"): admitted applicants who asked to
 * start in a later semester (`replies.service.ts`) wait here; an admin approves or denies, with a note.
 *
 * Approval moves the application to the offering of the same program in the semester asked for
 * (`offering_id` and `semester`), remembering the old one in `deferred_from_offering_id`; per
 * DEFERRAL_APPROVAL the decision is kept (still admitted and released; the reply is reset and its deadline
 * becomes the new offering's, so the applicant confirms for the new semester) or reopened (cleared as a
 * rescind: status back to complete or submitted, for review in the new semester). A denial resets the reply
 * (the applicant answers the original offer again). Either way the request (`deferral_term`,
 * `deferral_note`) stays as history, the answer is audited (`approve-deferral` / `deny-deferral`, before and
 * after with the offering from → to) and sent to webhook subscribers as `deferral.decided` in the same
 * transaction, and the applicant is e-mailed in the application's language after it commits.
 */
@Injectable()
export class DeferralsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly admin: AdminApplicationsService,
    private readonly audit: AuditService,
    private readonly programs: ProgramsService,
    private readonly outbox: WebhookOutboxService,
    private readonly mail: ApplicationMailService,
    private readonly words: ApplicationWordsService,
    private readonly tokens: TokenService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A page of the queue. Filter `status` (pending, approved or denied; default pending); sort on
   * {@link DEFERRAL_SORT_FIELDS}. Texts (program, semesters) in `locale`.
   * @throws ApiException 400 REQ-400 for another status
   */
  async list(query: ParsedListQuery, locale: Locale): Promise<{ rows: DeferralRowResponse[]; total: number }> {
    const status = query.filter.status ?? 'pending';
    if (typeof status !== 'string' || !(DEFERRAL_STATUSES as readonly string[]).includes(status))
      throw new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');
    const from = `FROM applications a LEFT JOIN offerings fo ON fo.id = a.deferred_from_offering_id
      LEFT JOIN terms ft ON ft.id = fo.term_id WHERE ${STATUS_SQL[status as DeferralStatus]}`;
    const order = `${SORT[query.sortField] ?? 'a.replied_at'} ${query.sortOrder} NULLS LAST, a.id ASC`;
    const [rows, [{ n }]] = (await Promise.all([
      this.db.query(
        `SELECT a.id, a.first_name, a.last_name, a.locale, a.gender, a.field_of_interest, a.reference_number, a.semester,
                ft.key AS from_term, a.deferral_term, a.deferral_note, a.replied_at, a.deferral_decision,
                a.deferral_decision_note, a.deferral_decided_at
         ${from} ORDER BY ${order} OFFSET ${query.skip} LIMIT ${query.take}`,
      ),
      this.db.query(`SELECT count(*)::int AS n ${from}`),
    ])) as [Record<string, string | null>[], { n: number }[]];
    const out: DeferralRowResponse[] = [];
    for (const r of rows) {
      const decision = r.deferral_decision as 'approved' | 'denied' | null;
      // before an approval the application is still in the semester it was admitted to
      const fromTerm = decision === 'approved' && r.from_term ? r.from_term : r.semester!;
      out.push(
        Object.assign(new DeferralRowResponse(), {
          id: r.id!,
          name: formatPersonName({ firstName: r.first_name, lastName: r.last_name }, r.locale),
          referenceNumber: String(r.reference_number),
          program: await this.programs.labelOf(r.gender!, r.field_of_interest!, locale),
          fromTerm,
          fromTermLabel: await this.programs.termLabel(fromTerm, locale),
          toTerm: r.deferral_term!,
          toTermLabel: await this.programs.termLabel(r.deferral_term!, locale),
          note: r.deferral_note,
          requestedAt: iso(r.replied_at as unknown as Date),
          status: decision ?? 'pending',
          decisionNote: r.deferral_decision_note,
          decidedAt: iso(r.deferral_decided_at as unknown as Date),
        }),
      );
    }
    return { rows: out, total: n };
  }

  /**
   * Approves the pending request of application `id` (see the class). `note` is optional.
   * @throws ApiException 404 APP-404; 409 DFR-409-not-pending (no request waiting); 409 DFR-409-target when
   *         the program has no (unarchived) offering in the semester asked for any more
   */
  async approve(id: string, note: string | undefined, actor: User, locale: Locale): Promise<DeferralDecisionResponse> {
    const approval = this.config.DEFERRAL_APPROVAL;
    const now = new Date();
    const { after, from, requestedAt } = await this.admin.lockedUpdate(id, async (repository, app, manager) => {
      if (!isPending(app)) throw new ApiException(HttpStatus.CONFLICT, 'DFR-409-not-pending');
      const target = await this.targetOffering(app);
      if (!target) throw new ApiException(HttpStatus.CONFLICT, 'DFR-409-target');
      const before = deferralState(app);
      const moved: Partial<Application> = {
        offeringId: target.id,
        semester: app.deferralTerm!,
        deferredFromOfferingId: app.offeringId,
        deferralDecision: 'approved',
        deferralDecidedAt: now,
        deferralDecidedBy: actor.id,
        deferralDecisionNote: note?.trim() || null,
        // the applicant confirms for the new semester (keep-decision), or the reply goes with the decision (reopen)
        reply: null,
        repliedAt: null,
        replyReason: null,
        replyAttendingInstead: null,
        replyRemindedAt: null,
        replyDeadlineAt: approval === 'keep-decision' ? target.replyDeadlineAt : null,
      };
      if (approval === 'reopen')
        Object.assign(moved, {
          decision: null,
          decidedAt: null,
          decidedBy: null,
          decisionReleaseAt: null,
          decisionReleasedAt: null,
          status: app.completedAt ? 'complete' : 'submitted',
        });
      await repository.update(id, { ...(moved as Record<string, unknown>), version: () => 'version + 1' });
      const updated = await repository.findOneByOrFail({ id });
      const offering = { from: { id: app.offeringId, semester: app.semester }, to: { id: target.id, semester: updated.semester } };
      await this.audit.record(
        {
          actor,
          action: 'approve-deferral',
          resource: 'applications',
          recordId: id,
          before,
          after: { ...deferralState(updated), approval, offering },
        },
        manager,
      );
      await this.outbox.record(manager, 'deferral.decided', id, {
        deferral: { decision: 'approved', note: updated.deferralDecisionNote, from: app.semester, to: updated.semester, approval },
      });
      return { after: updated, from: app.semester, requestedAt: app.repliedAt };
    });
    await this.tell(after, 'deferralApproved', from, after.semester);
    return Object.assign(new DeferralDecisionResponse(), await this.rowOf(after, from, requestedAt, locale), { approval });
  }

  /**
   * Denies the pending request of application `id` with `note` (shown to the applicant): the reply is reset,
   * the applicant answers the original offer again.
   * @throws ApiException 404 APP-404; 409 DFR-409-not-pending
   */
  async deny(id: string, note: string, actor: User, locale: Locale): Promise<DeferralDecisionResponse> {
    const { after, requestedAt } = await this.admin.lockedUpdate(id, async (repository, app, manager) => {
      if (!isPending(app)) throw new ApiException(HttpStatus.CONFLICT, 'DFR-409-not-pending');
      const before = deferralState(app);
      await repository.update(id, {
        deferralDecision: 'denied',
        deferralDecidedAt: new Date(),
        deferralDecidedBy: actor.id,
        deferralDecisionNote: note.trim(),
        reply: null,
        repliedAt: null,
        version: () => 'version + 1',
      });
      const updated = await repository.findOneByOrFail({ id });
      const offering = { from: { id: app.offeringId, semester: app.semester }, to: { id: app.offeringId, semester: app.semester } };
      await this.audit.record(
        { actor, action: 'deny-deferral', resource: 'applications', recordId: id, before, after: { ...deferralState(updated), offering } },
        manager,
      );
      await this.outbox.record(manager, 'deferral.decided', id, {
        deferral: { decision: 'denied', note: updated.deferralDecisionNote, from: app.semester, to: updated.deferralTerm },
      });
      return { after: updated, requestedAt: app.repliedAt };
    });
    await this.tell(after, 'deferralDenied', after.semester, after.deferralTerm!);
    return Object.assign(new DeferralDecisionResponse(), await this.rowOf(after, after.semester, requestedAt, locale), { approval: null });
  }

  /** The offering of the application's program in the semester it asked for (not archived), or null. */
  private async targetOffering(app: Application): Promise<Offering | null> {
    const catalogue = await this.programs.catalogue();
    const own = catalogue.offerings.find((o) => o.id === app.offeringId);
    const term = catalogue.termByKey.get(app.deferralTerm!);
    if (!own || !term) return null;
    return catalogue.offerings.find((o) => o.programId === own.programId && o.termId === term.id && !o.archived) ?? null;
  }

  /** E-mails the answer in the application's language, semesters named in it, with a link to the reply. */
  private async tell(app: Application, kind: 'deferralApproved' | 'deferralDenied', fromTerm: string, toTerm: string): Promise<void> {
    const { locale } = await this.words.wordsOf(app);
    const token = await this.tokens.issue(app.id, 'details');
    await this.mail.sendLink(app, token, kind, {
      fromSemester: await this.programs.termLabel(fromTerm, locale),
      toSemester: await this.programs.termLabel(toTerm, locale),
      note: app.deferralDecisionNote ?? '',
    });
  }

  private async rowOf(app: Application, fromTerm: string, requestedAt: Date | null, locale: Locale): Promise<DeferralRowResponse> {
    return Object.assign(new DeferralRowResponse(), {
      id: app.id,
      name: formatPersonName(app, app.locale),
      referenceNumber: String(app.referenceNumber),
      program: await this.programs.labelOf(app.gender, app.fieldOfInterest, locale),
      fromTerm,
      fromTermLabel: await this.programs.termLabel(fromTerm, locale),
      toTerm: app.deferralTerm!,
      toTermLabel: await this.programs.termLabel(app.deferralTerm!, locale),
      note: app.deferralNote,
      requestedAt: iso(requestedAt),
      status: app.deferralDecision ?? 'pending',
      decisionNote: app.deferralDecisionNote,
      decidedAt: iso(app.deferralDecidedAt),
    });
  }
}
