/**
 * "What applicants see": programs grouped as the applicant site groups them, what each offers now, and the
 * page's choices read from its address.
 */
import { availability, availabilityCounts, groupPrograms, readPreviewChoice } from './preview';
import type { PublicProgram } from './types';

const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
const program = (name: string, group: PublicProgram['program'], over: Partial<PublicProgram> = {}): PublicProgram => ({
  name,
  program: group,
  label: name,
  popup: { title: name, semesters: 4, college: 'College' },
  courses: [],
  nextOpensAt: null,
  flags: {},
  ...over,
});
const course = { semester: 'intake-a', label: 'Intake A', locations: ['Online'], closesAt: later, deadlineAt: null };

describe('groupPrograms', () => {
  it('groups in display order, keeps the API order inside a group and leaves out empty groups', () => {
    const sections = groupPrograms([program('B', 'graduate'), program('A', 'underGraduate'), program('C', 'graduate')]);
    expect(sections.map((s) => [s.group, s.programs.map((p) => p.name)])).toEqual([
      ['underGraduate', ['A']],
      ['graduate', ['B', 'C']],
    ]);
  });

  it('puts an unknown group last', () => {
    const sections = groupPrograms([program('X', 'other' as never), program('A', 'preRequisite')]);
    expect(sections.map((s) => s.group)).toEqual(['preRequisite', 'other']);
  });
});

describe('availability', () => {
  it('is open with courses, upcoming with a next opening, else none', () => {
    expect(availability(program('A', 'graduate', { courses: [course] }))).toEqual({ kind: 'open', courses: [course] });
    expect(availability(program('A', 'graduate', { nextOpensAt: later }))).toEqual({ kind: 'upcoming', opensAt: later });
    expect(availability(program('A', 'graduate'))).toEqual({ kind: 'none' });
    expect(
      availabilityCounts([program('A', 'graduate', { courses: [course] }), program('B', 'graduate'), program('C', 'graduate')]),
    ).toEqual({ open: 1, upcoming: 0, none: 2 });
  });
});

describe('readPreviewChoice', () => {
  const fallback = { gender: 'female', language: 'en' } as const;
  it('reads gender and language, falling back for unknown values', () => {
    expect(readPreviewChoice('?gender=male&language=zh-CN', fallback)).toEqual({ gender: 'male', language: 'zh-CN' });
    expect(readPreviewChoice('?gender=x&language=fr', fallback)).toEqual(fallback);
    expect(readPreviewChoice('', { gender: 'male', language: 'es' })).toEqual({ gender: 'male', language: 'es' });
  });
});
