import { describe, it, expect } from '@jest/globals';
import { LOCALES } from '../../common/i18n/i18n.service.js';
import { cardYearOptions, DROPDOWN_SEEDS, labelIn, missingLocales, type DropdownOption } from './dropdowns.seed-data.js';

const list = (key: string): DropdownOption[] => {
  const seed = DROPDOWN_SEEDS.find((d) => d.key === key);
  if (!seed) throw new Error(`no dropdown ${key}`);
  return seed.options;
};
const labels = (key: string) => list(key).map((o) => o.label.en);
const values = (key: string) => list(key).map((o) => o.value);

describe('dropdown seeds (spec §3)', () => {
  it('has unique keys and no card years', () => {
    const keys = DROPDOWN_SEEDS.map((d) => d.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain('cardYears');
    expect(keys).toEqual([
      'yesNo',
      'transferCredit',
      'employment',
      'maritalStatus',
      'placesClassesTaken',
      'classTypes',
      'classStatus',
      'howHeard',
      'colleges',
      'israelPrograms',
      'examTypes',
      'months',
      'countries',
      'states',
      'seminaries',
      'yeshivas',
      'declineReasons',
    ]);
  });

  it('has non-empty labels and no duplicate values in any list', () => {
    for (const d of DROPDOWN_SEEDS) {
      expect(d.label.length).toBeGreaterThan(0);
      const v = d.options.map((o) => o.value);
      expect(new Set(v).size).toBe(v.length);
      for (const o of d.options) expect(o.label.en.length).toBeGreaterThan(0);
    }
  });

  it('has every option of every list labelled in en, es and zh-CN, none blank (issue 11 item 3)', () => {
    const missing: string[] = [];
    for (const d of DROPDOWN_SEEDS) {
      for (const o of d.options) {
        expect(Object.keys(o.label).sort()).toEqual([...LOCALES].sort());
        for (const locale of LOCALES)
          if (typeof o.label[locale] !== 'string' || !o.label[locale]!.trim()) missing.push(`${d.key}/${o.value}/${locale}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('translates every option that is not a proper name: Spanish and Chinese differ from English except where the word is the same', () => {
    const sameInSpanish = new Set(['No']);
    for (const key of [
      'yesNo',
      'transferCredit',
      'employment',
      'maritalStatus',
      'placesClassesTaken',
      'classTypes',
      'classStatus',
      'howHeard',
    ]) {
      for (const o of list(key)) {
        expect(o.label['zh-CN']).not.toBe(o.label.en);
        expect(o.label['zh-CN']).toMatch(/\p{Script=Han}/u);
        if (!sameInSpanish.has(o.label.en)) expect(o.label.es).not.toBe(o.label.en);
      }
    }
    // proper names stay as written, but "Other" is translated; countries and states carry their local names
    expect(list('colleges').at(-1)!.label).toEqual({ en: 'Other', es: 'Otro', 'zh-CN': '其他' });
    expect(list('countries')[0]!.label).toEqual({ en: 'United States', es: 'Estados Unidos', 'zh-CN': '美国' });
    expect(list('states').find((o) => o.value === 'NY')!.label).toEqual({ en: 'New York', es: 'Nueva York', 'zh-CN': '纽约州' });
  });

  it('labelIn answers the language asked, English when it is missing; missingLocales names the gaps', () => {
    expect(labelIn({ en: 'Married', es: 'Casado/a', 'zh-CN': '已婚' }, 'zh-CN')).toBe('已婚');
    expect(labelIn({ en: 'Married', es: '' }, 'es')).toBe('Married');
    expect(missingLocales({ en: 'Married', es: ' ' })).toEqual(['es', 'zh-CN']);
    expect(missingLocales({ en: 'Married', es: 'Casado/a', 'zh-CN': '已婚' })).toEqual([]);
  });

  it('has the option lists with the spec values in order', () => {
    expect(labels('yesNo')).toEqual(['Yes', 'No']);
    expect(labels('transferCredit')).toEqual(['Yes', 'No', 'In Progress']);
    expect(labels('employment')).toEqual(['Full time', 'Part time']);
    expect(labels('maritalStatus')).toEqual(['Single', 'Married', 'Divorced', 'Widowed']);
    expect(labels('placesClassesTaken')).toEqual(['High School', 'College', 'Exam']);
    expect(labels('classTypes')).toEqual(['AP', 'Dual Credit/Freshman Center']);
    expect(labels('classStatus').slice(0, 3)).toEqual(['Completed', 'Currently taking', 'Scheduled to take']);
    expect(labels('classStatus')[3]).toMatch(/planning to take/i);
    expect(labels('howHeard')).toEqual([
      'Career Forum Podcast',
      'College advisor',
      'Friend',
      'Mentor',
      'Online advertising',
      'Print ads',
      'Social media',
      'Word-of-mouth',
      'Other',
    ]);
    expect(labels('israelPrograms')).toEqual(['TTI', 'Touro', 'HTC']);
    expect(labels('examTypes')).toEqual(['Straighterline', 'CLEP', 'ACE', 'TAL', 'Coopersmith', 'DSST-DANTES', 'Other']);
    for (const key of ['yesNo', 'transferCredit', 'howHeard', 'examTypes', 'colleges', 'countries']) {
      for (const o of list(key)) expect(o.value).toBe(o.label.en);
    }
  });

  it('has about 17 colleges including the named ones', () => {
    const c = labels('colleges');
    expect(c.length).toBeGreaterThanOrEqual(15);
    expect(c.length).toBeLessThanOrEqual(19);
    expect(c).toEqual(
      expect.arrayContaining([
        'Touro University',
        'Lander College for Women',
        'Brooklyn College',
        'Queens College',
        'Baruch College',
        'Stern College for Women',
      ]),
    );
  });

  it('has months 01..12', () => {
    const expected = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];
    expect(values('months')).toEqual(expected);
    expect(labels('months')).toEqual(expected);
  });

  it('has about 195 countries, United States first, then alphabetical', () => {
    const c = labels('countries');
    expect(c[0]).toBe('United States');
    expect(c.length).toBeGreaterThanOrEqual(190);
    expect(c.length).toBeLessThanOrEqual(200);
    expect(c.filter((n) => n === 'United States')).toHaveLength(1);
    const rest = c.slice(1);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(c).toEqual(expect.arrayContaining(['Israel', 'Canada', 'United Kingdom', 'France', 'Holy See', 'Palestine']));
    for (const territory of ['Puerto Rico', 'Guam', 'Hong Kong', 'Antarctica', 'Greenland']) expect(c).not.toContain(territory);
  });

  it('has the 50 states plus DC as code/name pairs', () => {
    const s = list('states');
    expect(s).toHaveLength(51);
    expect(s).toContainEqual({ value: 'DC', label: { en: 'District of Columbia', es: 'Distrito de Columbia', 'zh-CN': '哥伦比亚特区' } });
    expect(s.find((o) => o.value === 'NY')!.label.en).toBe('New York');
    expect(s.find((o) => o.value === 'NJ')!.label.en).toBe('New Jersey');
    for (const o of s) expect(o.value).toMatch(/^[A-Z]{2}$/);
    for (const locale of LOCALES) expect(new Set(s.map((o) => o.label[locale])).size).toBe(51);
  });
});

describe('cardYearOptions (spec §3, §9)', () => {
  it('gives 21 years starting at the current UTC year', () => {
    const years = cardYearOptions(new Date('2026-03-15T12:00:00Z'));
    expect(years).toHaveLength(21);
    expect(years[0]).toEqual({ value: '2026', label: { en: '2026', es: '2026', 'zh-CN': '2026' } });
    expect(years[20]).toEqual({ value: '2046', label: { en: '2046', es: '2046', 'zh-CN': '2046' } });
  });

  it('uses the UTC year at the new-year boundary', () => {
    expect(cardYearOptions(new Date('2025-12-31T23:30:00-05:00'))[0]!.value).toBe('2026');
  });

  it('starts at the current year for now', () => {
    const now = new Date();
    const years = cardYearOptions(now).map((o) => Number(o.value));
    expect(years[0]).toBe(now.getUTCFullYear());
    expect(years[20]).toBe(now.getUTCFullYear() + 20);
  });
});
