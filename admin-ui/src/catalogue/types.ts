/**
 * Record shapes of the admission catalogue (issue 25: admission cycles as data), from the contract:
 * `/api/admin/programs`, `/api/admin/terms` (with `POST …/:id/roll-over`) and `/api/admin/offerings` in the
 * ra-data-simple-rest dialect (no DELETE: records are archived), and the public `GET /api/programs` that the
 * "What applicants see" page shows.
 */
import type { Schema } from '../api/contract-types';
import { LOCALES } from '../config';

/** A text in en, es and zh-CN (each 1–200 characters on the server). */
export type LocalizedText = Schema<'LocalizedTextDto'>;

/** A program (field of interest) as the console reads it. */
export type ProgramRecord = Schema<'AdminProgramResponse'>;
/** Body of `POST` and `PUT /api/admin/programs(/:id)`. */
export type ProgramPayload = Schema<'AdminProgramDto'>;
/** The form sections a program asks for (spec §3), each true or false. */
export type SectionFlags = Required<Schema<'SectionFlagsDto'>>;

/** A term (the wire value of `semesterApplied` and its names, first day of classes). */
export type TermRecord = Schema<'AdminTermResponse'>;
/** Body of `POST` and `PUT /api/admin/terms(/:id)`. */
export type TermPayload = Schema<'AdminTermDto'>;

/** An offering (program × term): window, rounds, fees in integer cents, seats, open / archived. */
export type OfferingRecord = Schema<'AdminOfferingResponse'>;
/** Body of `POST` and `PUT /api/admin/offerings(/:id)`. */
export type OfferingPayload = Schema<'AdminOfferingDto'>;
/** One admission round of an offering: key, names and deadline (an instant). */
export type AdmissionRound = Schema<'AdmissionRoundDto'>;

/** Body of `POST /api/admin/terms/:id/roll-over`. */
export type RollOverBody = Schema<'RollOverDto'>;
/** Answer of the roll-over (ids 0 in a dry run). */
export type RollOverResult = Schema<'RollOverResponse'>;

/** A program as the public `GET /api/programs` answers it, in the asked language. */
export type PublicProgram = Schema<'ProgramResponse'>;
/** One offering open now of a public program. */
export type PublicCourse = Schema<'CourseDto'>;

/** Applicant gender as the catalogue stores it. */
export type Gender = ProgramRecord['gender'];
/** Program group. */
export type ProgramGroup = ProgramRecord['program'];

/** The genders, in the order the forms offer them. */
export const GENDERS = ['female', 'male'] as const satisfies readonly Gender[];

/** The program groups, in display order (spec §3). */
export const PROGRAM_GROUPS = ['underGraduate', 'graduate', 'postGraduate', 'preRequisite'] as const satisfies readonly ProgramGroup[];

/** The section flags, in the order of the application form. */
export const SECTION_FLAGS = [
  'highSchool',
  'bachelor',
  'master',
  'references',
  'unofficialGraduateTranscript',
  'undergraduateTranscript',
  'highSchoolTranscript',
  'gre',
  'recommendationLetters',
  'resume',
  'essay',
  'personalStatement',
] as const satisfies readonly (keyof SectionFlags)[];
/** Compile-time check that {@link SECTION_FLAGS} names every flag of the contract: a flag the server adds fails here. */
type MissingSectionFlag = Exclude<keyof SectionFlags, (typeof SECTION_FLAGS)[number]>;
export const SECTION_FLAGS_COMPLETE: [MissingSectionFlag] extends [never] ? true : MissingSectionFlag = true;

/** The languages of every localized text, in form order (the product's locales). */
export const TEXT_LOCALES = LOCALES satisfies readonly (keyof LocalizedText)[];
