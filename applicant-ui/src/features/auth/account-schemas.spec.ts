import { loginSchema } from './login.schema';
import { passwordRequestSchema } from './password-request.schema';
import { passwordResetSchema } from './password-reset.schema';
import { registerSchema } from './register.schema';

/** The i18n key of each failing field, e.g. `{ email: 'validation.email' }` (first issue per field). */
function fieldKeys(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const keys: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) keys[String(issue.path[0])] ??= issue.message;
  return keys;
}

const validRegistration = {
  first_name: 'Sara',
  last_name: 'Katz',
  email: 'sara@example.com',
  password: 'correct horse',
  password_confirmation: 'correct horse',
};

describe('register schema', () => {
  it('accepts a complete registration and trims names and e-mail', () => {
    const parsed = registerSchema.parse({ ...validRegistration, first_name: '  Sara ', email: ' sara@example.com ' });
    expect(parsed).toEqual(validRegistration);
  });

  it('requires every field, with a key per field', () => {
    const result = registerSchema.safeParse({ first_name: ' ', last_name: '', email: '', password: '', password_confirmation: '' });
    expect(fieldKeys(result)).toEqual({
      first_name: 'validation.required',
      last_name: 'validation.required',
      email: 'validation.email_required',
      password: 'validation.password_required',
      password_confirmation: 'validation.password_confirmation_required',
    });
  });

  it('refuses a password shorter than 8 characters and accepts exactly 8', () => {
    expect(fieldKeys(registerSchema.safeParse({ ...validRegistration, password: '1234567', password_confirmation: '1234567' }))).toEqual({
      password: 'validation.password_min',
    });
    expect(registerSchema.safeParse({ ...validRegistration, password: '12345678', password_confirmation: '12345678' }).success).toBe(true);
  });

  it('refuses a password over 1024 characters and names over 100', () => {
    const long = 'x'.repeat(1025);
    expect(fieldKeys(registerSchema.safeParse({ ...validRegistration, password: long, password_confirmation: long }))).toEqual({
      password: 'validation.too_long',
    });
    expect(fieldKeys(registerSchema.safeParse({ ...validRegistration, last_name: 'K'.repeat(101) }))).toEqual({
      last_name: 'validation.too_long',
    });
  });

  it('reports a confirmation that differs on password_confirmation', () => {
    expect(fieldKeys(registerSchema.safeParse({ ...validRegistration, password_confirmation: 'correct horsE' }))).toEqual({
      password_confirmation: 'validation.password_mismatch',
    });
  });

  it('refuses a malformed e-mail', () => {
    expect(fieldKeys(registerSchema.safeParse({ ...validRegistration, email: 'sara@' }))).toEqual({ email: 'validation.email' });
  });
});

describe('password reset schemas', () => {
  it('request: needs a valid e-mail', () => {
    expect(passwordRequestSchema.parse({ email: ' a@example.com ' })).toEqual({ email: 'a@example.com' });
    expect(fieldKeys(passwordRequestSchema.safeParse({ email: '' }))).toEqual({ email: 'validation.email_required' });
    expect(fieldKeys(passwordRequestSchema.safeParse({ email: 'nope' }))).toEqual({ email: 'validation.email' });
  });

  it('set: e-mail, a new password of 8+ characters and the same confirmation', () => {
    const ok = { email: 'a@example.com', password: 'new-password', password_confirmation: 'new-password' };
    expect(passwordResetSchema.safeParse(ok).success).toBe(true);
    expect(fieldKeys(passwordResetSchema.safeParse({ ...ok, password: 'short', password_confirmation: 'short' }))).toEqual({
      password: 'validation.password_min',
    });
    expect(fieldKeys(passwordResetSchema.safeParse({ ...ok, password_confirmation: 'other-password' }))).toEqual({
      password_confirmation: 'validation.password_mismatch',
    });
  });
});

describe('login schema', () => {
  it('needs an e-mail and a password (any length) and keeps the remember choice', () => {
    expect(loginSchema.parse({ email: 'a@example.com', password: 'x', remember: true })).toEqual({
      email: 'a@example.com',
      password: 'x',
      remember: true,
    });
    expect(fieldKeys(loginSchema.safeParse({ email: '', password: '', remember: false }))).toEqual({
      email: 'validation.email_required',
      password: 'validation.password_required',
    });
  });
});
