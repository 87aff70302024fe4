import { describe, expect, it } from '@jest/globals';
import { en } from './messages.en.js';
import { es } from './messages.es.js';
import { zhCN } from './messages.zh-cn.js';
import { I18nService, LOCALES, type Locale } from './i18n.service.js';

/** Every leaf key of a nested message object, as dotted paths. */
function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value as object, path)) out.set(k, v);
  }
  return out;
}

const english = leaves(en);

/** The English key a translated key answers to: a plural form (`x_many`) answers to English `x_other`. */
function englishKey(key: string, categories: string[]): string {
  const plural = /^(.*)_([a-z]+)$/.exec(key);
  return plural && categories.includes(plural[2]) && english.has(`${plural[1]}_other`) ? `${plural[1]}_other` : key;
}

/** The English keys, with each plural group (`x_one`, `x_other`) in the plural categories of `locale`. */
function expectedKeys(locale: string): string[] {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
  const keys = new Set<string>();
  for (const key of english.keys()) {
    const base = /^(.*)_(one|other)$/.exec(key)?.[1];
    if (base === undefined) keys.add(key);
    else for (const category of categories) keys.add(`${base}_${category}`);
  }
  return [...keys].sort();
}

describe.each([
  ['es', es],
  ['zh-CN', zhCN],
])('server messages in %s', (locale, messages) => {
  const translated = leaves(messages);
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];

  it('have exactly the English keys (plural groups in the plural categories of the language), none empty', () => {
    expect([...translated.keys()].sort()).toEqual(expectedKeys(locale));
    for (const [key, text] of translated) expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
  });

  it('keep every {{placeholder}} of the English text', () => {
    const placeholders = (t: string) => (t.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const [key, text] of translated) {
      expect({ key, placeholders: placeholders(text) }).toEqual({
        key,
        placeholders: placeholders(english.get(englishKey(key, categories))!),
      });
    }
  });
});

describe('plurals (i18next plural keys, nested into messages)', () => {
  const i18n = new I18nService();
  const expected: Record<Locale, { seconds: string[]; days: string[]; wait: string[] }> = {
    en: {
      seconds: ['0 seconds', '1 second', '2 seconds'],
      days: ['0 days', '1 day', '2 days'],
      wait: [
        'Too many attempts. Please wait 0 seconds and try again.',
        'Too many attempts. Please wait 1 second and try again.',
        'Too many attempts. Please wait 2 seconds and try again.',
      ],
    },
    es: {
      seconds: ['0 segundos', '1 segundo', '2 segundos'],
      days: ['0 días', '1 día', '2 días'],
      wait: [
        'Demasiados intentos. Espere 0 segundos y vuelva a intentarlo.',
        'Demasiados intentos. Espere 1 segundo y vuelva a intentarlo.',
        'Demasiados intentos. Espere 2 segundos y vuelva a intentarlo.',
      ],
    },
    'zh-CN': {
      seconds: ['0 秒', '1 秒', '2 秒'],
      days: ['0 天', '1 天', '2 天'],
      wait: ['尝试次数过多。请等待 0 秒后再试。', '尝试次数过多。请等待 1 秒后再试。', '尝试次数过多。请等待 2 秒后再试。'],
    },
  };

  it.each(LOCALES)('counts 0, 1 and 2 in %s', (locale) => {
    const counts = [0, 1, 2];
    expect(counts.map((count) => i18n.t('units.seconds', locale, { count }))).toEqual(expected[locale].seconds);
    expect(counts.map((count) => i18n.t('units.days', locale, { count }))).toEqual(expected[locale].days);
    // a message names its wait through the plural: the count may come as a string (the Retry-After value)
    expect(counts.map((seconds) => i18n.t('errors.AUTH-429', locale, { seconds: String(seconds) }))).toEqual(expected[locale].wait);
  });

  it('uses the Spanish "many" form for a million (digits, so no "de")', () => {
    expect(i18n.t('units.days', 'es', { count: 1_000_000 })).toBe('1000000 días');
  });

  it('an e-mail text counts its hours in the reader’s language', () => {
    const text = (locale: Locale, hours: number) => i18n.t('mail.verifyText', locale, { name: 'Ana', hours, link: 'L' });
    expect(text('en', 1)).toContain('within 1 hour:');
    expect(text('en', 24)).toContain('within 24 hours:');
    expect(text('es', 1)).toContain('en un plazo de 1 hora:');
    expect(text('zh-CN', 24)).toContain('请在 24 小时内打开');
  });
});
