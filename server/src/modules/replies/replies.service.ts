import { HttpStatus, Injectable } from '@nestjs/common';
import { ApiException, fieldError } from '../../common/errors/api.exception.js';
import type { Locale } from '../../common/i18n/i18n.service.js';
import { zonedTime } from '../../common/i18n/zoned-time.js';
import { AdminApplicationsService } from '../admin/admin-applications.service.js';
import { AuditService } from '../admin/audit.service.js';
import type { Application } from '../applications/application.entity.js';
import { DropdownsService } from '../dropdowns/dropdowns.service.js';
import { ProgramsService } from '../programs/programs.service.js';
import type { User } from '../users/user.entity.js';
import { WebhookOutboxService } from '../webhooks/webhook-outbox.service.js';
import { DeferralSemesterDto, ReplyDto, ReplyResponse } from './dto/reply.dto.js';
import { REPLY_OF, checkReply, openChoices, type ReplyRefusal, type ReplyState } from './reply-rules.js';
import { depositDueAt } from '../deposits/deposit-rules.js';

/** The option list of reasons for declining (the office edits it in the console with the other lists). */
export const DECLINE_REASONS_LIST = 'declineReasons';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The reply fields of an application, as the audit log records them before and after. */
function replyState(app: Application) {
  return {
    reply: app.reply,
    repliedAt: iso(app.repliedAt),
    replyDeadlineAt: iso(app.replyDeadlineAt),
    replyReason: app.replyReason,
    replyAttendingInstead: app.replyAttendingInstead,
    deferralTerm: app.deferralTerm,
    deferralNote: app.deferralNote,
    depositDueAt: iso(app.depositDueAt),
  };
}

/**
 * The applicant's reply to a released decision (issue 29 item 1; docs/api.md "Replies"): admitted
 * applicants accept, decline (with a reason from the office's list and, optionally, where they will attend
 * instead) or ask to defer to a later semester of the same program that accepts deferrals; waitlisted ones
 * stay on the waitlist or withdraw. The rules are `reply-rules.ts` (an allow-list per decision, the
 * deadline); a reply may be changed until the deadline — unless the enrollment deposit is paid (issue 29 item 2),
 * and never once the offer lapsed; accepting sets when the deposit is due. Each reply is audited (`reply`) and sent to webhook
 * subscribers as `application.replied` (and a deferral request also as `deferral.requested`), in the
 * transaction that records it.
 */
@Injectable()
export class RepliesService {
  constructor(
    private readonly admin: AdminApplicationsService,
    private readonly audit: AuditService,
    private readonly programs: ProgramsService,
    private readonly dropdowns: DropdownsService,
    private readonly outbox: WebhookOutboxService,
  ) {}

  /**
   * Where the reply of `app` stands at `now`, texts in `locale` (the deadline in the applicant's zone).
   * @throws ApiException 404 DEC-404 when no decision is released
   */
  async view(app: Application, locale: Locale, now = new Date()): Promise<ReplyResponse> {
    const open = openChoices(app, now);
    if (open.refusal?.code === 'DEC-404') throw new ApiException(HttpStatus.NOT_FOUND, 'DEC-404');
    return {
      applicationId: app.id,
      decision: app.decision!,
      reply: app.reply,
      repliedAt: iso(app.repliedAt),
      deadlineAt: iso(app.replyDeadlineAt),
      deadlineText: app.replyDeadlineAt ? zonedTime(app.replyDeadlineAt, locale, app.timeZone) : null,
      choices: [...open.choices],
      closedCode: open.refusal?.code ?? null,
      reason: app.replyReason,
      reasonLabel: app.replyReason ? await this.reasonLabel(app.replyReason, locale) : null,
      attendingInstead: app.replyAttendingInstead,
      deferTo: app.deferralTerm,
      deferToLabel: app.deferralTerm ? await this.programs.termLabel(app.deferralTerm, locale) : null,
      deferralNote: app.deferralNote,
      deferralDecision: app.deferralDecision,
      deferralDecisionNote: app.deferralDecisionNote,
      deferralSemesters: open.choices.includes('defer') ? await this.deferralSemesters(app, locale) : [],
    };
  }

