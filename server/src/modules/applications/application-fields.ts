import type { StepNumber } from './application-steps.js';

/**
 * The one registry of the application record's answer fields (spec §3 names): which step each belongs
 * to and which dropdown (table `dropdowns`, by key) its option values come from. Used by
 * - the option check of `PATCH` (values must be among the CURRENT options of the dropdown, so an
 *   admin's edit applies at once),
 * - the requirements rule set (the step of a missing field),
 * - the record mapping (defaults).
 * Field shapes and formats are in the step DTOs (`dto/steps/`).
 */
export interface FieldSpec {
  /** The application step the field is asked on (DESIGN §3). */
  step: StepNumber;
  /** Dropdown key the (scalar) value must be an option of. */
  options?: string;
  /** Dropdown key for men's applications when it differs from `options` (seminaryName → `yeshivas`; issue 11 item 5). */
  optionsForMen?: string;
  /** For objects: dropdown key per sub-field (`OTDCourse1.status` → `classStatus`). */
  subOptions?: Record<string, string>;
}

/** Spec §3 course tables: OTD (8), MSLP (9) and Nutrition (6) entries, each {status, college, completion_date}. */
export const COURSE_TABLES = { OTDCourse: 8, MSLPCourse: 9, NutritionCourse: 6 } as const;
/** A course table's prefix. */
export type CourseTable = keyof typeof COURSE_TABLES;

/** The field names of a course table: `OTDCourse1` … `OTDCourse8`. */
export function courseFields(table: CourseTable): string[] {
  return Array.from({ length: COURSE_TABLES[table] }, (_, i) => `${table}${i + 1}`);
}

/**
 * The prerequisite subjects of spec §3 (Math, Intro Psychology, Intro Biology (science), Intro English,
 * Business Law, Intro Programming), named as their file slots. Each has `<subject>Prerequisite`
 * {tookCourse, howTaken} and `<subject>Info` {typeClass, college, collegeOther, examTaken,
 * examTakenOther, completion_date}.
 */
export const PREREQUISITE_SUBJECTS = [
  'math',
  'introductionToPsychology',
  'introductionToBiology',
  'introductionToEnglish',
  'businessLaw',
  'introductionToProgramming',
] as const;
/** One prerequisite subject. */
export type PrerequisiteSubject = (typeof PREREQUISITE_SUBJECTS)[number];

/** The spouse fields of spec §3, asked only when maritalStatus is Married. */
export const SPOUSE_FIELDS = [
  'SpouseFirstName',
  'SpouseMaidenName',
  'SpouseLastName',
  'SpouseOccupation',
  'SpouseEmail',
  'SpouseCellNumber',
] as const;

/** The employment details of spec §3, asked only when currentlyEmployed is Yes. */
export const EMPLOYMENT_DETAIL_FIELDS = ['employer', 'jobTitle', 'employmentDate', 'employmentType'] as const;

/** The JSON person sub-objects {name, phone, email, relationship} of spec §3. */
export const CONTACT_FIELDS = [
  'emergencyContact',
  'firstReferenceNameAndNumber',
  'secondReferenceNameAndNumber',
  'firstRecommender',
  'secondRecommender',
  'thirdRecommender',
] as const;

const field = (step: StepNumber, options?: string): FieldSpec => (options ? { step, options } : { step });

const COURSE_OPTIONS = { status: 'classStatus' };
const PREREQUISITE_OPTIONS = { tookCourse: 'transferCredit', howTaken: 'placesClassesTaken' };
const INFO_OPTIONS = { typeClass: 'classTypes', college: 'colleges', examTaken: 'examTypes' };

