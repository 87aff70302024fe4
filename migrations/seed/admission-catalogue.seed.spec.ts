import { describe, it, expect } from '@jest/globals';
import { PROGRAM_GROUPS, type Gender } from '../../server/src/modules/programs/program.entity.js';
import { ADMISSION_CATALOGUE_SEED as CATALOGUE } from './admission-catalogue.seed.js';

/** The catalogue migration 1764160000000 seeds (the former code constant), checked against spec §3. */
type Entry = (typeof CATALOGUE)[number];
const byGender = (gender: Gender): Entry[] => CATALOGUE.filter((e) => e.gender === gender);
const women = byGender('female');
const men = byGender('male');
const find = (gender: Gender, name: string) => CATALOGUE.find((e) => e.gender === gender && e.name === name);

describe('seeded program catalogue (spec §3)', () => {
  it('has about 30 fields for women and a smaller list (about 10) for men', () => {
    expect(women.length).toBeGreaterThanOrEqual(25);
    expect(women.length).toBeLessThanOrEqual(32);
    expect(men.length).toBeGreaterThanOrEqual(10);
    expect(men.length).toBeLessThanOrEqual(14);
    expect(men.length).toBeLessThan(women.length);
  });

  it('keeps names unique per gender', () => {
    for (const list of [women, men]) {
      expect(new Set(list.map((e) => e.name)).size).toBe(list.length);
    }
  });

  it('offers women every field the spec lists', () => {
    const names = women.map((e) => e.name);
    for (const track of [
      'ABA',
      'Data Science',
      'Education',
      'Health Science',
      'Nutrition',
      'Occupational Therapy',
      'Pre-Med',
      'Social Work',
      'Speech',
      'IMPACT',
    ]) {
      expect(names).toContain(`BA Psychology - ${track} Track`);
    }
    expect(names).toEqual(
      expect.arrayContaining([
        'BA Psychology',
        'BS Accounting',
        'BS Business Admin with Accounting Specialization',
        'BA Business Administration',
        'Legal Studies',
        'BA Education and Special Education',
        'MS Education and Special Education',
        'MBA',
        'MSW',
        'MPS ABA',
        'MS Nutrition',
        'Master of Speech-Language Pathology',
        'OTD',
        'ABA Advance Certificate',
        'Medical Prereq Courses',
        'Nutrition Prereq Courses',
        'OT Prereq Courses',
        'Speech Prereq Courses',
      ]),
    );
  });

  it('offers men the smaller list', () => {
    const names = men.map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'BA Business Administration',
        'BA Psychology',
        'Legal Studies',
        'BS Accounting',
        'MS Education and Special Education',
        'MSW',
        'MPS ABA',
        'MBA',
        'ABA Advance Certificate',
        'Medical Prereq Courses',
      ]),
    );
    expect(names.filter((n) => n.startsWith('BA Psychology - ')).length).toBeGreaterThanOrEqual(2);
    for (const absent of ['OTD', 'MS Nutrition', 'Master of Speech-Language Pathology', 'OT Prereq Courses']) {
      expect(names).not.toContain(absent);
    }
  });

  it('has some programs with no listed courses, and some online-only ones', () => {
    expect(women.some((e) => e.courses.length === 0)).toBe(true);
    expect(men.some((e) => e.courses.length === 0)).toBe(true);
    expect(
      CATALOGUE.some((e) => e.courses.length > 0 && e.courses.every((c) => c.locations.length === 1 && c.locations[0] === 'Online')),
    ).toBe(true);
  });

  it('keeps popup semesters within 3..8 and names a college and a title', () => {
    for (const e of CATALOGUE) {
      expect(Number.isInteger(e.popup.semesters)).toBe(true);
      expect(e.popup.semesters).toBeGreaterThanOrEqual(3);
      expect(e.popup.semesters).toBeLessThanOrEqual(8);
      expect(e.popup.college).toMatch(/College|University/);
      expect(e.popup.title.length).toBeGreaterThan(0);
      expect(e.label.length).toBeGreaterThan(0);
    }
  });

  it('puts programs in the right groups', () => {
    const group = (g: Gender, n: string) => find(g, n)?.program;
    expect(group('female', 'BA Psychology - Data Science Track')).toBe('underGraduate');
    expect(group('female', 'OTD')).toBe('graduate');
    expect(group('female', 'MSW')).toBe('graduate');
    expect(group('male', 'ABA Advance Certificate')).toBe('postGraduate');
    expect(group('female', 'Speech Prereq Courses')).toBe('preRequisite');
    expect(CATALOGUE.filter((e) => e.program === 'postGraduate').map((e) => e.name)).toEqual([
      'ABA Advance Certificate',
      'ABA Advance Certificate',
    ]);
  });

  it('sets section flags by group', () => {
    for (const e of CATALOGUE) {
      const f = e.flags;
      switch (e.program) {
        case 'underGraduate':
          expect(f.highSchool && f.highSchoolTranscript).toBe(true);
          expect(f.bachelor || f.master).toBe(false);
          break;
        case 'graduate':
          expect(f.bachelor && f.undergraduateTranscript).toBe(true);
          expect(f.references || f.recommendationLetters).toBe(true);
          expect(f.highSchool || f.master).toBe(false);
          break;
        case 'postGraduate':
          expect(f.master && f.unofficialGraduateTranscript).toBe(true);
          break;
        case 'preRequisite':
          expect(f.bachelor).toBe(true);
          expect(f.highSchool || f.master).toBe(false);
          break;
      }
      const needsGre = e.name === 'OTD' || e.name === 'Master of Speech-Language Pathology';
      expect(f.gre).toBe(needsGre);
      expect(f.essay).toBe(needsGre);
    }
  });

  it('orders each gender by group, with increasing unique sortOrder', () => {
    const rank = (e: Entry) => PROGRAM_GROUPS.indexOf(e.program);
    for (const list of [women, men]) {
      for (let i = 1; i < list.length; i++) {
        expect(list[i]!.sortOrder).toBeGreaterThan(list[i - 1]!.sortOrder);
        expect(rank(list[i]!)).toBeGreaterThanOrEqual(rank(list[i - 1]!));
      }
    }
  });
});

describe('program texts in every language (issue 11 item 3)', () => {
  it('translates the label and popup title of every program of both genders into es and zh-CN', () => {
    const missing: string[] = [];
    for (const entry of CATALOGUE) {
      const translations: Record<string, { label: string; title: string } | undefined> = entry.translations;
      for (const locale of ['es', 'zh-CN'] as const) {
        const text = translations[locale];
        if (!text?.label.trim() || !text.title.trim()) missing.push(`${entry.gender}/${entry.name}/${locale}`);
        else {
          expect(text.label).not.toBe(entry.label);
          expect(text.title).not.toBe(entry.popup.title);
        }
      }
      expect(translations['zh-CN']?.label).toMatch(/\p{Script=Han}/u);
    }
    expect(missing).toEqual([]);
  });
});
