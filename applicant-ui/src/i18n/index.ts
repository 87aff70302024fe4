/**
 * i18next set-up for the applicant app. Message files are loaded on demand (one dynamic import,
 * hence one chunk, per locale): a page loads its own language only — every language has every key
 * (`locales.spec.ts`), so the English fallback is never read and not downloaded (issue 28). The choice is
 * kept in the `locale` cookie for 365 days and mirrored into `<html lang>`.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import Cookies from 'js-cookie';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, type Locale, matchLocale, pickLinkLocale } from './locale-config';
import { MESSAGE_LOADERS, startingLocale } from './locale-messages';

const loaded = new Set<Locale>();
/** The `locale` cookie before this page load wrote it: set only when the language was chosen on this device before. */
let cookieAtStart: string | undefined = typeof document === 'undefined' ? undefined : Cookies.get(LOCALE_COOKIE);
let initPromise: Promise<unknown> | null = null;

async function loadMessages(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  const mod = await MESSAGE_LOADERS[locale]();
  i18n.addResourceBundle(locale, 'translation', mod.default, true, true);
  loaded.add(locale);
}

function applyLocale(locale: Locale): void {
  Cookies.set(LOCALE_COOKIE, locale, { expires: LOCALE_COOKIE_DAYS, sameSite: 'Lax', path: '/' });
  document.documentElement.lang = locale;
}

/**
 * Initialises i18next once (no resources yet) with the locale from cookie or browser. Synchronous
 * (`initAsync: false`): {@link currentLocale} names the page's language as soon as this was called, so
 * requests started before the messages arrive already ask for it (`Accept-Language`).
 */
function init(): Promise<unknown> {
  if (!initPromise) {
    initPromise = i18n.use(initReactI18next).init({
      lng: startingLocale(),
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: ['en', 'es', 'zh-CN'],
      load: 'currentOnly',
      resources: {},
      partialBundledLanguages: true,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  }
  return initPromise;
}

/** The locale currently in use (`en`, `es` or `zh-CN`). */
export function currentLocale(): Locale {
  return matchLocale(i18n.language) ?? DEFAULT_LOCALE;
}

/**
 * Makes sure the current locale's messages are loaded, and that the cookie and `<html lang>` reflect it.
 * Called before the first render and by every route (spec §2).
 */
export async function ensureLocaleLoaded(): Promise<Locale> {
  const initialised = init();
  // init is synchronous: the page's language is known now, and its messages are asked for at once
  const locale = currentLocale();
  await Promise.all([initialised, loadMessages(locale)]);
  applyLocale(locale);
  return locale;
}

/**
 * An application link was opened (issue 11 item 6): switches to the language the application was started
 * in, unless this device already had a `locale` cookie when the app loaded (that choice wins).
 */
export async function adoptApplicationLocale(applicationLocale: string | null | undefined): Promise<void> {
  const locale = pickLinkLocale(cookieAtStart, applicationLocale);
  if (locale && locale !== currentLocale()) await changeLocale(locale);
}

/** Switches the interface language: loads its messages on demand, then saves the choice for 365 days. */
export async function changeLocale(locale: Locale): Promise<void> {
  cookieAtStart = locale; // a choice made now wins over later application links too
  await init();
  await loadMessages(locale);
  await i18n.changeLanguage(locale);
  applyLocale(locale);
}

export { i18n };
