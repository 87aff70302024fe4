/**
 * Pure helpers of "What applicants see": the public `GET /api/programs?gender=…` answer (in the language
 * asked with `Accept-Language`) grouped as the applicant site groups it, and what each program offers now —
 * its open terms with their deadlines, the day its next window opens, or nothing.
 */
import { PROGRAM_GROUPS, type Gender, type ProgramGroup, type PublicCourse, type PublicProgram } from './types';
import type { AppLocale } from '../config';

/** The programs of one group, in the API's order. */
export interface ProgramGroupSection {
  group: ProgramGroup;
  programs: PublicProgram[];
}

/** Groups programs by `program` in display order, leaving out empty groups (an unknown group comes last, by itself). */
export function groupPrograms(programs: readonly PublicProgram[]): ProgramGroupSection[] {
  const known = PROGRAM_GROUPS.map((group) => ({ group, programs: programs.filter((p) => p.program === group) }));
  const others = programs.filter((p) => !(PROGRAM_GROUPS as readonly string[]).includes(p.program));
  const sections: ProgramGroupSection[] = known.filter((s) => s.programs.length > 0);
  for (const p of others) {
    const section = sections.find((s) => s.group === p.program);
    if (section) section.programs.push(p);
    else sections.push({ group: p.program, programs: [p] });
  }
  return sections;
}

/** What a program offers now: open terms; nothing open yet but a window ahead; or nothing at all. */
export type Availability = { kind: 'open'; courses: PublicCourse[] } | { kind: 'upcoming'; opensAt: string } | { kind: 'none' };

/** A program's availability from its `courses` and `nextOpensAt`. */
export function availability(program: Pick<PublicProgram, 'courses' | 'nextOpensAt'>): Availability {
  if (program.courses.length > 0) return { kind: 'open', courses: program.courses };
  if (program.nextOpensAt) return { kind: 'upcoming', opensAt: program.nextOpensAt };
  return { kind: 'none' };
}

/** How many programs are open now, open later, or offer nothing. */
export function availabilityCounts(programs: readonly PublicProgram[]): Record<Availability['kind'], number> {
  const counts = { open: 0, upcoming: 0, none: 0 };
  for (const p of programs) counts[availability(p).kind] += 1;
  return counts;
}

/** The choices of the preview page. */
export interface PreviewChoice {
  gender: Gender;
  language: AppLocale;
}

/** Reads the page's query string (`?gender=male&language=es`); unknown values fall back to `fallback`. */
export function readPreviewChoice(search: string, fallback: PreviewChoice): PreviewChoice {
  const params = new URLSearchParams(search);
  const gender = params.get('gender');
  const language = params.get('language');
  return {
    gender: gender === 'female' || gender === 'male' ? gender : fallback.gender,
    language: language === 'en' || language === 'es' || language === 'zh-CN' ? language : fallback.language,
  };
}
