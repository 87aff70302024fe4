import { createHash, randomBytes } from 'node:crypto';

/**
 * A new random secret for a token: 32 bytes from the CSPRNG, base64url (43 characters).
 * Only {@link hashToken} of it is ever stored.
 */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** sha256 hex of a token, the form in which tokens are kept at rest and looked up. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** How often (ms) a token's `last_used_at` is written: at most once a minute, not on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** True when a token last used at `lastUsedAt` should have that time refreshed now. */
export function shouldTouch(lastUsedAt: Date | null, now = Date.now()): boolean {
  return !lastUsedAt || now - lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS;
}
