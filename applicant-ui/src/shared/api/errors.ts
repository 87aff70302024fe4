/** The API's error body (DESIGN §4, docs/api.md) and helpers to read it from axios errors. */
import { isAxiosError } from 'axios';

/** `{ success: false, code, message, errors?, data? }` as every failing API call answers. */
export interface ApiErrorBody {
  success: false;
  code: string;
  message: string;
  errors?: Record<string, string[]>;
  data?: unknown;
}

/** Extracts the API error body from an axios error, or null when there is none (network error…). */
export function apiErrorBody(error: unknown): ApiErrorBody | null {
  if (!isAxiosError(error)) return null;
  const data: unknown = error.response?.data;
  if (data && typeof data === 'object' && 'code' in data && typeof (data as { code: unknown }).code === 'string') {
    return data as ApiErrorBody;
  }
  return null;
}

/** HTTP status of an axios error, or 0 when no response arrived. */
export function apiErrorStatus(error: unknown): number {
  return isAxiosError(error) ? (error.response?.status ?? 0) : 0;
}

/**
 * Where a failed token check sends the applicant (spec §8): a code containing TKN-002 →
 * `invalid-application`; any other failure → `invalid-token`.
 */
export function tokenFailureRoute(code: string | undefined | null): 'invalid-application' | 'invalid-token' {
  return code && code.includes('TKN-002') ? 'invalid-application' : 'invalid-token';
}
