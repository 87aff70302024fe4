import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** A middleware that sets the same headers on every answer, with the list it sets. */
export interface FixedHeadersMiddleware extends RequestHandler {
  /** `[name, value]` pairs set on every answer, in the order the original middleware set them. */
  readonly headers: readonly (readonly [string, string])[];
  /** Header names removed from every answer (helmet's `X-Powered-By`). */
  readonly removed: readonly string[];
}

/** What one run of a header-only middleware did to a stand-in response. */
interface Recorded {
  headers: Map<string, readonly [string, string]>;
  removed: string[];
}

function record(middleware: RequestHandler, request: Partial<Request>): Recorded {
  const headers = new Map<string, readonly [string, string]>();
  const removed: string[] = [];
  const response = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), [name, String(value)]);
      return response;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
      removed.push(name);
    },
    getHeader: (name: string) => headers.get(name.toLowerCase())?.[1],
  };
  let outcome: 'next' | 'error' | undefined;
  middleware(
    request as Request,
    response as unknown as Response,
    ((error?: unknown) => (outcome = error ? 'error' : 'next')) as NextFunction,
  );
  if (outcome !== 'next')
    throw new Error(`the header middleware did not call next() synchronously without an error (${outcome ?? 'no call'})`);
  return { headers, removed };
}

function same(a: Recorded, b: Recorded): boolean {
  const pairs = (r: Recorded) => JSON.stringify([[...r.headers.values()], r.removed]);
  return pairs(a) === pairs(b);
}

/**
 * Runs a middleware that only sets headers (helmet with static directives) once at start-up and returns
 * a middleware that sets the very same headers, with the same values, on every answer — without
 * helmet's per-request chain of a dozen middlewares (issue 12: the step save pays for every middleware).
 * The original is run against several stand-in requests (methods, paths, secure or not); if their
 * headers differ (e.g. a CSP nonce function), the headers depend on the request and this refuses.
 * @param middleware a synchronous, header-only middleware (calls `next()` with no error)
 * @throws Error at start-up when the middleware does not call `next()` synchronously, passes an error,
 *   or sets request-dependent headers
 */
export function fixedHeaders(middleware: RequestHandler): FixedHeadersMiddleware {
  const runs = [
    { method: 'GET', url: '/', path: '/', headers: {}, secure: false },
    {
      method: 'PATCH',
      url: '/api/applications/x?y=1',
      path: '/api/applications/x',
      headers: { 'content-type': 'application/json' },
      secure: true,
    },
    {
      method: 'POST',
      url: '/admin/assets/a.js',
      path: '/admin/assets/a.js',
      headers: { 'user-agent': 'Mozilla/4.0 (MSIE 8.0)' },
      secure: false,
    },
  ].map((request) => record(middleware, request as unknown as Partial<Request>));
  if (!runs.every((run) => same(run, runs[0]))) throw new Error('the header middleware sets request-dependent headers; it cannot be fixed');
  const headers = [...runs[0].headers.values()];
  const removed = runs[0].removed.filter((name) => !runs[0].headers.has(name.toLowerCase()));
  const fixed = ((_request: Request, response: Response, next: NextFunction) => {
    for (let i = 0; i < headers.length; i += 1) response.setHeader(headers[i][0], headers[i][1]);
    for (let i = 0; i < removed.length; i += 1) response.removeHeader(removed[i]);
    next();
  }) as FixedHeadersMiddleware;
  return Object.assign(fixed, { headers, removed });
}
