import { describe, expect, it } from '@jest/globals';
import { generateToken, hashToken, LAST_USED_RESOLUTION_MS, shouldTouch } from './token-hash.js';

describe('token helpers', () => {
  it('generate 256-bit base64url tokens that do not repeat', () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('hash to a stable sha256 hex digest', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('refresh last use at most once per resolution window', () => {
    const now = Date.now();
    expect(shouldTouch(null, now)).toBe(true);
    expect(shouldTouch(new Date(now - LAST_USED_RESOLUTION_MS + 1000), now)).toBe(false);
    expect(shouldTouch(new Date(now - LAST_USED_RESOLUTION_MS), now)).toBe(true);
  });
});
