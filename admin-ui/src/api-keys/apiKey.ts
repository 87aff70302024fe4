/**
 * Pure helpers of the API-key form: client-side validation matching the server's `CreateApiKeyDto`
 * (name 1–100 characters after trimming, at least one known scope, expiry empty or in the future) and
 * the request body.
 */
import { API_KEY_SCOPES, type ApiKeyPayload, type ApiKeyScope } from './types';

/** Longest name the API stores. */
export const NAME_MAX = 100;

/** Form values as react-admin holds them (inputs may leave strings, nulls or undefined). */
export type ApiKeyFormValues = Partial<Record<keyof ApiKeyPayload, unknown>>;

const isScope = (value: unknown): value is ApiKeyScope => (API_KEY_SCOPES as readonly unknown[]).includes(value);

/**
 * Form-level validation. Returns `{ field: messageKey }`, empty when valid. Keys: `ra.validation.required`,
 * `app.api_keys.validation.{name,scopes,expires}`.
 * @param now the current instant (ms), for the expiry check
 */
export function validateApiKey(values: ApiKeyFormValues, now = Date.now()): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  if (!name) errors.name = 'ra.validation.required';
  else if ([...name].length > NAME_MAX) errors.name = 'app.api_keys.validation.name';
  const scopes = Array.isArray(values.scopes) ? values.scopes : [];
  if (!scopes.length || !scopes.every(isScope)) errors.scopes = 'app.api_keys.validation.scopes';
  if (typeof values.expiresAt === 'string' && values.expiresAt) {
    const at = Date.parse(values.expiresAt);
    if (Number.isNaN(at) || at <= now) errors.expiresAt = 'app.api_keys.validation.expires';
  }
  return errors;
}

/** The body to POST: trimmed name, the scopes in their canonical order without repeats, expiry or null. */
export function toApiKeyPayload(values: ApiKeyFormValues): ApiKeyPayload {
  const chosen = new Set(Array.isArray(values.scopes) ? values.scopes : []);
  return {
    name: typeof values.name === 'string' ? values.name.trim() : '',
    scopes: API_KEY_SCOPES.filter((scope) => chosen.has(scope)),
    expiresAt: typeof values.expiresAt === 'string' && values.expiresAt ? values.expiresAt : null,
  };
}
