/**
 * The dashboard layout: react-admin's Layout with the console's app bar and sidebar. After every move to
 * another page, keyboard focus goes back to the start of the document (issue 24): the next Tab reaches
 * "Skip to content", then the app bar, the menu and the page — never the page body first with the app
 * bar and menu only on a second cycle (the link that was followed is gone from the page, and chromium
 * would go on from where it stood).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { useLocation } from 'react-router';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { DocumentTitle } from './DocumentTitle';

/** Moves focus to the start of the document when the route changes (not on the first page). */
function FocusStartOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const body = document.body;
    body.setAttribute('tabindex', '-1');
    body.focus({ preventScroll: true });
    body.removeAttribute('tabindex');
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
