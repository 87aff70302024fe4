/**
 * Shared catalogue form helpers: reading values, localized texts in three languages, and the question asked
 * before archiving or closing.
 */
import { isBlank, isWholeIn, saveQuestion, textFor, toNumber, trimTexts, validateTexts } from './catalogue';

const texts = { en: 'Social work', es: 'Trabajo social', 'zh-CN': '社会工作' };

describe('reading form values', () => {
  it('tells empty values and numbers apart', () => {
    expect([null, undefined, '', '  '].map(isBlank)).toEqual([true, true, true, true]);
    expect([0, 'a', false].map(isBlank)).toEqual([false, false, false]);
    expect(toNumber('12')).toBe(12);
    expect(toNumber(' ')).toBeNull();
    expect(toNumber('x')).toBeNull();
    expect(isWholeIn(3, 1, 12)).toBe(true);
    expect(isWholeIn(3.5, 1, 12)).toBe(false);
    expect(isWholeIn(13, 1, 12)).toBe(false);
    expect(isWholeIn(null, 1, 12)).toBe(false);
  });
});

describe('trimTexts and validateTexts', () => {
  it('trims each language and fills absent ones', () => {
    expect(trimTexts({ en: ' Social work ', es: 'Trabajo social' })).toEqual({ en: 'Social work', es: 'Trabajo social', 'zh-CN': '' });
    expect(trimTexts(null)).toEqual({ en: '', es: '', 'zh-CN': '' });
  });

  it('requires each language, at most 200 characters', () => {
    expect(validateTexts(texts)).toBeUndefined();
    expect(validateTexts({ en: 'x', es: ' ' })).toEqual({ es: 'ra.validation.required', 'zh-CN': 'ra.validation.required' });
    expect(validateTexts({ ...texts, 'zh-CN': '字'.repeat(201) })).toEqual({
      'zh-CN': { message: 'ra.validation.maxLength', args: { max: 200 } },
    });
    expect(validateTexts({ ...texts, 'zh-CN': '字'.repeat(200) })).toBeUndefined();
  });
});

describe('textFor', () => {
  it('picks the console language, its close variants, then English, then the fallback', () => {
    expect(textFor(texts, 'es')).toBe('Trabajo social');
    expect(textFor(texts, 'es-MX')).toBe('Trabajo social');
    expect(textFor(texts, 'zh')).toBe('社会工作');
    expect(textFor(texts, 'fr')).toBe('Social work');
    expect(textFor({ ...texts, es: ' ' }, 'es')).toBe('Social work');
    expect(textFor(undefined, 'en', 'MSW')).toBe('MSW');
  });
});

describe('saveQuestion', () => {
  it('asks before archiving, and before closing an open offering', () => {
    expect(saveQuestion({ archived: false }, { archived: true })).toBe('archive');
    expect(saveQuestion({ archived: false, open: true }, { archived: true, open: false })).toBe('archive');
    expect(saveQuestion({ archived: false, open: true }, { archived: false, open: false })).toBe('close');
  });

  it('asks nothing on a creation, an unchanged state, a restore or a reopening', () => {
    expect(saveQuestion(undefined, { archived: true, open: false })).toBeNull();
    expect(saveQuestion({ archived: true }, { archived: true })).toBeNull();
    expect(saveQuestion({ archived: true }, { archived: false })).toBeNull();
    expect(saveQuestion({ archived: false, open: false }, { archived: false, open: true })).toBeNull();
    expect(saveQuestion({ archived: false, open: false }, { archived: false, open: false })).toBeNull();
    expect(saveQuestion({ archived: false }, { archived: false })).toBeNull();
  });
});
