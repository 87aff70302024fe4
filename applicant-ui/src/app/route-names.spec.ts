import { applicationPath, isSafeRedirect, pathFor } from './route-names';

describe('route names', () => {
  it('maps named routes', () => {
    expect(pathFor('login')).toBe('/login');
    expect(pathFor('invalid-token')).toBe('/invalid-token');
    expect(pathFor('invalid-application')).toBe('/invalid-application');
    expect(pathFor('home')).toBe('/home');
    expect(pathFor('decision')).toBe('/decision');
  });
  it('accepts only same-site redirects', () => {
    expect(isSafeRedirect('/admin/')).toBe(true);
    expect(isSafeRedirect('/home?x=1')).toBe(true);
    expect(isSafeRedirect('//evil.example')).toBe(false);
    expect(isSafeRedirect('/\\evil.example')).toBe(false);
    expect(isSafeRedirect('https://evil.example')).toBe(false);
    expect(isSafeRedirect('')).toBe(false);
    expect(isSafeRedirect(null)).toBe(false);
  });
  it('builds form paths', () => {
    expect(applicationPath(2, 'a b')).toBe('/application/2?token=a%20b');
    expect(applicationPath('1', 't', 'details')).toBe('/details/1?token=t');
  });
});
