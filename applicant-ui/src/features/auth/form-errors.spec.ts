import type { TFunction } from 'i18next';
import { apiError } from '../../shared/api/api-answer.fixture';
import { formFailure, retryAfterSeconds } from './form-errors';

/** The error the typed client rejects with, for a given status, body and headers. */
const httpError = apiError;

const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction;

describe('formFailure', () => {
  it('keeps the server message of a 429 and its Retry-After seconds', () => {
    const error = httpError(
      429,
      { success: false, code: 'AUTH-429', message: 'Demasiados intentos. Espere 60 segundos.' },
      { 'retry-after': '60' },
    );
    expect(formFailure(error, t, 'login.failed')).toEqual({
      message: 'Demasiados intentos. Espere 60 segundos.',
      fieldErrors: {},
      status: 429,
    });
    expect(retryAfterSeconds(error)).toBe(60);
  });

  it('words a 429 without a body from Retry-After', () => {
    expect(formFailure(httpError(429, '', { 'retry-after': '17' }), t, 'login.failed').message).toBe('auth.too_many {"count":17}');
  });

  it('gives the first server message of each field of a 422', () => {
    const error = httpError(422, {
      success: false,
      code: 'VAL-001',
      message: 'Please check the form.',
      errors: { email: ['This e-mail is already registered.', 'second'], password: ['Too short.'] },
    });
    expect(formFailure(error, t, 'register.failed')).toEqual({
      message: 'Please check the form.',
      fieldErrors: { email: 'This e-mail is already registered.', password: 'Too short.' },
      status: 422,
    });
  });

  it('falls back to the given key when no answer arrived', () => {
    expect(formFailure(new TypeError('Failed to fetch'), t, 'register.failed')).toEqual({
      message: 'register.failed',
      fieldErrors: {},
      status: 0,
    });
  });
});

describe('retryAfterSeconds', () => {
  it('is null for other statuses and for an HTTP-date value', () => {
    expect(retryAfterSeconds(httpError(401, {}, { 'retry-after': '5' }))).toBeNull();
    expect(retryAfterSeconds(httpError(429, {}, { 'retry-after': 'Wed, 21 Oct 2026 07:28:00 GMT' }))).toBeNull();
    expect(retryAfterSeconds(new Error('x'))).toBeNull();
  });
});
