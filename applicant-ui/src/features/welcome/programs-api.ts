/**
 * Program catalogue calls (docs/api.md "Programs") and pure helpers over it. Labels, popup titles and
 * semester labels come in the page's language (`Accept-Language`, issue 11).
 */
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api, call, type Schema } from '../../shared/api/client';
import { formatInstant } from '../../shared/lib/instant-format';

/** Program groups in display order (spec §3). */
export const PROGRAM_GROUPS = ['underGraduate', 'graduate', 'postGraduate', 'preRequisite'] as const;

/** One program group. */
export type ProgramGroup = (typeof PROGRAM_GROUPS)[number];

/** Applicant gender as the API's query parameter wants it. */
export type GenderQuery = 'female' | 'male';

/** One offering of a program open now (`courses`): term key and label, locations (may be empty), close and deadline (contract `CourseDto`). */
export type ProgramCourse = Schema<'CourseDto'>;

/** A field of interest as GET /api/programs answers it (contract `ProgramResponse`). */
export type Program = Schema<'ProgramResponse'>;

/** A term as GET /api/programs/terms answers it (contract `SemesterResponse`: `begins` is `YYYY-MM`; `label` in the page's language). */
export type Semester = Schema<'SemesterResponse'>;

/** GET /api/programs?gender=… */
export async function fetchPrograms(gender: GenderQuery): Promise<Program[]> {
  return call(api.GET('/api/programs', { params: { query: { gender } } }));
}

/**
 * GET /api/programs/terms: every term's name in the page's language, open or not (issue 25), so a saved
 * term (a draft's, a decision's) is shown by its name even once its window has closed.
 */
export async function fetchSemesters(): Promise<Semester[]> {
  return call(api.GET('/api/programs/terms'));
}

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
 * Why a program cannot be started now, in `language`: "Applications open on <date>" (its next window's
 * opening on the browser's clock) or, with nothing planned, "Not open for applications at the moment".
 */
export function notOpenReason(program: Pick<Program, 'nextOpensAt'>, t: TFunction, language: string): string {
  return program.nextOpensAt ? t('welcome.opens_on', { date: formatInstant(program.nextOpensAt, language) }) : t('welcome.not_open');
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

/** The programs and semesters of a gender ('Female' / 'male' …), in the page's language: fetched again when it changes. Null while loading or failed. */
export function useCatalogue(gender: string | null | undefined): { programs: Program[]; semesters: Semester[] } | null {
  const { i18n } = useTranslation();
  const [catalogue, setCatalogue] = useState<{ programs: Program[]; semesters: Semester[] } | null>(null);
  useEffect(() => {
    const g = gender?.toLowerCase();
    if (g !== 'female' && g !== 'male') return;
    let alive = true;
    Promise.all([fetchPrograms(g), fetchSemesters()])
      .then(([programs, semesters]) => alive && setCatalogue({ programs, semesters }))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [gender, i18n.language]);
  return catalogue;
}
