/**
 * react-admin's i18nProvider built on i18next (ra-i18n-i18next). Messages are written in
 * react-admin's polyglot style (`%{name}`, `singular |||| plural`) and converted for i18next.
 * English is bundled (react-admin's own `ra.*` English plus `en.json`); Spanish and Simplified
 * Chinese are loaded on demand (spec §7: locale message files load on demand).
 */
import { createInstance, type BackendModule, type ResourceKey } from 'i18next';
import { convertRaTranslationsToI18next, getI18nProvider } from 'ra-i18n-i18next';
import englishRa from 'ra-language-english';
import type { I18nProvider } from 'react-admin';
import { LOCALES, type AppLocale } from '../config';
import en from './en.json';
import { LOCALE_NAMES } from './locales';

type Messages = Record<string, unknown>;

/** Deep merge of message trees (later wins). */
export function mergeMessages(...trees: Messages[]): Messages {
  const out: Messages = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      const prev = out[key];
      out[key] =
        value && typeof value === 'object' && prev && typeof prev === 'object' ? mergeMessages(prev as Messages, value as Messages) : value;
    }
  }
  return out;
}

const loaders: Record<AppLocale, () => Promise<Messages>> = {
  en: async () => mergeMessages(englishRa as unknown as Messages, en as Messages),
  es: async () => (await import('./es.json')).default as Messages,
  'zh-CN': async () => (await import('./zh-CN.json')).default as Messages,
};

/**
 * Plurals: a polyglot message `a |||| b` becomes i18next's `x_one` / `x_other`, but i18next picks the
 * form by the language's CLDR categories (`Intl.PluralRules`): Spanish also has `many` (a million),
 * Chinese only `other`. Each category a plural group lacks takes its `_other` text (in place).
 */
export function completePluralForms(tree: Messages, locale: string): Messages {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  for (const [key, value] of Object.entries(tree)) {
    if (value && typeof value === 'object') completePluralForms(value as Messages, locale);
    const base = /^(.*)_other$/.exec(key)?.[1];
    if (base === undefined || typeof value !== 'string' || !(`${base}_one` in tree)) continue;
    for (const category of categories) tree[`${base}_${category}`] ??= value;
  }
  return tree;
}

/** An i18next backend that imports the locale's JSON chunk when first needed. */
const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = loaders[language as AppLocale];
    if (!load) {
      callback(null, {});
      return;
    }
    load()
      .then((messages) =>
        callback(null, completePluralForms(convertRaTranslationsToI18next(messages) as Messages, language) as ResourceKey),
      )
      .catch((error: Error) => callback(error, null));
  },
};

/** Builds the i18nProvider, starting in `locale`. */
export async function createI18nProvider(locale: AppLocale): Promise<I18nProvider> {
  const instance = createInstance().use(lazyBackend);
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  // ra-i18n-i18next is typed against its own (older) i18next copy; the instance API it uses
  // (use, init, loadLanguages, changeLanguage, language) is the same in i18next 26.
  return getI18nProvider(
    instance as unknown as Parameters<typeof getI18nProvider>[0],
    {
      lng: locale,
      fallbackLng: 'en',
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      nsSeparator: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    },
    LOCALES.map((l) => ({ locale: l, name: LOCALE_NAMES[l] })),
  );
}
