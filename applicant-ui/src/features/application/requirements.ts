/**
 * What the program asks for (issue 3 contract `GET /api/applications/:id/requirements`): the steps that
 * apply and the form sections shown. The server's rule set decides; {@link fallbackRequirements} is used
 * only while that call fails, so the applicant can keep working.
 */
import type { Requirements } from './api/application-api';
import { DEFAULT_STEPS } from './steps/step-config';

/** Section names the steps look for in `requirements.sections`. */
export const SECTIONS = {
  highSchool: 'highSchool',
  bachelor: 'bachelor',
  master: 'master',
  seminary: 'seminary',
  israelProgram: 'israelProgram',
  collegeCourses: 'collegeLevelCourses',
  prerequisiteSubjects: 'prerequisiteSubjects',
  observation: 'observation',
  references: 'references',
  recommenders: 'recommenders',
} as const;

/** The three prerequisite course tables (spec §3) and their number of rows. */
export const COURSE_TABLES = { OTDCourse: 8, MSLPCourse: 9, NutritionCourse: 6 } as const;

/** A course table prefix. */
export type CourseTable = keyof typeof COURSE_TABLES;

/** Prerequisite subjects (spec §3), named as their file slots: `<subject>Prerequisite` and `<subject>Info`. */
export const PREREQUISITE_SUBJECTS = [
  'math',
  'introductionToPsychology',
  'introductionToBiology',
  'introductionToEnglish',
  'businessLaw',
  'introductionToProgramming',
] as const;

/** A prerequisite subject. */
export type PrerequisiteSubject = (typeof PREREQUISITE_SUBJECTS)[number];

/** Section name of a course table (`OTDCourses` …). */
export function tableSection(table: CourseTable): string {
  return `${table}s`;
}

/** True when the requirements show section `name`. */
export function hasSection(requirements: Pick<Requirements, 'sections'> | null | undefined, name: string): boolean {
  return Boolean(requirements?.sections.includes(name));
}

/** A rough client-side stand-in used only while the server's requirements cannot be loaded. */
export function fallbackRequirements(record: { program?: string | null }): Requirements {
  const sections: string[] = [SECTIONS.seminary, SECTIONS.israelProgram];
  if (record.program === 'underGraduate') sections.push(SECTIONS.highSchool, SECTIONS.collegeCourses);
  if (record.program === 'graduate' || record.program === 'preRequisite') sections.push(SECTIONS.bachelor);
  if (record.program === 'postGraduate') sections.push(SECTIONS.master);
  if (record.program === 'graduate' || record.program === 'postGraduate') sections.push(SECTIONS.references);
  return { steps: [...DEFAULT_STEPS], sections, requiredFields: [], attachmentSlots: [], recommenderSlots: [] };
}
