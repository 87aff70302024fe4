/**
 * The shared typed client (`contract/client/create-client.ts`) against a real local HTTP server:
 * header hook, call headers kept, data returned, DESIGN.md error body thrown as ApiError and reported
 * to `onApiError` with the call's options, empty and non-JSON error answers, network failure.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createPortalClient, isApiError, unwrap, type Schema } from '../../../../contract/client/create-client';

let server: Server;
let baseUrl: string;
const seen: IncomingMessage['headers'][] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    if (req.url === '/api/config') {
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({
          mainSiteUrl: 'https://x.edu',
          locales: ['en'],
          sessionMaxMs: 1,
          maintenanceCheckIntervalMs: 2,
          oauthProviders: [],
          currency: 'USD',
        }),
      );
    } else if (req.url === '/api/login') {
      res.statusCode = 429;
      res.setHeader('Retry-After', '30');
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ success: false, code: 'AUTH-429', message: 'Too many attempts.' }));
    } else if (req.url === '/api/logout') {
      res.statusCode = 401;
      res.end();
    } else {
      res.statusCode = 502;
      res.setHeader('Content-Type', 'text/html');
      res.end('<h1>Bad gateway</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen.length = 0;
});

describe('createPortalClient + unwrap', () => {
  it('adds the hook headers, keeps a header the call sets, and returns the typed data', async () => {
    const api = createPortalClient({
      baseUrl,
      headers: () => ({ Authorization: 'Bearer abc', 'Accept-Language': 'es', 'X-Absent': undefined }),
    });
    const config: Schema<'PublicConfigResponse'> = await unwrap(api.GET('/api/config', { headers: { 'Accept-Language': 'zh-CN' } }));
    expect(config.mainSiteUrl).toBe('https://x.edu');
    expect(seen[0]).toMatchObject({ authorization: 'Bearer abc', 'accept-language': 'zh-CN', accept: 'application/json' });
    expect(seen[0]).not.toHaveProperty('x-absent');
  });

  it('throws an ApiError with the error body and response, after onApiError saw it with the call options', async () => {
    const reported: [number, boolean | undefined][] = [];
    const api = createPortalClient({ baseUrl, onApiError: (error, call) => reported.push([error.status, call.silent]) });
    const failure = await unwrap(api.POST('/api/login', { body: { email: 'a@b.c', password: 'x' } }), { silent: true }).catch(
      (e: unknown) => e,
    );
    expect(isApiError(failure)).toBe(true);
    const error = failure as ApiError;
    expect([error.status, error.code, error.body?.message]).toEqual([429, 'AUTH-429', 'Too many attempts.']);
    expect(error.response.headers.get('retry-after')).toBe('30');
    expect(reported).toEqual([[429, true]]);
  });

  it('gives a null body for an empty or non-JSON error answer', async () => {
    const api = createPortalClient({ baseUrl });
    const empty = (await unwrap(api.POST('/api/logout')).catch((e: unknown) => e)) as ApiError;
    expect([empty.status, empty.body]).toEqual([401, null]);
    const html = (await unwrap(api.GET('/api/user')).catch((e: unknown) => e)) as ApiError;
    expect([html.status, html.body, html.message]).toEqual([502, null, 'HTTP 502']);
  });

  it('lets a network failure through as the fetch error (no ApiError)', async () => {
    const api = createPortalClient({ baseUrl: 'http://127.0.0.1:1' });
    const failure = await unwrap(api.GET('/api/config')).catch((e: unknown) => e);
    expect((failure as Error).name).toBe('TypeError');
    expect(isApiError(failure)).toBe(false);
  });
});
