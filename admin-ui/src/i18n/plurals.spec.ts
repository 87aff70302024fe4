/**
 * Plurals through i18next (issue 14): the console's counted messages (polyglot `a |||| b`, turned into
 * i18next `_one`/`_other` and completed with the language's own plural categories) for 0, 1 and 2 in
 * en, es and zh-CN, through the real i18nProvider.
 */
import { createI18nProvider } from './i18nProvider';

const EXPECTED = {
  en: {
    changed: ['0 fields changed', '1 field changed', '2 fields changed'],
    options: ['0 options', '1 option', '2 options'],
  },
  es: {
    changed: ['0 campos cambiados', '1 campo cambiado', '2 campos cambiados'],
    options: ['0 opciones', '1 opción', '2 opciones'],
  },
  'zh-CN': {
    changed: ['0 个字段已更改', '1 个字段已更改', '2 个字段已更改'],
    options: ['0 个选项', '1 个选项', '2 个选项'],
  },
} as const;

describe.each(Object.keys(EXPECTED) as (keyof typeof EXPECTED)[])('plurals in %s', (locale) => {
  it('counts 0, 1 and 2', async () => {
    const i18n = await createI18nProvider(locale);
    const counts = [0, 1, 2];
    expect(counts.map((n) => i18n.translate('app.audit_log.diff.changed_count', { smart_count: n }))).toEqual(EXPECTED[locale].changed);
    expect(counts.map((n) => i18n.translate('app.dropdowns.option_count', { smart_count: n }))).toEqual(EXPECTED[locale].options);
  });
});

it('Spanish takes the "other" text for its "many" category (a million)', async () => {
  const i18n = await createI18nProvider('es');
  expect(i18n.translate('app.dropdowns.option_count', { smart_count: 1_000_000 })).toBe('1000000 opciones');
});
