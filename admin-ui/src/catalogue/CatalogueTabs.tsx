/**
 * The admissions cycle (issue 25) has four pages: terms, offerings, programs, and what applicants see now.
 * These tabs sit on top of each and link them; the current one is selected.
 */
import { Tab, Tabs } from '@mui/material';
import { Link, useLocation } from 'react-router';
import { useTranslate } from 'react-admin';
import { PREVIEW_PATH } from './routes';

/** The pages of the admissions cycle, by route, in menu order. */
export const CATALOGUE_SECTIONS = [
  { path: '/terms', label: 'app.menu.terms' },
  { path: '/offerings', label: 'app.menu.offerings' },
  { path: '/programs', label: 'app.menu.programs' },
  { path: PREVIEW_PATH, label: 'app.menu.applicant_preview' },
] as const;

/** Tabs linking the admissions-cycle pages. */
export function CatalogueTabs() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const current = CATALOGUE_SECTIONS.find((s) => pathname.startsWith(s.path))?.path ?? false;
  return (
    <Tabs value={current} aria-label={translate('app.catalogue.sections')} variant="scrollable" allowScrollButtonsMobile sx={{ mt: 1 }}>
      {CATALOGUE_SECTIONS.map((s) => (
        <Tab key={s.path} value={s.path} label={translate(s.label)} component={Link} to={s.path} />
      ))}
    </Tabs>
  );
}
