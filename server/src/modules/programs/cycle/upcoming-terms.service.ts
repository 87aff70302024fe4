import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DateTime } from 'luxon';
import type { DataSource, EntityManager } from 'typeorm';
import { ChangeFeedService } from '../../../common/cache/change-feed.service.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { Offering, type AdmissionRound } from '../offering.entity.js';
import { Term } from '../term.entity.js';
import { OFFICE_ZONE, shiftInstant, shiftedTerm } from './admission-cycle.js';

/** Session-level advisory lock that keeps two processes starting at once from both creating terms. */
const UPCOMING_LOCK = 7_250_025;

/** Terms that begin sooner than this after today are not offered as upcoming (their window would be too short). */
const MIN_LEAD_DAYS = 21;
/** The window of a created term closes this many days before its first day of classes. */
const CLOSE_BEFORE_START_DAYS = 14;

/** The rounds a created offering gets: a priority round half-way through the window, then the regular round at its close. */
const ROUND_LABELS: Record<'priority' | 'regular', AdmissionRound['labels']> = {
  priority: { en: 'Priority deadline', es: 'Plazo prioritario', 'zh-CN': '优先截止' },
  regular: { en: 'Regular deadline', es: 'Plazo regular', 'zh-CN': '常规截止' },
};

/** A planned term: which existing term it repeats and how many months later. */
export interface PlannedTerm {
  template: Term;
  months: number;
  startsOn: string;
  key: string;
}

/**
 * The next `count` terms (three: so each gender, offered different seasons, sees at least two) that begin at least {@link MIN_LEAD_DAYS} days after `now`, each a later
 * occurrence (whole years on) of the most recent term of its kind — terms whose keys differ only in their
 * years (a season and a year) are one kind. Pure; `terms` is every term.
 */
export function plannedTerms(terms: readonly Term[], now: Date, count = 3): PlannedTerm[] {
  const latest = new Map<string, Term>();
  for (const term of terms) {
    if (term.archived) continue;
    const kind = term.key.replace(/\d{4}/g, '#');
    const held = latest.get(kind);
    if (!held || held.startsOn < term.startsOn) latest.set(kind, term);
  }
  const earliest = DateTime.fromJSDate(now, { zone: OFFICE_ZONE }).plus({ days: MIN_LEAD_DAYS }).toISODate()!;
  const candidates: PlannedTerm[] = [];
  for (const template of latest.values()) {
    for (let years = 0; years <= 10; years++) {
      const moved = shiftedTerm(template, years * 12);
      if (moved.startsOn >= earliest) {
        candidates.push({ template, months: years * 12, startsOn: moved.startsOn, key: moved.key });
        break;
      }
    }
  }
  return candidates.sort((a, b) => a.startsOn.localeCompare(b.startsOn)).slice(0, count);
}

/**
 * Never rots (issue 25 item 4): where nobody runs the cycle by hand — the demo data and the embedded
 * default (`CATALOGUE_UPCOMING_TERMS`, on when `DEMO_DATA` is or `DATABASE_URL` is unset) — the catalogue
 * always offers the next terms that begin after today (see {@link plannedTerms}): missing ones are created from the latest term
 * of their kind with its offerings (fees, locations, seats), their windows open from today until two weeks
 * before the first day, a priority round half-way and the regular round at the close, the late fee from
 * the priority deadline. Checked at start and every `CATALOGUE_UPCOMING_CHECK_MINUTES`. Terms the office
 * made itself are left as they are.
 */
@Injectable()
export class UpcomingTermsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(UpcomingTermsService.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly changes: ChangeFeedService,
  ) {}

  /** Creates missing upcoming terms when enabled, then checks again on a timer (unref'd). */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.CATALOGUE_UPCOMING_TERMS) return;
    await this.ensure();
    const minutes = this.config.CATALOGUE_UPCOMING_CHECK_MINUTES;
    if (minutes > 0) {
      this.timer = setInterval(() => void this.ensure().catch((error: unknown) => this.logger.error(String(error))), minutes * 60_000);
      this.timer.unref();
    }
  }

  /** Stops the timer. */
  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * Creates the upcoming terms that are missing at `now` (under an advisory lock; another process holding
   * it is doing the same). @returns the keys created
   */
  async ensure(now = new Date()): Promise<string[]> {
    const created = await this.db.transaction(async (manager) => {
      const [{ locked }] = (await manager.query('SELECT pg_try_advisory_xact_lock($1) AS locked', [UPCOMING_LOCK])) as {
        locked: boolean;
      }[];
      if (!locked) return [];
      const terms = await manager.getRepository(Term).find();
      const keys: string[] = [];
      for (const plan of plannedTerms(terms, now)) {
        if (terms.some((t) => t.key === plan.key)) continue;
        await this.create(manager, plan, now);
        keys.push(plan.key);
      }
      return keys;
    });
    if (created.length) {
      this.changes.changed('terms');
      this.changes.changed('offerings');
      this.logger.log(`Upcoming terms created: ${created.join(', ')}`);
    }
    return created;
  }

  private async create(manager: EntityManager, plan: PlannedTerm, now: Date): Promise<void> {
    const moved = shiftedTerm(plan.template, plan.months);
    const term = await manager.getRepository(Term).save(manager.getRepository(Term).create({ ...moved, archived: false }));
    const opensAt = DateTime.fromJSDate(now, { zone: OFFICE_ZONE }).startOf('day');
    const closesAt = DateTime.fromISO(term.startsOn, { zone: OFFICE_ZONE }).minus({ days: CLOSE_BEFORE_START_DAYS }).endOf('day');
    const priority = opensAt.plus({ milliseconds: closesAt.diff(opensAt).as('milliseconds') / 2 }).endOf('day');
    const rounds: AdmissionRound[] = [
      { key: 'priority', labels: ROUND_LABELS.priority, deadlineAt: priority.toUTC().toISO()! },
      { key: 'regular', labels: ROUND_LABELS.regular, deadlineAt: closesAt.toUTC().toISO()! },
    ];
    const templates = await manager.getRepository(Offering).find({ where: { termId: plan.template.id, archived: false } });
    const offerings = manager.getRepository(Offering);
    await offerings.save(
      templates.map((o) =>
        offerings.create({
          programId: o.programId,
          termId: term.id,
          locations: [...o.locations],
          opensAt: opensAt.toJSDate(),
          closesAt: closesAt.toJSDate(),
          graceDays: o.graceDays,
          rounds,
          applicationFeeCents: o.applicationFeeCents,
          lateFeeCents: o.lateFeeCents,
          lateFeeStartsAt: priority.toJSDate(),
          seats: o.seats,
          // the template's reply deadline moved by as many whole years as its term is behind
          replyDeadlineAt: o.replyDeadlineAt ? shiftInstant(o.replyDeadlineAt, plan.months) : null,
          acceptsDeferrals: o.acceptsDeferrals,
          depositCents: o.depositCents,
          depositRefundable: o.depositRefundable,
          depositDueDays: o.depositDueDays,
          lapseUnpaidDeposits: o.lapseUnpaidDeposits,
          open: true,
          archived: false,
        }),
      ),
    );
  }
}
