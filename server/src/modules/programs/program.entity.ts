import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Locale } from '../../common/i18n/i18n.service.js';

/** The four program groups of spec §3. */
export type ProgramGroup = 'underGraduate' | 'graduate' | 'postGraduate' | 'preRequisite';
/** The program groups, in display order (spec §3). */
export const PROGRAM_GROUPS: readonly ProgramGroup[] = ['underGraduate', 'graduate', 'postGraduate', 'preRequisite'];
/** Applicant gender as the catalogue keys it (spec §1: Female or Male). */
export type Gender = 'female' | 'male';

/** Which form sections a field of interest shows (spec §3 "Flags decide which form sections appear"). */
export interface SectionFlags {
  highSchool: boolean;
  bachelor: boolean;
  master: boolean;
  references: boolean;
  unofficialGraduateTranscript: boolean;
  undergraduateTranscript: boolean;
  highSchoolTranscript: boolean;
  gre: boolean;
  recommendationLetters: boolean;
  resume: boolean;
  essay: boolean;
  personalStatement: boolean;
}

/** The section flag names, in the order of spec §3. */
export const SECTION_FLAGS: readonly (keyof SectionFlags)[] = [
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
];

/** A program's label and popup title in one language other than English. */
export interface ProgramTranslation {
  label: string;
  title: string;
}

/** A program's translations as stored (`programs.translations`): by language other than English. */
export type ProgramTranslations = Partial<Record<Exclude<Locale, 'en'>, ProgramTranslation>>;

/**
 * A field of interest offered to one gender (table `programs`; spec §3): `name` is the wire value of
 * `fieldOfInterest`, `label` and `popup.title` the English texts, `translations` the others. Seeded by
 * migration 1764160000000 and managed in the console since (issue 25); where and when it is offered is
 * in its offerings. Archived programs are kept for the applications that name them and offer nothing.
 */
@Entity('programs')
export class Program {
  @PrimaryGeneratedColumn() id: number;
  @Column('text') gender: Gender;
  @Column('text') name: string;
  @Column('text') program: ProgramGroup;
  @Column('text') label: string;
  @Column('jsonb') popup: { title: string; semesters: number; college: string };
  @Column('jsonb') flags: SectionFlags;
  @Column('jsonb') translations: ProgramTranslations;
  @Column('integer', { name: 'sort_order' }) sortOrder: number;
  @Column('boolean') archived: boolean;
}
