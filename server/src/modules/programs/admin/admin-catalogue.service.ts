import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { ChangeFeedService } from '../../../common/cache/change-feed.service.js';
import { ApiException, fieldError } from '../../../common/errors/api.exception.js';
import { likePattern } from '../../../common/http/simple-rest.js';
import { AuditService } from '../../admin/audit.service.js';
import type { User } from '../../users/user.entity.js';
import { isOpenAt, shiftedOffering, shiftedTerm } from '../cycle/admission-cycle.js';
import { Offering } from '../offering.entity.js';
import { Program } from '../program.entity.js';
import { Term } from '../term.entity.js';
import { CatalogueResource } from './catalogue-resource.js';
import {
  AdminOfferingResponse,
  AdminProgramResponse,
  AdminTermResponse,
  fullFlags,
  RollOverResponse,
  type AdminOfferingDto,
  type AdminProgramDto,
  type AdminTermDto,
  type RollOverDto,
} from './dto/admin-catalogue.dto.js';

/** 409 CAT-409-in-use: applications name the record by the value being changed. */
const inUse = () => new ApiException(HttpStatus.CONFLICT, 'CAT-409-in-use');

/** Whether any application names (gender, field of interest) / a term key. */
async function applicationsUse(manager: EntityManager, where: string, params: unknown[]): Promise<boolean> {
  const rows = (await manager.query(`SELECT 1 FROM applications WHERE ${where} LIMIT 1`, params)) as unknown[];
  return rows.length > 0;
}

/** Programs in the console (issue 25): filters `q` (name or English label), `gender`, `program`, `archived`. */
@Injectable()
export class AdminProgramsService extends CatalogueResource<Program, AdminProgramDto, AdminProgramResponse> {
  protected readonly resource = 'programs';
  protected readonly table = 'programs' as const;
  protected readonly sortColumns = { id: 'r.id', name: 'r.name', gender: 'r.gender', program: 'r.program', sortOrder: 'r.sortOrder' };
  protected readonly defaultSort = 'sortOrder';

  constructor(@InjectDataSource() db: DataSource, audit: AuditService, changes: ChangeFeedService) {
    super(db, audit, changes, Program);
  }

  protected filter(qb: SelectQueryBuilder<Program>, f: Record<string, unknown>): void {
    if (typeof f.q === 'string' && f.q.trim()) qb.andWhere('(r.name ILIKE :q OR r.label ILIKE :q)', { q: likePattern(f.q.trim()) });
    if (typeof f.gender === 'string') qb.andWhere('r.gender = :gender', { gender: f.gender });
    if (typeof f.program === 'string') qb.andWhere('r.program = :program', { program: f.program });
    if (typeof f.archived === 'boolean') qb.andWhere('r.archived = :archived', { archived: f.archived });
  }

  protected toResponses(rows: Program[]): Promise<AdminProgramResponse[]> {
    return Promise.resolve(rows.map((row) => AdminProgramResponse.from(row)));
  }

  protected async columns(dto: AdminProgramDto, row: Program | null, manager: EntityManager): Promise<Partial<Program>> {
    const name = dto.name.trim();
    if (row && (row.name !== name || row.gender !== dto.gender)) {
      if (await applicationsUse(manager, 'lower(gender) = $1 AND field_of_interest = $2', [row.gender, row.name])) throw inUse();
    }
    return {
      gender: dto.gender,
      name,
      program: dto.program,
      label: dto.labels.en.trim(),
      popup: { title: dto.titles.en.trim(), semesters: dto.semesters, college: dto.college.trim() },
      translations: {
        es: { label: dto.labels.es.trim(), title: dto.titles.es.trim() },
        'zh-CN': { label: dto.labels['zh-CN'].trim(), title: dto.titles['zh-CN'].trim() },
      },
      flags: fullFlags(dto.flags),
      sortOrder: dto.sortOrder ?? row?.sortOrder ?? 0,
      archived: dto.archived ?? row?.archived ?? false,
    };
  }
}

/** Offerings in the console (issue 25): filters `termId`, `programId`, `gender`, `open`, `archived`, `acceptingNow`. */
@Injectable()
export class AdminOfferingsService extends CatalogueResource<Offering, AdminOfferingDto, AdminOfferingResponse> {
  protected readonly resource = 'offerings';
  protected readonly table = 'offerings' as const;
  protected readonly sortColumns = {
    id: 'r.id',
    opensAt: 'r.opensAt',
    closesAt: 'r.closesAt',
    termId: 'r.termId',
    programId: 'r.programId',
  };
  protected readonly defaultSort = 'opensAt';

  constructor(
    @InjectDataSource() db: DataSource,
    audit: AuditService,
    private readonly feed: ChangeFeedService,
  ) {
    super(db, audit, feed, Offering);
  }

  /** Tells the caches that offerings changed (after a roll-over wrote them under the terms resource). */
  told(): void {
    this.feed.changed('offerings');
  }

