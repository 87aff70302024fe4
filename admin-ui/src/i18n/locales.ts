/**
 * Locale helpers without any dependency on the browser or on react-admin (unit-testable).
 */
import { LOCALES, type AppLocale } from '../config';

/** Names of the locales, each in its own language (for the language picker). */
export const LOCALE_NAMES: Record<AppLocale, string> = {
  en: 'English',
  es: 'Español',
  'zh-CN': '简体中文',
};

/** Narrows a string (cookie value, i18next language) to a supported locale, else undefined. */
export function toAppLocale(value: string | null | undefined): AppLocale | undefined {
  if (!value) return undefined;
  const exact = LOCALES.find((l) => l.toLowerCase() === value.toLowerCase());
  if (exact) return exact;
  const base = value.toLowerCase().split(/[-_]/)[0];
  if (base === 'zh') return 'zh-CN';
  return LOCALES.find((l) => l === base);
}
