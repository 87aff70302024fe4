/**
 * Users page helpers: the name shown, the PUT body of the edit form, and the role button's action.
 */
import { displayName, roleChangeFor, toUserNamesPayload } from './user';

describe('displayName', () => {
  it('joins the names, or falls back to the e-mail', () => {
    expect(displayName({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(displayName({ first_name: '', last_name: '', email: 'ada@example.com' })).toBe('ada@example.com');
    // a Chinese name in its own order, family name first, no space (issue 27)
    expect(displayName({ first_name: '芳', last_name: '王', email: 'wang@example.com' })).toBe('王芳');
  });
});

describe('toUserNamesPayload', () => {
  it('sends only the trimmed names (the API refuses other fields)', () => {
    expect(
      toUserNamesPayload({ id: 'x', first_name: ' Ada ', last_name: 'Lovelace ', email: 'a@b.c', role: 'admin', created_at: '' }),
    ).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
  });
});

describe('roleChangeFor', () => {
  it('makes an applicant an admin', () => {
    expect(roleChangeFor({ id: 'u1', role: 'applicant' }, 'me')).toEqual({ role: 'admin', action: 'make_admin', self: false });
  });

  it('removes the admin role, and says when it is the signed-in admin', () => {
    expect(roleChangeFor({ id: 'u1', role: 'admin' }, 'me')).toEqual({ role: 'applicant', action: 'remove_admin', self: false });
    expect(roleChangeFor({ id: 'me', role: 'admin' }, 'me')).toEqual({ role: 'applicant', action: 'remove_admin', self: true });
  });

  it('does not treat an unknown identity as self', () => {
    expect(roleChangeFor({ id: 'u1', role: 'admin' }, undefined).self).toBe(false);
  });
});
