import { HttpStatus, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AdminApplicationsService } from '../admin/admin-applications.service.js';
import { ApiException } from '../../common/errors/api.exception.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AuditService } from '../admin/audit.service.js';
import { Application, type Decision } from '../applications/application.entity.js';
import { ApplicationMailService } from '../applications/application-mail.service.js';
import { SeatsService } from '../enrollment/seats.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { WebhookOutboxService } from '../webhooks/webhook-outbox.service.js';
import { ApplicationWordsService } from '../programs/application-words.service.js';
import { TokenService } from '../token/token.service.js';
import type { User } from '../users/user.entity.js';
import { DecisionTemplatesService } from './decision-templates.service.js';
import { DecisionLetterResponse, DecisionStateResponse, ReleaseDecisionsResponse } from './dto/decision.dto.js';
import { letterPdf, pdfCanDraw } from './letter-pdf.js';
import { renderLetter } from './letter-template.js';
import { formatPersonName } from '../../../../contract/format/person-name.js';

/** pg-boss queue of the decision release job. */
export const DECISION_RELEASE_QUEUE = 'decision-release';

/** Statuses an application may be decided in. */
const DECIDABLE = new Set(['submitted', 'complete', 'under_review', 'decided']);
/** Claimed per run of the release job (the next run takes the rest). */
const RELEASE_BATCH = 200;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A row the release job claimed (`RETURNING` of its UPDATE; pg hands timestamps over as Date). */
interface ReleasedRow {
  id: string;
  decision: Decision;
  decided_at: Date | null;
  decision_released_at: Date;
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The decision part of an application, as the admin API and the audit log show it. */
export function decisionState(app: Application): DecisionStateResponse {
  return {
    id: app.id,
    status: app.status,
    decision: app.decision,
    decidedAt: iso(app.decidedAt),
    decidedBy: app.decidedBy,
    decisionReleaseAt: iso(app.decisionReleaseAt),
    decisionReleasedAt: iso(app.decisionReleasedAt),
  };
}

/**
 * Decisions and their release to applicants (issue 15 items 2–3; docs/decisions.md "Decisions"):
 * recording a decision (admins; audited), rescinding one, scheduling releases (one or many, now or at an
 * instant), the release job (pg-boss, periodic, exactly once per application across replicas), the
 * letters (preview, applicant view, PDF).
 */
@Injectable()
export class DecisionsService implements OnModuleInit {
  private readonly logger = new Logger(DecisionsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly admin: AdminApplicationsService,
    private readonly templates: DecisionTemplatesService,
    private readonly words: ApplicationWordsService,
    private readonly tokens: TokenService,
    private readonly mail: ApplicationMailService,
    private readonly jobs: JobsService,
    private readonly outbox: WebhookOutboxService,
    private readonly seats: SeatsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Registers the release job: every `DECISION_RELEASE_INTERVAL_SECONDS`, one run at a time across replicas. */
  onModuleInit(): void {
    this.jobs.define({
      queue: DECISION_RELEASE_QUEUE,
      everySeconds: this.config.DECISION_RELEASE_INTERVAL_SECONDS,
      policy: 'singleton',
      handler: () => this.releaseDue(),
    });
  }

  /** The decision part of one application. @throws ApiException 404 APP-404 */
  async state(id: string): Promise<DecisionStateResponse> {
    return decisionState(await this.find(id));
  }

  /**
   * Records (or, before release, changes) the decision: sets `decision`, `decided_at`, `decided_by` and
   * status `decided`. Audited `decide` with the decision state before and after. An admit (from another
   * decision or none) into an offering with seats is checked against them first (issue 29 item 4,
   * `SeatsService.claim`): past capacity it is refused unless `acknowledgeOverCapacity`, and an acknowledged
   * one is audited with the figures (`after.overCapacity`).
   * @throws ApiException 404 APP-404; 409 STS-409 when the application is a draft or withdrawn;
   *         409 DEC-409-released once the decision was released (rescind it first);
   *         409 SEAT-409-over-capacity (`data`: seats, taken, offersOut, requested, …) when not acknowledged
   */
  decide(id: string, decision: Decision, actor: User, acknowledgeOverCapacity = false): Promise<DecisionStateResponse> {
    return this.admin.lockedUpdate(id, async (repository, app, manager) => {
      if (!DECIDABLE.has(app.status)) throw new ApiException(HttpStatus.CONFLICT, 'STS-409', { data: decisionState(app) });
      if (app.decisionReleasedAt) throw new ApiException(HttpStatus.CONFLICT, 'DEC-409-released', { data: decisionState(app) });
      // the application's row is locked; the offering's lock comes after it (offering-lock.ts)
      const seats =
        decision === 'admitted' && app.decision !== 'admitted' && app.offeringId !== null
          ? await this.seats.claim(manager, app.offeringId, 1, acknowledgeOverCapacity)
          : null;
      const before = decisionState(app);
      await repository.update(id, {
        decision,
        decidedAt: new Date(),
        decidedBy: actor.id,
        status: 'decided',
        version: () => 'version + 1',
      });
      const after = decisionState(await repository.findOneByOrFail({ id }));
      const audited = seats?.overCapacity ? { ...after, overCapacity: seats } : after;
      await this.audit.record({ actor, action: 'decide', resource: 'applications', recordId: id, before, after: audited }, manager);
      return after;
    });
  }

  /**
   * Rescinds a decision, released or not: clears the decision, its schedule and its release (the letter is
   * hidden again) and puts the application back in the status it had before (complete when the details
   * form was finished, else submitted). Audited `rescind-decision`. The applicant is not e-mailed; a new
   * decision is then recorded and released as usual (that release e-mails them).
   * @throws ApiException 404 APP-404; 409 STS-409 when there is no decision
   */
  rescind(id: string, actor: User): Promise<DecisionStateResponse> {
    return this.admin.lockedUpdate(id, async (repository, app, manager) => {
      if (app.status !== 'decided') throw new ApiException(HttpStatus.CONFLICT, 'STS-409', { data: decisionState(app) });
      const before = decisionState(app);
      await repository.update(id, {
        decision: null,
        decidedAt: null,
        decidedBy: null,
        decisionReleaseAt: null,
        decisionReleasedAt: null,
        // a reply answered the rescinded decision: it goes with it
        reply: null,
        repliedAt: null,
        replyDeadlineAt: null,
        replyReason: null,
        replyAttendingInstead: null,
        deferralTerm: null,
        deferralNote: null,
        deferralDecision: null,
        deferralDecidedAt: null,
        deferralDecidedBy: null,
        deferralDecisionNote: null,
        status: app.completedAt ? 'complete' : 'submitted',
        version: () => 'version + 1',
      });
      const after = decisionState(await repository.findOneByOrFail({ id }));
      await this.audit.record({ actor, action: 'rescind-decision', resource: 'applications', recordId: id, before, after }, manager);
      return after;
    });
  }

  /**
   * Schedules the release of one or many decisions at `at` (UTC; absent or past: now), all or none, each
   * audited `schedule-release`. A release due now is run at once (a job is queued); later ones are picked
   * up by the periodic job. Scheduling again before the release moves the time.
   * @param replyBy the reply deadline of these applicants (issue 29; ISO 8601); absent: the offering's, copied at release
   * @throws ApiException 404 APP-404 for an unknown id; 409 DEC-409-undecided (data.ids) when one has no
   *         decision or was already released
   */
  async release(ids: string[], at: string | undefined, actor: User, replyBy?: string): Promise<ReleaseDecisionsResponse> {
    const unique = [...new Set(ids)];
    const when = at && new Date(at).getTime() > Date.now() ? new Date(at) : new Date();
    await this.db.transaction(async (manager) => {
      const rows = await manager
        .getRepository(Application)
        .createQueryBuilder('a')
        .setLock('pessimistic_write')
        .where('a.id IN (:...ids)', { ids: unique })
        .getMany();
      if (rows.length !== unique.length) throw new ApiException(HttpStatus.NOT_FOUND, 'APP-404');
      await this.scheduleReleaseIn(manager, rows, when, actor, replyBy);
    });
    if (when.getTime() <= Date.now()) await this.releaseSoon();
    return { scheduled: unique.length, at: when.toISOString() };
  }

  /**
   * The scheduling part of {@link release}, in the caller's transaction (also the admit from the waitlist, issue
   * 29 item 4, which records a new decision and releases it this way): sets `decision_release_at` (and the
   * reply deadline when `replyBy` is given) on `rows` and audits each `schedule-release`. After the commit,
   * call {@link releaseSoon} for a release due now.
   * @param rows applications the caller locked (`FOR UPDATE`), each decided and not released
   * @throws ApiException 409 DEC-409-undecided (data.ids) when one has no decision or was already released
   */
  async scheduleReleaseIn(manager: EntityManager, rows: readonly Application[], when: Date, actor: User, replyBy?: string): Promise<void> {
    const refused = rows.filter((a) => a.status !== 'decided' || !a.decision || a.decisionReleasedAt).map((a) => a.id);
    if (refused.length) throw new ApiException(HttpStatus.CONFLICT, 'DEC-409-undecided', { data: { ids: refused } });
    await manager.getRepository(Application).update(
      rows.map((a) => a.id),
      { decisionReleaseAt: when, ...(replyBy ? { replyDeadlineAt: new Date(replyBy) } : {}) },
    );
    for (const app of rows)
      await this.audit.record(
        {
          actor,
          action: 'schedule-release',
          resource: 'applications',
          recordId: app.id,
          before: decisionState(app),
          after: { ...decisionState(app), decisionReleaseAt: when.toISOString(), ...(replyBy ? { replyDeadlineAt: replyBy } : {}) },
        },
        manager,
      );
  }

  /** Queues a run of the release job now (for releases due now, once the transaction that scheduled them committed). */
  async releaseSoon(): Promise<void> {
    await this.jobs.send(DECISION_RELEASE_QUEUE, {});
  }

  /**
   * The release job: claims every decision whose release time has come and that was not released
   * (`UPDATE … SET decision_released_at = now() … RETURNING`, rows locked `FOR UPDATE SKIP LOCKED`, so two
   * replicas never claim the same one), then for each claimed application e-mails the applicant "a
   * decision is available" in the application's language with a fresh link, audits `release-decision` and
   * records the `decision.released` webhook event in the claiming transaction. A claimed row is released even if its e-mail fails (logged): the letter is
   * on /home either way, and no applicant gets the e-mail twice.
   * @returns how many decisions were released
   */
  async releaseDue(): Promise<number> {
    let released = 0;
    for (;;) {
      // The claim and the `decision.released` webhook events commit together (transactional outbox, issue 14):
      // a crash after the commit loses no event, and a rolled-back claim sends none.
      const ids = await this.db.transaction(async (manager) => {
        const rows = (await manager.query(
          `UPDATE applications SET decision_released_at = now(), version = version + 1, updated_at = now(),
                  reply_deadline_at = coalesce(reply_deadline_at,
                                               (SELECT o.reply_deadline_at FROM offerings o WHERE o.id = applications.offering_id))
            WHERE id IN (SELECT id FROM applications
                          WHERE decision_release_at <= now() AND decision_released_at IS NULL
                            AND decision IS NOT NULL AND status = 'decided'
                          ORDER BY decision_release_at LIMIT ${RELEASE_BATCH} FOR UPDATE SKIP LOCKED)
              AND decision_released_at IS NULL
            RETURNING id, decision, decided_at, decision_released_at`,
        )) as [ReleasedRow[], number] | ReleasedRow[];
        // TypeORM answers [rows, count] for an UPDATE … RETURNING
        const claimed = (Array.isArray(rows[0]) ? rows[0] : rows) as ReleasedRow[];
        for (const row of claimed) {
          await this.outbox.decisionReleased(manager, row.id, {
            decision: row.decision,
            decidedAt: iso(row.decided_at),
            releasedAt: iso(row.decision_released_at),
          });
        }
        return claimed.map((row) => row.id);
      });
      for (const id of ids) {
        const app = await this.db.getRepository(Application).findOneByOrFail({ id });
        const token = await this.tokens.issue(app.id, 'details');
        await this.mail.sendLink(app, token, 'decision');
        await this.audit.record({
          actor: null,
          action: 'release-decision',
          resource: 'applications',
          recordId: id,
          after: decisionState(app),
        });
        this.logger.log(`Decision of application ${app.id} released`);
      }
      released += ids.length;
      if (ids.length < RELEASE_BATCH) return released;
    }
  }

  /**
   * The letter of an application's decision rendered in its language, for the office before release.
   * @param decision another decision to preview (default: the recorded one)
   * @throws ApiException 404 APP-404; 409 DEC-409-undecided when there is neither
   */
  async preview(id: string, decision?: Decision): Promise<DecisionLetterResponse> {
    const app = await this.find(id);
    const chosen = decision ?? app.decision;
    if (!chosen) throw new ApiException(HttpStatus.CONFLICT, 'DEC-409-undecided', { data: { ids: [id] } });
    return this.letter(app, chosen);
  }

  /**
   * The applicant's released letter. Nothing before release (404 DEC-404, the same as "no decision").
   * @param app an application the caller may use (token, owner or admin; checked by the controller)
   */
  async released(app: Application): Promise<DecisionLetterResponse> {
    if (!app.decisionReleasedAt || !app.decision || app.status !== 'decided') throw new ApiException(HttpStatus.NOT_FOUND, 'DEC-404');
    return this.letter(app, app.decision);
  }

  /**
   * The released letter as a PDF.
   * @returns the file name and bytes
   * @throws ApiException 404 DEC-404 before release; 422 DEC-422-pdf when the language needs a font the PDF
   *         lacks (zh-CN): the page can be printed instead
   */
  async releasedPdf(app: Application): Promise<{ name: string; bytes: Uint8Array }> {
    const letter = await this.released(app);
    if (!letter.pdfAvailable) throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'DEC-422-pdf');
    return { name: `decision-${app.referenceNumber}.pdf`, bytes: await letterPdf(letter.subject, letter.text) };
  }

  private async letter(app: Application, decision: Decision): Promise<DecisionLetterResponse> {
    const template = await this.templates.forLetter(decision, app.locale);
    // the program's and the semester's labels in the letter's language (issue 11: no English in a Spanish letter)
    const words = await this.words.wordsOf({ ...app, locale: template.locale });
    const values = {
      fullName: formatPersonName(app, template.locale),
      firstName: app.firstName,
      lastName: app.lastName,
      program: words.program,
      semester: words.semester,
      referenceNumber: String(app.referenceNumber),
    };
    const subject = renderLetter(template.subject, values).text;
    const body = renderLetter(template.body, values);
    return {
      applicationId: app.id,
      decision,
      locale: template.locale,
      subject,
      text: body.text,
      html: body.html,
      releasedAt: iso(app.decisionReleasedAt),
      pdfAvailable: await pdfCanDraw(`${subject}\n${body.text}`),
    };
  }

  private async find(id: string): Promise<Application> {
    const app = UUID.test(id) ? await this.db.getRepository(Application).findOneBy({ id }) : null;
    if (!app) throw new ApiException(HttpStatus.NOT_FOUND, 'APP-404');
    return app;
  }
}
