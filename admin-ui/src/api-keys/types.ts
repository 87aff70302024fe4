/**
 * Record shape of `/api/admin/api-keys` (docs/api.md "API keys"; issue 14 item 5).
 */

/** What a key may do; the order the form offers them. */
export const API_KEY_SCOPES = ['applications:read', 'applications:write', 'payments:read', 'webhooks:manage'] as const;

/** One of {@link API_KEY_SCOPES}. */
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** active: usable now; expired: past its expiry; revoked: revoked by an admin. */
export type ApiKeyState = 'active' | 'expired' | 'revoked';

/** An API key as the admin API lists it (never the key itself). */
export interface ApiKeyRecord {
  id: string;
  name: string;
  /** The key's first 12 characters (`pak_…`), to tell keys apart. */
  prefix: string;
  scopes: ApiKeyScope[];
  /** UTC ISO instant, or null: never expires. */
  expiresAt: string | null;
  /** UTC ISO instant (to the minute), or null: never used. */
  lastUsedAt: string | null;
  revokedAt: string | null;
  state: ApiKeyState;
  createdBy: string | null;
  createdAt: string;
}

/** The answer to a create: the record and the key, shown this once. */
export interface CreatedApiKeyRecord extends ApiKeyRecord {
  key: string;
}

/** Body of `POST /api/admin/api-keys`. */
export interface ApiKeyPayload {
  name: string;
  scopes: ApiKeyScope[];
  expiresAt: string | null;
}
