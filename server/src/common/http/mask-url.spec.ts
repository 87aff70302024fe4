import { describe, expect, it } from '@jest/globals';
import { maskUrl } from './mask-url.js';

describe('maskUrl', () => {
  it('masks the values of token, code, state and password query parameters, keeping the rest', () => {
    expect(maskUrl('/validation?token=abc123&lang=es')).toBe('/validation?token=[redacted]&lang=es');
    expect(maskUrl('/api/oauth/acme/callback?code=c0de&state=s7&x=1')).toBe(
      '/api/oauth/acme/callback?code=[redacted]&state=[redacted]&x=1',
    );
    expect(maskUrl('/a?TOKEN=up#frag')).toBe('/a?TOKEN=[redacted]#frag');
  });

  it('leaves URLs without secrets, look-alike names and undefined alone', () => {
    expect(maskUrl('/api/programs?gender=male')).toBe('/api/programs?gender=male');
    expect(maskUrl('/api/x?mytoken=1&tokens=2')).toBe('/api/x?mytoken=1&tokens=2');
    expect(maskUrl(undefined)).toBeUndefined();
  });
});
