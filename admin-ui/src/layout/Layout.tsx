/**
 * The dashboard layout: react-admin's Layout with the console's app bar and sidebar. After every move to
 * another page, keyboard focus goes back to the start of the document (issue 24): the next Tab reaches
 * "Skip to content", then the app bar, the menu and the page — never the page body first with the app
 * bar and menu only on a second cycle (the link that was followed is gone from the page, and chromium
 * would go on from where it stood).
 */
import { useEffect, type ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { useLocation } from 'react-router';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { DocumentTitle } from './DocumentTitle';

/** The path the console was loaded on, and whether the user has left it since (see {@link FocusStartOnNavigation}). */
let firstPathname: string | null = null;
let navigated = false;

/** How long after a page change focus lost to `<body>` is brought back to the start (ms). */
const SETTLE_GUARD_MS = 3000;

/** Id of the invisible element at the very start of `<body>` that focus returns to on a page change. */
const FOCUS_START_ID = 'focus-start';

/**
 * Moves focus to the start of the document when the route changes (not on the first page): to an
 * invisible element placed before everything else (before the skip link), so the next Tab goes on from
 * there. (Focusing `<body>` is not enough: when the followed link was removed, `<body>` already has focus,
 * focusing it again changes nothing, and chromium's next Tab starts where the link stood.) The element
 * names the new page for screen readers (the document title).
 */
function FocusStartOnNavigation() {
  const { pathname } = useLocation();
  useEffect(() => {
    // the first page of the document keeps the browser's own focus; kept per document, not per mount: a
    // layout mounted again while a lazy page loads (a slow machine) must not take a page change for the first page
    if (firstPathname === null) firstPathname = pathname;
    if (pathname === firstPathname && !navigated) return;
    navigated = true;
    let start = document.getElementById(FOCUS_START_ID);
    if (!start) {
      start = document.createElement('div');
      start.id = FOCUS_START_ID;
      start.tabIndex = -1;
      Object.assign(start.style, { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)' });
      document.body.insertBefore(start, document.body.firstChild);
    }
    // the title is set once the page's own title is rendered; read it a moment later
    const anchor = start;
    const timer = window.setTimeout(() => {
      anchor.textContent = document.title;
      anchor.focus({ preventScroll: true });
    }, 0);
    // While the new page settles, focus lost to <body> (the focused element removed as data arrives — slow CI
    // caught the first Tab landing in the page) goes back to the start; focus moved to an element — by the
    // person, a screen reader or the page — is left where it is.
    const keep = () => {
      if (document.activeElement === null || document.activeElement === document.body) anchor.focus({ preventScroll: true });
    };
    const onBlur = () => window.setTimeout(keep, 0);
    anchor.addEventListener('blur', onBlur);
    const stop = () => anchor.removeEventListener('blur', onBlur);
    const guard = window.setTimeout(stop, SETTLE_GUARD_MS);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(guard);
      stop();
    };
  }, [pathname]);
  return null;
}

/** Layout used by every page of the console. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={AppBar} menu={Menu}>
      <DocumentTitle />
      <FocusStartOnNavigation />
      {children}
    </RaLayout>
  );
}
