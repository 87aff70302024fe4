/**
 * A link to an offering's Waitlist page (issue 29 item 4), for the offering's own page and the Class view's rows.
 */
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { waitlistPath } from './waitlist';

/** The link for offering `offeringId`; `label` names what it opens for screen readers when the row does not. */
export function WaitlistButton({ offeringId, label }: { offeringId: number | string; label?: string }) {
  const translate = useTranslate();
  return (
    <Button
      component={Link}
      to={waitlistPath(offeringId)}
      size="small"
      startIcon={<FormatListNumberedIcon />}
      aria-label={label}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    >
      {translate('app.waitlist.open')}
    </Button>
  );
}
