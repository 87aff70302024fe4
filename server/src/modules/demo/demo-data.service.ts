import { Inject, Injectable, Logger, ValidationPipe } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DateTime } from 'luxon';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import type { DataSource, Repository } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import { VALIDATION_PACKAGES } from '../../common/validation/api-validation.pipe.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AdminApplicationsService } from '../admin/admin-applications.service.js';
import { Application } from '../applications/application.entity.js';
import { APPLICATION_STEPS } from '../applications/application-steps.js';
import { ProgramsService } from '../programs/programs.service.js';
import { ApplicationsService } from '../applications/applications.service.js';
import { SaveApplicationDto } from '../applications/dto/save-application.dto.js';
import { StartApplicationDto } from '../applications/dto/start-application.dto.js';
import { SubmitApplicationDto } from '../applications/dto/submit-application.dto.js';
import { isAttachmentSlot, KIND_MIME, kindsFor } from '../attachments/attachment-slots.js';
import { Attachment } from '../attachments/attachment.entity.js';
import { cleanName } from '../attachments/attachments.service.js';
import { FILE_STORAGE, type FileStorage } from '../attachments/storage/file-storage.js';
import { UploadInspector } from '../attachments/upload-inspector.js';
import { AdminDiscountCodesService } from '../discount-codes/admin-discount-codes.service.js';
import { DiscountCode } from '../discount-codes/discount-code.entity.js';
import { DiscountCodeDto } from '../discount-codes/dto/admin-discount-code.dto.js';
import { PayDto } from '../payments/dto/payment.dto.js';
import { fakeOpaqueData } from '../payments/gateway/fake.gateway.js';
import { PaymentsService } from '../payments/payments.service.js';
import { UpsertSessionDto } from '../session/dto/session.dto.js';
import { SessionService } from '../session/session.service.js';
import { CreateTimeLogDto } from '../timelog/dto/time-log.dto.js';
import { TimelogService } from '../timelog/timelog.service.js';
import { User } from '../users/user.entity.js';
import { DEMO_APPLICANTS, DEMO_DISCOUNT_CODES, DEMO_DOCUMENT, TYPICAL_STEP_SECONDS, type DemoApplicant } from './demo-applicants.js';

/** Session-level advisory lock that keeps two processes starting at once from both seeding. */
const DEMO_LOCK = 7_311_020_001;
/** Time zone of the provider's office (signature dates are in Eastern time). */
const OFFICE_ZONE = 'America/New_York';
/** The sandbox Visa test card the fake gateway approves. */
const TEST_CARD = '4111111111111111';
/** The stages that reach the review step's certification and the payment step. */
const CERTIFIED_STAGES = new Set(['declined', 'paid', 'waived']);

/**
 * The checks the HTTP routes apply to a body (global ValidationPipe: whitelist, no unknown fields,
 * transform), so that demo data the routes would refuse fails here too instead of drifting.
 */
const bodyPipe = new ValidationPipe({ ...VALIDATION_PACKAGES, whitelist: true, forbidNonWhitelisted: true, transform: true });

async function body<T>(metatype: new () => T, value: object): Promise<T> {
  return (await bodyPipe.transform(value, { type: 'body', metatype })) as T;
}

/** Round to the time log's 4 decimals. */
const fourDecimals = (seconds: number) => Math.round(seconds * 10_000) / 10_000;

/** A time in the form the browser sends session times (`2026-11-22T10:00:00-05:00`). */
const sessionTime = (at: Date) => DateTime.fromJSDate(at).setZone(OFFICE_ZONE).toISO({ suppressMilliseconds: true })!;

/** What seeding one applicant produced. */
interface Played {
  id: string;
  token: string;
  demo: DemoApplicant;
}