  protected filter(qb: SelectQueryBuilder<Offering>, f: Record<string, unknown>): void {
    if (typeof f.termId === 'number') qb.andWhere('r.termId = :termId', { termId: f.termId });
    if (typeof f.programId === 'number') qb.andWhere('r.programId = :programId', { programId: f.programId });
    if (typeof f.gender === 'string')
      qb.andWhere('r.programId IN (SELECT p.id FROM programs p WHERE p.gender = :gender)', { gender: f.gender });
    if (typeof f.open === 'boolean') qb.andWhere('r.open = :open', { open: f.open });
    if (typeof f.archived === 'boolean') qb.andWhere('r.archived = :archived', { archived: f.archived });
    if (f.acceptingNow === true) qb.andWhere('r.open AND NOT r.archived AND r.opensAt <= now() AND now() < r.closesAt');
  }

  protected toResponses(rows: Offering[], manager: EntityManager): Promise<AdminOfferingResponse[]> {
    return this.responses(rows, manager);
  }

  /** Wire shapes of offerings, with their program's and term's names (`extraTerm`: a term not saved yet). */
  async responses(rows: Offering[], manager: EntityManager, extraTerm?: Term): Promise<AdminOfferingResponse[]> {
    const programIds = [...new Set(rows.map((r) => r.programId))];
    const termIds = [...new Set(rows.map((r) => r.termId))];
    const programs = programIds.length ? await manager.getRepository(Program).findBy({ id: In(programIds) }) : [];
    const terms = termIds.length ? await manager.getRepository(Term).findBy({ id: In(termIds) }) : [];
    if (extraTerm) terms.push(extraTerm);
    const now = new Date();
    return rows.map((row) => {
      const program = programs.find((p) => p.id === row.programId);
      const term = terms.find((t) => t.id === row.termId);
      return AdminOfferingResponse.from(
        row,
        { gender: program?.gender ?? 'female', fieldOfInterest: program?.name ?? '', semester: term?.key ?? '' },
        isOpenAt(row, now),
      );
    });
  }

  protected async columns(dto: AdminOfferingDto, row: Offering | null, manager: EntityManager): Promise<Partial<Offering>> {
    const opensAt = new Date(dto.opensAt);
    const closesAt = new Date(dto.closesAt);
    if (closesAt.getTime() <= opensAt.getTime()) throw fieldError('closesAt', 'errors.CAT-422-window');
    const rounds = [...(dto.rounds ?? [])]
      .map((round) => ({
        key: round.key,
        labels: { en: round.labels.en.trim(), es: round.labels.es.trim(), 'zh-CN': round.labels['zh-CN'].trim() },
        deadlineAt: new Date(round.deadlineAt).toISOString(),
      }))
      .sort((a, b) => Date.parse(a.deadlineAt) - Date.parse(b.deadlineAt));
    if (new Set(rounds.map((r) => r.key)).size !== rounds.length) throw fieldError('rounds', 'errors.CAT-422-round-keys');
    if (!(await manager.getRepository(Program).exists({ where: { id: dto.programId } })))
      throw fieldError('programId', 'errors.CAT-422-unknown');
    if (!(await manager.getRepository(Term).exists({ where: { id: dto.termId } }))) throw fieldError('termId', 'errors.CAT-422-unknown');
    if (row && (row.programId !== dto.programId || row.termId !== dto.termId)) {
      if (await applicationsUse(manager, 'offering_id = $1', [row.id])) throw inUse();
    }
    return {
      programId: dto.programId,
      termId: dto.termId,
      locations: (dto.locations ?? []).map((l) => l.trim()),
      opensAt,
      closesAt,
      graceDays: dto.graceDays ?? 0,
      rounds,
      applicationFeeCents: dto.applicationFeeCents,
      lateFeeCents: dto.lateFeeCents ?? 0,
      lateFeeStartsAt: dto.lateFeeStartsAt ? new Date(dto.lateFeeStartsAt) : null,
      seats: dto.seats ?? null,
      replyDeadlineAt: dto.replyDeadlineAt ? new Date(dto.replyDeadlineAt) : null,
      acceptsDeferrals: dto.acceptsDeferrals ?? row?.acceptsDeferrals ?? false,
      // the deposit (issue 29 item 2): absent fields keep the offering's, as the other settings do
      depositCents: dto.depositCents === undefined ? (row?.depositCents ?? null) : dto.depositCents,
      depositRefundable: dto.depositRefundable ?? row?.depositRefundable ?? false,
      depositDueDays: dto.depositDueDays === undefined ? (row?.depositDueDays ?? null) : dto.depositDueDays,
      lapseUnpaidDeposits: dto.lapseUnpaidDeposits ?? row?.lapseUnpaidDeposits ?? false,
      open: dto.open ?? row?.open ?? true,
      archived: dto.archived ?? row?.archived ?? false,
    };
  }
}

