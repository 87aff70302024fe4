/**
 * Pure helpers of "Roll over to next cycle" (`POST /api/admin/terms/:id/roll-over`). The dialog first asks
 * the server for a dry run (nothing written): the proposed key, names and first day of the new term — the
 * source's moved by `months` — and the offerings that would be created. The admin may change the proposal;
 * a field they changed is sent with the next dry run, the others are taken from the server's proposal again
 * (so changing `months` moves them). Confirming sends the proposal exactly as last previewed, without
 * `dryRun`.
 */
import { formatCents } from '../common/money';
import { formatInstant } from '../common/localDateTime';
import { isWholeIn, textFor, toNumber, trimTexts, validateTexts, type FormErrors } from './catalogue';
import { isIsoDate, keyError } from './term';
import type { Gender, LocalizedText, RollOverBody, RollOverResult } from './types';

/** Months every date moves by unless the admin says otherwise (the same season next year). */
export const DEFAULT_MONTHS = 12;
/** Bounds of `months`. */
export const MONTHS_MIN = 1;
/** Bounds of `months`. */
export const MONTHS_MAX = 36;

/** The proposal's fields the admin may change. */
export type ProposalField = 'key' | 'labels' | 'startsOn';
/** Every proposal field. */
export const PROPOSAL_FIELDS: readonly ProposalField[] = ['key', 'labels', 'startsOn'];

/** The dialog's fields as typed. */
export interface RollOverForm {
  months: string;
  key: string;
  labels: LocalizedText;
  startsOn: string;
}

/** The dialog before the first dry run: {@link DEFAULT_MONTHS} and an empty proposal. */
export function initialRollOverForm(): RollOverForm {
  return { months: String(DEFAULT_MONTHS), key: '', labels: { en: '', es: '', 'zh-CN': '' }, startsOn: '' };
}

/** The months of the form as a whole number within bounds, or null. */
export function monthsOf(form: Pick<RollOverForm, 'months'>): number | null {
  const months = toNumber(form.months);
  return isWholeIn(months, MONTHS_MIN, MONTHS_MAX) ? months : null;
}

/**
 * Errors of the dialog: months 1–36; of the proposal, only the fields the admin changed (the others come
 * from the server). `{}` when it can be sent.
 */
export function validateRollOver(form: RollOverForm, edited: ReadonlySet<ProposalField> = new Set(PROPOSAL_FIELDS)): FormErrors {
  const errors: FormErrors = {};
  if (monthsOf(form) === null) errors.months = 'app.terms.roll_over.validation.months';
  if (edited.has('key')) {
    const key = keyError(form.key);
    if (key) errors.key = key;
  }
  if (edited.has('labels')) {
    const labels = validateTexts(form.labels);
    if (labels) errors.labels = labels;
  }
  if (edited.has('startsOn') && !isIsoDate(form.startsOn)) errors.startsOn = 'app.catalogue.validation.date';
  return errors;
}

/**
 * The request body. A dry run carries `months` and the proposal fields the admin changed (`edited`); the
 * confirmation carries the whole proposal as shown.
 */
export function rollOverRequest(form: RollOverForm, edited: ReadonlySet<ProposalField>, dryRun: boolean): RollOverBody {
  const months = monthsOf(form) ?? DEFAULT_MONTHS;
  const send = (field: ProposalField) => !dryRun || edited.has(field);
  return {
    months,
    ...(send('key') ? { key: form.key.trim() } : {}),
    ...(send('labels') ? { labels: trimTexts(form.labels) } : {}),
    ...(send('startsOn') ? { startsOn: form.startsOn.trim() } : {}),
    dryRun,
  };
}

/** The form after a dry run: each proposal field the admin did not change takes the server's proposal. */
export function withProposal(form: RollOverForm, edited: ReadonlySet<ProposalField>, result: RollOverResult): RollOverForm {
  return {
    months: form.months,
    key: edited.has('key') ? form.key : result.term.key,
    labels: edited.has('labels') ? form.labels : { ...result.term.labels },
    startsOn: edited.has('startsOn') ? form.startsOn : result.term.startsOn,
  };
}

/** What a confirmation of `form` would send, as a comparable string (the preview is current while it is unchanged). */
export function confirmationKey(form: RollOverForm): string {
  return JSON.stringify(rollOverRequest(form, new Set(PROPOSAL_FIELDS), false));
}

/** One row of the preview table, formatted for the console. */
export interface PreviewRow {
  /** React key (the preview's ids are all 0). */
  key: string;
  /** The program's stored name and gender. */
  program: string;
  gender: Gender;
  locations: string[];
  opens: string;
  closes: string;
  rounds: { key: string; label: string; deadline: string }[];
  fee: string;
  /** The late fee, or null when there is none. */
  lateFee: string | null;
  /** When the late fee starts ('' for never). */
  lateFeeFrom: string;
  seats: number | null;
}

/** How the preview is formatted: the console's locale, the admin's time zone, the deployment's currency (undefined while unknown). */
export interface PreviewFormat {
  locale: string;
  zone?: string;
  currency: string | undefined;
}

/**
 * The offerings a roll-over would create, as table rows: by program name, then gender, then opening;
 * instants in the admin's zone, fees in the currency, round names in the console's language.
 */
export function previewRows(result: Pick<RollOverResult, 'offerings'>, { locale, zone, currency }: PreviewFormat): PreviewRow[] {
  const when = (iso: string | null) => (iso ? formatInstant(iso, locale, zone) : '');
  return [...result.offerings]
    .sort(
      (a, b) =>
        a.fieldOfInterest.localeCompare(b.fieldOfInterest) ||
        a.gender.localeCompare(b.gender) ||
        Date.parse(a.opensAt) - Date.parse(b.opensAt),
    )
    .map((o, index) => ({
      key: `${o.programId}-${index}`,
      program: o.fieldOfInterest,
      gender: o.gender,
      locations: [...o.locations],
      opens: when(o.opensAt),
      closes: when(o.closesAt),
      rounds: o.rounds.map((r) => ({ key: r.key, label: textFor(r.labels, locale, r.key), deadline: when(r.deadlineAt) })),
      fee: formatCents(o.applicationFeeCents, currency, locale),
      lateFee: o.lateFeeCents > 0 ? formatCents(o.lateFeeCents, currency, locale) : null,
      lateFeeFrom: o.lateFeeCents > 0 ? when(o.lateFeeStartsAt) : '',
      seats: o.seats,
    }));
}

/** Whether an error is the API's 409 CAT-409-taken (the new term's key exists). */
export function isKeyTaken(error: unknown): boolean {
  const e = error as { status?: unknown; body?: { code?: unknown } } | null;
  return !!e && e.status === 409 && e.body?.code === 'CAT-409-taken';
}
