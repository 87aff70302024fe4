import { addressErrors, postalCodeErrors } from './address-rules.js';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DateTime } from 'luxon';
import type { Repository } from 'typeorm';
import { ApiException, type FieldErrorMessage } from '../../common/errors/api.exception.js';
import { DropdownsService } from '../dropdowns/dropdowns.service.js';
import type { ShownOption } from '../dropdowns/dropdowns.seed-data.js';
import { MaintenanceService } from '../maintenance/maintenance.service.js';
import { LOCALES, type Locale } from '../../common/i18n/i18n.service.js';
import { zonedTime } from '../../common/i18n/zoned-time.js';
import type { Offering } from '../programs/offering.entity.js';
import type { Program } from '../programs/program.entity.js';
import { ProgramsService } from '../programs/programs.service.js';
import { TokenService } from '../token/token.service.js';
import type { User } from '../users/user.entity.js';
import { WebhookOutboxService } from '../webhooks/webhook-outbox.service.js';
import { poolQuery } from '../../database/pg-pool.js';
import { Application } from './application.entity.js';
import { applicationFromRow } from './application-row.js';
import { CERTIFICATION_FIELDS } from './application-fields.js';
import { ApplicationMailService } from './application-mail.service.js';
import { signatureMatchesName } from '../../../../contract/format/person-name.js';
import { conditionErrors, dropdownKeysOf, optionErrors } from './application-rules.js';
import {
  toApplicationRecord,
  withSavedColumns,
  type ApplicationRecord,
  type StartApplicationResponse,
} from './dto/application-record.dto.js';
import type { ApplicationLinkResponse, MyApplicationDto, NextAction } from './dto/my-applications.dto.js';
import type { SaveApplicationDto } from './dto/save-application.dto.js';
import type { StartApplicationDto } from './dto/start-application.dto.js';
import type { SubmitApplicationDto } from './dto/submit-application.dto.js';
import { computeRequirements, missingFields, type Requirements } from './requirements/requirements.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

/** Fields of the save body that are columns (or control fields), not answers. */
const COLUMN_FIELDS = new Set([
  'version',
  'stepReached',
  'firstName',
  'lastName',
  'email',
  'fieldOfInterest',
  'semesterApplied',
  'location',
  'timeZone',
]);
/** Fields whose change does not undo a certification (the payment step's own fields). */
const PAYMENT_STEP_FIELDS = new Set([
  'version',
  'stepReached',
  'discountCode',
  'creditCardFullName',
  'creditCardBillingZip',
  'creditCardBillingCountry',
  'timeZone',
]);
/** Time zone of the provider (maintenance windows and signature dates are in Eastern time). */
const OFFICE_ZONE = 'America/New_York';

type Errors = Record<string, FieldErrorMessage[]>;

/** Starting, saving, submitting and listing applications (DESIGN §3–§5, contracts 1, 2, 4). */
@Injectable()
export class ApplicationsService {
  private readonly logger = new Logger(ApplicationsService.name);

