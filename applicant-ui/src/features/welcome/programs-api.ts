/**
 * Program catalogue calls (docs/api.md "Programs") and pure helpers over it. Labels, popup titles and
 * semester labels come in the page's language (`Accept-Language`, issue 11).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, call, type Schema } from '../../shared/api/client';

/** Program groups in display order (spec §3). */
export const PROGRAM_GROUPS = ['underGraduate', 'graduate', 'postGraduate', 'preRequisite'] as const;

/** One program group. */
export type ProgramGroup = (typeof PROGRAM_GROUPS)[number];

/** Applicant gender as the API's query parameter wants it. */
export type GenderQuery = 'female' | 'male';

/** One semester of a program's `courses`, with the locations offered (may be empty; contract `CourseDto`). */
export type ProgramCourse = Schema<'CourseDto'>;

/** A field of interest as GET /api/programs answers it (contract `ProgramResponse`). */
export type Program = Schema<'ProgramResponse'>;

/** A semester as GET /api/programs/semesters answers it (contract `SemesterResponse`: `begins` is `YYYY-MM`; `label` in the page's language). */
export type Semester = Schema<'SemesterResponse'>;

/** GET /api/programs?gender=… */
export async function fetchPrograms(gender: GenderQuery): Promise<Program[]> {
  return call(api.GET('/api/programs', { params: { query: { gender } } }));
}

/** GET /api/programs/semesters?gender=… */
export async function fetchSemesters(gender: GenderQuery): Promise<Semester[]> {
  return call(api.GET('/api/programs/semesters', { params: { query: { gender } } }));
}

/** Groups programs by `program`, in {@link PROGRAM_GROUPS} order, omitting empty groups; keeps API order inside a group. */
export function groupPrograms(programs: readonly Program[]): { group: ProgramGroup; programs: Program[] }[] {
  return PROGRAM_GROUPS.map((group) => ({ group, programs: programs.filter((p) => p.program === group) })).filter(
    (g) => g.programs.length > 0,
  );
}

/**
 * Semesters the applicant may choose for a program: its `courses` (with their locations), or, when
 * `courses` is empty, every semester offered to the gender (no location).
 */
export function semesterChoices(program: Program, allSemesters: readonly Semester[]): ProgramCourse[] {
  if (program.courses.length > 0) return program.courses;
  return allSemesters.map((s) => ({ semester: s.name, locations: [] }));
}

/** A semester's label in the page's language ('Otoño 2026'), from the catalogue; the name when it is not listed. */
export function semesterLabel(semesters: readonly Semester[] | undefined, name: string): string {
  return semesters?.find((s) => s.name === name)?.label ?? name;
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
    Promise.all([fetchPrograms(g), fetchSemesters(g)])
      .then(([programs, semesters]) => alive && setCatalogue({ programs, semesters }))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [gender, i18n.language]);
  return catalogue;
}
