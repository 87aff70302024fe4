/**
 * Step 3 "Education" (DESIGN §3): high school, bachelor and master sections by program flag; seminary
 * (name from a dropdown or "Other", city/state/country, CEEB, attending now, prior to seminary); Israel
 * program (TTI/Touro/HTC); college-level or AP courses, a list of {college, name} starting with one blank
 * row. `createEducationSchema(shown)` is the complete schema (Next); `educationDraftSchema` checks
 * formats only (autosave). Messages are i18n keys.
 */
import { z } from 'zod';
import type { ApplicationRecord } from '../../api/application-types';
import { SECTIONS } from '../../requirements';
import { ceebField, optionalText, requireIf, str, textField, usDateField, YES } from '../field-rules';

/** Record fields of step 3. */
export const EDUCATION_FIELDS = [
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
] as const;

/** Value of the seminary-name list that asks for the name as text. */
export const OTHER = 'Other';

/** The dropdown the seminary question's answer comes from: the yeshivas list for men, else the seminaries (issue 11 item 5; the server checks the same). */
export function seminaryListKey(gender: string | null | undefined): 'yeshivas' | 'seminaries' {
  return gender === 'Male' ? 'yeshivas' : 'seminaries';
}

/** At most this many college-level / AP course rows (four file slots go with them). */
export const MAX_COURSE_ROWS = 10;

/** Which sections of step 3 the program shows. */
export interface EducationSections {
  highSchool: boolean;
  bachelor: boolean;
  master: boolean;
  seminary: boolean;
  israelProgram: boolean;
  collegeCourses: boolean;
  /** Whether "did you attend a seminary" must be answered (the server asks it of women). */
  seminaryRequired: boolean;
  /** Whether the Israel-program question must be answered (only when the server's rule set asks it). */
  israelOptionRequired: boolean;
}

/** The sections of step 3 in the requirements (sections, and required fields for the seminary question). */
export function educationSections(sections: readonly string[], requiredFields: readonly string[] = []): EducationSections {
  return {
    seminaryRequired: requiredFields.includes('seminary'),
    israelOptionRequired: requiredFields.includes('israelOption'),
    highSchool: sections.includes(SECTIONS.highSchool),
    bachelor: sections.includes(SECTIONS.bachelor),
    master: sections.includes(SECTIONS.master),
    seminary: sections.includes(SECTIONS.seminary),
    israelProgram: sections.includes(SECTIONS.israelProgram),
    collegeCourses: sections.includes(SECTIONS.collegeCourses),
  };
}

const courseRow = z.object({ college: optionalText(100), name: optionalText(150) });

function build(complete: boolean, shown: EducationSections) {
  const base = z.object({
    highSchoolName: textField(complete && shown.highSchool, 150),
    highSchoolCityStateCountry: textField(complete && shown.highSchool, 150),
    highSchoolGraduationDate: usDateField(complete && shown.highSchool),
    bachelorCollege: textField(complete && shown.bachelor, 150),
    bachelorDegree: textField(complete && shown.bachelor, 100),
    bachelorMajor: optionalText(100),
    bachelorCompletionDate: usDateField(complete && shown.bachelor),
    masterCollege: textField(complete && shown.master, 150),
    masterDegree: textField(complete && shown.master, 100),
    masterMajor: textField(complete && shown.master, 100),
    masterCompletionDate: usDateField(complete && shown.master),
    seminary: z.string(),
    seminaryName: z.string().max(200, 'validation.too_long'),
    seminaryNameOther: optionalText(150),
    seminaryCityStateCountry: optionalText(150),
    seminaryCeeb: ceebField(false),
    attendingSeminary: z.string(),
    priorToSeminary: optionalText(150),
    israelOption: z.string(),
    israelOptionName: z.string(),
    israelOptionCollege: optionalText(150),
    haveYouPassedCollegeLevelOrAPCourses: z.string(),
    passedCollegeLevelOrAPCourses: z.array(courseRow).max(MAX_COURSE_ROWS),
  });
  if (!complete) return base;
  return base.superRefine((v, ctx) => {
    if (shown.seminary) {
      requireIf(ctx, shown.seminaryRequired, v.seminary, ['seminary'], 'validation.choose');
      const attended = v.seminary === YES;
      requireIf(ctx, attended, v.seminaryName, ['seminaryName'], 'validation.choose');
      requireIf(ctx, attended && v.seminaryName === OTHER, v.seminaryNameOther, ['seminaryNameOther']);
      requireIf(ctx, attended, v.seminaryCityStateCountry, ['seminaryCityStateCountry']);
      requireIf(ctx, attended, v.attendingSeminary, ['attendingSeminary'], 'validation.choose');
    }
    if (shown.israelProgram) {
      // the server's one rule set asks israelOptionName only after "Yes", and israelOption itself not at all
      requireIf(ctx, shown.israelOptionRequired, v.israelOption, ['israelOption'], 'validation.choose');
      requireIf(ctx, v.israelOption === YES, v.israelOptionName, ['israelOptionName'], 'validation.choose');
    }
    if (shown.collegeCourses) {
      requireIf(ctx, true, v.haveYouPassedCollegeLevelOrAPCourses, ['haveYouPassedCollegeLevelOrAPCourses'], 'validation.choose');
      if (v.haveYouPassedCollegeLevelOrAPCourses === YES) {
        v.passedCollegeLevelOrAPCourses.forEach((row, i) => {
          const blank = !row.name.trim() && !row.college.trim();
          if (blank && i > 0) return;
          requireIf(ctx, true, row.name, ['passedCollegeLevelOrAPCourses', i, 'name']);
          requireIf(ctx, true, row.college, ['passedCollegeLevelOrAPCourses', i, 'college']);
        });
      }
    }
  });
}

/** Complete step-3 schema for the sections shown. */
export function createEducationSchema(shown: EducationSections) {
  return build(true, shown);
}

const ALL: EducationSections = {
  highSchool: true,
  bachelor: true,
  master: true,
  seminary: true,
  israelProgram: true,
  collegeCourses: true,
  seminaryRequired: true,
  israelOptionRequired: true,
};

/** Draft step-3 schema (autosave: formats only). */
export const educationDraftSchema = build(false, ALL) as z.ZodObject;

/** Step-3 form values. */
export type EducationValues = z.infer<ReturnType<typeof build>>;

/** A blank college-level / AP course row. */
export const blankCourseRow = () => ({ college: '', name: '' });

/** Maps a record to step-3 form values; the course list starts with one blank row (spec §3). */
export function educationFromRecord(record: Partial<ApplicationRecord>): EducationValues {
  const values = Object.fromEntries(
    EDUCATION_FIELDS.filter((f) => f !== 'passedCollegeLevelOrAPCourses').map((f) => [f, str(record[f])]),
  ) as Omit<EducationValues, 'passedCollegeLevelOrAPCourses'>;
  const list = Array.isArray(record.passedCollegeLevelOrAPCourses) ? (record.passedCollegeLevelOrAPCourses as unknown[]) : [];
  const rows = list
    .filter((r): r is Record<string, unknown> => Boolean(r) && typeof r === 'object')
    .map((r) => ({ college: str(r.college), name: str(r.name) }));
  return { ...values, passedCollegeLevelOrAPCourses: rows.length ? rows : [blankCourseRow()] };
}
