import { easeInOutCubic, progressAt, scrollPositionAt } from './motion';

describe('progress bar timing', () => {
  it('starts low and grows monotonically', () => {
    let prev = 0;
    for (let t = 0; t <= 20000; t += 250) {
      const p = progressAt(t);
      expect(p).toBeGreaterThanOrEqual(prev);
      expect(p).toBeLessThan(1);
      prev = p;
    }
  });
  it('is above 95% after about 3 s', () => {
    expect(progressAt(3000)).toBeGreaterThan(0.95);
    expect(progressAt(2000)).toBeLessThan(0.95);
  });
});

describe('back-to-top scroll', () => {
  it('eases from the start to 0 in 700 ms', () => {
    expect(scrollPositionAt(1000, 0)).toBe(1000);
    expect(scrollPositionAt(1000, 350)).toBe(500);
    expect(scrollPositionAt(1000, 700)).toBe(0);
    expect(scrollPositionAt(1000, 900)).toBe(0);
  });
  it('easing is bounded', () => {
    expect(easeInOutCubic(-1)).toBe(0);
    expect(easeInOutCubic(2)).toBe(1);
  });
});
