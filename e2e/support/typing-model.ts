/**
 * The model of the typing test (issue 10 item 8): which fields a program's form has, how each kind of
 * answer is typed and stored, and what the applicant has typed so far — the value the server must hold
 * for every field, field by field. The browser side lives in `typing-commands.ts`.
 */

import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** How a field is typed and checked. */
export type FieldKind = 'text' | 'email' | 'phone' | 'date' | 'zip';

/** One text field of the applicant form, by its `name` (spec §3 dotted path, e.g. `emergencyContact.phone`). */
export interface FieldSpec {
  name: string;
  /** Form step (1–6) the field is on. */
  step: number;
  kind: FieldKind;
  /** Birth dates must lie in the past (the generator keeps every date before 2025 anyway). */
  birth?: boolean;
  /** Stored as E.164 by the server (the cell phone, issue 11 item 2; the address is in the US). */
  e164?: boolean;
}

/** A program the test applies to, with the browser it is typed in. */
export interface ProgramSpec {
  /** Short label for messages and the summary. */
  label: string;
  gender: 'Male' | 'Female';
  /** `name` of the program in `GET /api/programs`. */
  program: string;
  /** Language the browser starts in. */
  locale: 'en' | 'es' | 'zh-CN';
  viewport: { width: number; height: number };
  mobile: boolean;
  /**
   * Answers saved through the API before the browser opens (`PATCH /api/applications/:id`), so that
   * every step up to `stepReached` is complete and reachable through the step links, and conditional
   * fields (course rows, "where did you take it", recommenders) are shown.
   */
  arranged: Record<string, unknown>;
  /** The text fields the commands may type, by step. */
  fields: FieldSpec[];
  /** The steps the program's form has, in order (the step indicator's items). */
  steps: number[];
}

/** Fixed seed of the `index`-th fast-check run (CI); printed on failure. */
export const seedOf = (index: number): number => 20261124 + index;