/** Terms in the console (issue 25): filters `q` (key), `archived`; roll-over to the next cycle. */
@Injectable()
export class AdminTermsService extends CatalogueResource<Term, AdminTermDto, AdminTermResponse> {
  protected readonly resource = 'terms';
  protected readonly table = 'terms' as const;
  protected readonly sortColumns = { id: 'r.id', key: 'r.key', startsOn: 'r.startsOn' };
  protected readonly defaultSort = 'startsOn';

  constructor(
    @InjectDataSource() db: DataSource,
    audit: AuditService,
    changes: ChangeFeedService,
    private readonly offerings: AdminOfferingsService,
  ) {
    super(db, audit, changes, Term);
  }

  protected filter(qb: SelectQueryBuilder<Term>, f: Record<string, unknown>): void {
    if (typeof f.q === 'string' && f.q.trim()) qb.andWhere('r.key ILIKE :q', { q: likePattern(f.q.trim()) });
    if (typeof f.archived === 'boolean') qb.andWhere('r.archived = :archived', { archived: f.archived });
  }

  protected toResponses(rows: Term[]): Promise<AdminTermResponse[]> {
    return Promise.resolve(rows.map((row) => AdminTermResponse.from(row)));
  }

  protected async columns(dto: AdminTermDto, row: Term | null, manager: EntityManager): Promise<Partial<Term>> {
    const key = dto.key.trim();
    if (row && row.key !== key && (await applicationsUse(manager, 'semester = $1', [row.key]))) throw inUse();
    const labels = { en: dto.labels.en.trim(), es: dto.labels.es.trim(), 'zh-CN': dto.labels['zh-CN'].trim() };
    return { key, labels, startsOn: dto.startsOn, archived: dto.archived ?? row?.archived ?? false };
  }

  /**
   * Roll-over (issue 25 "the office's yearly job in one step"): a new term with the source's offerings
   * (archived ones left behind), every instant moved by `months` (default 12) in the office's zone, fees,
   * locations, rounds and seats copied. With `dryRun`, nothing is written and the answer shows what would be.
   * Audited as one `roll-over` entry on the source term plus the creation of each record.
   * @throws ApiException 404 REQ-404 (source); 409 CAT-409-taken when the new key exists
   */
  async rollOver(id: string, dto: RollOverDto, actor: User): Promise<RollOverResponse> {
    const months = dto.months ?? 12;
    const run = async (manager: EntityManager): Promise<RollOverResponse> => {
      const terms = manager.getRepository(Term);
      const source = await this.find(id, terms);
      const moved = shiftedTerm(source, months);
      const proposal = {
        key: dto.key?.trim() ?? moved.key,
        labels: dto.labels ? { en: dto.labels.en.trim(), es: dto.labels.es.trim(), 'zh-CN': dto.labels['zh-CN'].trim() } : moved.labels,
        startsOn: dto.startsOn ?? moved.startsOn,
      };
      if (await terms.exists({ where: { key: proposal.key } })) throw new ApiException(HttpStatus.CONFLICT, 'CAT-409-taken');
      const copies = (
        await manager.getRepository(Offering).find({ where: { termId: source.id, archived: false }, order: { id: 'ASC' } })
      ).map((o) =>
        manager.getRepository(Offering).create({
          programId: o.programId,
          locations: [...o.locations],
          graceDays: o.graceDays,
          applicationFeeCents: o.applicationFeeCents,
          lateFeeCents: o.lateFeeCents,
          seats: o.seats,
          acceptsDeferrals: o.acceptsDeferrals,
          depositCents: o.depositCents,
          depositRefundable: o.depositRefundable,
          depositDueDays: o.depositDueDays,
          lapseUnpaidDeposits: o.lapseUnpaidDeposits,
          open: true,
          archived: false,
          ...shiftedOffering(o, months),
        }),
      );
      if (dto.dryRun) {
        const term = Object.assign(terms.create({ ...proposal, archived: false }), { id: 0 });
        const preview = copies.map((o) => Object.assign(o, { id: 0, termId: 0 }));
        return { dryRun: true, term: AdminTermResponse.from(term), offerings: await this.offerings.responses(preview, manager, term) };
      }
      const term = await this.save(terms, terms.create({ ...proposal, archived: false }));
      const saved = await manager.getRepository(Offering).save(copies.map((o) => Object.assign(o, { termId: term.id })));
      const offerings = await this.offerings.responses(saved, manager);
      const after = { term: AdminTermResponse.from(term), offerings: offerings.length, months };
      await this.auditRollOver(actor, source, after, manager);
      return { dryRun: false, term: AdminTermResponse.from(term), offerings };
    };
    if (dto.dryRun) return this.db.transaction(run);
    const result = await this.write((manager) => run(manager));
    this.offerings.told();
    return result;
  }

  private auditRollOver(actor: User, source: Term, after: Record<string, unknown>, manager: EntityManager): Promise<void> {
    return this.audit.record(
      { actor, action: 'roll-over', resource: 'terms', recordId: String(source.id), before: AdminTermResponse.from(source), after },
      manager,
    );
  }
}
