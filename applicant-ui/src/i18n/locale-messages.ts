/**
 * The message files (one chunk per locale) and the page's starting language, without i18next: the early
 * script of index.html (`boot/early.ts`) uses them to ask for the page's messages while the app's
 * bundle is still downloading (issue 28); the i18next set-up (`index.ts`) then finds them loaded.
 */
import Cookies from 'js-cookie';
import { LOCALE_COOKIE, pickInitialLocale, type Locale } from './locale-config';

/** One locale's messages (nested keys). */
export type Messages = Record<string, unknown>;

/** Loads a locale's messages (each import is its own chunk; asked for twice, fetched once). */
export const MESSAGE_LOADERS: Readonly<Record<Locale, () => Promise<{ default: Messages }>>> = {
  en: () => import('./locales/en.json'),
  es: () => import('./locales/es.json'),
  'zh-CN': () => import('./locales/zh-CN.json'),
};

/** The language a page starts in: the `locale` cookie, else the browser's preferred languages, else English. */
export function startingLocale(): Locale {
  return pickInitialLocale(Cookies.get(LOCALE_COOKIE), navigator.languages ?? [navigator.language]);
}
