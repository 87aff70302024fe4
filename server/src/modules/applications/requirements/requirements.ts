import { countryOf, isUsAddress, postalCodeAsked } from '../address-rules.js';
import type { ProgramGroup, SectionFlags } from '../../programs/program.entity.js';
import { courseFields, stepOfField, type CourseTable, type PrerequisiteSubject } from '../application-fields.js';
import type { StepNumber } from '../application-steps.js';
import { prerequisiteSubjectsOf, programFamily, type ProgramFamily } from './program-families.js';

/**
 * THE rule set (contract 2): which steps, sections, fields and attachment slots apply to an
 * application, from its program (group, section flags of spec §3, specific flags derived from the
 * field of interest), the applicant's gender and the answers given so far (conditional rules:
 * spouse when married, employment details when employed, an "other" text when Other is chosen, …).
 * Pure: the server's submit, the requirements endpoint and the details form all call it.
 *
 * Conditions compare with the seeded option values ('Yes', 'Married', 'Completed', 'Other', …).
 */

/** What the rule set needs to know about an application. */
export interface RequirementsInput {
  gender: 'Female' | 'Male';
  fieldOfInterest: string;
  program: ProgramGroup;
  flags: SectionFlags;
  /** The record's answers merged with its columns (spec §3 names). */
  answers: Record<string, unknown>;
  /** The office mails to applicants (`MAILING_ADDRESS_REQUIRED`): street address and city are required. */
  mailingAddress?: boolean;
}

/**
 * Contract 2 answer: applicable steps, sections, required field paths, the attachment slots the applicant
 * must upload, and the slots the applicant's recommenders fill (issue 24: a recommendation letter is never
 * the applicant's upload task; its item is received when the recommender sends a letter or the short form).
 */
export interface Requirements {
  steps: StepNumber[];
  sections: string[];
  requiredFields: string[];
  /** Slots the applicant uploads. */
  attachmentSlots: string[];
  /** Slots the recommenders fill (`firstLetterOfRecommendation`, `secondLetterOfRecommendation`), required too. */
  recommenderSlots: string[];
}

/** A required field that has no answer, with the step where it is asked. */
export interface MissingField {
  field: string;
  step: StepNumber;
}

/** Course tables each program family asks, and whether they are required (else shown, optional). */
function courseTablesOf(f: ProgramFamily): { table: CourseTable; required: boolean }[] {
  const tables: { table: CourseTable; required: boolean }[] = [];
  if (f.isOTD || f.isOTPrereq) tables.push({ table: 'OTDCourse', required: f.isOTD });
  if (f.isMSLP || f.isSpeechPrereq) tables.push({ table: 'MSLPCourse', required: f.isMSLP });
  if (f.isMSNutrition || f.isNutritionPrereq) tables.push({ table: 'NutritionCourse', required: f.isMSNutrition });
  return tables;
}

