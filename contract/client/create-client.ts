/**
 * The shared typed API client (issue 14 "a typed client from the contract"; the applicant app's): `openapi-fetch`
 * over the generated `paths` of `contract/openapi.d.ts` (`npm run contract`), so every path, parameter,
 * body and answer is checked against the committed contract at compile time.
 *
 * - {@link createPortalClient}: an `openapi-fetch` client for the portal with a per-request header hook
 *   (bearer token, `Accept-Language`, …) and an optional error observer (global alerts).
 * - {@link unwrap}: awaits a call and returns its `data`, or throws an {@link ApiError} carrying the
 *   DESIGN.md §4 error body `{success:false, code, message, errors?, data?}` typed from the contract's
 *   `ApiErrorBody` schema. A network failure stays the `TypeError` `fetch` threw (status 0 for readers).
 * - {@link Schema}, {@link RequestBody}, {@link ResponseData}: the contract's wire types by name, so no
 *   front end writes a wire type by hand.
 *
 * Paths in the contract start with `/api` (e.g. `client.GET('/api/config')`); the base URL is the
 * origin (default: the page's own, `''`, i.e. same-origin relative URLs).
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from '../openapi';

/** A named schema of the contract, e.g. `Schema<'ApplicationRecord'>` = `components['schemas']['ApplicationRecord']`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The JSON request body of an operation by its operationId, e.g. `RequestBody<'login'>` (never when it takes none). */
export type RequestBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The multipart body of an operation by its operationId (its fields; binary parts typed `string` by the generator). */
export type MultipartBody<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { 'multipart/form-data': infer B } };
}
  ? B
  : never;

/**
 * A `FormData` as the multipart body of operation `Op` (e.g. `body: formBody<'uploadAttachment'>(form)`):
 * `openapi-fetch` sends a `FormData` as is (the browser sets the boundary); only its type is adapted,
 * since the contract types such a body by its fields.
 */
export function formBody<Op extends keyof operations>(form: FormData): MultipartBody<Op> {
  return form as unknown as MultipartBody<Op>;
}

/** The JSON answer of an operation's 200 or 201 response by its operationId, e.g. `ResponseData<'getAppConfig'>`. */
export type ResponseData<Op extends keyof operations> = operations[Op] extends {
  responses: { 200: { content: { 'application/json': infer D } } };
}
  ? D
  : operations[Op] extends { responses: { 201: { content: { 'application/json': infer D } } } }
    ? D
    : never;

/** The error body every failing call answers (DESIGN.md §4; contract schema `ApiErrorBody`). */
export type ApiErrorBody = Schema<'ApiErrorBody'>;

/** The `openapi-fetch` client typed by the contract's `paths`. */
export type PortalClient = Client<paths>;

/** Headers to add to one request; `undefined`/`null` values are skipped. */
export type HeaderValues = Record<string, string | undefined | null>;

/** True when `value` has the shape of {@link ApiErrorBody} (at least a string `code`). */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

/**
 * A call answered with an HTTP error status (4xx/5xx). `body` is the DESIGN.md error body when the server
 * sent one (null for an empty or non-JSON answer, e.g. a proxy's 502 page); `response` gives the headers
 * (`Retry-After` of a 429, …).
 */
export class ApiError extends Error {
  /** HTTP status (400–599). */
  readonly status: number;
  /** The parsed error body, or null when the answer had none. */
  readonly body: ApiErrorBody | null;
  /** The raw response (body already read). */
  readonly response: Response;

  constructor(response: Response, body: unknown) {
    const parsed = isApiErrorBody(body) ? body : null;
    super(parsed ? `${parsed.code}: ${parsed.message}` : `HTTP ${response.status}`);
    this.name = 'ApiError';
    this.status = response.status;
    this.body = parsed;
    this.response = response;
  }

  /** The error code (`VAL-001`, `APP-409`, …), or undefined without a body. */
  get code(): string | undefined {
    return this.body?.code;
  }
}

/** True for an {@link ApiError} (a typed check that also works across bundles: it looks at `name`). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError || (error instanceof Error && error.name === 'ApiError' && 'status' in error && 'response' in error);
}

/** Options of {@link createPortalClient}. */
export interface PortalClientOptions {
  /** Origin in front of the contract's `/api/…` paths; default `''` (same origin, relative URLs). */
  baseUrl?: string;
  /**
   * Called for every request: headers to add (e.g. `Authorization: Bearer …`, `Accept-Language`).
   * A header the call sets itself (e.g. `X-Application-Token`) is never replaced.
   */
  headers?: () => HeaderValues;
  /** Called with every {@link ApiError} that {@link unwrap} throws for this client, before it throws. */
  onApiError?: (error: ApiError, call: UnwrapOptions) => void;
  /** `fetch` to use; default: `globalThis.fetch` looked up at each request (so tests may stub it later). */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * The requests' cache mode (`RequestInit.cache`); default the browser's. `'no-cache'` makes the browser
   * revalidate every cached answer (a 304 from the server's memory for the hot reads) instead of serving it
   * stale while revalidating in the background.
   */
  cache?: RequestCache;
}

/** Per-call options of {@link unwrap}. */
export interface UnwrapOptions {
  /** Passed to the client's `onApiError` (e.g. background polls that must not raise alerts). */
  silent?: boolean;
}

/** The `onApiError` of each client made by {@link createPortalClient}, read by {@link unwrap}. */
const errorObservers = new WeakMap<Response, NonNullable<PortalClientOptions['onApiError']>>();

/**
 * Creates the portal's typed client: JSON by default (`Accept: application/json`), the `headers` hook
 * applied to each request, errors reported to `onApiError` when a call goes through {@link unwrap}.
 * @example
 *   const api = createPortalClient({ headers: () => ({ Authorization: token && `Bearer ${token}` }) });
 *   const config = await unwrap(api.GET('/api/config')); // Schema<'PublicConfigResponse'>
 */
export function createPortalClient(options: PortalClientOptions = {}): PortalClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '',
    headers: { Accept: 'application/json' },
    fetch: options.fetch ?? ((request: Request) => globalThis.fetch(request)),
    ...(options.cache ? { cache: options.cache } : {}),
  });
  const middleware: Middleware = {
    onRequest({ request }) {
      for (const [name, value] of Object.entries(options.headers?.() ?? {})) {
        if (value !== undefined && value !== null && !request.headers.has(name)) request.headers.set(name, value);
      }
      return request;
    },
    onResponse({ response }) {
      if (!response.ok && options.onApiError) errorObservers.set(response, options.onApiError);
      return undefined;
    },
  };
  client.use(middleware);
  return client;
}

/** What every `openapi-fetch` call resolves to. */
interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * Awaits a client call and returns its `data` (the contract's success answer; `undefined` at run time
 * for an empty 204 answer).
 * @throws {ApiError} for a 4xx/5xx answer (after the client's `onApiError` saw it, with `options`)
 * @throws the `TypeError` of `fetch` when no answer arrived (network failure, aborted)
 */
export async function unwrap<R extends FetchResult>(
  pending: Promise<R>,
  options: UnwrapOptions = {},
): Promise<Exclude<R['data'], undefined>> {
  const result = await pending;
  if (result.response.ok) return result.data as Exclude<R['data'], undefined>;
  const error = new ApiError(result.response, result.error);
  errorObservers.get(result.response)?.(error, options);
  throw error;
}
