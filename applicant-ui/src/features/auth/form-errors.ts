/** Reading a failed account call (login, register, password, OAuth start) for the forms. */
import { isApiError } from '../../shared/api/client';
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiErrorBody, apiErrorStatus } from '../../shared/api/errors';

/** What a form shows after a failed call. */
export interface FormFailure {
  /** Text for the form's alert (the server's localised message when it sent one). */
  message: string;
  /** First server message per field (422 `errors`), keyed by the API's field name. */
  fieldErrors: Record<string, string>;
  /** HTTP status, 0 when no answer arrived. */
  status: number;
}

/**
 * Seconds of the `Retry-After` header of a 429 answer, or null (absent, an HTTP date, or not a 429).
 */
export function retryAfterSeconds(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429) return null;
  const raw = error.response.headers.get('retry-after');
  const seconds = Number(raw);
  return typeof raw === 'string' && raw.trim() !== '' && Number.isInteger(seconds) && seconds >= 0 ? seconds : null;
}

/**
 * Turns a failed call into a {@link FormFailure}: the server's message (localised by Accept-Language;
 * for 429 `AUTH-429` it names the wait), or, without a body, `auth.too_many` (429, with the
 * `Retry-After` seconds) or `fallbackKey` (network failure and the like).
 */
export function formFailure(error: unknown, t: TFunction, fallbackKey: string): FormFailure {
  const status = apiErrorStatus(error);
  const body = apiErrorBody(error);
  const fieldErrors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(body?.errors ?? {})) {
    if (messages[0]) fieldErrors[field] = messages[0];
  }
  let message = body?.message;
  if (!message && status === 429) message = t('auth.too_many', { count: retryAfterSeconds(error) ?? 60 });
  return { message: message || t(fallbackKey), fieldErrors, status };
}

/**
 * Shows the server's field errors on the form's own fields (type `server`, so the text is shown as
 * sent) and focuses the first of them. Errors on other fields are left to the form's alert.
 * @returns the names of the fields that received an error, in `fields` order
 */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: Record<string, string>,
  fields: readonly Path<T>[],
): Path<T>[] {
  const applied = fields.filter((field) => Object.hasOwn(fieldErrors, field));
  applied.forEach((field, index) => setError(field, { type: 'server', message: fieldErrors[field] }, { shouldFocus: index === 0 }));
  return applied;
}
