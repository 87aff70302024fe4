/**
 * Keeps the browser tab title in the current language and names the page (WCAG 2.4.2): "<page> –
 * <console>", e.g. "Applications – Admissions portal · Admin". The page part is the text of the app
 * bar's title (the `<h1>` each page fills through react-admin's `<Title>`), followed as it changes.
 */
import { useEffect } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';

/** Id of the element react-admin renders page titles into (`TitlePortal`). */
const TITLE_ID = 'react-admin-title';

/**
 * The document title for a page titled `page` in a console named `app` (just `app` without a page title).
 * @param page the page's own title (white space is collapsed), or empty
 */
export function documentTitle(page: string, app: string): string {
  const name = page.replace(/\s+/g, ' ').trim();
  return name ? `${name} – ${app}` : app;
}

/** Sets `document.title` from the page title and the translated app title (renders nothing). */
export function DocumentTitle() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  useEffect(() => {
    const app = translate('app.title');
    const update = () => {
      const next = documentTitle(document.getElementById(TITLE_ID)?.textContent ?? '', app);
      if (document.title !== next) document.title = next;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [translate, locale]);
  return null;
}
