/**
 * Groups an application's saved answers (spec §3 field names, docs/api.md "The record") into the
 * form's sections for the show page, and names each field: a message key with arguments for the
 * translator plus a readable English fallback made from the key itself, so that a field this console
 * does not know yet is still shown, in the "Other answers" section.
 */
import { APPLICATION_STEP_KEYS } from '../common/form-steps';

/** Section keys in form order (steps 1–8), then everything else. */
export const SECTION_KEYS = [...APPLICATION_STEP_KEYS, 'other'] as const;

/** One of {@link SECTION_KEYS}. */
export type SectionKey = (typeof SECTION_KEYS)[number];

/** Subjects with a `<subject>Prerequisite` / `<subject>Info` pair (step 5). */
export const PREREQUISITE_SUBJECTS = [
  'math',
  'introductionToPsychology',
  'introductionToBiology',
  'introductionToEnglish',
  'businessLaw',
  'introductionToProgramming',
] as const;

/** Fields of each section in form order (spec §3). Step 5's numbered and per-subject fields are matched by {@link PATTERNS}. */
const FIELDS: Record<Exclude<SectionKey, 'other'>, string[]> = {
  personal: [
    'email',
    'firstName',
    'lastName',
    'gender',
    'program',
    'fieldOfInterest',
    'semesterApplied',
    'location',
    'dateOfBirth',
    'addressCountry',
    'addressState',
    'addressRegion',
    'addressZip',
    'maritalStatus',
    'contactName',
    'cellPhone',
    'howHeard',
  ],
  family: [
    'fatherFirstName',
    'fatherLastName',
    'fatherOccupation',
    'fatherDeceased',
    'motherFirstName',
    'motherLastName',
    'motherMaidenName',
    'motherOccupation',
    'motherDeceased',
    'SpouseFirstName',
    'SpouseMaidenName',
    'SpouseLastName',
    'SpouseOccupation',
    'SpouseEmail',
    'SpouseCellNumber',
    'emergencyContact',
  ],
  education: [
    'highSchoolName',
    'highSchoolCityStateCountry',
    'highSchoolGraduationDate',
    'bachelorCollege',
    'bachelorDegree',
    'bachelorMajor',
    'bachelorCompletionDate',
    'masterCollege',
    'masterDegree',
    'masterMajor',
    'masterCompletionDate',
    'seminary',
    'seminaryName',
    'seminaryNameOther',
    'seminaryCityStateCountry',
    'seminaryCeeb',
    'attendingSeminary',
    'priorToSeminary',
    'israelOption',
    'israelOptionName',
    'israelOptionCollege',
    'haveYouPassedCollegeLevelOrAPCourses',
    'passedCollegeLevelOrAPCourses',
  ],
  employment: ['currentlyEmployed', 'employer', 'jobTitle', 'employmentDate', 'employmentType'],
  prerequisites: ['completedObservation'],
  references: ['firstReferenceNameAndNumber', 'secondReferenceNameAndNumber', 'firstRecommender', 'secondRecommender', 'thirdRecommender'],
  review: ['certifyAllInformation', 'fullName', 'fullNameSignature', 'date', 'dateSignature'],
  payment: ['discountCode', 'creditCardFullName', 'creditCardBillingZip'],
};

const SUBJECTS = PREREQUISITE_SUBJECTS.join('|');
/** Step 5's families of fields: course tables and per-subject pairs. */
const PATTERNS: { re: RegExp; label: (m: RegExpExecArray) => FieldLabel }[] = [
  {
    re: /^(OTD|MSLP|Nutrition)Course(\d+)$/,
    label: (m) => ({ key: `app.applications.answer.course_${m[1]}`, args: { n: Number(m[2]) } }),
  },
  {
    re: new RegExp(`^(${SUBJECTS})(Prerequisite|Info)$`),
    label: (m) => ({
      key: `app.applications.answer.subject_${m[2] === 'Info' ? 'info' : 'prerequisite'}`,
      args: { subject: `app.applications.subject.${m[1]}` },
    }),
  },
];

/** How to name a field: a message key and its arguments (an argument that is itself a key is translated first). */
export interface FieldLabel {
  key: string;
  args?: Record<string, string | number>;
}

/** The answers of one section, in form order. */
export interface AnswerSection {
  key: SectionKey;
  fields: string[];
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

/** The message key (and arguments) naming `field`; plain fields use `resources.applications.fields.<field>`. */
export function fieldLabel(field: string): FieldLabel {
  for (const { re, label } of PATTERNS) {
    const m = re.exec(field);
    if (m) return label(m);
  }
  return { key: `resources.applications.fields.${field}` };
}

/** The section `field` belongs to ('other' for a field not in spec §3). */
export function sectionOf(field: string): SectionKey {
  for (const [section, fields] of Object.entries(FIELDS) as [SectionKey, string[]][]) {
    if (fields.includes(field)) return section;
  }
  if (PATTERNS.some(({ re }) => re.test(field))) return 'prerequisites';
  return 'other';
}

/**
 * The saved answers by section, each section's fields in form order (numbered fields by number,
 * unknown fields by name). Sections without an answer are left out; `undefined` values are ignored.
 */
export function groupAnswers(answers: Record<string, unknown>): AnswerSection[] {
  const bySection = new Map<SectionKey, string[]>();
  for (const [field, value] of Object.entries(answers)) {
    if (value === undefined) continue;
    const section = sectionOf(field);
    bySection.set(section, [...(bySection.get(section) ?? []), field]);
  }
  const rank = (section: SectionKey, field: string) => {
    const i = section === 'other' ? -1 : FIELDS[section].indexOf(field);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return SECTION_KEYS.filter((k) => bySection.has(k)).map((key) => ({
    key,
    fields: (bySection.get(key) ?? []).sort((a, b) => rank(key, a) - rank(key, b) || a.localeCompare(b, 'en', { numeric: true })),
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
