import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { oauthErrorKey, parseOAuthFragment, providerLabel } from './oauth';
import { postLoginTarget } from './post-login';
import { withRedirect } from './auth-links';

describe('parseOAuthFragment (the landing of GET /api/oauth/{provider}/callback)', () => {
  it('reads the token, its type and lifetime from the success fragment', () => {
    expect(parseOAuthFragment('#oauth_token=abc.DEF-123&token_type=bearer&expires_in=43200')).toEqual({
      kind: 'token',
      token: 'abc.DEF-123',
      expiresIn: 43200,
    });
  });

  it('accepts the fragment without its leading # and decodes percent-escapes', () => {
    expect(parseOAuthFragment('oauth_token=a%2Bb&token_type=Bearer')).toEqual({ kind: 'token', token: 'a+b', expiresIn: null });
  });

  it('reads the error code of a failure fragment', () => {
    expect(parseOAuthFragment('#oauth_error=OAU-003')).toEqual({ kind: 'error', code: 'OAU-003' });
    expect(parseOAuthFragment('#oauth_error=')).toEqual({ kind: 'error', code: 'OAU-000' });
  });

  it('prefers the error when a fragment carries both', () => {
    expect(parseOAuthFragment('#oauth_token=abc&oauth_error=OAU-001')).toEqual({ kind: 'error', code: 'OAU-001' });
  });

  it('refuses a token of another type', () => {
    expect(parseOAuthFragment('#oauth_token=abc&token_type=mac')).toEqual({ kind: 'error', code: 'OAU-000' });
  });

  it('ignores fragments that are not ours (empty, anchors, an empty token)', () => {
    expect(parseOAuthFragment('')).toBeNull();
    expect(parseOAuthFragment('#')).toBeNull();
    expect(parseOAuthFragment('#main')).toBeNull();
    expect(parseOAuthFragment('#oauth_token=&token_type=bearer')).toBeNull();
  });

  it('drops a lifetime that is not a positive number', () => {
    expect(parseOAuthFragment('#oauth_token=t&expires_in=soon')).toEqual({ kind: 'token', token: 't', expiresIn: null });
    expect(parseOAuthFragment('#oauth_token=t&expires_in=-5')).toEqual({ kind: 'token', token: 't', expiresIn: null });
  });
});

describe('oauthErrorKey', () => {
  const en = JSON.parse(readFileSync(join(process.cwd(), 'src/i18n/locales/en.json'), 'utf8')) as { login: Record<string, string> };

  it('maps each documented code to its own message, and anything else to a generic one', () => {
    expect(oauthErrorKey('OAU-001')).toBe('login.oauth_error_state');
    expect(oauthErrorKey('OAU-002')).toBe('login.oauth_error_provider');
    expect(oauthErrorKey('OAU-003')).toBe('login.oauth_error_email');
    expect(oauthErrorKey('OAU-999')).toBe('login.oauth_error_other');
    expect(oauthErrorKey('toString')).toBe('login.oauth_error_other');
  });

  it('answers only keys that exist in en.json', () => {
    for (const code of ['OAU-001', 'OAU-002', 'OAU-003', 'OAU-000']) {
      const key = oauthErrorKey(code).replace(/^login\./, '');
      expect(typeof en.login[key]).toBe('string');
    }
  });
});

describe('providerLabel', () => {
  it('capitalises each dash-separated word of the configured name', () => {
    expect(providerLabel('acme')).toBe('Acme');
    expect(providerLabel('campus-sso')).toBe('Campus Sso');
    expect(providerLabel('x2')).toBe('X2');
  });
});

describe('postLoginTarget', () => {
  it('follows a safe redirect, loading /admin paths fully', () => {
    expect(postLoginTarget({ role: 'applicant' }, '/application/2?token=t')).toEqual({ path: '/application/2?token=t', fullLoad: false });
    expect(postLoginTarget({ role: 'admin' }, '/admin/')).toEqual({ path: '/admin/', fullLoad: true });
    expect(postLoginTarget({ role: 'admin' }, '/administration')).toEqual({ path: '/administration', fullLoad: false });
  });

  it('ignores an unsafe redirect: admins to /admin/, others to /home', () => {
    expect(postLoginTarget({ role: 'applicant' }, 'https://evil.example/')).toEqual({ path: '/home', fullLoad: false });
    expect(postLoginTarget({ role: 'applicant' }, '//evil.example/')).toEqual({ path: '/home', fullLoad: false });
    expect(postLoginTarget({ role: 'admin' }, null)).toEqual({ path: '/admin/', fullLoad: true });
  });
});

describe('withRedirect', () => {
  it('carries the redirect query to the next account page, encoded', () => {
    expect(withRedirect('/register', '/home?x=1&y=2')).toBe('/register?redirect=%2Fhome%3Fx%3D1%26y%3D2');
    expect(withRedirect('/register', null)).toBe('/register');
  });
});
