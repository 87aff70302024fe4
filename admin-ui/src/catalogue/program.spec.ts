/**
 * Program form helpers: validation as the server's AdminProgramDto, the request body, the section flags as
 * checkboxes, and a program's name in choice lists.
 */
import { flagsToList, listToFlags, programOptionText, toProgramPayload, validateProgram } from './program';
import { SECTION_FLAGS } from './types';

const texts = { en: 'Social work', es: 'Trabajo social', 'zh-CN': '社会工作' };
const titles = { en: 'Master of social work', es: 'Maestría en trabajo social', 'zh-CN': '社会工作硕士' };
const valid = { gender: 'female', name: 'MSW', program: 'graduate', labels: texts, titles, semesters: 4, college: 'Touro University' };
const noFlags = Object.fromEntries(SECTION_FLAGS.map((f) => [f, false]));

describe('flags as checkboxes', () => {
  it('lists the checked flags in form order', () => {
    expect(flagsToList({ resume: true, bachelor: true, gre: false })).toEqual(['bachelor', 'resume']);
    expect(flagsToList(undefined)).toEqual([]);
  });

  it('turns the checked boxes into all twelve flags, ignoring unknown values', () => {
    expect(listToFlags(['essay', 'nope'])).toEqual({ ...noFlags, essay: true });
    expect(Object.keys(listToFlags([]))).toHaveLength(12);
    expect(listToFlags(null)).toEqual(noFlags);
  });
});

describe('validateProgram', () => {
  it('accepts a complete program', () => {
    expect(validateProgram(valid)).toEqual({});
    expect(validateProgram({ ...valid, sortOrder: 1_000_000, semesters: '12' })).toEqual({});
  });

  it('requires gender, name, group, both texts in every language, semesters and college', () => {
    expect(validateProgram({})).toEqual({
      gender: 'ra.validation.required',
      name: 'ra.validation.required',
      program: 'ra.validation.required',
      labels: { en: 'ra.validation.required', es: 'ra.validation.required', 'zh-CN': 'ra.validation.required' },
      titles: { en: 'ra.validation.required', es: 'ra.validation.required', 'zh-CN': 'ra.validation.required' },
      semesters: 'ra.validation.required',
      college: 'ra.validation.required',
    });
    expect(validateProgram({ ...valid, titles: { ...titles, es: '  ' } })).toEqual({ titles: { es: 'ra.validation.required' } });
  });

  it('limits the lengths and the numbers', () => {
    expect(validateProgram({ ...valid, name: 'x'.repeat(101) }).name).toEqual({ message: 'ra.validation.maxLength', args: { max: 100 } });
    expect(validateProgram({ ...valid, college: 'x'.repeat(201) }).college).toEqual({
      message: 'ra.validation.maxLength',
      args: { max: 200 },
    });
    for (const semesters of [0, 13, 2.5])
      expect(validateProgram({ ...valid, semesters }).semesters).toBe('app.programs.validation.semesters');
    for (const sortOrder of [-1, 1_000_001, 0.5]) {
      expect(validateProgram({ ...valid, sortOrder }).sortOrder).toBe('app.programs.validation.sort_order');
    }
    expect(validateProgram({ ...valid, gender: 'other' }).gender).toBe('ra.validation.required');
  });
});

describe('toProgramPayload', () => {
  it('keeps only the API fields, trimmed, with all twelve flags', () => {
    const body = toProgramPayload({
      ...valid,
      id: 3,
      name: ' MSW ',
      labels: { ...texts, en: ' Social work ' },
      flags: { bachelor: true },
      semesters: '4',
      sortOrder: '',
      archived: undefined,
    } as never);
    expect(body).toEqual({
      gender: 'female',
      name: 'MSW',
      program: 'graduate',
      labels: texts,
      titles,
      semesters: 4,
      college: 'Touro University',
      flags: { ...noFlags, bachelor: true },
      sortOrder: 0,
      archived: false,
    });
  });

  it('keeps archived true and the order', () => {
    expect(toProgramPayload({ ...valid, archived: true, sortOrder: 30 })).toMatchObject({ archived: true, sortOrder: 30 });
  });
});

describe('programOptionText', () => {
  it('names gender, stored name and the name in the console language when it differs', () => {
    expect(programOptionText({ name: 'MSW', labels: texts }, 'es', 'Mujeres')).toBe('Mujeres · MSW (Trabajo social)');
    expect(programOptionText({ name: 'Nursing', labels: { en: 'Nursing', es: 'Enfermería', 'zh-CN': '护理' } }, 'en', 'Male')).toBe(
      'Male · Nursing',
    );
  });
});
