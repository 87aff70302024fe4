import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { stringify } from 'csv-stringify/sync';
import type { DataSource } from 'typeorm';
import {
  CLASS_SHAPE_COUNTS,
  isOverCapacity,
  seatsLeft,
  sumClassShape,
  type ClassShapeCount,
} from '../../../../contract/format/class-shape.js';
import { ApiException } from '../../common/errors/api.exception.js';
import type { ParsedListQuery } from '../../common/http/simple-rest.js';
import type { Locale } from '../../common/i18n/i18n.service.js';
import { csvSafe } from '../admin/csv-safe.js';
import { DropdownsService } from '../dropdowns/dropdowns.service.js';
import { ProgramResponse } from '../programs/dto/program.dto.js';
import { ProgramsService } from '../programs/programs.service.js';
import { DECLINE_REASONS_LIST } from '../replies/replies.service.js';
import {
  ClassShapeRowResponse,
  ClassShapeStatsResponse,
  ClassShapeTermTotalsResponse,
  ClassShapeTotalsResponse,
  DeclineReasonCountResponse,
} from './dto/class-shape.dto.js';

/** The aggregate's column of a count: its name in snake case (`deferralRequested` → `deferral_requested`). */
const column = (count: ClassShapeCount) => count.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The counts the view may be sorted on. */
const SORTABLE_COUNTS: readonly ClassShapeCount[] = [
  'admitted',
  'accepted',
  'declined',
  'deferralRequested',
  'deferred',
  'noReply',
  'waitlisted',
  'deposited',
  'lapsed',
  'melt',
];

/** Sort fields of the class view → SQL (columns of the aggregate below). */
const SORT: Readonly<Record<string, string>> = {
  termStartsOn: 't.starts_on',
  programName: 'p.name',
  seats: 'o.seats',
  ...Object.fromEntries(SORTABLE_COUNTS.map((count) => [count, column(count)])),
};

/** The fields the class view may be sorted on (default `termStartsOn` DESC, then program order). */
export const CLASS_SHAPE_SORT_FIELDS = Object.keys(SORT);

/** The CSV's first columns, in order (fields of {@link ClassShapeRowResponse}); one column per decline reason follows. */
const CSV_COLUMNS = [
  'termKey',
  'termLabel',
  'programName',
  'programLabel',
  'gender',
  'id',
  'seats',
  'seatsLeft',
  'overCapacity',
  ...CLASS_SHAPE_COUNTS,
] as const satisfies readonly (keyof ClassShapeRowResponse)[];

/**
 * What the view is limited to: a term, an offering, a list of offering ids (react-admin getMany) — null: no
 * limit — and, with `withDecisions`, only offerings where an admit or waitlist decision was released (or
 * from which a deferral moved).
 */
export interface ClassShapeFilter {
  termId: number | null;
  offeringId: number | null;
  ids: number[] | null;
  withDecisions: boolean;
}

/** One row of the aggregate as PostgreSQL answers it (plus one integer column per count, see {@link column}). */
interface AggregateRow {
  id: number;
  program_id: number;
  term_id: number;
  term_key: string;
  term_starts_on: string;
  program_name: string;
  gender: string;
  archived: boolean;
  seats: number | null;
  accepted: number;
  decline_reasons: Record<string, number>;
}

/** A whole-number filter value (a number or a string of digits), null when absent. @throws ApiException 400 REQ-400 otherwise */
function idFilter(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const text = String(value);
  if (!/^\d{1,9}$/.test(text)) throw new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');
  return Number(text);
}

/**
 * A comparator of decline reasons (`key` gives the value, null: none recorded): in the order of the option list
 * (`labels`), then values the office removed from it (by value), then no reason.
 */
function byReason<T>(labels: Map<string, string>, key: (item: T) => string | null): (a: T, b: T) => number {
  const listed = [...labels.keys()];
  const rank = (value: string | null) =>
    value === null ? listed.length + 1 : listed.includes(value) ? listed.indexOf(value) : listed.length;
  return (a, b) => {
    const [x, y] = [key(a), key(b)];
    return rank(x) - rank(y) || (x ?? '').localeCompare(y ?? '');
  };
}

