import { APPLICATION_ROUND_SQL } from '../programs/cycle/admission-cycle.js';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import { fromCents } from '../../common/money/money.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { likePattern, whereIdIn, type ParsedListQuery } from '../../common/http/simple-rest.js';
import { Application, type ApplicationStatus, type ReferenceStatus } from '../applications/application.entity.js';
import type { User } from '../users/user.entity.js';
import { applyDateRange, AuditService } from './audit.service.js';
import {
  AdminApplicationDetail,
  AdminApplicationResponse,
  type AdminAttachment,
  type AdminPayment,
  type AdminTimeLogEntry,
} from './dto/admin-application.dto.js';

/** Sortable list fields → columns. */
const SORT_COLUMNS: Record<string, string> = {
  id: 'a.id',
  referenceNumber: 'a.reference_number',
  firstName: 'a.first_name',
  lastName: 'a.last_name',
  email: 'a.email',
  gender: 'a.gender',
  status: 'a.status',
  program: 'a.program',
  fieldOfInterest: 'a.field_of_interest',
  semesterApplied: 'a.semester',
  stepReached: 'a.step_reached',
  Payment_Status: 'a.payment_status',
  createdAt: 'a.created_at',
  updatedAt: 'a.updated_at',
  submittedAt: 'a.submitted_at',
};
/** Fields the admin list may be sorted on. */
export const APPLICATION_SORT_FIELDS = Object.keys(SORT_COLUMNS);

/** Equality filters: filter name → column. Each takes one value or a list. */
const EQUAL_FILTERS: Record<string, string> = {
  status: 'a.status',
  fieldOfInterest: 'a.field_of_interest',
  program: 'a.program',
  semester: 'a.semester',
  semesterApplied: 'a.semester',
  gender: 'a.gender',
  Payment_Status: 'a.payment_status',
  userId: 'a.user_id',
  /** The application's admission round (issue 25): see {@link APPLICATION_ROUND_SQL}. */
  round: APPLICATION_ROUND_SQL,
};

/** Who asks: a user, or an API key (never scoped to assignments). */
type Caller = Pick<User, 'id'> & { role: string };

/** `filter` as `caller` may use it: a reader's is limited to the applications assigned to them (issue 15). */
export function readerScoped(filter: Record<string, unknown>, caller: Caller | undefined): Record<string, unknown> {
  return caller?.role === 'reader' ? { ...filter, assignedTo: caller.id } : filter;
}

/** How old a change must be before the changes feed serves it (ms): longer than any write transaction. */
export const CHANGES_SETTLE_MS = 2000;

/** A changes-feed position: the last row's `updated_at` (ISO, microseconds) and id. */
interface ChangeCursor {
  at: string;
  id: string;
}

/** An opaque, URL-safe cursor (base64url of `<updatedAt>|<id>`; `start` for the beginning). */
export function encodeChangeCursor(position: ChangeCursor | null): string {
  return Buffer.from(position ? `${position.at}|${position.id}` : 'start').toString('base64url');
}

/** The position of a cursor; null for the beginning, undefined for a cursor this service did not make. */
function decodeChangeCursor(cursor: string): ChangeCursor | null | undefined {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (text === 'start') return null;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
    text,
  );
  return match ? { at: match[1]!, id: match[2]! } : undefined;
}

/**
 * The admissions office's view of applications (DESIGN §4, §10): search, filters, sorting, one record
 * with everything attached, CSV export, withdraw and reopen (audited).
 */
