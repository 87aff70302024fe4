import { describe, expect, it } from '@jest/globals';
import { pickInitialLocale, pickLinkLocale } from './locale-config';

describe('pickLinkLocale (issue 11: the application’s locale travels with its links)', () => {
  it('switches to the language the application was started in on a device without a locale cookie', () => {
    expect(pickLinkLocale(undefined, 'zh-CN')).toBe('zh-CN');
    expect(pickLinkLocale(undefined, 'es')).toBe('es');
    expect(pickLinkLocale('', 'es')).toBe('es');
  });

  it('keeps the language chosen on this device (the cookie wins)', () => {
    expect(pickLinkLocale('es', 'zh-CN')).toBeNull();
    expect(pickLinkLocale('en', 'es')).toBeNull();
  });

  it('ignores an unknown application locale and an unusable cookie value', () => {
    expect(pickLinkLocale(undefined, 'fr')).toBeNull();
    expect(pickLinkLocale(undefined, null)).toBeNull();
    expect(pickLinkLocale('klingon', 'es')).toBe('es');
  });
});

describe('pickInitialLocale', () => {
  it('prefers the cookie, then the browser languages, then English', () => {
    expect(pickInitialLocale('zh-CN', ['es-MX'])).toBe('zh-CN');
    expect(pickInitialLocale(undefined, ['fr', 'es-MX'])).toBe('es');
    expect(pickInitialLocale(undefined, ['fr'])).toBe('en');
  });
});
