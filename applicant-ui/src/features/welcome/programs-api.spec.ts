import { createInstance, type i18n as I18n } from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatInstant } from '../../shared/lib/instant-format';
import { groupPrograms, isOpenNow, semesterChoices, semesterLabel, type Program, type ProgramCourse } from './programs-api';
import { notOpenReason } from './program-opening';

// example term keys and labels as the API sends them (issue 25: terms are data)
const course = (semester: string, label: string, over: Partial<ProgramCourse> = {}): ProgramCourse => ({
  semester,
  label,
  locations: [],
  closesAt: '2031-07-31T03:59:00.000Z',
  deadlineAt: null,
  ...over,
});

const p = (name: string, program: Program['program'], courses: ProgramCourse[] = [], nextOpensAt: string | null = null): Program => ({
  name,
  program,
  label: name,
  popup: { title: name, semesters: 4, college: 'X' },
  courses,
  nextOpensAt,
  flags: {},
});

const SPRING = course('Spring 2031', 'Primavera 2031', { locations: ['Online'], deadlineAt: '2031-01-15T04:59:00.000Z' });
const FALL = course('Fall 2031', 'Otoño 2031');

describe('program catalogue helpers', () => {
  it('groups in the fixed order and drops empty groups', () => {
    const groups = groupPrograms([p('MSW', 'graduate'), p('BA', 'underGraduate'), p('Med', 'preRequisite'), p('MBA', 'graduate')]);
    expect(groups.map((g) => g.group)).toEqual(['underGraduate', 'graduate', 'preRequisite']);
    expect(groups[1]!.programs.map((x) => x.name)).toEqual(['MSW', 'MBA']);
  });

  it('offers the courses open now, in the API order, with their labels, locations and deadline', () => {
    expect(semesterChoices(p('MSW', 'graduate', [SPRING, FALL]))).toEqual([
      { semester: 'Spring 2031', label: 'Primavera 2031', locations: ['Online'], deadlineAt: '2031-01-15T04:59:00.000Z', open: true },
      { semester: 'Fall 2031', label: 'Otoño 2031', locations: [], deadlineAt: null, open: true },
    ]);
  });

  it('offers nothing for a program with nothing open (no fall back to every semester of the gender)', () => {
    const closed = p('MBA', 'graduate', [], '2031-03-01T14:00:00.000Z');
    expect(isOpenNow(closed)).toBe(false);
    expect(semesterChoices(closed)).toEqual([]);
    expect(isOpenNow(p('MSW', 'graduate', [FALL]))).toBe(true);
  });

  it('keeps a saved semester that is no longer open as the last choice, marked closed, with its location', () => {
    expect(semesterChoices(p('MSW', 'graduate', [FALL]), { semester: 'Spring 2031', location: 'Online', label: 'Primavera 2031' })).toEqual(
      [
        { semester: 'Fall 2031', label: 'Otoño 2031', locations: [], deadlineAt: null, open: true },
        { semester: 'Spring 2031', label: 'Primavera 2031', locations: ['Online'], deadlineAt: null, open: false },
      ],
    );
    // by its key when no label is known; once open again it is just one of the open choices
    expect(semesterChoices(p('MBA', 'graduate'), { semester: 'Spring 2031' })).toEqual([
      { semester: 'Spring 2031', label: 'Spring 2031', locations: [], deadlineAt: null, open: false },
    ]);
    expect(semesterChoices(p('MSW', 'graduate', [SPRING]), { semester: 'Spring 2031', location: 'Online' })).toEqual([
      { semester: 'Spring 2031', label: 'Primavera 2031', locations: ['Online'], deadlineAt: '2031-01-15T04:59:00.000Z', open: true },
    ]);
  });

  it('keeps a saved location its open semester no longer offers', () => {
    expect(semesterChoices(p('MSW', 'graduate', [SPRING]), { semester: 'Spring 2031', location: 'Boro Park' })[0]!.locations).toEqual([
      'Online',
      'Boro Park',
    ]);
  });

  it("names a semester by the API's label, else by its key as it is (never made up from the key)", () => {
    const semesters = [{ name: 'Fall 2031', begins: '2031-09', startsOn: '2031-09-02', label: 'Otoño 2031' }];
    expect(semesterLabel(semesters, 'Fall 2031')).toBe('Otoño 2031');
    expect(semesterLabel([], 'Spring 2031', [p('MSW', 'graduate', [SPRING])])).toBe('Primavera 2031');
    expect(semesterLabel(semesters, 'Summer 2031')).toBe('Summer 2031');
    expect(semesterLabel(undefined, 'x-term')).toBe('x-term');
  });
});

describe('why a program is not open', () => {
  let i18n: I18n;
  beforeAll(async () => {
    const load = (lng: string) => JSON.parse(readFileSync(join(process.cwd(), `src/i18n/locales/${lng}.json`), 'utf8')) as object;
    i18n = createInstance();
    await i18n.init({
      lng: 'en',
      resources: { en: { translation: load('en') }, es: { translation: load('es') }, 'zh-CN': { translation: load('zh-CN') } },
      interpolation: { escapeValue: false },
    });
  });

  it('says when the next window opens, in the language and on the clock of the browser', () => {
    const at = '2031-03-01T14:00:00.000Z';
    const program = p('MBA', 'graduate', [], at);
    expect(notOpenReason(program, i18n.getFixedT('en'), 'en')).toBe(`Applications open on ${formatInstant(at, 'en')}`);
    expect(notOpenReason(program, i18n.getFixedT('es'), 'es')).toBe(`Las solicitudes abren el ${formatInstant(at, 'es')}`);
    expect(notOpenReason(program, i18n.getFixedT('zh-CN'), 'zh-CN')).toContain(formatInstant(at, 'zh-CN'));
    expect(formatInstant(at, 'en', 'America/New_York')).toMatch(/March 1, 2031.*9:00.*AM.*EST/);
    expect(formatInstant(at, 'es', 'Europe/Madrid')).toMatch(/1 de marzo de 2031.*15:00/);
  });

  it('says that nothing is planned when no window is ahead', () => {
    expect(notOpenReason(p('OTD', 'graduate'), i18n.getFixedT('en'), 'en')).toBe('Not open for applications at the moment');
    expect(notOpenReason(p('OTD', 'graduate'), i18n.getFixedT('es'), 'es')).toBe('No admite solicitudes en este momento');
  });
});
