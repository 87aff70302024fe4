/**
 * Pure helpers of the program forms: validation as strict as the server's AdminProgramDto (name 1–100
 * characters, names and popup titles in three languages, 1–12 semesters, college 1–200 characters, order
 * 0–1,000,000), the request body, the section flags as a list of checked boxes, and how a program is named
 * in a choice list.
 */
import { isBlank, isWholeIn, maxLengthError, text, textFor, toNumber, trimTexts, validateTexts, type FormErrors } from './catalogue';
import {
  GENDERS,
  PROGRAM_GROUPS,
  SECTION_FLAGS,
  type Gender,
  type ProgramGroup,
  type ProgramPayload,
  type ProgramRecord,
  type SectionFlags,
} from './types';

/** Longest program name (the wire value of `fieldOfInterest`). */
export const NAME_MAX = 100;
/** Longest college name. */
export const COLLEGE_MAX = 200;
/** Bounds of the popup's number of semesters. */
export const SEMESTERS_MIN = 1;
/** Bounds of the popup's number of semesters. */
export const SEMESTERS_MAX = 12;
/** Largest sort order. */
export const SORT_ORDER_MAX = 1_000_000;

/** Form values as react-admin holds them. */
export type ProgramFormValues = Partial<Record<keyof ProgramPayload, unknown>>;

/** The checked section flags, in form order (CheckboxGroupInput `format`). */
export function flagsToList(flags: unknown): string[] {
  const source = flags && typeof flags === 'object' ? (flags as Record<string, unknown>) : {};
  return SECTION_FLAGS.filter((flag) => source[flag] === true);
}

/** All twelve flags from the checked boxes (CheckboxGroupInput `parse`); an unknown value is ignored. */
export function listToFlags(list: unknown): SectionFlags {
  const checked = new Set(Array.isArray(list) ? list : []);
  return Object.fromEntries(SECTION_FLAGS.map((flag) => [flag, checked.has(flag)])) as SectionFlags;
}

/** Form-level validation: `{ field: messageKey }` (labels and titles nested by language), empty when valid. */
export function validateProgram(values: ProgramFormValues): FormErrors {
  const errors: FormErrors = {};
  if (!GENDERS.includes(values.gender as Gender)) errors.gender = 'ra.validation.required';
  const name = text(values.name);
  if (!name) errors.name = 'ra.validation.required';
  else if (name.length > NAME_MAX) errors.name = maxLengthError(NAME_MAX);
  if (!PROGRAM_GROUPS.includes(values.program as ProgramGroup)) errors.program = 'ra.validation.required';
  const labels = validateTexts(values.labels);
  if (labels) errors.labels = labels;
  const titles = validateTexts(values.titles);
  if (titles) errors.titles = titles;
  if (isBlank(values.semesters)) errors.semesters = 'ra.validation.required';
  else if (!isWholeIn(toNumber(values.semesters), SEMESTERS_MIN, SEMESTERS_MAX)) errors.semesters = 'app.programs.validation.semesters';
  const college = text(values.college);
  if (!college) errors.college = 'ra.validation.required';
  else if (college.length > COLLEGE_MAX) errors.college = maxLengthError(COLLEGE_MAX);
  if (!isBlank(values.sortOrder) && !isWholeIn(toNumber(values.sortOrder), 0, SORT_ORDER_MAX)) {
    errors.sortOrder = 'app.programs.validation.sort_order';
  }
  return errors;
}

/** The request body: trimmed texts, all twelve flags, order 0 when empty, archived only when true. */
export function toProgramPayload(values: ProgramFormValues): ProgramPayload {
  return {
    gender: values.gender as Gender,
    name: text(values.name),
    program: values.program as ProgramGroup,
    labels: trimTexts(values.labels),
    titles: trimTexts(values.titles),
    semesters: toNumber(values.semesters) ?? SEMESTERS_MIN,
    college: text(values.college),
    flags: listToFlags(flagsToList(values.flags)),
    sortOrder: toNumber(values.sortOrder) ?? 0,
    archived: values.archived === true,
  };
}

/**
 * A program in a choice list or a table: its gender, stored name and, when it differs, its name in the
 * console's language — `Female · MSW (Social work)`.
 * @param genderText the gender's label in the console's language
 */
export function programOptionText(program: Pick<ProgramRecord, 'name' | 'labels'>, locale: string, genderText: string): string {
  const label = textFor(program.labels, locale);
  return `${genderText} · ${program.name}${label && label !== program.name ? ` (${label})` : ''}`;
}
