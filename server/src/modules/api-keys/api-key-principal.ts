import type { ApiKeyScope } from './api-key-scopes.js';

/**
 * The caller behind an API key, put on `request.user` by the bearer strategy in place of a user. It has
 * no account: the audit log records it as `actorEmail` `api-key:<prefix> (<name>)` with no actor id.
 */
export class ApiKeyPrincipal {
  /** Always `api-key`, so code that reads `role` never mistakes a key for an admin or an applicant. */
  readonly role = 'api-key' as const;

  /**
   * @param id     the key's id (`api_keys.id`)
   * @param name   the key's name
   * @param prefix the key's display prefix
   * @param scopes what the key may do
   */
  constructor(
    readonly id: string,
    readonly name: string,
    readonly prefix: string,
    readonly scopes: readonly ApiKeyScope[],
  ) {}

  /** How the audit log names this caller. */
  get email(): string {
    return `api-key:${this.prefix} (${this.name})`;
  }
}

/** True when `value` is an API key caller rather than a user. */
export function isApiKeyPrincipal(value: unknown): value is ApiKeyPrincipal {
  return value instanceof ApiKeyPrincipal;
}
