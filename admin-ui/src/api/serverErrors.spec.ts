/**
 * The API's error shape becomes react-admin's: `message` for the notification, field errors as
 * `{ field: firstMessage }` plus `root.serverError`.
 */
import { flattenFieldErrors, mapServerError } from './serverErrors';

describe('flattenFieldErrors', () => {
  it('keeps the first non-empty message of each field', () => {
    expect(flattenFieldErrors({ label: ['Too long', 'Other'], 'options.1.value': ['', 'Duplicate'], x: [] })).toEqual({
      label: 'Too long',
      'options.1.value': 'Duplicate',
    });
  });
  it('accepts plain strings and nothing', () => {
    expect(flattenFieldErrors({ a: 'Bad' })).toEqual({ a: 'Bad' });
    expect(flattenFieldErrors(undefined)).toEqual({});
  });
});

describe('mapServerError', () => {
  it('maps a 422 with field errors', () => {
    const mapped = mapServerError(
      422,
      { success: false, code: 'VAL-001', message: 'Check the form', errors: { endTime: ['End must be after start'] } },
      'Unprocessable Entity',
    );
    expect(mapped.message).toBe('Check the form');
    expect(mapped.status).toBe(422);
    expect(mapped.body?.code).toBe('VAL-001');
    expect(mapped.body?.errors).toEqual({ endTime: 'End must be after start', root: { serverError: 'Check the form' } });
  });

  it('leaves no errors key when there are no field errors', () => {
    const mapped = mapServerError(403, { success: false, code: 'AUTH-403', message: 'Not allowed' }, 'Forbidden');
    expect(mapped.message).toBe('Not allowed');
    expect(mapped.body).toEqual({ success: false, code: 'AUTH-403', message: 'Not allowed' });
    expect(mapped.body && 'errors' in mapped.body).toBe(false);
  });

  it('falls back to the status text, then to a translatable key', () => {
    expect(mapServerError(502, undefined, 'Bad Gateway')).toEqual({ message: 'Bad Gateway', status: 502, body: undefined });
    expect(mapServerError(500, 'oops', '').message).toBe('ra.notification.http_error');
  });
});