/**
 * The class taking shape (issue 29 item 5; docs/api.md "The class taking shape"): per offering (program ×
 * term), the released decisions and the applicants' replies — admitted, accepted, declined (by reason),
 * deferral requested, deferred, no reply; waitlisted, staying, withdrawn, no reply — against the offering's
 * seats. One SQL aggregate per call (the applications grouped once per offering, decision, reply and reason,
 * then folded per offering with FILTER clauses); labels from the in-memory catalogue and option lists.
 * Offerings are few (programs × terms), so every matching row is read and paged in memory. Applications
 * older than the catalogue's offerings (no `offering_id`) are not counted. The enrollment deposit (issue 29 item
 * 2) adds `deposited`, `lapsed` (a reply) and `melt` (deposits paid then lost, withdrawn applications included).
 */
@Injectable()
export class ClassShapeService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly programs: ProgramsService,
    private readonly dropdowns: DropdownsService,
  ) {}

  /**
   * The list filter of `GET /api/admin/class-shape`: `termId`, `offeringId` (whole numbers), `id` (one or a
   * list of offering ids; values that cannot be ids match nothing) and `withDecisions` (true or false).
   * @throws ApiException 400 REQ-400 for a `termId` or `offeringId` that is not a whole number, or a
   *         `withDecisions` that is not a boolean
   */
  parseFilter(filter: Record<string, unknown>): ClassShapeFilter {
    const ids =
      filter.id === undefined
        ? null
        : (Array.isArray(filter.id) ? filter.id : [filter.id])
            .map(String)
            .filter((v) => /^\d{1,9}$/.test(v))
            .map(Number);
    const withDecisions = filter.withDecisions ?? false;
    if (typeof withDecisions !== 'boolean') throw new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');
    return { termId: idFilter(filter.termId), offeringId: idFilter(filter.offeringId), ids, withDecisions };
  }

  /**
   * A page of the class view (ra-data-simple-rest): rows per offering, texts in `locale`.
   * @throws ApiException 400 REQ-400 for a bad filter value
   */
  async page(query: ParsedListQuery, locale: Locale): Promise<{ rows: ClassShapeRowResponse[]; total: number }> {
    const rows = await this.rows(this.parseFilter(query.filter), query.sortField, query.sortOrder, locale);
    return { rows: rows.slice(query.skip, query.skip + query.take), total: rows.length };
  }

  /**
   * Every row matching `filter`, sorted on `sortField` (one of {@link CLASS_SHAPE_SORT_FIELDS}; ties: latest
   * term first, then the catalogue's program order), texts in `locale`.
   */
  async rows(filter: ClassShapeFilter, sortField: string, sortOrder: 'ASC' | 'DESC', locale: Locale): Promise<ClassShapeRowResponse[]> {
    const order = `${SORT[sortField] ?? 't.starts_on'} ${sortOrder === 'ASC' ? 'ASC' : 'DESC'} NULLS LAST, t.starts_on DESC, p.sort_order, p.name, o.id`;
    const [raw, catalogue, reasons] = await Promise.all([
      this.aggregate(filter, order),
      this.programs.catalogue(),
      this.reasonLabels(locale),
    ]);
    return raw.map((r) => {
      const program = catalogue.programById.get(r.program_id);
      const term = catalogue.termById.get(r.term_id);
      const row = Object.assign(new ClassShapeRowResponse(), {
        id: r.id,
        termId: r.term_id,
        termKey: r.term_key,
        termLabel: term?.labels[locale] ?? r.term_key,
        termStartsOn: r.term_starts_on,
        programId: r.program_id,
        programName: r.program_name,
        programLabel: program ? ProgramResponse.textsOf(program, locale).label : r.program_name,
        gender: r.gender,
        archived: r.archived,
        seats: r.seats,
        seatsLeft: seatsLeft(r.seats, r.accepted),
        overCapacity: isOverCapacity(r.seats, r.accepted),
        declineReasons: this.reasonCounts(r.decline_reasons, reasons),
      });
      for (const key of CLASS_SHAPE_COUNTS) row[key] = Number((r as unknown as Record<string, unknown>)[column(key)]);
      return row;
    });
  }

  /**
   * The class view as CSV (UTF-8 with BOM): a header row — the field names of {@link CSV_COLUMNS} (`id` as
   * `offeringId`), then `declined: <reason label>` for each reason any row has (labels in `locale`;
   * `declined: -` for declines without a reason) — and one row per offering, the same rows and order as the
   * list without a range. Every text cell goes through {@link csvSafe} (labels are the office's text).
   * @throws ApiException 400 REQ-400 for a bad filter value
   */
  async csv(query: ParsedListQuery, locale: Locale): Promise<string> {
    const [rows, labels] = await Promise.all([
      this.rows(this.parseFilter(query.filter), query.sortField, query.sortOrder, locale),
      this.reasonLabels(locale),
    ]);
    const reasons = new Map<string | null, string>();
    for (const row of rows) for (const r of row.declineReasons) reasons.set(r.reason, r.label ?? '-');
    const ordered = [...reasons.keys()].sort(byReason(labels, (r) => r));
    const header = [...CSV_COLUMNS.map((c) => (c === 'id' ? 'offeringId' : c)), ...ordered.map((r) => `declined: ${reasons.get(r)}`)];
    const lines = rows.map((row) => {
      const counts = new Map(row.declineReasons.map((r) => [r.reason, r.count]));
      return [...CSV_COLUMNS.map((c) => row[c]), ...ordered.map((r) => counts.get(r) ?? 0)];
    });
    // numbers cannot be formulas (and a negative `seatsLeft` stays a number in a spreadsheet)
    return stringify(
      [header, ...lines].map((cells) => cells.map((cell) => (typeof cell === 'number' ? String(cell) : csvSafe(cell)))),
      { bom: true },
    );
  }

  /**
   * The `classShape` figures of `GET /api/admin/stats`: every offering's counts added up, and per term (by
   * first day of classes) — the same rows as the class view without a filter.
   */
  async stats(): Promise<ClassShapeStatsResponse> {
    const rows = await this.rows({ termId: null, offeringId: null, ids: null, withDecisions: false }, 'termStartsOn', 'ASC', 'en');
    const byTerm = new Map<string, ClassShapeRowResponse[]>();
    for (const row of rows) byTerm.set(row.termKey, [...(byTerm.get(row.termKey) ?? []), row]);
    return Object.assign(new ClassShapeStatsResponse(), {
      total: Object.assign(new ClassShapeTotalsResponse(), sumClassShape(rows)),
      byTerm: [...byTerm].map(([term, lines]) => Object.assign(new ClassShapeTermTotalsResponse(), { term }, sumClassShape(lines))),
    });
  }

  /**
   * The one aggregate. `released`: applications with a released decision, grouped by offering, decision, reply
   * and reason; `moved`: approved deferrals by the offering they left. Folded per offering; an archived offering
   * appears only while something is counted in it, any offering with `withDecisions` only while an admit or a
   * waitlist place is (or a deferral moved from it).
   */
  private aggregate(filter: ClassShapeFilter, order: string): Promise<AggregateRow[]> {
    const scope = `($1::int IS NULL OR o.term_id = $1) AND ($2::int IS NULL OR o.id = $2) AND ($3::int[] IS NULL OR o.id = ANY($3))`;
    const count = (where: string) => `coalesce(sum(r.n) FILTER (WHERE ${where}), 0)::int`;
    return this.db.query(
      `WITH scoped AS (SELECT o.id FROM offerings o WHERE ${scope}),
       released AS (
         SELECT a.offering_id, a.decision, a.reply, coalesce(a.reply_reason, '') AS reason,
                -- only accepted rows split by deposit (declined rows stay one per reason for decline_reasons)
                coalesce(a.reply = 'accepted' AND a.deposit_status IN ('paid', 'waived'), false) AS deposit_held, count(*) AS n
         FROM applications a
         WHERE a.status = 'decided' AND a.decision IS NOT NULL AND a.decision_released_at IS NOT NULL
           AND a.offering_id IN (SELECT id FROM scoped)
         GROUP BY 1, 2, 3, 4, 5),
       melted AS (
         SELECT a.offering_id, count(*)::int AS n
         FROM applications a
         WHERE a.deposit_paid_at IS NOT NULL AND a.decision = 'admitted' AND a.decision_released_at IS NOT NULL
           AND a.offering_id IN (SELECT id FROM scoped)
           AND (a.status = 'withdrawn' OR a.reply IS DISTINCT FROM 'accepted' OR a.deposit_status IN ('refunded', 'voided'))
         GROUP BY 1),
       moved AS (
         SELECT a.deferred_from_offering_id AS offering_id, count(*)::int AS n
         FROM applications a
         WHERE a.deferral_decision = 'approved' AND a.deferred_from_offering_id IN (SELECT id FROM scoped)
         GROUP BY 1)
       SELECT o.id, o.program_id, o.term_id, t.key AS term_key, t.starts_on::text AS term_starts_on, p.name AS program_name,
              p.gender, o.archived, o.seats,
              ${count(`r.decision = 'admitted'`)} AS admitted,
              ${count(`r.decision = 'admitted' AND r.reply = 'accepted'`)} AS accepted,
              ${count(`r.decision = 'admitted' AND r.reply = 'declined'`)} AS declined,
              ${count(`r.decision = 'admitted' AND r.reply = 'deferral_requested'`)} AS deferral_requested,
              ${count(`r.decision = 'admitted' AND r.reply IS NULL`)} AS no_reply,
              ${count(`r.decision = 'waitlisted'`)} AS waitlisted,
              ${count(`r.decision = 'waitlisted' AND r.reply = 'staying_on_waitlist'`)} AS waitlist_staying,
              ${count(`r.decision = 'waitlisted' AND r.reply = 'withdrawn_from_waitlist'`)} AS waitlist_withdrawn,
              ${count(`r.decision = 'waitlisted' AND r.reply IS NULL`)} AS waitlist_no_reply,
              ${count(`r.decision = 'admitted' AND r.reply = 'accepted' AND r.deposit_held`)} AS deposited,
              ${count(`r.decision = 'admitted' AND r.reply = 'lapsed'`)} AS lapsed,
              coalesce(max(x.n), 0)::int AS melt,
              coalesce(max(m.n), 0)::int AS deferred,
              coalesce(jsonb_object_agg(r.reason, r.n) FILTER (WHERE r.decision = 'admitted' AND r.reply = 'declined'), '{}'::jsonb)
                AS decline_reasons
       FROM offerings o
       JOIN terms t ON t.id = o.term_id
       JOIN programs p ON p.id = o.program_id
       LEFT JOIN released r ON r.offering_id = o.id
       LEFT JOIN moved m ON m.offering_id = o.id
       LEFT JOIN melted x ON x.offering_id = o.id
       WHERE ${scope}
       GROUP BY o.id, t.id, p.id
       HAVING (NOT o.archived OR count(r.offering_id) > 0 OR coalesce(max(m.n), 0) > 0 OR coalesce(max(x.n), 0) > 0)
          AND (NOT $4 OR ${count(`r.decision IN ('admitted', 'waitlisted')`)} + coalesce(max(m.n), 0) > 0)
       ORDER BY ${order}`,
      [filter.termId, filter.offeringId, filter.ids, filter.withDecisions],
    ) as Promise<AggregateRow[]>;
  }

  /** The `declineReasons` options in `locale`: value → label, in the list's order. */
  private async reasonLabels(locale: Locale): Promise<Map<string, string>> {
    const list = (await this.dropdowns.list(locale)).find((l) => l.key === DECLINE_REASONS_LIST);
    return new Map((list?.options ?? []).map((option) => [option.value, option.label]));
  }

  /** `{value: n}` (key '' = no reason) as rows in the order of {@link byReason}. */
  private reasonCounts(counts: Record<string, number>, labels: Map<string, string>): DeclineReasonCountResponse[] {
    return Object.entries(counts)
      .sort(byReason(labels, ([value]) => value || null))
      .map(([value, count]) =>
        Object.assign(new DeclineReasonCountResponse(), {
          reason: value === '' ? null : value,
          label: value === '' ? null : (labels.get(value) ?? value),
          count: Number(count),
        }),
      );
  }
}