/** The value at a dotted path of a record. */
export function valueAt(record: Record<string, unknown>, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const text = (record: Record<string, unknown>, path: string): string | undefined => {
  const v = valueAt(record, path);
  return typeof v === 'string' ? v : undefined;
};

/** A complete row of `passedCollegeLevelOrAPCourses`: both college and name given. */
function completeCourseRows(record: Record<string, unknown>): number {
  const rows = record.passedCollegeLevelOrAPCourses;
  if (!Array.isArray(rows)) return 0;
  return rows.filter((r) => r && typeof r === 'object' && String(r.college ?? '').trim() && String(r.name ?? '').trim()).length;
}

/**
 * Computes the requirements of one application.
 * @returns steps ascending; sections, requiredFields (dotted paths) and attachmentSlots in form order
 */
export function computeRequirements(input: RequirementsInput): Requirements {
  const { flags, answers: a } = input;
  const family = programFamily(input.fieldOfInterest);
  const sections: string[] = ['personal', 'family', 'emergencyContact', 'education'];
  const required: string[] = [];
  const slots: string[] = ['picture'];
  const need = (...fields: string[]) => required.push(...fields);

  // Step 1 — Personal.
  need('firstName', 'lastName', 'email', 'fieldOfInterest', 'semesterApplied', 'dateOfBirth', 'maritalStatus', 'cellPhone');
  // the address follows the country (issue 11 item 2): US state + ZIP; elsewhere the postal code where the country has them
  if (input.mailingAddress) need('addressLine1', 'addressCity');
  if (isUsAddress(a)) need('addressState', 'addressZip');
  else if (postalCodeAsked(countryOf(a))) need('addressZip');

  // Step 2 — Family.
  need('fatherFirstName', 'fatherLastName', 'motherFirstName', 'motherLastName');
  if (a.maritalStatus === 'Married') {
    sections.splice(2, 0, 'spouse');
    need('SpouseFirstName', 'SpouseLastName');
  }
  need('emergencyContact.name', 'emergencyContact.phone', 'emergencyContact.relationship');

  // Step 3 — Education.
  if (flags.highSchool) {
    sections.push('highSchool');
    need('highSchoolName', 'highSchoolCityStateCountry', 'highSchoolGraduationDate');
  }
  if (flags.bachelor) {
    sections.push('bachelor');
    need('bachelorCollege', 'bachelorDegree', 'bachelorCompletionDate');
  }
  if (flags.master) {
    sections.push('master');
    need('masterCollege', 'masterDegree', 'masterMajor', 'masterCompletionDate');
  }
  sections.push('seminary');
  if (input.gender === 'Female') need('seminary');
  if (a.seminary === 'Yes') {
    need('seminaryName', 'seminaryCityStateCountry', 'attendingSeminary');
    if (a.seminaryName === 'Other') need('seminaryNameOther');
    slots.push('seminary');
  }
  sections.push('israelProgram');
  if (a.israelOption === 'Yes') need('israelOptionName');
  if (input.program === 'underGraduate') {
    sections.push('collegeLevelCourses');
    need('haveYouPassedCollegeLevelOrAPCourses');
    if (a.haveYouPassedCollegeLevelOrAPCourses === 'Yes') {
      need('passedCollegeLevelOrAPCourses');
      const files = Math.min(4, Math.max(1, completeCourseRows(a)));
      for (let i = 1; i <= files; i++) slots.push(`passedCollegeLevelOrAPCoursesFiles${i}`);
    }
  }

  // Step 4 — Employment.
  sections.push('employment');
  need('currentlyEmployed');
  if (a.currentlyEmployed === 'Yes') need('employer', 'jobTitle', 'employmentDate', 'employmentType');

  // Step 5 — Prerequisites.
  const tables = courseTablesOf(family);
  for (const { table, required: isRequired } of tables) {
    sections.push(`${table}s`);
    if (!isRequired) continue;
    for (const name of courseFields(table)) {
      need(`${name}.status`);
      const status = text(a, `${name}.status`);
      if (status === 'Completed') need(`${name}.college`, `${name}.completion_date`);
      else if (status === 'Currently taking' || status === 'Scheduled to take') need(`${name}.college`);
    }
  }
  if (family.isOTD) {
    sections.push('observation');
    need('completedObservation.boolean');
    if (valueAt(a, 'completedObservation.boolean') === true) need('completedObservation.when');
    if (text(a, 'OTDCourse4.status') === 'Completed') slots.push('statistics');
  }
  if (family.isMSLP) {
    const mslpSlots: [number, string][] = [
      [5, 'introToSpeechAndLanguagePathology'],
      [2, 'audiology'],
      [3, 'speechScience'],
      [4, 'phonetics'],
      [9, 'statistics'],
    ];
    for (const [n, slot] of mslpSlots) if (text(a, `MSLPCourse${n}.status`) === 'Completed') slots.push(slot);
  }
  const subjects: PrerequisiteSubject[] = prerequisiteSubjectsOf(family);
  if (subjects.length) sections.push('prerequisiteSubjects');
  for (const s of subjects) {
    need(`${s}Prerequisite.tookCourse`);
    const took = text(a, `${s}Prerequisite.tookCourse`);
    if (took !== 'Yes' && took !== 'In Progress') continue;
    need(`${s}Prerequisite.howTaken`);
    const how = text(a, `${s}Prerequisite.howTaken`);
    if (how === 'High School') need(`${s}Info.typeClass`);
    if (how === 'College') {
      need(`${s}Info.college`);
      if (text(a, `${s}Info.college`) === 'Other') need(`${s}Info.collegeOther`);
    }
    if (how === 'Exam') {
      need(`${s}Info.examTaken`);
      if (text(a, `${s}Info.examTaken`) === 'Other') need(`${s}Info.examTakenOther`);
    }
    if (took === 'Yes') {
      need(`${s}Info.completion_date`);
      slots.push(s);
    }
  }

  // Step 6 — References and recommenders.
  if (flags.references) {
    sections.push('references');
    for (const who of ['firstReferenceNameAndNumber', 'secondReferenceNameAndNumber'])
      need(`${who}.name`, `${who}.phone`, `${who}.relationship`);
  }
  if (flags.recommendationLetters) {
    sections.push('recommenders');
    for (const who of ['firstRecommender', 'secondRecommender']) need(`${who}.name`, `${who}.email`, `${who}.relationship`);
  }

  // Step 7 — Review and certify.
  sections.push('review');
  need('certifyAllInformation', 'fullNameSignature', 'dateSignature');
  sections.push('payment');

  // Documents of the details form, from the program's section flags.
  for (const flag of Object.keys(flags) as (keyof SectionFlags)[]) if (flags[flag]) sections.push(flag);
  if (flags.highSchoolTranscript) slots.push('hsTranscript');
  if (flags.undergraduateTranscript) slots.push('undergraduateTranscript');
  if (flags.unofficialGraduateTranscript) slots.push('graduateTranscript');
  if (flags.gre) slots.push('gre');
  if (flags.essay) slots.push('essay');
  if (family.isOTD) slots.push('ClinicalEssay');
  if (flags.personalStatement) slots.push('personalStatement');
  if (flags.resume) slots.push('resume');
  if (flags.references) slots.push('firstLetterOfReference', 'secondLetterOfReference');
  const recommenderSlots = flags.recommendationLetters ? ['firstLetterOfRecommendation', 'secondLetterOfRecommendation'] : [];

  const steps: StepNumber[] = [1, 2, 3, 4];
  if (tables.length || subjects.length) steps.push(5);
  if (flags.references || flags.recommendationLetters) steps.push(6);
  steps.push(7, 8);
  return {
    steps,
    sections: [...new Set(sections)],
    requiredFields: [...new Set(required)],
    attachmentSlots: [...new Set(slots)],
    recommenderSlots,
  };
}

/** True when a field has an answer: a non-blank string, a boolean, a number, or a list with a complete row. */
export function isAnswered(record: Record<string, unknown>, path: string): boolean {
  if (path === 'passedCollegeLevelOrAPCourses') return completeCourseRows(record) > 0;
  const value = valueAt(record, path);
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'boolean' || typeof value === 'number') return true;
  return Array.isArray(value) ? value.length > 0 : false;
}

/** The required fields of `requirements` that `record` leaves unanswered, each with its step. */
export function missingFields(requirements: Requirements, record: Record<string, unknown>): MissingField[] {
  return requirements.requiredFields.filter((field) => !isAnswered(record, field)).map((field) => ({ field, step: stepOfField(field) }));
}
