/**
 * Maps the API's error body (DESIGN §4, docs/api.md)
 *   { success: false, code, message, errors?: { field: [msg, …] } }
 * to what react-admin understands: the notification text is `message`, and field errors are
 * `body.errors` as `{ field: message }` (dotted paths allowed), plus `root.serverError` so that
 * react-admin's "form is invalid" notification shows the server's own message.
 */

import type { ApiErrorBody } from './contract-types';

/**
 * The API's error body as read here: the contract's, each field possibly absent (a proxy's or an old
 * server's answer), a field error possibly a bare string.
 */
type ReadErrorBody = Partial<Omit<ApiErrorBody, 'errors'>> & { errors?: Record<string, string[] | string | undefined> };

/** What an HttpError for react-admin is built from. */
export interface MappedError {
  message: string;
  status: number;
  body: (Omit<ReadErrorBody, 'errors'> & { errors?: Record<string, unknown> }) | undefined;
}

/** Field errors flattened to their first message; empty object when there are none. */
export function flattenFieldErrors(errors: ReadErrorBody['errors']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!errors || typeof errors !== 'object') return out;
  for (const [field, value] of Object.entries(errors)) {
    const first = Array.isArray(value) ? value.find((m) => typeof m === 'string' && m !== '') : value;
    if (typeof first === 'string' && first !== '') out[field] = first;
  }
  return out;
}

/**
 * Builds the react-admin view of a failed response.
 * @param status HTTP status
 * @param body parsed JSON body (anything)
 * @param fallbackMessage text when the body has no message (e.g. the status text)
 */
export function mapServerError(status: number, body: unknown, fallbackMessage: string): MappedError {
  const apiBody = body && typeof body === 'object' && !Array.isArray(body) ? (body as ReadErrorBody) : undefined;
  const message = (typeof apiBody?.message === 'string' && apiBody.message) || fallbackMessage || 'ra.notification.http_error';
  if (!apiBody) return { message, status, body: undefined };
  const fields = flattenFieldErrors(apiBody.errors);
  const { errors: _ignored, ...rest } = apiBody;
  void _ignored;
  if (Object.keys(fields).length === 0) return { message, status, body: rest };
  return { message, status, body: { ...rest, errors: { ...fields, root: { serverError: message } } } };
}
