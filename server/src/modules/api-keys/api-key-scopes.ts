import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

/**
 * The scopes an API key can hold (issue 14 item 5). `enrollment:read` (issue 29 item 6): the office's views of
 * the class once decisions are out — the class view, the waitlists, the deferral queue — which name applicants
 * (names, reference numbers) as `applications:read` does, per offering; one application's reply is read with
 * `applications:read`, as the rest of the application.
 */
export const API_KEY_SCOPES = [
  'applications:read',
  'applications:write',
  'payments:read',
  'webhooks:manage',
  'catalogue:read',
  'enrollment:read',
] as const;

/** One of {@link API_KEY_SCOPES}. */
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every API key starts with this, so the bearer strategy tells keys from login tokens without a lookup. */
export const API_KEY_PREFIX = 'pak_';

/** Metadata key of {@link RequiresScope}. */
export const REQUIRED_SCOPE = 'apiKeyScope';

/**
 * Route or controller decorator: an API key may call this endpoint when it holds `scope` (the method's
 * scope overrides the controller's). Endpoints without it refuse every API key (403 AUTH-403); user
 * tokens are unaffected (their role rules apply). Shown in the OpenAPI document as `x-api-key-scope`.
 */
export const RequiresScope = (scope: ApiKeyScope) =>
  applyDecorators(SetMetadata(REQUIRED_SCOPE, scope), ApiExtension('x-api-key-scope', scope));