/** Every answer field of the record that the applicant writes with `PATCH`, by name. */
export const APPLICATION_FIELDS: Readonly<Record<string, FieldSpec>> = {
  // Step 1 — Personal (firstName, lastName, email, fieldOfInterest, semesterApplied, location are columns).
  firstName: field(1),
  lastName: field(1),
  email: field(1),
  fieldOfInterest: field(1),
  semesterApplied: field(1),
  location: field(1),
  dateOfBirth: field(1),
  addressCountry: field(1, 'countries'),
  addressLine1: field(1),
  addressLine2: field(1),
  addressCity: field(1),
  addressState: field(1, 'states'),
  addressRegion: field(1),
  addressZip: field(1),
  maritalStatus: field(1, 'maritalStatus'),
  contactName: field(1),
  cellPhone: field(1),
  howHeard: field(1, 'howHeard'),
  // Step 2 — Family.
  fatherFirstName: field(2),
  fatherLastName: field(2),
  fatherOccupation: field(2),
  fatherDeceased: field(2),
  motherFirstName: field(2),
  motherLastName: field(2),
  motherMaidenName: field(2),
  motherOccupation: field(2),
  motherDeceased: field(2),
  ...Object.fromEntries(SPOUSE_FIELDS.map((name) => [name, field(2)])),
  emergencyContact: field(2),
  // Step 3 — Education.
  highSchoolName: field(3),
  highSchoolCityStateCountry: field(3),
  highSchoolGraduationDate: field(3),
  bachelorCollege: field(3),
  bachelorDegree: field(3),
  bachelorMajor: field(3),
  bachelorCompletionDate: field(3),
  masterCollege: field(3),
  masterDegree: field(3),
  masterMajor: field(3),
  masterCompletionDate: field(3),
  seminary: field(3, 'yesNo'),
  seminaryName: { step: 3, options: 'seminaries', optionsForMen: 'yeshivas' },
  seminaryNameOther: field(3),
  seminaryCityStateCountry: field(3),
  seminaryCeeb: field(3),
  attendingSeminary: field(3, 'yesNo'),
  priorToSeminary: field(3),
  israelOption: field(3, 'yesNo'),
  israelOptionName: field(3, 'israelPrograms'),
  israelOptionCollege: field(3),
  haveYouPassedCollegeLevelOrAPCourses: field(3, 'yesNo'),
  passedCollegeLevelOrAPCourses: field(3),
  // Step 4 — Employment.
  currentlyEmployed: field(4, 'yesNo'),
  employer: field(4),
  jobTitle: field(4),
  employmentDate: field(4),
  employmentType: field(4, 'employment'),
  // Step 5 — Prerequisites.
  ...Object.fromEntries(
    (Object.keys(COURSE_TABLES) as CourseTable[]).flatMap((table) =>
      courseFields(table).map((name) => [name, { step: 5, subOptions: COURSE_OPTIONS } satisfies FieldSpec]),
    ),
  ),
  completedObservation: field(5),
  ...Object.fromEntries(
    PREREQUISITE_SUBJECTS.flatMap((subject) => [
      [`${subject}Prerequisite`, { step: 5, subOptions: PREREQUISITE_OPTIONS } satisfies FieldSpec],
      [`${subject}Info`, { step: 5, subOptions: INFO_OPTIONS } satisfies FieldSpec],
    ]),
  ),
  // Step 6 — References and recommenders.
  firstReferenceNameAndNumber: field(6),
  secondReferenceNameAndNumber: field(6),
  firstRecommender: field(6),
  secondRecommender: field(6),
  thirdRecommender: field(6),
  // Step 8 — Payment form fields the applicant types (the payment itself is POST /api/payments).
  discountCode: field(8),
  creditCardFullName: field(8),
  creditCardBillingZip: field(8),
  creditCardBillingCountry: field(8, 'countries'),
};

/** Fields written only by submit (review, step 7); never by PATCH. */
export const CERTIFICATION_FIELDS = ['certifyAllInformation', 'fullName', 'fullNameSignature', 'date', 'dateSignature'] as const;

/** The step a field path (`OTDCourse3.completion_date`) belongs to; 7 for the certification fields. */
export function stepOfField(path: string): StepNumber {
  const top = path.split('.')[0]!;
  if ((CERTIFICATION_FIELDS as readonly string[]).includes(top)) return 7;
  return APPLICATION_FIELDS[top]?.step ?? 1;
}

/** Where a step-5 field sits in its family: a course table's row, or one half of a prerequisite subject. */
export type FieldFamily =
  { kind: 'course'; table: CourseTable; row: number } | { kind: 'subject'; subject: PrerequisiteSubject; part: 'prerequisite' | 'info' };

/** One answer field of the registry as clients see it (`GET /api/admin/application-fields`). */
export interface RegisteredField {
  /** Spec §3 name, the key in the record's `answers`. */
  name: string;
  /** The application step it is asked on, 1–8. */
  step: StepNumber;
  /** Set for the numbered course rows and the per-subject pairs of step 5 (so clients can name them). */
  family?: FieldFamily;
}

/** The family of a step-5 field name (`OTDCourse3` → course OTDCourse row 3, `mathInfo` → subject math info), if any. */
function familyOf(name: string): FieldFamily | undefined {
  for (const table of Object.keys(COURSE_TABLES) as CourseTable[]) {
    const row = name.startsWith(table) ? Number(name.slice(table.length)) : NaN;
    if (Number.isInteger(row) && row >= 1 && row <= COURSE_TABLES[table]) return { kind: 'course', table, row };
  }
  for (const subject of PREREQUISITE_SUBJECTS) {
    if (name === `${subject}Prerequisite`) return { kind: 'subject', subject, part: 'prerequisite' };
    if (name === `${subject}Info`) return { kind: 'subject', subject, part: 'info' };
  }
  return undefined;
}

/**
 * Every answer field of the record in form order: the fields of {@link APPLICATION_FIELDS} and the
 * certification fields (step 7) sorted by step, each step's fields in registry order, with the family of
 * the step-5 course rows and subject pairs. The admin console groups and names an application's answers
 * with it (issue 14: the registry comes from the server, not a copy).
 */
export function registeredFields(): RegisteredField[] {
  const entries: RegisteredField[] = [
    ...Object.entries(APPLICATION_FIELDS).map(([name, spec]) => ({ name, step: spec.step })),
    ...CERTIFICATION_FIELDS.map((name) => ({ name, step: 7 as const })),
  ];
  // Array.prototype.sort is stable: within a step the registry's order stays
  return entries
    .sort((a, b) => a.step - b.step)
    .map((entry) => {
      const family = familyOf(entry.name);
      return family ? { ...entry, family } : entry;
    });
}
