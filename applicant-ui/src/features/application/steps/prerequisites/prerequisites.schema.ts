/**
 * Step 5 "Prerequisites" (DESIGN §3, spec §3), only for programs that have them: the OTD (8), MSLP (9)
 * and Nutrition (6) course tables, each row {status, college, completion_date}; the prerequisite
 * subjects `<subject>Prerequisite` {tookCourse, howTaken} with `<subject>Info` {typeClass, college,
 * collegeOther, examTaken, examTakenOther, completion_date}; completedObservation {boolean, when}.
 * Which of these show comes from the requirements' sections. Messages are i18n keys.
 */
import { z } from 'zod';
import type { ApplicationRecord } from '../../api/application-types';
import {
  COURSE_TABLES,
  PREREQUISITE_SUBJECTS,
  SECTIONS,
  tableSection,
  type CourseTable,
  type PrerequisiteSubject,
} from '../../requirements';
import { obj, optionalText, pastDateField, requireIf, str, usDateField } from '../field-rules';

/** Value of a class status that needs the college and completion date. */
export const COMPLETED = 'Completed';
/** Class statuses that need the college. */
export const WITH_COLLEGE = ['Completed', 'Currently taking', 'Scheduled to take'];
/** tookCourse values meaning the course is (being) taken: Yes and In Progress. */
export const TAKEN = ['Yes', 'In Progress'];
/** howTaken values (placesClassesTaken). */
export const HOW = { highSchool: 'High School', college: 'College', exam: 'Exam' } as const;
/** "Other" in the colleges and exam lists. */
export const OTHER = 'Other';

/** The record field names of a course table: `OTDCourse1` … */
export function courseFields(table: CourseTable): string[] {
  return Array.from({ length: COURSE_TABLES[table] }, (_, i) => `${table}${i + 1}`);
}

/** Every record field of step 5. */
export const PREREQUISITE_FIELDS: readonly string[] = [
  ...(Object.keys(COURSE_TABLES) as CourseTable[]).flatMap(courseFields),
  ...PREREQUISITE_SUBJECTS.flatMap((s) => [`${s}Prerequisite`, `${s}Info`]),
  'completedObservation',
];

/** What step 5 shows for a program. */
export interface PrerequisiteSections {
  tables: CourseTable[];
  /** Tables whose rows must be answered (the others are shown, optional). */
  requiredTables: CourseTable[];
  subjects: PrerequisiteSubject[];
  observation: boolean;
}

/**
 * The step-5 parts of the requirements: course tables by section (`OTDCourses` …; required when their
 * rows are in requiredFields), the subjects whose `<subject>Prerequisite.tookCourse` is required, and
 * the observation section.
 */
export function prerequisiteSections(sections: readonly string[], requiredFields: readonly string[] = []): PrerequisiteSections {
  const tables = (Object.keys(COURSE_TABLES) as CourseTable[]).filter((t) => sections.includes(tableSection(t)));
  return {
    tables,
    requiredTables: tables.filter((t) => requiredFields.includes(`${t}1.status`)),
    subjects: sections.includes(SECTIONS.prerequisiteSubjects)
      ? PREREQUISITE_SUBJECTS.filter((s) => requiredFields.includes(`${s}Prerequisite.tookCourse`))
      : [],
    observation: sections.includes(SECTIONS.observation),
  };
}

const course = z.object({ status: z.string(), college: optionalText(150), completion_date: usDateField(false) });
const prerequisite = z.object({ tookCourse: z.string(), howTaken: z.string() });
const info = z.object({
  typeClass: z.string(),
  college: z.string(),
  collegeOther: optionalText(150),
  examTaken: z.string(),
  examTakenOther: optionalText(150),
  completion_date: usDateField(false),
});
const observation = z.object({ boolean: z.boolean(), when: pastDateField(false) });

/** Step-5 form values (every part; hidden parts stay as loaded). */
export type PrerequisiteValues = Record<string, unknown> & { completedObservation: z.infer<typeof observation> };