  /**
   * Records the applicant's reply (or changes it before the deadline), on the application row locked.
   * @param caller the logged-in user when the applicant (or an admin) is signed in; null for a link's token
   * @throws ApiException 404 DEC-404 no released decision; 409 RPL-409-no-reply (denied); 422 RPL-422-choice,
   *         RPL-422-late (deadline passed; `{{deadline}}` in the caller's language and the applicant's zone);
   *         422 VAL-001 with `reason` (not in the office's list) or `deferTo` (not a semester open to deferrals)
   */
  async reply(id: string, dto: ReplyDto, caller: User | null, locale: Locale, now = new Date()): Promise<ReplyResponse> {
    const updated = await this.admin.lockedUpdate(id, async (repository, app, manager) => {
      const refusal = checkReply(app as ReplyState, dto.choice, now);
      if (refusal) throw this.refused(refusal, app, locale);
      // a deferral request the office has answered stays as history (issue 29 item 3) until a new one replaces it
      const answered = app.deferralDecision !== null;
      const set: Partial<Application> = {
        reply: REPLY_OF[dto.choice],
        repliedAt: now,
        replyReason: null,
        replyAttendingInstead: null,
        deferralTerm: answered ? app.deferralTerm : null,
        deferralNote: answered ? app.deferralNote : null,
        // the enrollment deposit is due a number of days after the acceptance (issue 29 item 2); accepting again
        // keeps the first acceptance's deadline, any other answer has none
        depositDueAt:
          dto.choice !== 'accept' ? null : app.reply === 'accepted' ? app.depositDueAt : await this.depositDeadline(app.offeringId, now),
      };
      if (dto.choice === 'decline') {
        const reasons = (await this.dropdowns.list('en')).find((list) => list.key === DECLINE_REASONS_LIST)?.options ?? [];
        if (!reasons.some((option) => option.value === dto.reason)) throw fieldError('reason', 'errors.RPL-422-reason');
        set.replyReason = dto.reason!;
        set.replyAttendingInstead = dto.attendingInstead?.trim() || null;
      }
      if (dto.choice === 'defer') {
        const semesters = await this.deferralSemesters(app, locale);
        if (!semesters.some((semester) => semester.key === dto.deferTo)) throw fieldError('deferTo', 'errors.RPL-422-deferral-term');
        set.deferralTerm = dto.deferTo!;
        set.deferralNote = dto.deferralNote!.trim();
        Object.assign(set, { deferralDecision: null, deferralDecidedAt: null, deferralDecidedBy: null, deferralDecisionNote: null });
      }
      const before = replyState(app);
      await repository.update(id, { ...(set as Record<string, unknown>), version: () => 'version + 1' });
      const after = await repository.findOneByOrFail({ id });
      await this.audit.record(
        {
          actor: caller ? { id: caller.id, email: caller.email } : null,
          action: 'reply',
          resource: 'applications',
          recordId: id,
          before,
          after: { ...replyState(after), by: caller ? 'signed-in user' : 'applicant link' },
        },
        manager,
      );
      if (after.reply === 'deferral_requested')
        await this.outbox.record(manager, 'deferral.requested', id, {
          deferral: { deferTo: after.deferralTerm, note: after.deferralNote, requestedAt: iso(after.repliedAt) },
        });
      await this.outbox.record(manager, 'application.replied', id, {
        reply: {
          decision: after.decision,
          reply: after.reply,
          repliedAt: iso(after.repliedAt),
          reason: after.replyReason,
          deferTo: after.deferralTerm,
        },
      });
      return after;
    });
    return this.view(updated, locale, now);
  }

  /**
   * The semesters `app` may ask to defer to: offerings of the same program that accept deferrals, are open
   * (not closed or archived by the office) and whose term begins after the application's own.
   */
  private async deferralSemesters(app: Application, locale: Locale): Promise<DeferralSemesterDto[]> {
    const catalogue = await this.programs.catalogue();
    const own = app.offeringId === null ? undefined : catalogue.offerings.find((o) => o.id === app.offeringId);
    const ownTerm = own && catalogue.termById.get(own.termId);
    if (!own || !ownTerm) return [];
    const semesters: DeferralSemesterDto[] = [];
    for (const offering of catalogue.offerings) {
      const term = catalogue.termById.get(offering.termId);
      if (offering.programId !== own.programId || !offering.acceptsDeferrals || !offering.open || offering.archived) continue;
      if (!term || term.archived || term.startsOn <= ownTerm.startsOn) continue;
      semesters.push({ key: term.key, label: await this.programs.termLabel(term.key, locale), startsOn: term.startsOn });
    }
    return semesters.sort((a, b) => a.startsOn.localeCompare(b.startsOn));
  }

  /** When a deposit accepted at `now` in offering `offeringId` is due (null: none asked, or no deadline). */
  private async depositDeadline(offeringId: number | null, now: Date): Promise<Date | null> {
    const offering = await this.programs.offering(offeringId);
    return offering ? depositDueAt(now, offering) : null;
  }

  /** The label of a decline reason in `locale` (the value itself when the office removed it from the list). */
  private async reasonLabel(value: string, locale: Locale): Promise<string> {
    const list = (await this.dropdowns.list(locale)).find((l) => l.key === DECLINE_REASONS_LIST);
    return list?.options.find((option) => option.value === value)?.label ?? value;
  }

  private refused(refusal: ReplyRefusal, app: Application, locale: Locale): ApiException {
    switch (refusal.code) {
      case 'DEC-404':
        return new ApiException(HttpStatus.NOT_FOUND, 'DEC-404');
      case 'RPL-409-no-reply':
      case 'RPL-409-lapsed':
      case 'RPL-409-deposit':
        return new ApiException(HttpStatus.CONFLICT, refusal.code);
      case 'RPL-422-choice':
        return new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'RPL-422-choice', { data: { choices: refusal.choices } });
      case 'RPL-422-late':
        return new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'RPL-422-late', {
          params: { deadline: zonedTime(refusal.deadlineAt, locale, app.timeZone) },
          data: { deadlineAt: refusal.deadlineAt.toISOString() },
        });
    }
  }
}
