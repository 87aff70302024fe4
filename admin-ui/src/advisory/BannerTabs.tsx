/**
 * Manage Banner (issue 5 item 7) has two parts: the maintenance windows and the advisory lines of the
 * applicant home page. These tabs sit on top of both lists and link one to the other.
 */
import { Tab, Tabs } from '@mui/material';
import { Link, useLocation } from 'react-router';
import { useTranslate } from 'react-admin';

/** The two parts of Manage Banner, by route. */
export const BANNER_SECTIONS = [
  { path: '/maintenance-windows', label: 'app.banner.maintenance_tab' },
  { path: '/advisory-lines', label: 'app.banner.advisory_tab' },
] as const;

/** Tabs linking the maintenance windows and the advisory lines; the current one is selected. */
export function BannerTabs() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const current = BANNER_SECTIONS.find((s) => pathname.startsWith(s.path))?.path ?? false;
  return (
    <Tabs value={current} aria-label={translate('app.banner.sections')} variant="scrollable" allowScrollButtonsMobile sx={{ mt: 1 }}>
      {BANNER_SECTIONS.map((s) => (
        <Tab key={s.path} value={s.path} label={translate(s.label)} component={Link} to={s.path} />
      ))}
    </Tabs>
  );
}
