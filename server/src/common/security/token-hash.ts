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
