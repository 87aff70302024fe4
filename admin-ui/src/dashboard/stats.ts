/**
 * Pure helpers of Dashboard Home (no React, no browser): the stats answer made safe to read, and
 * turned into chart series (counts by a dimension, the funnel, time per step) and human units.
 */
import type { AdminStats, ClassShapeTotals, FunnelStep, PaymentTotals, StepTime } from '../api/dataProvider';
import { CLASS_SHAPE_COUNTS } from '../../../contract/format/class-shape';
import { APPLICATION_STEPS, STEP_KEYS } from '../common/form-steps';

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown): number => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
};
const counts = (v: unknown): Record<string, number> =>
  isRecord(v) ? Object.fromEntries(Object.entries(v).map(([k, n]) => [k, num(n)])) : {};

/** The class-shape totals of the stats answer (issue 29 item 5); anything missing is zero, `seats` null (no limit). */
function classShapeTotals(v: unknown): ClassShapeTotals {
  const t = isRecord(v) ? v : {};
  return {
    ...(Object.fromEntries(CLASS_SHAPE_COUNTS.map((key) => [key, num(t[key])])) as Record<(typeof CLASS_SHAPE_COUNTS)[number], number>),
    offerings: num(t.offerings),
    seats: t.seats === null || t.seats === undefined ? null : num(t.seats),
    overCapacity: num(t.overCapacity),
    declineReasons: counts(t.declineReasons),
  };
}

/**
 * Reads GET /api/admin/stats (also inside a `{ success, data }` envelope): every documented field, a
 * missing or malformed one becomes zero / empty, numbers given as strings are converted.
 */
export function normaliseStats(json: unknown): AdminStats {
  const raw = isRecord(json) ? json : {};
  const body = isRecord(raw.data) ? raw.data : raw;
  const payments = isRecord(body.payments) ? body.payments : {};
  const classShape = isRecord(body.classShape) ? body.classShape : {};
  const paymentByStatus: PaymentTotals['byStatus'] = {};
  if (isRecord(payments.byStatus)) {
    for (const [status, total] of Object.entries(payments.byStatus)) {
      const t = isRecord(total) ? total : {};
      paymentByStatus[status] = { count: num(t.count), amount: num(t.amount) };
    }
  }
  return {
    total: num(body.total),
    byStatus: counts(body.byStatus),
    byProgram: counts(body.byProgram),
    byProgramGroup: counts(body.byProgramGroup),
    bySemester: counts(body.bySemester),
    byRound: counts(body.byRound),
    termOrder: Array.isArray(body.termOrder) ? body.termOrder.filter((t): t is string => typeof t === 'string') : [],
    byPaymentStatus: counts(body.byPaymentStatus),
    funnel: Array.isArray(body.funnel)
      ? body.funnel.filter(isRecord).map((f): FunnelStep => ({ step: num(f.step), reached: num(f.reached) }))
      : [],
    timePerStep: Array.isArray(body.timePerStep)
      ? body.timePerStep.filter(isRecord).map((t): StepTime => ({
          step: String(t.step ?? ''),
          count: num(t.count),
          medianSeconds: num(t.medianSeconds),
          p90Seconds: num(t.p90Seconds),
        }))
      : [],
    activeSessions: num(body.activeSessions),
    payments: {
      attempts: num(payments.attempts),
      collected: num(payments.collected),
      currency: typeof payments.currency === 'string' && /^[A-Z]{3}$/.test(payments.currency) ? payments.currency : 'USD',
      approved: num(payments.approved),
      waived: num(payments.waived),
      byStatus: paymentByStatus,
    },
    classShape: {
      total: classShapeTotals(classShape.total),
      byTerm: Array.isArray(classShape.byTerm)
        ? classShape.byTerm.filter(isRecord).map((t) => ({ term: String(t.term ?? ''), ...classShapeTotals(t) }))
        : [],
    },
    generatedAt: typeof body.generatedAt === 'string' ? body.generatedAt : null,
  };
}

/** One bar or slice: the raw key, its label and its value. */
export interface Datum {
  key: string;
  label: string;
  value: number;
}

/**
 * A count map as chart data, largest first (ties by label), zero counts dropped.
 * @param label turns a key into its display label (e.g. a translation)
 */
export function countSeries(values: Record<string, number>, label: (key: string) => string = (k) => k): Datum[] {
  return Object.entries(values)
    .filter(([, value]) => value > 0)
    .map(([key, value]) => ({ key, label: label(key), value }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
}

/**
 * Term counts in calendar order, zero counts dropped: in the order of `termOrder` (the server's term keys by
 * first day of classes, issue 25), terms it does not list after those by key (the client never reads a
 * season or a year from a name).
 */
export function semesterSeries(
  values: Record<string, number>,
  label: (key: string) => string = (k) => k,
  termOrder: readonly string[] = [],
): Datum[] {
  const rank = (key: string) => {
    const i = termOrder.indexOf(key);
    return i < 0 ? termOrder.length : i;
  };
  return countSeries(values, label).sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key));
}

/** One step of the funnel with its share of all applications (0–1; 0 when there are none). */
export interface FunnelDatum {
  step: number;
  reached: number;
  share: number;
}

/**
 * The funnel as steps 1–8, each present (a step the answer lacks counts 0), with the share of `total`
 * (all applications) that reached it.
 */
export function funnelSeries(funnel: FunnelStep[], total: number): FunnelDatum[] {
  return Array.from({ length: APPLICATION_STEPS }, (_, i) => {
    const step = i + 1;
    const reached = funnel.find((f) => f.step === step)?.reached ?? 0;
    return { step, reached, share: total > 0 ? reached / total : 0 };
  });
}

/** The time log's steps in form order (unknown step keys after the known ones, by name); steps never logged are absent. */
export function timeSeries(times: StepTime[]): StepTime[] {
  const rank = (step: string) => {
    const i = (STEP_KEYS as readonly string[]).indexOf(step);
    return i < 0 ? STEP_KEYS.length : i;
  };
  return [...times].sort((a, b) => rank(a.step) - rank(b.step) || a.step.localeCompare(b.step));
}

/** A count in `locale` ("10,000"). */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A share 0–1 as a percentage in `locale` ("90.1%"). */
export function formatShare(share: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}
