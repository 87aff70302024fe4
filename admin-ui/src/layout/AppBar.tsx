/**
 * Header of the dashboard layout (spec §2): the logo linking to the dashboard home (`/admin/`),
 * the page title, a greeting with the admin's first and last name when known, the language
 * picker and a Logout button (logs out, then the login page).
 */
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import { Button, Typography, useMediaQuery, type Theme } from '@mui/material';
import { AppBar as RaAppBar, LoadingIndicator, Link, TitlePortal, useGetIdentity, useLogout, useTranslate } from 'react-admin';
import { LanguagePicker } from './LanguagePicker';

/** Logo link to the dashboard home. */
function Logo() {
  const translate = useTranslate();
  return (
    <Link
      to="/"
      aria-label={translate('app.header.home_link')}
      sx={{ display: 'inline-flex', alignItems: 'center', mr: 1, color: 'inherit' }}
    >
      <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="" width={32} height={32} />
    </Link>
  );
}

/** "Hello, First Last" once the identity is known; nothing before. */
function Greeting() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const name = identity?.fullName?.trim();
  if (!name) return null;
  return (
    <Typography component="span" variant="body2" sx={{ mx: 1, display: { xs: 'none', sm: 'inline' } }} data-testid="greeting">
      {translate('app.header.greeting', { name })}
    </Typography>
  );
}

/** Logout button: POST /api/logout, cookie removed, then the login page (see authProvider). */
function LogoutButton() {
  const translate = useTranslate();
  const logout = useLogout();
  const compact = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const label = translate('app.header.logout');
  return (
    <Button
      color="inherit"
      onClick={() => void logout()}
      startIcon={compact ? undefined : <LogoutIcon />}
      aria-label={label}
      sx={{ textTransform: 'none', minWidth: 0 }}
    >
      {compact ? <LogoutIcon /> : label}
    </Button>
  );
}

/**
 * How the title's text overflows: one line, cut with an ellipsis. The text sits in react-admin's
 * inline-block Configurable wrapper, which must be held to the title's width (and kept on the baseline).
 */
const TITLE_OVERFLOW = {
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

/**
 * react-admin's loading indicator (the refresh button, with a spinner while any request is in flight) whose
 * spinner has a name: the indicator passes extra props to its CircularProgress, which axe requires to be
 * named (`aria-progressbar-name`) — the e2e accessibility sweep caught it on a slow dashboard. It is the
 * only sign that a request is in flight, so it is shown to assistive technology (the theme hides spinners).
 */
function NamedLoadingIndicator() {
  const translate = useTranslate();
  const named = { 'aria-label': translate('ra.page.loading'), 'aria-hidden': false } as object;
  return <LoadingIndicator {...named} />;
}

/** The console's app bar. */
export function AppBar() {
  return (
    <RaAppBar
      userMenu={false}
      // Always shown (issue 13): a bar that hides on scroll takes Language and Logout out of the Tab order.
      alwaysOn
      toolbar={
        <>
          <Greeting />
          <LanguagePicker />
          <NamedLoadingIndicator />
          <LogoutButton />
        </>
      }
    >
      <Logo />
      {/* The page's title is its one <h1> (every list, edit and show page sets it with <Title>). It takes
          all the room the toolbar leaves and ends in an ellipsis when longer (a phone). */}
      <TitlePortal component="h1" sx={{ minWidth: 0, '& > *': TITLE_OVERFLOW }} />
    </RaAppBar>
  );
}