/**
 * Seeds the demo data of a fresh development start (DEMO_DATA: on by default in development, off in
 * test and production unless set to true) on a database without applications: the ten applicants of
 * `demo-applicants.ts` at every stage of the lifecycle (drafts at steps 1–5 with their answers, one on
 * review, a card declined, one paid through the fake gateway with the DEMO25 code and an uploaded PDF, a
 * fee waived by DEMOWAIVER, one withdrawn), the time spent on each step they left, two form sessions
 * (one active now) and the two demo discount codes. Prints one tokenised link to a draft mid-way.
 *
 * Everything goes through the services the HTTP routes call (start, save, submit, pay, withdraw, code
 * creation, time log, session upsert), with the routes' body validation, so the demo follows the rules.
 * Two exceptions, each stated where it happens: the card is tokenised the way the fake browser
 * tokeniser does (so a card payment is only possible with `PAYMENT_GATEWAY=fake`), and the document is
 * stored the way the multipart upload stores it (inspected, put in the file storage, recorded), since
 * the upload service reads an HTTP request. The admin actions (withdrawal, the codes) are recorded in
 * the audit log as the first admin's.
 */
@Injectable()
export class DemoDataService {
  private readonly logger = new Logger(DemoDataService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(DiscountCode) private readonly codes: Repository<DiscountCode>,
    @InjectRepository(Attachment) private readonly attachments: Repository<Attachment>,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly applicationsService: ApplicationsService,
    private readonly adminApplications: AdminApplicationsService,
    private readonly adminCodes: AdminDiscountCodesService,
    private readonly payments: PaymentsService,
    private readonly timelog: TimelogService,
    private readonly sessions: SessionService,
    private readonly programs: ProgramsService,
  ) {}

