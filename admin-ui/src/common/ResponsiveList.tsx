/**
 * One list, two layouts: a react-admin Datagrid (a table) on wide screens and a compact layout
 * (usually a `SimpleList`: one tappable row a record) on phones, where a table would overflow.
 */
import type { ReactNode } from 'react';
import { useMediaQuery, type Breakpoint, type Theme } from '@mui/material';

/**
 * True when the viewport is narrower than MUI's `breakpoint` (default `sm`, 600 px: phones in
 * portrait). Follows resizes and rotations.
 */
export function useIsSmallScreen(breakpoint: Breakpoint = 'sm'): boolean {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.down(breakpoint));
}

/** Props of {@link ResponsiveList}. */
export interface ResponsiveListProps {
  /** Shown below `breakpoint` (e.g. a `<SimpleList>`). */
  compact: ReactNode;
  /** Shown from `breakpoint` up (e.g. a `<Datagrid>`). */
  children: ReactNode;
  /** Below this MUI breakpoint the compact layout is used; default `sm`. */
  breakpoint?: Breakpoint;
}

/** Renders `compact` on small screens and `children` otherwise; put it inside a react-admin `<List>`. */
export function ResponsiveList({ compact, children, breakpoint = 'sm' }: ResponsiveListProps) {
  return <>{useIsSmallScreen(breakpoint) ? compact : children}</>;
}
