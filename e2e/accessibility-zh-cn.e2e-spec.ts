import { describeAccessibility } from './support/accessibility.js';

/**
 * Accessibility in zh-CN (issue 13): every applicant and admin screen passes axe (WCAG 2.2 AA), reflows at
 * 320 px, keeps its layout still while it loads, and has its own title and one h1 — see
 * `support/accessibility.ts`. One file per language, so the e2e workers share the sweep.
 */
describeAccessibility('zh-CN');