  /**
   * Seeds when DEMO_DATA is on and there is no application yet (checked again under an advisory lock).
   * A failure (e.g. a maintenance window, an option an admin removed) is logged and leaves that
   * applicant as far as it got; it never stops the server.
   * @param publicUrl base address for the printed link
   * @returns how many applications were created
   */
  async seed(publicUrl: string): Promise<number> {
    if (!this.config.DEMO_DATA) return 0;
    const started = performance.now();
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [DEMO_LOCK])) as { locked: boolean }[];
      if (!locked) return 0;
      try {
        if ((await this.applications.count()) > 0) return 0;
        const { played, failures } = await this.seedAll();
        for (const error of failures) {
          const reason = error instanceof ApiException ? `${error.code} ${JSON.stringify(error.details)}` : String(error);
          this.logger.error(`Demo data incomplete: ${reason}`);
        }
        const link = played.find((p) => p.demo.tryLink) ?? played[0];
        const seconds = ((performance.now() - started) / 1000).toFixed(2);
        if (link) {
          this.logger.log(
            `Demo data: ${played.length} applications in ${seconds} s. Try one: ${publicUrl}/validation?token=${encodeURIComponent(link.token)}`,
          );
        }
        return played.length;
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [DEMO_LOCK]);
      }
    } finally {
      await runner.release();
    }
  }

  /**
   * The codes first (the payments use them); then every application is started, one after the other so
   * that the reference numbers follow the cast's order; then the applicants go on all at once (each
   * one's steps in order, sharing the connection pool) while the PDF is drawn. An applicant that fails
   * is reported and left as far as it got.
   */
  private async seedAll(): Promise<{ played: Played[]; failures: unknown[] }> {
    const failures: unknown[] = [];
    const started: Played[] = [];
    try {
      const admin = await this.users.findOne({ where: { role: 'admin' }, order: { createdAt: 'ASC' } });
      if (!admin) throw new Error('no admin account to record the demo admin actions as');
      for (const code of DEMO_DISCOUNT_CODES) {
        if (await this.codes.exists({ where: { code: code.code } })) continue;
        await this.adminCodes.create(await body(DiscountCodeDto, { ...code }), admin);
      }
      for (const demo of DEMO_APPLICANTS) started.push(await this.start(demo));
      const author = DEMO_APPLICANTS.find((demo) => demo.stage === 'paid')!;
      const document = demoPdf(`${DEMO_DOCUMENT.title} - ${author.firstName} ${author.lastName}`, DEMO_DOCUMENT.lines);
      document.catch(() => undefined); // awaited (and reported) by the paid applicant
      const results = await Promise.allSettled(started.map((played, index) => this.play(played, index, admin, document)));
      for (const result of results) if (result.status === 'rejected') failures.push(result.reason);
    } catch (error) {
      failures.push(error);
    }
    return { played: started, failures };
  }

  /** Starts an application as the welcome page does (no e-mailed link). */
  private async start(demo: DemoApplicant): Promise<Played> {
    const program = (await this.programs.list(demo.gender === 'Female' ? 'female' : 'male')).find((p) => p.name === demo.fieldOfInterest);
    const course = program?.courses[Math.min(demo.term, program.courses.length - 1)];
    if (!course) throw new Error(`demo data: ${demo.fieldOfInterest} has no open term`);
    const location = course.locations.includes(demo.location) ? demo.location : course.locations[0];
    const { token, id } = await this.applicationsService.start(
      await body(StartApplicationDto, {
        gender: demo.gender,
        fieldOfInterest: demo.fieldOfInterest,
        semester: course.semester,
        location,
        firstName: demo.firstName,
        lastName: demo.lastName,
        email: `${demo.firstName}.${demo.lastName}@example.com`.toLowerCase(),
        locale: demo.locale,
      }),
      undefined,
      { sendLink: false },
    );
    return { id, token, demo };
  }

  /** Takes one started applicant through the rest of its story. */
  private async play({ id, demo }: Played, index: number, admin: User, document: Promise<Buffer>): Promise<void> {
    const certified = CERTIFIED_STAGES.has(demo.stage);
    let application = await this.save(id, { stepReached: String(certified ? 7 : demo.stepReached), ...demo.answers });
    const { steps } = await this.applicationsService.requirements(application);

    let stepsLeft = steps.filter((step) => step < demo.stepReached);
    if (certified) {
      await this.applicationsService.submit(
        application,
        await body(SubmitApplicationDto, {
          certifyAllInformation: true,
          fullNameSignature: `${demo.firstName} ${demo.lastName}`,
          dateSignature: DateTime.now().setZone(OFFICE_ZONE).toFormat('MM/dd/yyyy'),
          version: application.version,
        }),
      );
      application = await this.save(id, { ...demo.payment });
      const paid = await this.pay(application, demo);
      stepsLeft = steps.filter((step) => step <= (paid ? 8 : 7));
    }
    if (demo.stage === 'withdrawn') await this.adminApplications.withdraw(id, admin);
    if (demo.stage === 'paid') await this.uploadDocument(application, demo, await document);

    for (const step of stepsLeft) {
      const key = APPLICATION_STEPS.find((s) => s.number === step)!.key;
      const dto = await body(CreateTimeLogDto, { step: key, duration: stepSeconds(key, index, step) });
      await this.timelog.record(id, dto.step, dto.duration);
    }
    if (demo.session) await this.recordSession(id, demo.session);
  }

  /** Saves answers as the form's autosave does (`PATCH` body, current version). */
  private async save(id: string, patch: Record<string, unknown>): Promise<Application> {
    const application = await this.applications.findOneByOrFail({ id });
    await this.applicationsService.save(application, await body(SaveApplicationDto, { version: application.version, ...patch }));
    return this.applications.findOneByOrFail({ id });
  }

  /**
   * Pays as the payment step does: the waiver code alone, or the card the fake browser tokeniser
   * would send (the sandbox Visa). A card can only be tokenised server-side with the fake gateway
   * (Accept.js runs in the browser), so with Authorize.Net a card applicant stays certified and unpaid.
   * @returns whether the fee was paid or waived
   */
  private async pay(application: Application, demo: DemoApplicant): Promise<boolean> {
    const card = demo.payment?.creditCardFullName !== undefined;
    if (card && this.config.PAYMENT_GATEWAY !== 'fake') {
      this.logger.warn(`Demo data: ${demo.firstName} ${demo.lastName} left unpaid (card payments need PAYMENT_GATEWAY=fake)`);
      return false;
    }
    const dto = await body(PayDto, {
      applicationId: application.id,
      requestId: `demo-${randomUUID()}`,
      ...demo.payment,
      ...(card ? { opaqueData: fakeOpaqueData(TEST_CARD) } : {}),
    });
    try {
      await this.payments.pay(application, dto);
      return true;
    } catch (error) {
      if (demo.stage === 'declined' && error instanceof ApiException && error.code === 'PAY-001') return false;
      throw error;
    }
  }

  /**
   * Stores a generated one-page PDF in the demo slot the way the upload does: through the
   * {@link UploadInspector} (size, sha256, type from the content) into the file storage under a
   * generated key, then the attachment row. (The upload service itself reads a multipart HTTP request.)
   */
  private async uploadDocument(application: Application, demo: DemoApplicant, pdf: Buffer): Promise<void> {
    const slot = DEMO_DOCUMENT.slot;
    if (!isAttachmentSlot(slot)) throw new Error(`${slot} is not an attachment slot`);
    const key = `applications/${application.id}/${randomUUID()}`;
    const inspector = new UploadInspector(this.config.UPLOAD_MAX_FILE_BYTES, undefined, (kind, detected) => {
      if (!kind || !kindsFor(slot).includes(kind)) throw new Error(`demo document detected as ${detected ?? 'unknown'}`);
    });
    await this.storage.put(key, Readable.from([pdf]).pipe(inspector), KIND_MIME.pdf);
    const file = inspector.result();
    const now = new Date();
    await this.attachments.save(
      this.attachments.create({
        applicationId: application.id,
        slot,
        originalName: cleanName(`${DEMO_DOCUMENT.title} - ${demo.firstName} ${demo.lastName}.pdf`),
        detectedType: KIND_MIME[file.kind!],
        sizeBytes: file.size,
        sha256: file.sha256,
        storageKey: key,
        validatedAt: now,
        uploadedAt: now,
        replacedAt: null,
        deletedAt: null,
      }),
    );
  }

  /** A form session as the browser records it: one active now, or one that ended an hour ago. */
  private async recordSession(parentId: string, kind: 'active' | 'ended'): Promise<void> {
    const minutesAgo = (m: number) => sessionTime(new Date(Date.now() - m * 60_000));
    const times =
      kind === 'active'
        ? { startTime: minutesAgo(14), lastActivityTime: minutesAgo(1) }
        : { startTime: minutesAgo(95), lastActivityTime: minutesAgo(62), endTime: minutesAgo(60) };
    await this.sessions.upsert(
      await body(UpsertSessionDto, { id: randomUUID(), ...times, parentModule: 'application', parentId, renewed: false }),
    );
  }
}

/**
 * Seconds an applicant spent on a step: the typical time, at the applicant's own pace (0.6×–1.4×),
 * varied a little per step, with sub-second digits as the browser measures them.
 */
function stepSeconds(key: string, applicant: number, step: number): number {
  const pace = 0.6 + (applicant % 5) * 0.2;
  const jitter = 1 + (((applicant * 7 + step * 13) % 21) - 10) / 100;
  return fourDecimals(TYPICAL_STEP_SECONDS[key] * pace * jitter + ((applicant * 0.3137 + step * 0.1719) % 1));
}

/** A one-page letter-size PDF with a title and a few lines of text (pdf-lib, loaded only when seeding). */
async function demoPdf(title: string, lines: readonly string[]): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 72, y: 700, size: 18, font });
  lines.forEach((line, i) => page.drawText(line, { x: 72, y: 660 - i * 18, size: 11, font }));
  return Buffer.from(await doc.save());
}