@Injectable()
export class AdminApplicationsService {
  constructor(
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The filtered query. Filters: `q` (part of the name, e-mail, or the reference number), `status`,
   * `fieldOfInterest`, `program`, `semester`, `round` (a round key, issue 25), `gender`, `Payment_Status`, `userId` (one value or a list each),
   * `createdFrom` / `createdTo` and `updatedFrom` / `updatedTo` (YYYY-MM-DD, inclusive, or ISO date-times), `id` (a list, for getMany),
   * `assignedTo` (a user id: applications assigned to that reader, issue 15).
   * @throws ApiException 400 REQ-400 for a malformed filter value
   */
  filtered(filter: Record<string, unknown>): SelectQueryBuilder<Application> {
    const qb = this.applications.createQueryBuilder('a');
    const bad = () => new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');
    for (const [name, column] of Object.entries(EQUAL_FILTERS)) {
      const value = filter[name];
      if (value === undefined || value === null || value === '') continue;
      const values = Array.isArray(value) ? value : [value];
      if (!values.length) continue;
      if (values.some((v) => typeof v !== 'string' && typeof v !== 'number')) throw bad();
      const key = `f_${name}`;
      if (name === 'userId' && values.some((v) => !/^[0-9a-f-]{36}$/i.test(String(v)))) throw bad();
      qb.andWhere(`${column} IN (:...${key})`, { [key]: values.map(String) });
    }
    whereIdIn(qb, 'a.id', filter.id, 'uuid');
    if (filter.assignedTo !== undefined) {
      if (typeof filter.assignedTo !== 'string' || !/^[0-9a-f-]{36}$/i.test(filter.assignedTo)) throw bad();
      qb.andWhere('EXISTS (SELECT 1 FROM application_assignments aa WHERE aa.application_id = a.id AND aa.reader_id = :assignedTo)', {
        assignedTo: filter.assignedTo,
      });
    }
    const q = typeof filter.q === 'string' ? filter.q.trim() : '';
    if (q) {
      qb.andWhere(`(a.first_name || ' ' || a.last_name ILIKE :q OR a.email ILIKE :q OR a.reference_number::text = :ref)`, {
        q: likePattern(q),
        ref: q.replace(/^#/, ''),
      });
    }
    applyDateRange(qb, 'a.created_at', filter.createdFrom, filter.createdTo);
    applyDateRange(qb, 'a.updated_at', filter.updatedFrom, filter.updatedTo);
    return qb;
  }

  /**
   * Incremental sync (issue 26 item 8): the applications changed after `cursor`, in (updated_at, id) order,
   * keyset-paged (no offset: rows that change meanwhile are neither skipped nor repeated), with the cursor
   * of the last row. Only changes older than {@link CHANGES_SETTLE_MS} are served: `updated_at` is a
   * transaction's start time, and a transaction still open could commit a row stamped before a cursor
   * already handed out; waiting out the longest write lets every change be read once.
   * @param cursor a `nextCursor` from an earlier page, or undefined for the beginning
   * @param limit rows per page (1–500)
   * @throws ApiException 400 REQ-400 for a cursor this service did not make
   */
  async changes(cursor: string | undefined, limit: number): Promise<{ rows: AdminApplicationResponse[]; nextCursor: string }> {
    const qb = this.applications
      .createQueryBuilder('a')
      .where(`a.updated_at < now() - make_interval(secs => :settle)`, { settle: CHANGES_SETTLE_MS / 1000 })
      .orderBy('a.updated_at', 'ASC')
      .addOrderBy('a.id', 'ASC')
      .limit(limit);
    const position = cursor === undefined ? null : decodeChangeCursor(cursor);
    if (position === undefined) throw new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');
    let last = position;
    if (last) qb.andWhere('(a.updated_at, a.id) > (:at::timestamptz, :id::uuid)', { at: last.at, id: last.id });
    const rows = await qb.getMany();
    // updated_at keeps microseconds that a JS Date would lose: the cursor takes them from the database
    if (rows.length) {
      const [stamp] = (await this.db.query(
        `SELECT to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM applications WHERE id = $1`,
        [rows[rows.length - 1]!.id],
      )) as { at: string }[];
      last = { at: stamp!.at, id: rows[rows.length - 1]!.id };
    }
    return { rows: rows.map(AdminApplicationResponse.from), nextCursor: encodeChangeCursor(last) };
  }

  /** A sorted page of the filtered list with its total; a reader sees only the applications assigned to them. */
  async page(query: ParsedListQuery, caller?: Caller): Promise<{ rows: AdminApplicationResponse[]; total: number }> {
    const qb = this.sorted(this.filtered(readerScoped(query.filter, caller)), query.sortField, query.sortOrder)
      .offset(query.skip)
      .limit(query.take);
    const [rows, total] = await qb.getManyAndCount();
    return { rows: rows.map(AdminApplicationResponse.from), total };
  }

  /** Orders a query as the list does: the sort column (default `createdAt`), then `id` so that ties have one order. */
  private sorted(qb: SelectQueryBuilder<Application>, sortField: string, sortOrder: 'ASC' | 'DESC'): SelectQueryBuilder<Application> {
    return qb.orderBy(SORT_COLUMNS[sortField] ?? 'a.created_at', sortOrder).addOrderBy('a.id', 'ASC');
  }

  /**
   * The filtered list in the list's order, `batchSize` rows at a time, for the CSV export. One query runs
   * once behind a server-side cursor (`DECLARE … CURSOR`, `FETCH batchSize`) in a read-only transaction:
   * one linear pass over one snapshot, so rows changed during the export are neither skipped nor repeated,
   * and never more than one batch in memory. The cursor holds one pooled connection until the last batch
   * is read or the consumer stops early (`break` / `return` closes it).
   * @param batchSize rows per fetch (default `EXPORT_BATCH_SIZE`, 1,000)
   * @throws ApiException 400 REQ-400 for a malformed filter value (on the first `next()`)
   */
  async *batches(
    filter: Record<string, unknown>,
    sortField: string,
    sortOrder: 'ASC' | 'DESC',
    batchSize = this.config.EXPORT_BATCH_SIZE,
  ): AsyncGenerator<AdminApplicationResponse[]> {
    const size = Math.max(1, Math.floor(batchSize));
    const [sql, parameters] = this.sorted(this.filtered(filter), sortField, sortOrder).getQueryAndParameters();
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query('SET TRANSACTION READ ONLY');
      await runner.query(`DECLARE admin_export NO SCROLL CURSOR FOR ${sql}`, parameters);
      for (;;) {
        const rows = (await runner.query(`FETCH FORWARD ${size} FROM admin_export`)) as Record<string, unknown>[];
        if (rows.length) yield rows.map((row) => AdminApplicationResponse.from(this.hydrate(row)));
        if (rows.length < size) break;
      }
      await runner.commitTransaction();
    } finally {
      try {
        if (runner.isTransactionActive) await runner.rollbackTransaction();
      } finally {
        await runner.release();
      }
    }
  }

  /** An entity from a raw row of `createQueryBuilder('a')` (TypeORM names each column `a_<column>`). */
  private hydrate(raw: Record<string, unknown>): Application {
    const app = new Application();
    for (const column of this.applications.metadata.columns) {
      column.setEntityValue(app, this.db.driver.prepareHydratedValue(raw[`a_${column.databaseName}`], column));
    }
    return app;
  }

  /**
   * One application with every answer, its documents (metadata), payments and time log.
   * @throws ApiException 404 APP-404 (also for a reader it is not assigned to)
   */
  async detail(id: string, caller?: Caller): Promise<AdminApplicationDetail> {
    const app = await this.find(id);
    if (caller?.role === 'reader' && !(await this.filtered(readerScoped({ id: [id] }, caller)).getExists()))
      throw new ApiException(HttpStatus.NOT_FOUND, 'APP-404');
    const [attachments, payments, timeLog] = await Promise.all([
      this.db.query(
        `SELECT id, slot, original_name, detected_type, size_bytes, sha256, uploaded_at, replaced_at
         FROM attachments WHERE application_id = $1 AND deleted_at IS NULL ORDER BY slot, uploaded_at DESC`,
        [id],
      ) as Promise<Record<string, unknown>[]>,
      this.db.query(
        `SELECT p.id, p.request_id, p.purpose, p.amount_cents, p.late_fee_cents, p.discount_cents, p.total_cents, p.currency, p.status,
                p.gateway, p.invoice_number, p.transaction_id, p.account_number, p.error_code, p.error_text, p.created_at,
                p.reversal_kind, p.reversed_at, p.reversal_note, p.reversal_error,
                (p.purpose <> 'enrollment_deposit' OR coalesce(o.deposit_refundable, false)) AS refundable
         FROM payments p JOIN applications a ON a.id = p.application_id LEFT JOIN offerings o ON o.id = a.offering_id
         WHERE p.application_id = $1 ORDER BY p.created_at`,
        [id],
      ) as Promise<Record<string, unknown>[]>,
      this.db.query(
        `SELECT id, application_id, step, duration, created_at FROM time_logs WHERE application_id = $1 ORDER BY created_at, id`,
        [id],
      ) as Promise<Record<string, unknown>[]>,
    ]);
    const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
    return Object.assign(new AdminApplicationDetail(), AdminApplicationResponse.from(app), {
      answers: app.answers,
      attachments: attachments.map((r): AdminAttachment => ({
        id: String(r.id),
        slot: String(r.slot),
        originalName: String(r.original_name),
        detectedType: String(r.detected_type),
        sizeBytes: Number(r.size_bytes),
        sha256: String(r.sha256),
        uploadedAt: iso(r.uploaded_at)!,
        replacedAt: iso(r.replaced_at),
        downloadUrl: `/api/details/attachments/${String(r.id)}/download`,
      })),
      payments: payments.map((r): AdminPayment => ({
        id: String(r.id),
        requestId: String(r.request_id),
        purpose: r.purpose as AdminPayment['purpose'],
        amount: fromCents(Number(r.amount_cents)),
        lateFee: fromCents(Number(r.late_fee_cents)),
        discount: fromCents(Number(r.discount_cents)),
        total: fromCents(Number(r.total_cents)),
        currency: String(r.currency),
        status: String(r.status),
        gateway: String(r.gateway),
        invoiceNumber: String(r.invoice_number),
        transactionId: (r.transaction_id as string | null) ?? null,
        accountNumber: (r.account_number as string | null) ?? null,
        errorCode: (r.error_code as string | null) ?? null,
        errorText: (r.error_text as string | null) ?? null,
        reversalKind: (r.reversal_kind as AdminPayment['reversalKind']) ?? null,
        reversedAt: iso(r.reversed_at),
        reversalNote: (r.reversal_note as string | null) ?? null,
        reversalError: (r.reversal_error as string | null) ?? null,
        refundable: r.refundable === true,
        reversible: r.status === 'approved' && !r.reversal_kind && r.transaction_id !== null,
        createdAt: iso(r.created_at)!,
      })),
      timeLog: timeLog.map((r): AdminTimeLogEntry => ({
        id: String(r.id),
        applicationId: (r.application_id as string | null) ?? null,
        step: String(r.step),
        duration: Number(r.duration),
        createdAt: iso(r.created_at)!,
      })),
    });
  }

  /**
   * Withdraws an application (any status but withdrawn): its links stop working (TKN-002). Audited.
   * @throws ApiException 404 APP-404; 409 STS-409 when it is already withdrawn
   */
  withdraw(id: string, actor: User): Promise<AdminApplicationResponse> {
    return this.transition(id, actor, 'withdraw', (app) => (app.status === 'withdrawn' ? null : 'withdrawn'));
  }

  /**
   * Reopens a withdrawn application in the status it had reached: `complete` when the details form was
   * finished, else `submitted` when it was submitted, else `draft`. Audited.
   * @throws ApiException 404 APP-404; 409 STS-409 when it is not withdrawn
   */
  reopen(id: string, actor: User): Promise<AdminApplicationResponse> {
    return this.transition(id, actor, 'reopen', (app) =>
      app.status !== 'withdrawn' ? null : app.completedAt ? 'complete' : app.submittedAt ? 'submitted' : 'draft',
    );
  }

  /**
   * Sets either or both reference statuses, in one transaction with its audit entry (`reference-status`,
   * before and after). @throws ApiException 404 APP-404
   */
  async setReferenceStatuses(
    id: string,
    statuses: { firstReferenceStatus?: ReferenceStatus; secondReferenceStatus?: ReferenceStatus },
    actor: User,
  ): Promise<AdminApplicationResponse> {
    return this.lockedUpdate(id, async (repository, app, manager) => {
      const set: Partial<Pick<Application, 'firstReferenceStatus' | 'secondReferenceStatus'>> = {};
      if (statuses.firstReferenceStatus) set.firstReferenceStatus = statuses.firstReferenceStatus;
      if (statuses.secondReferenceStatus) set.secondReferenceStatus = statuses.secondReferenceStatus;
      const before = { firstReferenceStatus: app.firstReferenceStatus, secondReferenceStatus: app.secondReferenceStatus };
      if (Object.keys(set).length) await repository.update(id, set);
      const updated = await repository.findOneByOrFail({ id });
      const after = { firstReferenceStatus: updated.firstReferenceStatus, secondReferenceStatus: updated.secondReferenceStatus };
      await this.audit.record({ actor, action: 'reference-status', resource: 'applications', recordId: id, before, after }, manager);
      return AdminApplicationResponse.from(updated);
    });
  }

  /**
   * Runs `work` in a transaction on the application row locked FOR UPDATE (also used by the decisions module).
   * @throws ApiException 404 APP-404 for a malformed or unknown id
   */
  lockedUpdate<T>(
    id: string,
    work: (repository: Repository<Application>, app: Application, manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new ApiException(HttpStatus.NOT_FOUND, 'APP-404');
    return this.db.transaction(async (manager) => {
      const repository = manager.getRepository(Application);
      const app = await repository.createQueryBuilder('a').setLock('pessimistic_write').where('a.id = :id', { id }).getOne();
      if (!app) throw new ApiException(HttpStatus.NOT_FOUND, 'APP-404');
      return work(repository, app, manager);
    });
  }

  private async transition(
    id: string,
    actor: User,
    action: 'withdraw' | 'reopen',
    next: (app: Application) => ApplicationStatus | null,
  ): Promise<AdminApplicationResponse> {
    return this.lockedUpdate(id, async (repository, app, manager) => {
      const status = next(app);
      if (!status) throw new ApiException(HttpStatus.CONFLICT, 'STS-409', { data: AdminApplicationResponse.from(app) });
      const before = AdminApplicationResponse.from(app);
      await repository
        .createQueryBuilder()
        .update(Application)
        .set({
          status,
          withdrawnAt: status === 'withdrawn' ? () => 'now()' : null,
          version: () => 'version + 1',
          updatedAt: () => 'now()',
        })
        .where('id = :id', { id })
        .execute();
      const after = AdminApplicationResponse.from(await repository.findOneByOrFail({ id }));
      await this.audit.record({ actor, action, resource: 'applications', recordId: id, before, after }, manager);
      return after;
    });
  }

  private async find(id: string): Promise<Application> {
    const app = /^[0-9a-f-]{36}$/i.test(id) ? await this.applications.findOne({ where: { id } }) : null;
    if (!app) throw new ApiException(HttpStatus.NOT_FOUND, 'APP-404');
    return app;
  }
}
