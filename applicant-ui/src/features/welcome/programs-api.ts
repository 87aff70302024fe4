/**
 * Program catalogue calls (docs/api.md "Programs") and pure helpers over it. Labels, popup titles and
 * semester labels come in the page's language (`Accept-Language`, issue 11).
 */
import { startTransition, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schema } from '../../shared/api/client';
import { CatalogueContext, genderQuery, loadCatalogue, type Catalogue, type Program, type Semester } from './catalogue-api';

export { fetchPrograms, fetchSemesters, type GenderQuery, type Program, type Semester } from './catalogue-api';

/** Program groups in display order (spec §3). */
export const PROGRAM_GROUPS = ['underGraduate', 'graduate', 'postGraduate', 'preRequisite'] as const;

/** One program group. */
export type ProgramGroup = (typeof PROGRAM_GROUPS)[number];

/** One offering of a program open now (`courses`): term key and label, locations (may be empty), close and deadline (contract `CourseDto`). */
export type ProgramCourse = Schema<'CourseDto'>;

/** Groups programs by `program`, in {@link PROGRAM_GROUPS} order, omitting empty groups; keeps API order inside a group. */
export function groupPrograms(programs: readonly Program[]): { group: ProgramGroup; programs: Program[] }[] {
  return PROGRAM_GROUPS.map((group) => ({ group, programs: programs.filter((p) => p.program === group) })).filter(
    (g) => g.programs.length > 0,
  );
}

/** True when the program has an offering open now: only then can an application for it be started. */
export function isOpenNow(program: Pick<Program, 'courses'>): boolean {
  return program.courses.length > 0;
}

/**
 * A semester the applicant may choose for a program (a UI view of {@link ProgramCourse}): the term's key
 * (`semester`, the wire value of `semesterApplied`), its label from the API, the locations offered, the
 * current round's deadline, and whether it is open now (false only for a saved choice kept visible).
 */
export type SemesterChoice = Pick<ProgramCourse, 'semester' | 'label' | 'locations' | 'deadlineAt'> & { open: boolean };

/** The choice a draft has saved, kept among the choices of its program even once its window has closed. */
export type SavedChoice = Pick<ProgramCourse, 'semester'> & { location?: string | null; label?: string };

/**
 * Semesters the applicant may choose for a program: its `courses` (the offerings open now, with their
 * locations and labels; none when the program has nothing open). `saved` (step 1: the draft's saved
 * semester of this program) stays listed — marked not open, as the last choice — when it is not open now,
 * so a draft whose window closed still shows its term; its saved location stays listed too.
 */
export function semesterChoices(program: Pick<Program, 'courses'> | undefined, saved?: SavedChoice | null): SemesterChoice[] {
  const open: SemesterChoice[] = (program?.courses ?? []).map((c) => ({
    semester: c.semester,
    label: c.label,
    locations:
      saved?.location && c.semester === saved.semester && !c.locations.includes(saved.location)
        ? [...c.locations, saved.location]
        : c.locations,
    deadlineAt: c.deadlineAt,
    open: true,
  }));
  if (!saved?.semester || open.some((c) => c.semester === saved.semester)) return open;
  const kept: SemesterChoice = {
    semester: saved.semester,
    label: saved.label ?? saved.semester,
    locations: saved.location ? [saved.location] : [],
    deadlineAt: null,
    open: false,
  };
  return [...open, kept];
}

/**
 * A semester's label in the page's language, from the API: the terms open now (`semesters`) or, failing
 * that, a program's courses; the key itself when neither lists it (a term no longer open is shown by its
 * key — the client never makes up a name from it).
 */
export function semesterLabel(semesters: readonly Semester[] | undefined, name: string, programs?: readonly Program[]): string {
  return (
    semesters?.find((s) => s.name === name)?.label ?? programs?.flatMap((p) => p.courses).find((c) => c.semester === name)?.label ?? name
  );
}

/**
 * A location's name in the page's language (`locations.<value>` in the locale files: "Online" is "En línea",
 * "线上"); a place's proper name (Boro Park) is written as stored (issue 27 item 6).
 */
export function locationLabel(t: (key: string, options: { defaultValue: string }) => string, value: string): string {
  return t(`locations.${value}`, { defaultValue: value });
}

/** A program's label in the page's language, from the catalogue; the stored name (its key) when it is not listed. */
export function programLabel(programs: readonly Program[] | undefined, name: string): string {
  return programs?.find((p) => p.name === name)?.label ?? name;
}

/**
 * The programs and semesters of a gender ('Female' / 'male' …), in the page's language: fetched again when
 * it changes. Null while loading or failed. Inside a form page that loaded its record's catalogue
 * ({@link CatalogueContext}), that one is read rather than requested again.
 */
export function useCatalogue(gender: string | null | undefined): Catalogue | null {
  const { i18n } = useTranslation();
  const g = genderQuery(gender);
  const provided = useContext(CatalogueContext);
  const fromPage = provided !== null && provided.gender === g;
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  useEffect(() => {
    if (!g || fromPage) return;
    let alive = true;
    loadCatalogue(g)
      .then((c) => alive && startTransition(() => setCatalogue(c)))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [g, fromPage, i18n.language]);
  return fromPage ? provided.catalogue : catalogue;
}
