/** GET /api/advisory: the advisory banner's lines (spec §1, §2 main layout; docs/api.md "Advisory banner"). */
import { api, call, type Schema } from '../../shared/api/client';

/** One advisory line (contract `AdvisoryBannerLine`): `text` in the caller's language at request time, `texts` in every language. */
export type AdvisoryLine = Schema<'AdvisoryBannerLine'>;

/**
 * The active lines, in the admins' order. Never rejects: a failed call answers `[]` (the banner is
 * advisory; the page works without it).
 */
export async function fetchAdvisoryLines(): Promise<AdvisoryLine[]> {
  try {
    const data = await call(api.GET('/api/advisory'), { silent: true });
    return Array.isArray(data?.data) ? data.data : [];
  } catch {
    return [];
  }
}

let preload: Promise<AdvisoryLine[]> | null = null;
let preloaded: AdvisoryLine[] | null = null;

/**
 * {@link fetchAdvisoryLines} once per page load (the root loader starts it beside the locale and auth
 * check, so the banner is there on the first paint and does not push the page down: issue 13, CLS).
 */
export function preloadAdvisoryLines(): Promise<AdvisoryLine[]> {
  preload ??= fetchAdvisoryLines().then((lines) => (preloaded = lines));
  return preload;
}

/** The lines {@link preloadAdvisoryLines} has answered, or null while it has not. */
export function preloadedAdvisoryLines(): AdvisoryLine[] | null {
  return preloaded;
}

/**
 * The text of `line` for the UI language `locale` (`en`, `es`, `zh-CN`; `zh`/`zh-Hans…` count as
 * `zh-CN`): that language's text when set, else the text the server chose, else English.
 */
export function advisoryText(line: AdvisoryLine, locale: string): string {
  const key = locale.toLowerCase().startsWith('zh') ? 'zh-CN' : locale.toLowerCase().startsWith('es') ? 'es' : 'en';
  return line.texts?.[key]?.trim() || line.text?.trim() || line.texts?.en?.trim() || '';
}
