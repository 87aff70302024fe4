import { groupPrograms, semesterChoices, type Program } from './programs-api';

const p = (name: string, program: Program['program'], courses: Program['courses'] = []): Program => ({
  name,
  program,
  label: name,
  popup: { title: name, semesters: 4, college: 'X' },
  courses,
  flags: {},
});

describe('program catalogue helpers', () => {
  it('groups in the fixed order and drops empty groups', () => {
    const groups = groupPrograms([p('MSW', 'graduate'), p('BA', 'underGraduate'), p('Med', 'preRequisite'), p('MBA', 'graduate')]);
    expect(groups.map((g) => g.group)).toEqual(['underGraduate', 'graduate', 'preRequisite']);
    expect(groups[1]!.programs.map((x) => x.name)).toEqual(['MSW', 'MBA']);
  });
  it('uses the program courses when present', () => {
    const prog = p('MSW', 'graduate', [{ semester: 'Spring 2026', locations: ['Online'] }]);
    expect(semesterChoices(prog, [{ name: 'Fall 2026', begins: '2026-09', label: 'Fall 2026' }])).toEqual([
      { semester: 'Spring 2026', locations: ['Online'] },
    ]);
  });
  it('falls back to every semester for the gender when courses is empty', () => {
    expect(
      semesterChoices(p('A', 'graduate'), [
        { name: 'Spring 2026', begins: '2026-01', label: 'Spring 2026' },
        { name: 'Fall 2026', begins: '2026-09', label: 'Fall 2026' },
      ]),
    ).toEqual([
      { semester: 'Spring 2026', locations: [] },
      { semester: 'Fall 2026', locations: [] },
    ]);
  });
});
