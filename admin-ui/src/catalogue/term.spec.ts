/**
 * Term form helpers: validation as the server's AdminTermDto, the request body, and how a term is shown.
 * Dates are built from the current year: nothing here names a year or a term.
 */
import { formatDate, isIsoDate, termOptionText, toTermPayload, validateTerm } from './term';

const year = new Date().getFullYear() + 1;
const labels = { en: 'First intake', es: 'Primera admisión', 'zh-CN': '第一批招生' };
const valid = { key: 'intake-a', labels, startsOn: `${year}-09-01` };

describe('isIsoDate', () => {
  it('takes real calendar dates written YYYY-MM-DD only', () => {
    expect(isIsoDate(`${year}-09-01`)).toBe(true);
    expect(isIsoDate(`${year}-02-30`)).toBe(false);
    expect(isIsoDate(`${year}-9-1`)).toBe(false);
    expect(isIsoDate(`01/09/${year}`)).toBe(false);
    expect(isIsoDate(undefined)).toBe(false);
  });
});

describe('validateTerm', () => {
  it('accepts a complete term', () => {
    expect(validateTerm(valid)).toEqual({});
  });

  it('requires the key, the three names and the first day', () => {
    expect(validateTerm({ key: ' ' })).toEqual({
      key: 'ra.validation.required',
      labels: { en: 'ra.validation.required', es: 'ra.validation.required', 'zh-CN': 'ra.validation.required' },
      startsOn: 'ra.validation.required',
    });
  });

  it('limits the key to 50 characters and wants a real date', () => {
    expect(validateTerm({ ...valid, key: 'k'.repeat(51) }).key).toEqual({ message: 'ra.validation.maxLength', args: { max: 50 } });
    expect(validateTerm({ ...valid, startsOn: `${year}-13-01` }).startsOn).toBe('app.catalogue.validation.date');
  });
});

describe('toTermPayload', () => {
  it('trims and keeps only the API fields', () => {
    expect(toTermPayload({ ...valid, id: 4, key: ' intake-a ', archived: undefined } as never)).toEqual({
      key: 'intake-a',
      labels,
      startsOn: `${year}-09-01`,
      archived: false,
    });
    expect(toTermPayload({ ...valid, archived: true }).archived).toBe(true);
  });
});

describe('formatDate and termOptionText', () => {
  it('formats the day without moving it across time zones', () => {
    expect(formatDate(`${year}-09-01`, 'en')).toBe(`Sep 1, ${year}`);
    expect(formatDate(`${year}-09-01`, 'zh-CN')).toBe(`${year}年9月1日`);
    expect(formatDate('', 'en')).toBe('');
    expect(formatDate('soon', 'en')).toBe('soon');
  });

  it('names the term in the console language, with its key when it differs', () => {
    expect(termOptionText(valid, 'es')).toBe(`Primera admisión (intake-a) · 1 sept ${year}`);
    expect(termOptionText({ ...valid, labels: { ...labels, en: 'intake-a' } }, 'en')).toBe(`intake-a · Sep 1, ${year}`);
  });
});