  constructor(
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    private readonly programs: ProgramsService,
    private readonly tokens: TokenService,
    private readonly maintenance: MaintenanceService,
    private readonly dropdowns: DropdownsService,
    private readonly mails: ApplicationMailService,
    private readonly outbox: WebhookOutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Creates a draft application from the welcome page's choice, issues its token and e-mails a continue
   * link (`/validation?token=…`, a token of its own) in the applicant's locale. The e-mail's pg-boss job
   * and the `application.started` webhook event are written in the same transaction as the row.
   * @param owner the logged-in user, who then owns the application; undefined for anonymous starts
   * @param options.sendLink false to skip the e-mail (demo data)
   * @throws ApiException 503 MAI-002 during maintenance; 422 VAL-001 when the program, semester or
   *         location is not offered to that gender
   */
  async start(dto: StartApplicationDto, owner?: User, options: { sendLink?: boolean } = {}): Promise<StartApplicationResponse> {
    await this.maintenance.assertOnline();
    const { program, offering } = await this.checkedProgram(dto.gender, dto.fieldOfInterest, dto.semester, dto.location ?? null, {
      fields: { program: 'fieldOfInterest', semester: 'semester', location: 'location' },
      locale: dto.locale,
      timeZone: dto.timeZone ?? null,
    });
    const saved = await this.applications.manager.transaction(async (manager) => {
      const row = await manager.getRepository(Application).save(
        manager.getRepository(Application).create({
          userId: owner?.id ?? null,
          email: dto.email,
          firstName: dto.firstName,
          lastName: dto.lastName,
          gender: dto.gender,
          program: program.program,
          fieldOfInterest: program.name,
          semester: dto.semester,
          location: dto.location ?? null,
          offeringId: offering.id,
          locale: dto.locale,
          timeZone: dto.timeZone ?? null,
          status: 'draft',
          stepReached: 1,
          paymentStatus: 'Unpaid',
          version: 1,
          answers: {},
        }),
      );
      await this.outbox.record(manager, 'application.started', row.id);
      if (options.sendLink !== false) await this.mails.queue({ applicationId: row.id, kind: 'start' }, manager);
      return row;
    });
    const application = await this.applications.findOneByOrFail({ id: saved.id });
    const token = await this.tokens.issue(application.id, 'application');
    return { success: true, token, id: application.id, data: toApplicationRecord(application) };
  }

  /**
   * Saves fields of any step with an optimistic version guard: the row is updated only if its version
   * is still `dto.version` (a conditional UPDATE, STACK-NOTES), so a stale tab never overwrites newer
   * data. `stepReached` only ever rises, and never past `stepAllowed` (the one rule set). Null / empty values clear optional answers. Option values
   * must be current dropdown options; conditional fields need their condition (application-rules.ts).
   * Changing any answer after certification withdraws the certification (the applicant reviews and
   * signs again), except the payment step's own fields.
   * @param application the application, already authorised by the caller
   * @throws ApiException 409 APP-409 (with the current record as `data`) on a stale version;
   *         410 TKN-002 when the application is no longer a draft; 503 MAI-002 during maintenance;
   *         422 VAL-001 with per-field errors (option not offered, condition not met, program/semester)
   */
  async save(application: Application, dto: SaveApplicationDto): Promise<ApplicationRecord> {
    await this.maintenance.assertOnline();
    if (application.status !== 'draft') throw new ApiException(HttpStatus.GONE, 'TKN-002');
    if (dto.version !== application.version) throw this.conflict(application);

    const patch = Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined)) as Record<string, unknown>;
    // Object.assign, not `{ ...answers, ...patch }`: a spread's copy gets a map of its own, so every key
    // after it makes new hidden classes (tens of µs a save with a full application; issue 12)
    const merged: Record<string, unknown> = Object.assign({}, application.answers, patch);
    const gender = application.gender;
    const options = await this.optionsFor(dropdownKeysOf(patch, gender));
    const errors: Errors = { ...optionErrors(patch, options, gender), ...conditionErrors(patch, merged), ...addressErrors(patch, merged) };
    if (Object.keys(errors).length) throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors });

    const columns: Partial<Application> = {};
    if (dto.firstName !== undefined) columns.firstName = dto.firstName;
    if (dto.lastName !== undefined) columns.lastName = dto.lastName;
    if (dto.email !== undefined) columns.email = dto.email;
    if (dto.timeZone !== undefined) columns.timeZone = dto.timeZone;
    if (dto.fieldOfInterest !== undefined || dto.semesterApplied !== undefined || dto.location !== undefined) {
      const fieldOfInterest = dto.fieldOfInterest ?? application.fieldOfInterest;
      const semester = dto.semesterApplied ?? application.semester;
      const location = dto.location !== undefined ? dto.location : application.location;
      // staying in the same offering is never refused for its window: a draft keeps saving after the close
      const moved = fieldOfInterest !== application.fieldOfInterest || semester !== application.semester;
      const { program, offering } = await this.checkedProgram(application.gender, fieldOfInterest, semester, location, {
        fields: { program: 'fieldOfInterest', semester: 'semesterApplied', location: 'location' },
        locale: application.locale,
        timeZone: dto.timeZone ?? application.timeZone,
        ignoreWindow: !moved,
      });
      Object.assign(columns, { fieldOfInterest, semester, location, program: program.program, offeringId: offering.id });
    }

    const answers: Record<string, unknown> = Object.assign({}, application.answers);
    for (const [key, value] of Object.entries(patch)) {
      if (COLUMN_FIELDS.has(key)) continue;
      if (value === null) delete answers[key];
      else answers[key] = toPlain(value);
    }
    const uncertify = application.certifiedAt !== null && Object.keys(patch).some((k) => !PAYMENT_STEP_FIELDS.has(k));
    if (uncertify) for (const key of CERTIFICATION_FIELDS) delete answers[key];
    // the record as it will be (the UPDATE below only adds the version, time, step and statuses)
    const saved = Object.assign(this.applications.create(), application, columns, { answers });
    if (uncertify) saved.certifiedAt = null;
    const record = toApplicationRecord(saved);
    const claimed = dto.stepReached ? Number(dto.stepReached) : 1;
    const stepReached =
      claimed > application.stepReached
        ? Math.max(application.stepReached, Math.min(claimed, await this.stepAllowed(saved, record)))
        : application.stepReached;

    // one plain statement on the pool (issue 12): the version guard and the record in one round trip. It
    // returns only what this statement or a writer that does not bump the version (the payment's
    // Pending mark) may have changed; the rest of the record is the row just read, as the guard proves.
    const sets = ['answers = $3', 'step_reached = $4', 'version = version + 1', 'updated_at = now()'];
    const params: unknown[] = [application.id, dto.version, JSON.stringify(answers), stepReached];
    if (uncertify) sets.push('certified_at = NULL');
    for (const [property, value] of Object.entries(columns)) {
      params.push(value);
      sets.push(`${this.applications.metadata.findColumnWithPropertyName(property)!.databaseName} = $${params.length}`);
    }
    const { rows } = await poolQuery<Pick<Application, 'version' | 'updatedAt' | 'status' | 'paymentStatus'>>(
      this.applications.manager.connection,
      `UPDATE applications SET ${sets.join(', ')} WHERE id = $1 AND version = $2
       RETURNING version, updated_at AS "updatedAt", status, payment_status AS "paymentStatus"`,
      params,
    );
    if (rows.length !== 1) throw this.conflict(await this.applications.findOneByOrFail({ id: application.id }));
    return withSavedColumns(record, Object.assign(saved, { stepReached }, rows[0]));
  }

  /**
   * Issue 10 item 5: the highest step the applicant may have reached, by the one rule set — the first
   * applicable step that still has a required field unanswered (the step the applicant is on), or the
   * last step when none has. A client's higher `stepReached` claim is clamped to it.
   * @param application the application as it will be after the save (columns and answers applied)
   * @param record its wire record ({@link toApplicationRecord})
   * @returns a step number 1–8
   */
  private async stepAllowed(application: Application, record: ApplicationRecord): Promise<number> {
    const requirements = await this.requirementsOf(application, record);
    const incomplete = new Set(missingFields(requirements, record).map((m) => m.step));
    return requirements.steps.find((step) => incomplete.has(step)) ?? requirements.steps[requirements.steps.length - 1]!;
  }

  /**
   * Contract 2: the steps, sections, required fields and attachment slots of an application, from the
   * one rule set (`requirements/requirements.ts`) applied to its program and current answers.
   */
  requirements(application: Application, extra: Record<string, unknown> = {}): Promise<Requirements> {
    return this.requirementsOf(application, { ...toApplicationRecord(application), ...extra });
  }

  /** {@link requirements} of an application whose record (with any extra answers) is already built. */
  private async requirementsOf(application: Application, answers: Record<string, unknown>): Promise<Requirements> {
    const program = await this.programs.find(application.gender === 'Female' ? 'female' : 'male', application.fieldOfInterest);
    if (!program)
      throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', {
        errors: { fieldOfInterest: [{ key: 'errors.APP-422-program' }] },
      });
    return computeRequirements({
      gender: application.gender,
      fieldOfInterest: application.fieldOfInterest,
      program: program.program,
      flags: program.flags,
      answers,
      mailingAddress: this.config.MAILING_ADDRESS_REQUIRED,
    });
  }

  /**
   * Contract 4: review and certify. Checks every required field of the rule set and that the
   * signature matches the applicant's name (contract/format/person-name.ts: NFKC, case- and space-insensitive, CJK
   * names also family name first) and the date is
   * today (Eastern time, ±1 day for the applicant's own zone), and that the postal code fits the country. On success stores certifyAllInformation,
   * fullNameSignature, dateSignature, fullName (the name signed against) and date (the office date)
   * in the answers, sets certified_at, raises stepReached to 8; status stays draft (payments submit it).
   * @throws ApiException 422 VAL-001 with `errors` per field and `data.missing` [{field, step}];
   *         409 APP-409 on a stale version; 410 TKN-002 when not a draft; 503 MAI-002 during maintenance
   */
  async submit(application: Application, dto: SubmitApplicationDto): Promise<ApplicationRecord> {
    await this.maintenance.assertOnline();
    if (application.status !== 'draft') throw new ApiException(HttpStatus.GONE, 'TKN-002');
    if (dto.version !== application.version) throw this.conflict(application);

    const errors: Errors = postalCodeErrors(application.answers);
    const fullName = `${application.firstName} ${application.lastName}`;
    if (!signatureMatchesName(dto.fullNameSignature, application.firstName, application.lastName)) {
      errors.fullNameSignature = [{ key: 'validation.signatureMismatch' }];
    }
    const today = DateTime.now().setZone(OFFICE_ZONE).startOf('day');
    const signed = DateTime.fromFormat(dto.dateSignature, 'MM/dd/yyyy', { zone: OFFICE_ZONE });
    if (Math.abs(signed.diff(today, 'days').days) > 1) errors.dateSignature = [{ key: 'validation.signatureDate' }];

    const certification = {
      certifyAllInformation: true,
      fullNameSignature: dto.fullNameSignature,
      dateSignature: dto.dateSignature,
      fullName,
      date: today.toFormat('MM/dd/yyyy'),
    };
    const requirements = await this.requirements(application, certification);
    const missing = missingFields(requirements, { ...toApplicationRecord(application), ...certification });
    for (const { field } of missing) errors[field] ??= [{ key: 'validation.required' }];
    if (Object.keys(errors).length) {
      throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', {
        messageKey: missing.length ? 'errors.APP-422-incomplete' : undefined,
        errors,
        data: { missing },
      });
    }

    const result = await this.applications
      .createQueryBuilder()
      .update(Application)
      .set({
        answers: { ...application.answers, ...certification } as never,
        certifiedAt: () => 'now()',
        stepReached: Math.max(application.stepReached, 8),
        version: () => 'version + 1',
        updatedAt: () => 'now()',
      })
      .where('id = :id AND version = :version', { id: application.id, version: dto.version })
      .returning('*')
      .execute();
    const rows = result.raw as Record<string, unknown>[];
    if (rows.length !== 1) throw this.conflict(await this.applications.findOneByOrFail({ id: application.id }));
    return toApplicationRecord(applicationFromRow(this.applications, rows[0]));
  }

  /**
   * A logged-in applicant's applications, newest first. When the account's address is verified
   * (issue 11: ownership by proof), applications started with that address (case-insensitive) and not
   * yet owned by anyone become the user's here (link by e-mail on listing; docs/decisions.md). An
   * unverified account lists only what it started itself or opened with the application's token.
   */
  async listMine(user: User): Promise<MyApplicationDto[]> {
    if (user.emailVerifiedAt) {
      await this.applications
        .createQueryBuilder()
        .update(Application)
        .set({ userId: user.id })
        .where('user_id IS NULL AND lower(email) = lower(:email)', { email: user.email })
        .execute();
    }
    const rows = await this.applications.find({ where: { userId: user.id }, order: { createdAt: 'DESC' } });
    return rows.map((app) => {
      const record = toApplicationRecord(app);
      return {
        Id: app.id,
        id: app.id,
        referenceNumber: record.referenceNumber,
        fieldOfInterest: app.fieldOfInterest,
        program: app.program,
        semesterApplied: app.semester,
        location: app.location,
        status: app.status,
        stepReached: record.stepReached,
        Payment_Status: app.paymentStatus,
        certifiedAt: record.certifiedAt,
        submittedAt: record.submittedAt,
        completedAt: record.completedAt,
        createdAt: record.createdAt,
        updatedAt: record.updatedAt,
        nextAction: nextActionOf(app),
      };
    });
  }

  /**
   * Issues a fresh tokenised link for an application the caller may open (the /home list's buttons):
   * the application form for a draft, the details form once submitted.
   * @throws ApiException 410 TKN-002 when the application is complete or withdrawn
   */
  async link(application: Application): Promise<ApplicationLinkResponse> {
    const purpose = linkPurposeOf(application);
    if (!purpose) throw new ApiException(HttpStatus.GONE, 'TKN-002');
    const token = await this.tokens.issue(application.id, purpose);
    return { success: true, token, purpose, url: this.mails.linkFor(token) };
  }

  /**
   * `POST /api/continue`: e-mails a fresh link to each open application (draft → application form,
   * submitted → details form) of `email`, each in its own locale (one pg-boss job per e-mail, retried on a
   * failed delivery). Queued in the background so the answer (and its timing) is the same whether or not
   * the address is known; a failure to queue is logged.
   */
  continueByEmail(email: string): void {
    void this.sendContinueLinks(email).catch((error: unknown) =>
      this.logger.error(`continue links failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /** Queues the /continue links now. @returns how many were queued */
  async sendContinueLinks(email: string): Promise<number> {
    const open = await this.applications
      .createQueryBuilder('a')
      .where('lower(a.email) = lower(:email)', { email })
      .andWhere(`a.status IN ('draft', 'submitted')`)
      .orderBy('a.created_at', 'ASC')
      .getMany();
    for (const application of open) {
      const purpose = linkPurposeOf(application)!;
      await this.mails.queue({ applicationId: application.id, kind: purpose === 'application' ? 'continue' : 'details' });
    }
    return open.length;
  }

  private async optionsFor(keys: Set<string>): Promise<Map<string, ShownOption[]>> {
    if (!keys.size) return new Map();
    const lists = await this.dropdowns.list();
    return new Map(lists.filter((d) => keys.has(d.key)).map((d) => [d.key, d.options]));
  }

  private conflict(current: Application): ApiException {
    return new ApiException(HttpStatus.CONFLICT, 'APP-409', { data: toApplicationRecord(current) });
  }

  /**
   * The program and offering of a choice, judged at `now` from the catalogue in memory (issue 25).
   * @param options.ignoreWindow judge only that the offering exists and offers the location (a draft staying
   *        in its offering after the window closed)
   * @throws ApiException 422 VAL-001 on the named field: APP-422-program, APP-422-semester, APP-422-location,
   *         APP-422-closed (window closed), APP-422-not-open-yet (with the opening date in `locale` and `timeZone`)
   */
  private async checkedProgram(
    gender: 'Female' | 'Male',
    name: string,
    semester: string,
    location: string | null,
    options: {
      fields: { program: string; semester: string; location: string };
      locale: string;
      timeZone: string | null;
      ignoreWindow?: boolean;
    },
  ): Promise<{ program: Program; offering: Offering }> {
    const { fields } = options;
    const invalid = (field: string, key: string, params?: Record<string, unknown>) =>
      new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors: { [field]: [{ key, params }] } });
    const catalogueGender = gender === 'Female' ? 'female' : 'male';
    let verdict = await this.programs.checkChoice(catalogueGender, name, semester, location);
    if (verdict.verdict === 'closed' && options.ignoreWindow) {
      const offering = await this.programs.offeringOf(catalogueGender, name, semester);
      const fits = offering && (offering.locations.length === 0 ? !location : location !== null && offering.locations.includes(location));
      verdict = fits ? { verdict: 'ok', offering, program: verdict.program } : { verdict: 'location' };
    }
    switch (verdict.verdict) {
      case 'ok':
        return { program: verdict.program, offering: verdict.offering };
      case 'program':
        throw invalid(fields.program, 'errors.APP-422-program');
      case 'semester':
        throw invalid(fields.semester, 'errors.APP-422-semester');
      case 'location':
        throw invalid(fields.location, 'errors.APP-422-location');
      case 'closed': {
        if (!verdict.opensAt) throw invalid(fields.semester, 'errors.APP-422-closed');
        const locale = (LOCALES as readonly string[]).includes(options.locale) ? (options.locale as Locale) : 'en';
        throw invalid(fields.semester, 'errors.APP-422-not-open-yet', { date: zonedTime(verdict.opensAt, locale, options.timeZone) });
      }
    }
  }
}

/** A DTO value as plain JSON (class instances of nested DTOs become plain objects). */
function toPlain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** Which form a fresh link opens, or null when the application can no longer be opened. */
function linkPurposeOf(app: Application): 'application' | 'details' | null {
  if (app.status === 'draft') return 'application';
  if (app.status === 'submitted') return 'details';
  return null;
}

/** The /home list's next action for an application. */
export function nextActionOf(app: Pick<Application, 'status' | 'certifiedAt' | 'paymentStatus'>): NextAction {
  switch (app.status) {
    case 'draft':
      return app.certifiedAt && app.paymentStatus !== 'Paid' && app.paymentStatus !== 'Waived' ? 'pay' : 'continue';
    case 'submitted':
      return 'details';
    case 'complete':
    case 'under_review':
      return 'receipt';
    default:
      return 'none';
  }
}
