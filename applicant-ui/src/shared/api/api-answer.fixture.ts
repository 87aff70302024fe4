/**
 * Test fixtures (unit tests only, never bundled): failed and answered calls of the typed client, as
 * `call`/`unwrap` read them, without a network or the fetch globals (jsdom has none).
 */
import { ApiError } from './client';

/** A response head for `status` with `headers` (names case-insensitive): what `ApiError.response` is read for. */
function responseHead(status: number, headers: Record<string, string>): Response {
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const head = { get: (name: string) => lower.get(name.toLowerCase()) ?? null, has: (name: string) => lower.has(name.toLowerCase()) };
  return { status, ok: status >= 200 && status < 300, headers: head } as unknown as Response;
}

/** The {@link ApiError} a call rejects with for an answer of `status` with `body` (DESIGN.md error shape, or none) and `headers`. */
export function apiError(status: number, body?: unknown, headers: Record<string, string> = {}): ApiError {
  return new ApiError(responseHead(status, headers), body);
}

/** What an `api.GET/POST/…` call resolves to when the server answers `data` (for `jest.spyOn(api, 'GET')`). */
export function answered<T>(data: T): never {
  return { data, response: responseHead(200, {}) } as never;
}

/** What an `api.GET/POST/…` call resolves to when the server answers `status` with the error `body`. */
export function refused(status: number, body?: unknown, headers: Record<string, string> = {}): never {
  return { error: body, response: responseHead(status, headers) } as never;
}
