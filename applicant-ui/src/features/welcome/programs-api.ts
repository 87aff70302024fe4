/** Program catalogue calls (docs/api.md "Programs") and pure helpers over it. */
import { api } from '../../shared/api/client';

/** Program groups in display order (spec §3). */
export const PROGRAM_GROUPS = ['underGraduate', 'graduate', 'postGraduate', 'preRequisite'] as const;

/** One program group. */
export type ProgramGroup = (typeof PROGRAM_GROUPS)[number];

/** Applicant gender as the API's query parameter wants it. */
export type GenderQuery = 'female' | 'male';

/** One semester of a program's `courses`, with the locations offered (may be empty). */
export interface ProgramCourse {
  semester: string;
  locations: string[];
}

/** A field of interest as GET /api/programs answers it. */
export interface Program {
  name: string;
  program: ProgramGroup;
  label: string;
  popup: { title: string; semesters: number; college: string };
  courses: ProgramCourse[];
  flags: Record<string, boolean>;
}

/** A semester as GET /api/programs/semesters answers it (`begins` is `YYYY-MM`). */
export interface Semester {
  name: string;
  begins: string;
}

/** GET /api/programs?gender=… */
export async function fetchPrograms(gender: GenderQuery): Promise<Program[]> {
  const { data } = await api.get<Program[]>('/programs', { params: { gender } });
  return data;
}

/** GET /api/programs/semesters?gender=… */
export async function fetchSemesters(gender: GenderQuery): Promise<Semester[]> {
  const { data } = await api.get<Semester[]>('/programs/semesters', { params: { gender } });
  return data;
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
