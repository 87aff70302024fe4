/**
 * Record shape of `/api/admin/api-keys` (docs/api.md "API keys"; issue 14 item 5), from the contract.
 */
import type { Schema } from '../api/contract-types';

/** An API key as the admin API lists it (never the key itself). */
export type ApiKeyRecord = Schema<'ApiKeyResponse'>;

/** The answer to a create: the record and the key, shown this once. */
export type CreatedApiKeyRecord = Schema<'CreatedApiKeyResponse'>;

/** Body of `POST /api/admin/api-keys`. */
export type ApiKeyPayload = Schema<'CreateApiKeyDto'>;

/** What a key may do. */
export type ApiKeyScope = ApiKeyRecord['scopes'][number];

/** active: usable now; expired: past its expiry; revoked: revoked by an admin. */
export type ApiKeyState = ApiKeyRecord['state'];

/** The scopes in the order the form offers them (every scope of the contract, checked by the type). */
export const API_KEY_SCOPES = [
  'applications:read',
  'applications:write',
  'payments:read',
  'webhooks:manage',
  'enrollment:read',
] as const satisfies readonly ApiKeyScope[];
