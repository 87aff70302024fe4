/**
 * Groups an application's saved answers (spec §3 field names, docs/api.md "The record") into the
 * form's steps for the show page, and names each field: a message key with arguments for the
 * translator plus a readable English fallback made from the key itself. Which step a field belongs to,
 * the steps' order and the step-5 families (course rows, subject pairs) come from the server's registry
 * (`GET /api/admin/application-fields`, {@link ./applicationFields}; issue 14), so a field the registry
 * does not know is still shown, in the "Other answers" section.
 */
import type { Schema } from '../api/contract-types';

/** The server's field registry: the form's steps and every answer field in form order. */
export type ApplicationFields = Schema<'ApplicationFieldsResponse'>;

/** The section of answers the registry does not place in a step. */
export const OTHER_SECTION = 'other';

/** How to name a field: a message key and its arguments (an argument that is itself a key is translated first). */
export interface FieldLabel {
  key: string;
  args?: Record<string, string | number>;
}

/** The answers of one section (a step key, or {@link OTHER_SECTION}), in form order. */
export interface AnswerSection {
  key: string;
  fields: string[];
}

/** A field of the registry with its step key and its place in the form. */
interface IndexedField {
  field: Schema<'ApplicationFieldDto'>;
  stepKey: string;
  rank: number;
}

/** The registry by field name, built once per registry object. */
const indexes = new WeakMap<ApplicationFields, Map<string, IndexedField>>();

function indexOf(registry: ApplicationFields): Map<string, IndexedField> {
  let index = indexes.get(registry);
  if (!index) {
    const stepKeys = new Map(registry.steps.map((s) => [s.number, s.key]));
    index = new Map(
      registry.fields.map((field, rank) => [field.name, { field, stepKey: stepKeys.get(field.step) ?? OTHER_SECTION, rank }]),
    );
    indexes.set(registry, index);
  }
  return index;
}

/**
 * "fatherFirstName" → "Father first name", "OTDCourse3" → "OTD course 3", "Payment_Status" →
 * "Payment status": the English fallback for a field without a message.
 */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return words.map((w, i) => (/^[A-Z0-9]{2,}$/.test(w) ? w : i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w.toLowerCase())).join(' ');
}

/**
 * The message key (and arguments) naming `field`: a course row `app.applications.answer.course_<OTD|MSLP|Nutrition>`
 * with `n`, a subject half `app.applications.answer.subject_<prerequisite|info>` with the subject's key,
 * any other field `resources.applications.fields.<field>`.
 */
export function fieldLabel(field: string, registry: ApplicationFields): FieldLabel {
  const family = indexOf(registry).get(field)?.field.family;
  if (family?.kind === 'course' && family.table && family.row)
    return { key: `app.applications.answer.course_${family.table.replace(/Course$/, '')}`, args: { n: family.row } };
  if (family?.kind === 'subject' && family.subject && family.part)
    return { key: `app.applications.answer.subject_${family.part}`, args: { subject: `app.applications.subject.${family.subject}` } };
  return { key: `resources.applications.fields.${field}` };
}

/** The section (step key) `field` belongs to; {@link OTHER_SECTION} for a field the registry does not know. */
export function sectionOf(field: string, registry: ApplicationFields): string {
  return indexOf(registry).get(field)?.stepKey ?? OTHER_SECTION;
}

/**
 * The saved answers by section: the registry's steps in order, then {@link OTHER_SECTION}; each section's
 * fields in the registry's order (unknown fields by name, numbers numerically). Sections without an answer
 * are left out; `undefined` values are ignored.
 */
export function groupAnswers(answers: Record<string, unknown>, registry: ApplicationFields): AnswerSection[] {
  const index = indexOf(registry);
  const bySection = new Map<string, string[]>();
  for (const [field, value] of Object.entries(answers)) {
    if (value === undefined) continue;
    const section = index.get(field)?.stepKey ?? OTHER_SECTION;
    bySection.set(section, [...(bySection.get(section) ?? []), field]);
  }
  const rank = (field: string) => index.get(field)?.rank ?? Number.MAX_SAFE_INTEGER;
  return [...registry.steps.map((s) => s.key), OTHER_SECTION]
    .filter((key, i, keys) => bySection.has(key) && keys.indexOf(key) === i)
    .map((key) => ({
      key,
      fields: (bySection.get(key) ?? []).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true })),
    }));
}

/** An answer's shape for display. */
export type AnswerValue =
  | { kind: 'empty' }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'text'; value: string }
  | { kind: 'object'; entries: [string, AnswerValue][] }
  | { kind: 'list'; items: AnswerValue[] };

/**
 * Classifies a saved answer for display: null/blank → empty; booleans; numbers and strings → text;
 * objects → their entries (recursively; an object whose values are all empty is empty); arrays →
 * items (rows that are wholly empty are dropped; no rows → empty).
 */
export function describeValue(value: unknown): AnswerValue {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (typeof value === 'number' || typeof value === 'bigint') return { kind: 'text', value: String(value) };
  if (typeof value === 'string') return value.trim() === '' ? { kind: 'empty' } : { kind: 'text', value };
  if (Array.isArray(value)) {
    const items = value.map(describeValue).filter((v) => v.kind !== 'empty');
    return items.length ? { kind: 'list', items } : { kind: 'empty' };
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, describeValue(v)] as [string, AnswerValue]);
    return entries.some(([, v]) => v.kind !== 'empty') ? { kind: 'object', entries } : { kind: 'empty' };
  }
  return { kind: 'text', value: String(value) };
}
