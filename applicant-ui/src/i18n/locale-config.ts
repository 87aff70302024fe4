/** Locales the applicant app offers (spec §1), in switcher order. */
export const LOCALES = ['en', 'es', 'zh-CN'] as const;

/** One of the supported locale codes: `en`, `es` or `zh-CN`. */
export type Locale = (typeof LOCALES)[number];

/** Default locale when neither the cookie nor the browser names a supported one. */
export const DEFAULT_LOCALE: Locale = 'en';

/** Name of the cookie that keeps the locale choice, and its lifetime in days (spec §9). */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_DAYS = 365;

/**
 * Maps any language tag (cookie value, `navigator.language`) to a supported locale, or null.
 * `es-MX` → `es`, `zh`, `zh-Hans`, `zh-CN`, `zh-SG` → `zh-CN`, `en-GB` → `en`.
 */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const primary = lower.split(/[-_]/)[0];
  if (primary === 'zh') return 'zh-CN';
  if (primary === 'es') return 'es';
  if (primary === 'en') return 'en';
  return null;
}

/**
 * Picks the starting locale: the saved cookie first, then the browser's preferred languages,
 * then {@link DEFAULT_LOCALE}.
 */
export function pickInitialLocale(cookieValue: string | undefined, browserLanguages: readonly string[]): Locale {
  const fromCookie = matchLocale(cookieValue);
  if (fromCookie) return fromCookie;
  for (const lang of browserLanguages) {
    const m = matchLocale(lang);
    if (m) return m;
  }
  return DEFAULT_LOCALE;
}

/**
 * The locale an opened application link should switch to (issue 11 item 6): the application's own
 * locale (the one it was started in), unless the `locale` cookie was already set when the app loaded
 * (a choice made on this device wins).
 * @param cookieAtStart the `locale` cookie as it was before the app first wrote it
 * @param applicationLocale the application record's `locale`
 * @returns the locale to switch to, or null to keep the current one
 */
export function pickLinkLocale(cookieAtStart: string | undefined, applicationLocale: string | null | undefined): Locale | null {
  if (matchLocale(cookieAtStart)) return null;
  return matchLocale(applicationLocale);
}
