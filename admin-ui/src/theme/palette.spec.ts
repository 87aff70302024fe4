import { describe, expect, it } from '@jest/globals';
import { getContrastRatio } from '@mui/material/styles';
import { CONTRAST_PAIRS, PORTAL_COLORS } from './palette';

/**
 * Every text/background pair of the console's palette reaches its WCAG 1.4.3 / 1.4.11 minimum
 * (4.5:1 for text, 3:1 for focus rings), measured with MUI's own contrast function.
 */
describe('the console palette', () => {
  it.each(CONTRAST_PAIRS.map((p) => [p.name, p] as const))('%s reaches its minimum contrast', (_name, pair) => {
    expect(getContrastRatio(pair.foreground, pair.background)).toBeGreaterThanOrEqual(pair.minimum);
  });

  it('measures as WCAG does: the old app bar (white on #2196f3) fails, black on white is 21:1', () => {
    expect(getContrastRatio('#ffffff', '#2196f3')).toBeLessThan(4.5);
    expect(getContrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it('covers white text on every status fill', () => {
    const fills = CONTRAST_PAIRS.filter((p) => p.foreground === PORTAL_COLORS.onColor).map((p) => p.background);
    for (const c of [PORTAL_COLORS.primary, PORTAL_COLORS.error, PORTAL_COLORS.warning, PORTAL_COLORS.success, PORTAL_COLORS.info]) {
      expect(fills).toContain(c);
    }
  });
});
