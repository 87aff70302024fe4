/** The API's error body (DESIGN §4, docs/api.md; contract schema `ApiErrorBody`) and helpers to read it from failed calls. */
import { isApiError, type ApiErrorBody } from '../../../../contract/client/create-client';

export type { ApiErrorBody };

/** The API error body of a failed call ({@link ApiError} with a body), or null (network error, empty answer…). */
export function apiErrorBody(error: unknown): ApiErrorBody | null {
  return isApiError(error) ? error.body : null;
}

/** HTTP status of a failed call, or 0 when no response arrived. */
export function apiErrorStatus(error: unknown): number {
  return isApiError(error) ? error.status : 0;
}

/**
 * Where a failed token check sends the applicant (spec §8): a code containing TKN-002 →
 * `invalid-application`; any other failure → `invalid-token`.
 */
export function tokenFailureRoute(code: string | undefined | null): 'invalid-application' | 'invalid-token' {
  return code && code.includes('TKN-002') ? 'invalid-application' : 'invalid-token';
}
