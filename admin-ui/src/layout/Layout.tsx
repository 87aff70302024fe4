/**
 * The dashboard layout: react-admin's Layout with the console's app bar and sidebar.
 */
import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { DocumentTitle } from './DocumentTitle';

/** Layout used by every page of the console. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={AppBar} menu={Menu}>
      <DocumentTitle />
      {children}
    </RaLayout>
  );
}
