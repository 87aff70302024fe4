/**
 * The code of a form page, asked for by the early script while the app's bundle downloads (issue 28): on a
 * form page's first load the step's chunks used to be requested only once the bundle had run and its router
 * had matched the page, a round trip and the bundle's run after the first paint. The build lists each form
 * page's chunks in a `<meta>` of index.html (vite.config.ts `earlyEntryScript`); this adds a
 * `<link rel="modulepreload">` for each, so they download beside the bundle and the app's own imports find
 * them there (the browser's module map; nothing runs before the app imports it).
 */

/** The `<meta name>` of each form page's chunk list (space-separated URLs), as the build writes them. */
export const FORM_CODE_META = {
  /** the application form's steps 1–7 */
  steps: 'preload-application-steps',
  /** the payment step (`/application/8`) */
  payment: 'preload-payment',
  /** the details form (`/details/…`: documents, finish) */
  details: 'preload-details',
} as const;

/** A form page, as its first load is prepared: the application's steps 1–7, its payment step, the details form. */
export type FormPage = keyof typeof FORM_CODE_META;

/**
 * Which form page `url` opens on its first load (the one rule of the early script: its code here, its API reads in
 * `early-requests.ts`): null for any other page, a thank-you page, or a link without a token.
 */
export function formPageOf(url: Pick<URL, 'pathname' | 'searchParams'>): FormPage | null {
  const form = /^\/(application|details)(?:\/([^/]*))?\/?$/.exec(url.pathname);
  if (!form || !url.searchParams.get('token') || form[2] === 'thank-you') return null;
  if (form[1] === 'details') return 'details';
  return form[2] === '8' ? 'payment' : 'steps';
}

/**
 * Adds a `modulepreload` link to `document.head` for each chunk of the form page `url` opens (none for another
 * page, or when the build wrote no list).
 */
export function preloadFormCode(url: Pick<URL, 'pathname' | 'searchParams'>, document: Document): void {
  const form = formPageOf(url);
  if (!form) return;
  const list = document.querySelector<HTMLMetaElement>(`meta[name="${FORM_CODE_META[form]}"]`)?.content ?? '';
  for (const href of list.split(/\s+/).filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
