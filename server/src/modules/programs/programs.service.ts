import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ChangeFeedService } from '../../common/cache/change-feed.service.js';
import { MemoCache } from '../../common/cache/memo-cache.js';
import { PrebuiltResponse } from '../../common/http/prebuilt-response.js';
import type { Locale } from '../../common/i18n/i18n.service.js';
import { acceptsSubmissionAt, deadlineFor, feeAt, isOpenAt, nextChangeAfter, type OfferingFee } from './cycle/admission-cycle.js';
import { ProgramResponse, SemesterResponse } from './dto/program.dto.js';
import { Offering, type AdmissionRound } from './offering.entity.js';
import { Program, type Gender } from './program.entity.js';
import { Term } from './term.entity.js';

/** The whole catalogue as held in memory: every program, term and offering (archived ones included). */
export interface CatalogueSnapshot {
  programs: Program[];
  terms: Term[];
  offerings: Offering[];
  programById: Map<number, Program>;
  termById: Map<number, Term>;
  termByKey: Map<string, Term>;
}

/** Why a (program, term, location) choice is refused, or `ok` with the offering it names. */
export type ChoiceVerdict =
  | { verdict: 'ok'; offering: Offering; program: Program }
  | { verdict: 'program' }
  | { verdict: 'semester' }
  | { verdict: 'location' }
  /** The offering exists but takes no applications now; `opensAt`: when it next opens (null: not again). */
  | { verdict: 'closed'; opensAt: Date | null; program: Program };

/** A prebuilt answer and the instant until which it is right (a window opens or closes then). */
interface TimedResponse {
  response: PrebuiltResponse;
  builtAt: number;
  validUntil: number;
}

/** An offering's gender (its program's). */
const genderOf = (snapshot: CatalogueSnapshot, offering: Offering) => snapshot.programById.get(offering.programId)?.gender;

/**
 * The admission catalogue (spec §3; issue 25): programs, terms and offerings, managed by the office in the
 * console and read here from memory. The whole catalogue is loaded once and dropped when any of its tables
 * changes, here or in another replica (`ChangeFeedService`); `GET /api/programs` answers are prebuilt per
 * gender and language and rebuilt at the next instant a window opens or closes, so what applicants may
 * start is judged by the server's clock on every read without a query.
 */
