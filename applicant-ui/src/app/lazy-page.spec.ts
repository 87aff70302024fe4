import { CHUNK_RELOAD_WINDOW_MS, mayReload } from './lazy-page';

describe('chunk reload guard', () => {
  it('reloads when never reloaded', () => expect(mayReload(null, 1000)).toBe(true));
  it('does not reload twice in a row', () => expect(mayReload(1000, 1000 + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false));
  it('reloads again after the window', () => expect(mayReload(1000, 1000 + CHUNK_RELOAD_WINDOW_MS + 1)).toBe(true));
  it('treats garbage as never', () => expect(mayReload(Number.NaN, 5)).toBe(true));
});
