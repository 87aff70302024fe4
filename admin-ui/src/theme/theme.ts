/**
 * The console's MUI theme (issue 13): react-admin's default theme with the applicant app's palette
 * and type ({@link PORTAL_COLORS}), so both apps look like one product; a navy app bar with white
 * text, white-on-dark status chips and buttons, the applicant app's yellow-on-black focus ring, and
 * react-admin's "Skip to content" button made visible and whole when focused.
 */
import { deepmerge } from '@mui/utils';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { PORTAL_COLORS as C } from './palette';

/** The applicant app's font stack (system UI fonts with CJK fallbacks). */
const FONT_FAMILY = [
  'system-ui',
  '-apple-system',
  "'Segoe UI'",
  'Roboto',
  "'Noto Sans'",
  "'PingFang SC'",
  "'Microsoft YaHei'",
  'sans-serif',
].join(',');

/** A colour of the palette as MUI wants it: main (white text on it), a pale `light` (dark text on it) and dark. */
const tone = (main: string, light: string, dark: string = main) => ({ main, light, dark, contrastText: C.onColor });

/** The focus ring of the applicant app: yellow outline with a near-black halo (visible on navy and on white). */
const FOCUS_RING = { outline: `3px solid ${C.focus}`, outlineOffset: 2, boxShadow: `0 0 0 5px ${C.text}` };

/** The console's theme (pass to `<Admin theme>`). */
export const portalTheme: RaThemeOptions = deepmerge(defaultTheme, {
  palette: {
    mode: 'light',
    primary: tone(C.primary, C.primaryLight, C.primaryDark),
    secondary: tone(C.primary, C.primaryLight, C.primaryDark),
    error: tone(C.error, C.errorLight),
    warning: tone(C.warning, C.warningLight),
    success: tone(C.success, C.successLight),
    info: tone(C.info, C.infoLight),
    text: { primary: C.text, secondary: C.muted, disabled: C.disabled },
    background: { default: C.page, paper: C.paper },
    divider: C.border,
  },
  typography: { fontFamily: FONT_FAMILY },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': FOCUS_RING,
        a: { color: C.primary },
      },
    },
    MuiAppBar: { defaultProps: { color: 'primary' } },
    // A spinner is decoration beside text that says what is loading (react-admin's <Loading> page, shown while
    // a lazy page loads, writes "Loading…" under its unnamed spinner: axe aria-progressbar-name). One that is
    // the only sign of loading is named where it is used, with `aria-hidden={false}`.
    MuiCircularProgress: { defaultProps: { 'aria-hidden': true } },
    // The content column may shrink below its widest child (tabs, tables scroll inside): no page-level
    // horizontal scroll at 320 px (WCAG 1.4.10).
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } } },
    // On a phone a list's Create is a floating button: its top toolbar, often left with nothing in the
    // flow, is only as tall as what it holds (no blank band above the list).
    RaList: {
      styleOverrides: {
        root: { '& .RaList-actions, & .RaList-actions > .MuiToolbar-root': { '@media (max-width: 599.95px)': { minHeight: 0 } } },
      },
    },
    RaShow: { styleOverrides: { root: { '& .RaShow-card': { minWidth: 0 } } } },
    RaEdit: { styleOverrides: { root: { '& .RaEdit-card': { minWidth: 0 } } } },
    RaCreate: { styleOverrides: { root: { '& .RaCreate-card': { minWidth: 0 } } } },
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
    // a select's focusable box is an input-styled div whose `outline: 0` would hide the ring (issue 24)
    MuiSelect: { styleOverrides: { select: { '&:focus-visible': FOCUS_RING } } },
    // A checkbox's `aria-label` (react-admin's "Select this row" in list bulk selection) names the native
    // input, not the wrapping span (which has no role: axe aria-prohibited-attr, and an unlabelled input).
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: (ownerState: { 'aria-label'?: string }) => (ownerState['aria-label'] ? { 'aria-label': undefined } : {}),
          input: (ownerState: { 'aria-label'?: string }) => (ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {}),
        },
      },
    },
    RaSkipNavigationButton: {
      styleOverrides: {
        root: {
          color: C.primary,
          backgroundColor: C.paper,
          border: `2px solid ${C.primary}`,
          // shown at once and whole when focused (no slide-in caught half off the screen)
          transition: 'none',
          '&:hover': { backgroundColor: C.paper },
          '&:focus': { top: 8, left: 8, transition: 'none' },
        },
      },
    },
  },
});