@Injectable()
export class ProgramsService {
  private readonly snapshot = new MemoCache<'all', CatalogueSnapshot>(() => this.load());
  private current: CatalogueSnapshot | null = null;
  private readonly responses = new Map<string, TimedResponse>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    changes: ChangeFeedService,
  ) {
    const drop = () => {
      this.snapshot.clear();
      this.current = null;
      this.responses.clear();
    };
    for (const table of ['programs', 'terms', 'offerings'] as const) changes.subscribe(table, drop);
  }

  /** The catalogue in memory (loaded on first use after a change). Treat as read-only. */
  catalogue(): Promise<CatalogueSnapshot> {
    return this.current ? Promise.resolve(this.current) : this.snapshot.get('all');
  }

  private async load(): Promise<CatalogueSnapshot> {
    const [programs, terms, offerings] = await Promise.all([
      this.db.getRepository(Program).find({ order: { sortOrder: 'ASC', id: 'ASC' } }),
      this.db.getRepository(Term).find({ order: { startsOn: 'ASC', id: 'ASC' } }),
      this.db.getRepository(Offering).find({ order: { id: 'ASC' } }),
    ]);
    const snapshot: CatalogueSnapshot = {
      programs,
      terms,
      offerings,
      programById: new Map(programs.map((p) => [p.id, p])),
      termById: new Map(terms.map((t) => [t.id, t])),
      termByKey: new Map(terms.map((t) => [t.key, t])),
    };
    this.current = snapshot;
    return snapshot;
  }

  /**
   * Fields of interest of `gender` as applicants see them at `now`, texts in `locale`: every program that is
   * not archived, its `courses` the offerings open now (by term start), and for a program with none open,
   * `nextOpensAt`. From memory; treat as read-only.
   */
  async list(gender: Gender, locale: Locale = 'en', now = new Date()): Promise<ProgramResponse[]> {
    return (await this.listResponse(gender, locale, now)).value as ProgramResponse[];
  }

  /**
   * {@link list} as a prebuilt answer (compressed forms, strong ETag): synchronous once built and while no
   * window has opened or closed since.
   */
  listResponse(gender: Gender, locale: Locale = 'en', now = new Date()): PrebuiltResponse | Promise<PrebuiltResponse> {
    const key = `${gender}|${locale}`;
    const held = this.responses.get(key);
    if (held && held.builtAt <= now.getTime() && now.getTime() < held.validUntil && this.current) return held.response;
    return this.catalogue().then((snapshot) => {
      const offerings = snapshot.offerings.filter((o) => genderOf(snapshot, o) === gender);
      const next = nextChangeAfter(offerings, now);
      const response = new PrebuiltResponse(this.build(snapshot, gender, locale, now));
      this.responses.set(key, { response, builtAt: now.getTime(), validUntil: next ? next.getTime() : Number.POSITIVE_INFINITY });
      return response;
    });
  }

  private build(snapshot: CatalogueSnapshot, gender: Gender, locale: Locale, now: Date): ProgramResponse[] {
    return snapshot.programs
      .filter((p) => p.gender === gender && !p.archived)
      .map((program) => {
        const offerings = snapshot.offerings.filter((o) => o.programId === program.id && !o.archived && o.open);
        const openNow = offerings
          .filter((o) => isOpenAt(o, now))
          .map((o) => ({ offering: o, term: snapshot.termById.get(o.termId)! }))
          .filter(({ term }) => term && !term.archived)
          .sort((a, b) => a.term.startsOn.localeCompare(b.term.startsOn));
        const upcoming = offerings.filter((o) => o.opensAt.getTime() > now.getTime()).map((o) => o.opensAt.getTime());
        return ProgramResponse.from(program, locale, {
          courses: openNow.map(({ offering, term }) => ({
            semester: term.key,
            label: term.labels[locale] ?? term.key,
            locations: offering.locations,
            closesAt: offering.closesAt.toISOString(),
            deadlineAt: deadlineFor(offering, now)?.deadlineAt ?? null,
          })),
          nextOpensAt: openNow.length === 0 && upcoming.length ? new Date(Math.min(...upcoming)).toISOString() : null,
        });
      });
  }

  /** Terms with at least one offering open to `gender` at `now`, by first day of classes, labels in `locale`. */
  async semesters(gender: Gender, locale: Locale = 'en', now = new Date()): Promise<SemesterResponse[]> {
    const snapshot = await this.catalogue();
    const termIds = new Set(
      snapshot.offerings
        .filter((o) => isOpenAt(o, now) && genderOf(snapshot, o) === gender && !snapshot.programById.get(o.programId)?.archived)
        .map((o) => o.termId),
    );
    return snapshot.terms
      .filter((t) => termIds.has(t.id) && !t.archived)
      .map((t) =>
        Object.assign(new SemesterResponse(), {
          name: t.key,
          begins: t.startsOn.slice(0, 7),
          startsOn: t.startsOn,
          label: t.labels[locale] ?? t.key,
        }),
      );
  }

  /** Every term (archived too), by first day of classes, its label in `locale`. From memory. */
  async termNames(locale: Locale = 'en'): Promise<SemesterResponse[]> {
    return (await this.catalogue()).terms.map((t) =>
      Object.assign(new SemesterResponse(), {
        name: t.key,
        begins: t.startsOn.slice(0, 7),
        startsOn: t.startsOn,
        label: t.labels[locale] ?? t.key,
      }),
    );
  }

  /** A term key in `locale` (its label); an unknown key as it is. From memory. */
  async termLabel(key: string, locale: Locale): Promise<string> {
    const term = (await this.catalogue()).termByKey.get(key);
    return term?.labels[locale] ?? key;
  }

  /**
   * The label of program `name` for an application of `gender` ('Female' / 'Male' or 'female' / 'male')
   * in `locale`; the name itself when no program has it (issue 11: e-mails name the program, not its key).
   */
  async labelOf(gender: string, name: string, locale: Locale): Promise<string> {
    const row = await this.find(gender.toLowerCase() === 'male' ? 'male' : 'female', name);
    return row ? ProgramResponse.textsOf(row, locale).label : name;
  }

  /** One field of interest of a gender (archived ones too: applications keep naming them), or null. From memory. */
  async find(gender: Gender, name: string): Promise<Program | null> {
    return (await this.catalogue()).programs.find((row) => row.gender === gender && row.name === name) ?? null;
  }

  /** The offering of (gender, field of interest, term key), archived or not, or null. From memory. */
  async offeringOf(gender: Gender, name: string, termKey: string): Promise<Offering | null> {
    const snapshot = await this.catalogue();
    const program = snapshot.programs.find((row) => row.gender === gender && row.name === name);
    const term = snapshot.termByKey.get(termKey);
    if (!program || !term) return null;
    return snapshot.offerings.find((o) => o.programId === program.id && o.termId === term.id) ?? null;
  }

  /** An offering by id, or null. From memory. */
  async offering(id: number | null): Promise<Offering | null> {
    if (id === null) return null;
    return (await this.catalogue()).offerings.find((o) => o.id === id) ?? null;
  }

  /**
   * Whether an applicant of `gender` may choose (program `name`, term `termKey`, `location`) at `now`
   * (spec §3: availability differs per program; issue 25: only offerings open now). An offering with no
   * locations takes none. From memory.
   */
  async checkChoice(gender: Gender, name: string, termKey: string, location: string | null, now = new Date()): Promise<ChoiceVerdict> {
    const snapshot = await this.catalogue();
    const program = snapshot.programs.find((row) => row.gender === gender && row.name === name && !row.archived);
    if (!program) return { verdict: 'program' };
    const term = snapshot.termByKey.get(termKey);
    const offering =
      term && !term.archived
        ? snapshot.offerings.find((o) => o.programId === program.id && o.termId === term.id && !o.archived)
        : undefined;
    if (!offering) return { verdict: 'semester' };
    if (!isOpenAt(offering, now)) {
      const opensAt = offering.open && offering.opensAt.getTime() > now.getTime() ? offering.opensAt : null;
      return { verdict: 'closed', opensAt, program };
    }
    if (offering.locations.length === 0) return location ? { verdict: 'location' } : { verdict: 'ok', offering, program };
    return location && offering.locations.includes(location) ? { verdict: 'ok', offering, program } : { verdict: 'location' };
  }

  /** Whether a draft of offering `id` may be submitted at `now` (window plus grace); no offering: false. */
  async acceptsSubmission(id: number | null, now = new Date()): Promise<boolean> {
    const offering = await this.offering(id);
    return offering !== null && acceptsSubmissionAt(offering, now);
  }

  /** The fee of offering `id` at `at`, or null without an offering. */
  async feeOf(id: number | null, at = new Date()): Promise<OfferingFee | null> {
    const offering = await this.offering(id);
    return offering ? feeAt(offering, at) : null;
  }

  /** The deadline to show for offering `id` at `now` (see {@link deadlineFor}), or null. */
  async deadlineOf(id: number | null, now = new Date(), submittedAt?: Date | null): Promise<AdmissionRound | null> {
    const offering = await this.offering(id);
    return offering ? deadlineFor(offering, now, submittedAt) : null;
  }
}