function shape(): Record<string, z.ZodType> {
  const s: Record<string, z.ZodType> = {};
  for (const table of Object.keys(COURSE_TABLES) as CourseTable[]) for (const f of courseFields(table)) s[f] = course;
  for (const subject of PREREQUISITE_SUBJECTS) {
    s[`${subject}Prerequisite`] = prerequisite;
    s[`${subject}Info`] = info;
  }
  s.completedObservation = observation;
  return s;
}

/** Draft step-5 schema (autosave: formats only). */
export const prerequisitesDraftSchema = z.object(shape());

type Row = Record<string, string>;

/** Complete step-5 schema for the parts shown. */
export function createPrerequisitesSchema(shown: PrerequisiteSections) {
  return z.object(shape()).superRefine((raw, ctx) => {
    const v = raw as Record<string, Row>;
    for (const table of shown.tables) {
      const required = shown.requiredTables.includes(table);
      for (const f of courseFields(table)) {
        const row = v[f] ?? {};
        requireIf(ctx, required, row.status, [f, 'status'], 'validation.choose');
        requireIf(ctx, WITH_COLLEGE.includes(row.status ?? ''), row.college, [f, 'college']);
        requireIf(ctx, row.status === COMPLETED, row.completion_date, [f, 'completion_date'], 'validation.date_required');
      }
    }
    for (const subject of shown.subjects) {
      const p = v[`${subject}Prerequisite`] ?? {};
      const i = v[`${subject}Info`] ?? {};
      const pf = `${subject}Prerequisite`;
      const inf = `${subject}Info`;
      requireIf(ctx, true, p.tookCourse, [pf, 'tookCourse'], 'validation.choose');
      const taken = TAKEN.includes(p.tookCourse ?? '');
      requireIf(ctx, taken, p.howTaken, [pf, 'howTaken'], 'validation.choose');
      if (!taken) continue;
      requireIf(ctx, p.howTaken === HOW.highSchool, i.typeClass, [inf, 'typeClass'], 'validation.choose');
      requireIf(ctx, p.howTaken === HOW.college, i.college, [inf, 'college'], 'validation.choose');
      requireIf(ctx, p.howTaken === HOW.college && i.college === OTHER, i.collegeOther, [inf, 'collegeOther']);
      requireIf(ctx, p.howTaken === HOW.exam, i.examTaken, [inf, 'examTaken'], 'validation.choose');
      requireIf(ctx, p.howTaken === HOW.exam && i.examTaken === OTHER, i.examTakenOther, [inf, 'examTakenOther']);
      requireIf(ctx, p.tookCourse === 'Yes', i.completion_date, [inf, 'completion_date'], 'validation.date_required');
    }
    if (shown.observation) {
      const o = raw.completedObservation as { boolean: boolean; when: string };
      requireIf(ctx, o.boolean, o.when, ['completedObservation', 'when'], 'validation.date_required');
    }
  });
}

const strings = (value: unknown, keys: readonly string[]): Row => {
  const o = obj(value);
  return Object.fromEntries(keys.map((k) => [k, str(o[k])]));
};

/** Maps a record to step-5 form values (null/absent → '' or false). */
export function prerequisitesFromRecord(record: Partial<ApplicationRecord>): PrerequisiteValues {
  const values: Record<string, unknown> = {};
  for (const table of Object.keys(COURSE_TABLES) as CourseTable[]) {
    for (const f of courseFields(table)) values[f] = strings(record[f], ['status', 'college', 'completion_date']);
  }
  for (const subject of PREREQUISITE_SUBJECTS) {
    values[`${subject}Prerequisite`] = strings(record[`${subject}Prerequisite`], ['tookCourse', 'howTaken']);
    values[`${subject}Info`] = strings(record[`${subject}Info`], [
      'typeClass',
      'college',
      'collegeOther',
      'examTaken',
      'examTakenOther',
      'completion_date',
    ]);
  }
  const o = obj(record.completedObservation);
  return { ...values, completedObservation: { boolean: o.boolean === true, when: str(o.when) } };
}
