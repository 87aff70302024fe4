/**
 * The portal's colours, shared in look with the applicant app (`applicant-ui/src/styles/global.css`,
 * its `--c-*` custom properties): navy primary, near-black text, a pale blue-grey page. Every text
 * colour here reaches 4.5:1 on every background it is used on (WCAG 1.4.3), which `palette.spec.ts`
 * checks; the status colours are dark enough for white chip text.
 */
export const PORTAL_COLORS = {
  /** Links, text buttons, the app bar (`--c-primary`). */
  primary: '#1d4f91',
  /** Hover and pressed primary (`--c-primary-dark`). */
  primaryDark: '#143a6b',
  /** Body text (`--c-text`). */
  text: '#1b1f24',
  /** Secondary text, hints (`--c-muted`). */
  muted: '#4a5561',
  /** Cards, dialogs, inputs (`--c-bg`). */
  paper: '#ffffff',
  /** Page background (`--c-bg-alt`). */
  page: '#f3f6f9',
  /** Outlines of inputs and cards (`--c-border`, a UI part: ≥ 3:1 is not required of decorative borders). */
  border: '#b9c2cc',
  /** Errors and destructive buttons (`--c-error`). */
  error: '#b00020',
  /** Warnings (a dark amber; white text on it reaches 4.5:1). */
  warning: '#8a4b00',
  /** Success (a dark green, the applicant app's success border darkened for white text). */
  success: '#1e6b3a',
  /** Information (a dark teal-blue, told apart from primary). */
  info: '#0b5c7d',
  /** Focus outline (`--c-focus`): a 3:1 indicator on the navy app bar and on white. */
  focus: '#ffbf47',
  /** Text on the coloured fills above. */
  onColor: '#ffffff',
  /** Disabled and read-only text (helper texts under read-only inputs are still read: 4.5:1 kept). */
  disabled: '#5c6670',
  /** Pale fills behind normal text (`light` tones, e.g. the audit log's added/removed/changed rows). */
  primaryLight: '#dde7f5',
  errorLight: '#fdecee',
  warningLight: '#fff4d6',
  successLight: '#e7f6ec',
  infoLight: '#e1f0f6',
} as const;

/** One text colour drawn on one background, with the minimum contrast ratio it must reach. */
export interface ContrastPair {
  name: string;
  foreground: string;
  background: string;
  /** 4.5 for normal text, 3 for large text and UI parts. */
  minimum: number;
}

/** Every text/background pair the console's theme draws (checked by `palette.spec.ts`). */
export const CONTRAST_PAIRS: ContrastPair[] = [
  ...(['page', 'paper'] as const).flatMap((bg) => [
    { name: `text on ${bg}`, foreground: PORTAL_COLORS.text, background: PORTAL_COLORS[bg], minimum: 4.5 },
    { name: `muted text on ${bg}`, foreground: PORTAL_COLORS.muted, background: PORTAL_COLORS[bg], minimum: 4.5 },
    {
      name: `primary (text buttons, links, tabs) on ${bg}`,
      foreground: PORTAL_COLORS.primary,
      background: PORTAL_COLORS[bg],
      minimum: 4.5,
    },
    { name: `error (delete, withdraw buttons) on ${bg}`, foreground: PORTAL_COLORS.error, background: PORTAL_COLORS[bg], minimum: 4.5 },
    { name: `warning (text buttons) on ${bg}`, foreground: PORTAL_COLORS.warning, background: PORTAL_COLORS[bg], minimum: 4.5 },
    { name: `success text on ${bg}`, foreground: PORTAL_COLORS.success, background: PORTAL_COLORS[bg], minimum: 4.5 },
    { name: `info text on ${bg}`, foreground: PORTAL_COLORS.info, background: PORTAL_COLORS[bg], minimum: 4.5 },
  ]),
  ...(['primary', 'primaryDark', 'error', 'warning', 'success', 'info'] as const).map((fill) => ({
    name: `white on ${fill} (app bar, contained buttons, status chips)`,
    foreground: PORTAL_COLORS.onColor,
    background: PORTAL_COLORS[fill],
    minimum: 4.5,
  })),
  ...(['primaryLight', 'errorLight', 'warningLight', 'successLight', 'infoLight'] as const).map((fill) => ({
    name: `text on ${fill} (diff rows, pale chips)`,
    foreground: PORTAL_COLORS.text,
    background: PORTAL_COLORS[fill],
    minimum: 4.5,
  })),
  { name: 'disabled text on paper', foreground: PORTAL_COLORS.disabled, background: PORTAL_COLORS.paper, minimum: 4.5 },
  { name: 'disabled text on page', foreground: PORTAL_COLORS.disabled, background: PORTAL_COLORS.page, minimum: 4.5 },
  { name: 'focus outline on the navy app bar', foreground: PORTAL_COLORS.focus, background: PORTAL_COLORS.primary, minimum: 3 },
  { name: 'default chip text on its grey fill', foreground: PORTAL_COLORS.text, background: '#e0e4e8', minimum: 4.5 },
];