/** The value at a dotted path (`a.b`, `rows.0.name`) of a record; undefined when absent. */
export function valueAt(record: unknown, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** A record value as the form shows it: strings trimmed, null/absent → ''. */
export const shown = (value: unknown): string => (typeof value === 'string' ? value.trim() : value == null ? '' : String(value));

/**
 * The stored form of what was typed: trimmed; a date typed digits-only (`03151998`) is stored as
 * spec §3's MM/DD/YYYY (`03/15/1998`), as the issue asks of a phone's number pad; an `e164` field's
 * valid number in E.164 (`+17185550142`; the form shows it nationally, `(718) 555-0142`).
 */
export function storedValue(kind: FieldKind, typed: string, e164 = false): string {
  const v = typed.trim();
  if (kind === 'date' && /^\d{8}$/.test(v)) return `${v.slice(0, 2)}/${v.slice(2, 4)}/${v.slice(4)}`;
  if (e164) {
    const number = parsePhoneNumberFromString(v, 'US');
    if (number?.isValid()) return number.number;
  }
  return v;
}

/** A field whose server value differs from the model. */
export interface FieldDifference {
  field: string;
  expected: string;
  actual: string;
}

/**
 * What the applicant has typed: the expected server value of every field of the program (starting with
 * the arranged answers), which fields hold an invalid value right now (held back until corrected), and
 * the step the browser shows.
 */
export class TypingModel {
  /** Expected server value by field name. */
  readonly expected = new Map<string, string>();
  /** Fields typed in this sequence (the arranged ones are checked too, but these are the interesting ones). */
  readonly typed = new Set<string>();
  /** Fields currently showing an invalid value (their expected value stays the last valid one). */
  readonly invalid = new Set<string>();
  step: number;
  locale: ProgramSpec['locale'];

  constructor(
    readonly program: ProgramSpec,
    startStep: number,
  ) {
    this.step = startStep;
    this.locale = program.locale;
    for (const f of program.fields) this.expected.set(f.name, storedValue(f.kind, shown(valueAt(program.arranged, f.name)), f.e164));
  }

  /** The spec of a field. */
  field(name: string): FieldSpec {
    const f = this.program.fields.find((x) => x.name === name);
    if (!f) throw new Error(`no field ${name} in ${this.program.label}`);
    return f;
  }

  /** The fields of the current step. */
  fieldsOfStep(step = this.step): FieldSpec[] {
    return this.program.fields.filter((f) => f.step === step);
  }

  /** Records a valid value typed into a field. */
  typedValid(name: string, typed: string): void {
    const f = this.field(name);
    this.expected.set(name, storedValue(f.kind, typed, f.e164));
    this.typed.add(name);
    this.invalid.delete(name);
  }

  /** Records an invalid value typed into a field (the server keeps the last valid one). */
  typedInvalid(name: string): void {
    this.invalid.add(name);
  }

  /** Fields whose server value (in `record`) differs from the model. */
  differences(record: unknown): FieldDifference[] {
    const out: FieldDifference[] = [];
    for (const [field, expected] of this.expected) {
      const actual = shown(valueAt(record, field));
      if (actual !== expected) out.push({ field, expected, actual });
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------------
// The three programs (different section flags, viewports and starting languages)

const personal = {
  dateOfBirth: '04/12/1996',
  maritalStatus: 'Single',
  addressState: 'NY',
  addressZip: '11230',
  cellPhone: '718-555-0142',
};
const family = (last: string) => ({
  fatherFirstName: 'Yaakov',
  fatherLastName: last,
  motherFirstName: 'Leah',
  motherLastName: last,
  emergencyContact: { name: 'Miriam Stern', relationship: 'Aunt', phone: '718-555-0177', email: 'miriam.stern@example.com' },
});
/**
 * What every program is arranged with: steps 1, 2 and 4 answered (not married, no seminary, no Israel
 * program, not employed) and stepReached 7, so every step is a link.
 */
const commonAnswers = (last: string, zip: string) => ({
  ...personal,
  addressZip: zip,
  ...family(last),
  seminary: 'No',
  israelOption: 'No',
  currentlyEmployed: 'No',
  stepReached: '7',
});

const DESKTOP = { viewport: { width: 1280, height: 900 }, mobile: false };

const person = (name: string, n: number) => ({
  name,
  relationship: 'Professor',
  phone: `212-555-010${n}`,
  email: `person${n}@example.com`,
});

/** Step-1 fields every program has. */
const personalFields: FieldSpec[] = [
  { name: 'dateOfBirth', step: 1, kind: 'date', birth: true },
  { name: 'addressZip', step: 1, kind: 'zip' },
  { name: 'cellPhone', step: 1, kind: 'phone', e164: true },
  { name: 'contactName', step: 1, kind: 'text' },
];

/** Step-2 fields: parents and the emergency contact group (issue 10's first failure). */
const familyFields: FieldSpec[] = [
  { name: 'fatherFirstName', step: 2, kind: 'text' },
  { name: 'motherMaidenName', step: 2, kind: 'text' },
  { name: 'emergencyContact.name', step: 2, kind: 'text' },
  { name: 'emergencyContact.relationship', step: 2, kind: 'text' },
  { name: 'emergencyContact.phone', step: 2, kind: 'phone' },
  { name: 'emergencyContact.email', step: 2, kind: 'email' },
];

/** A {name, phone, email, relationship} block of step 6. */
const personFields = (group: string): FieldSpec[] => [
  { name: `${group}.name`, step: 6, kind: 'text' },
  { name: `${group}.relationship`, step: 6, kind: 'text' },
  { name: `${group}.phone`, step: 6, kind: 'phone' },
  { name: `${group}.email`, step: 6, kind: 'email' },
];

const otdCourses = Object.fromEntries(
  Array.from({ length: 8 }, (_, i) => [
    `OTDCourse${i + 1}`,
    { status: 'Completed', college: `Brooklyn College ${i + 1}`, completion_date: `05/1${i}/2020` },
  ]),
);

/** Women's OTD on a desktop, in English: prerequisite course rows, observation date, recommenders. */
export const WOMENS_OTD: ProgramSpec = {
  label: "women's OTD (desktop, en)",
  gender: 'Female',
  program: 'OTD',
  locale: 'en',
  ...DESKTOP,
  arranged: {
    ...commonAnswers('Weiss', '11230'),
    bachelorCollege: 'Lander College for Women',
    bachelorDegree: 'BS Biology',
    bachelorMajor: 'Biology',
    bachelorCompletionDate: '05/30/2019',
    ...otdCourses,
    completedObservation: { boolean: true, when: '08/15/2024' },
    firstRecommender: person('Dr. Ruth Stein', 1),
    secondRecommender: person('Dr. Avi Katz', 2),
  },
  fields: [
    ...personalFields,
    ...familyFields,
    { name: 'bachelorCollege', step: 3, kind: 'text' },
    { name: 'bachelorMajor', step: 3, kind: 'text' },
    { name: 'bachelorCompletionDate', step: 3, kind: 'date' },
    ...[1, 2, 5].flatMap((i): FieldSpec[] => [
      { name: `OTDCourse${i}.college`, step: 5, kind: 'text' },
      { name: `OTDCourse${i}.completion_date`, step: 5, kind: 'date' },
    ]),
    { name: 'completedObservation.when', step: 5, kind: 'date' },
    ...personFields('firstRecommender'),
    ...personFields('secondRecommender'),
  ],
  steps: [1, 2, 3, 4, 5, 6, 7, 8],
};

/** Men's MSW starting in Spanish: prerequisite subjects ("where did you take it"), references and recommenders. */
export const MENS_MSW: ProgramSpec = {
  label: "men's MSW (desktop, es)",
  gender: 'Male',
  program: 'MSW',
  locale: 'es',
  ...DESKTOP,
  arranged: {
    ...commonAnswers('Cohen', '08701'),
    bachelorCollege: 'Lander College for Men',
    bachelorDegree: 'BA Psychology',
    bachelorCompletionDate: '06/01/2020',
    introductionToPsychologyPrerequisite: { tookCourse: 'Yes', howTaken: 'College' },
    introductionToPsychologyInfo: { college: 'Other', collegeOther: 'Brooklyn College', completion_date: '12/20/2018' },
    introductionToBiologyPrerequisite: { tookCourse: 'Yes', howTaken: 'Exam' },
    introductionToBiologyInfo: { examTaken: 'Other', examTakenOther: 'DSST Biology', completion_date: '03/10/2019' },
    firstReferenceNameAndNumber: person('Rabbi Persona One', 3),
    secondReferenceNameAndNumber: person('Rabbi Persona Two', 4),
    firstRecommender: person('Dr. Recommender One', 5),
    secondRecommender: person('Dr. Recommender Two', 6),
  },
  fields: [
    ...personalFields,
    ...familyFields,
    { name: 'bachelorCollege', step: 3, kind: 'text' },
    { name: 'bachelorCompletionDate', step: 3, kind: 'date' },
    { name: 'introductionToPsychologyInfo.collegeOther', step: 5, kind: 'text' },
    { name: 'introductionToPsychologyInfo.completion_date', step: 5, kind: 'date' },
    { name: 'introductionToBiologyInfo.examTakenOther', step: 5, kind: 'text' },
    { name: 'introductionToBiologyInfo.completion_date', step: 5, kind: 'date' },
    ...personFields('firstReferenceNameAndNumber'),
    ...personFields('secondRecommender'),
  ],
  steps: [1, 2, 3, 4, 5, 6, 7, 8],
};

/** Women's BA Psychology track on a 390×844 phone, in Chinese: high school, college-level course rows, a prerequisite subject taken at another college, no references step. */
export const WOMENS_BA_PHONE: ProgramSpec = {
  label: "women's BA Psychology (phone 390×844, zh-CN)",
  gender: 'Female',
  program: 'BA Psychology - Social Work Track',
  locale: 'zh-CN',
  viewport: { width: 390, height: 844 },
  mobile: true,
  arranged: {
    ...commonAnswers('Adler', '07701'),
    highSchoolName: 'Bais Yaakov of Lakewood',
    highSchoolCityStateCountry: 'Lakewood, NJ, USA',
    highSchoolGraduationDate: '06/20/2024',
    haveYouPassedCollegeLevelOrAPCourses: 'Yes',
    passedCollegeLevelOrAPCourses: [
      { name: 'AP Calculus', college: 'College Board' },
      { name: 'Intro Sociology', college: 'Touro University' },
    ],
    mathPrerequisite: { tookCourse: 'No' },
    introductionToPsychologyPrerequisite: { tookCourse: 'No' },
    introductionToBiologyPrerequisite: { tookCourse: 'No' },
    introductionToEnglishPrerequisite: { tookCourse: 'Yes', howTaken: 'College' },
    introductionToEnglishInfo: { college: 'Other', collegeOther: 'Kingsborough College', completion_date: '01/15/2024' },
  },
  fields: [
    ...personalFields,
    ...familyFields,
    { name: 'highSchoolName', step: 3, kind: 'text' },
    { name: 'highSchoolGraduationDate', step: 3, kind: 'date' },
    { name: 'passedCollegeLevelOrAPCourses.0.name', step: 3, kind: 'text' },
    { name: 'passedCollegeLevelOrAPCourses.0.college', step: 3, kind: 'text' },
    { name: 'passedCollegeLevelOrAPCourses.1.name', step: 3, kind: 'text' },
    { name: 'passedCollegeLevelOrAPCourses.1.college', step: 3, kind: 'text' },
    { name: 'introductionToEnglishInfo.collegeOther', step: 5, kind: 'text' },
    { name: 'introductionToEnglishInfo.completion_date', step: 5, kind: 'date' },
  ],
  steps: [1, 2, 3, 4, 5, 7, 8],
};

/** The programs of the typing test, in run order. */
export const TYPING_PROGRAMS: readonly ProgramSpec[] = [WOMENS_OTD, MENS_MSW, WOMENS_BA_PHONE];
