import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { useAgent } from 'request-filtering-agent';

/**
 * Outbound requests only to the public internet (issue 26 item 2): the portal's own requests to addresses
 * others chose (webhook receivers) must never reach the operator's network — loopback, RFC 1918, CGNAT,
 * link-local (169.254.169.254), unique-local, multicast, unspecified or IPv4-mapped addresses. Checked at
 * registration (every address the host resolves to) and again at every connection, on the address
 * actually connected to (request-filtering-agent hooks the socket's lookup: no DNS rebinding). Redirects
 * are never followed. The same policy covers the OAuth / OIDC providers' requests ({@link outboundFetch}).
 */

/** Why `address` is not a public unicast address (ipaddr.js's range name), or null when it is. */
export function nonPublicRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'invalid';
  const range = ipaddr.parse(address).range();
  return range === 'unicast' ? null : range;
}

/**
 * Resolves `hostname` (an IP literal resolves to itself) and answers the first address that is not public.
 * @returns `{ address, range }` of a non-public address, or null when every address is public
 * @throws the resolver's error (e.g. ENOTFOUND) when the name does not resolve
 */
export async function firstNonPublicAddress(hostname: string): Promise<{ address: string; range: string } | null> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = await lookup(host, { all: true, verbatim: true });
  for (const { address } of addresses) {
    const range = nonPublicRange(address);
    if (range) return { address, range };
  }
  return null;
}

/**
 * A refusal of the outbound policy before any request: the host of a configured address (an OAuth issuer) is
 * or resolves to a non-public address. Its message names the host, the address, its range and the setting.
 */
export class OutboundRefusedError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(
      `refused: ${host} is or resolves to ${address} (${range}), not a public internet address; ` +
        'outbound requests go only to the public internet (OUTBOUND_ALLOW_PRIVATE_HOSTS=true allows hosts on your own network)',
    );
    this.name = 'OutboundRefusedError';
  }
}

/**
 * Refuses `url` when private hosts are not allowed and its host is or resolves to a non-public address
 * (checked before a first request, for a clear refusal; every connection is checked again by the agent).
 * A name that does not resolve passes: the request then fails on its own.
 * @throws OutboundRefusedError naming the host, the address and its range
 */
export async function assertPublicHost(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname;
  const blocked = await firstNonPublicAddress(host).catch(() => null);
  if (blocked) throw new OutboundRefusedError(host, blocked.address, blocked.range);
}

/** One HTTP exchange through a request-filtering agent (see {@link exchange}). */
interface ExchangeOptions {
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** connect only to public addresses unless true */
  allowPrivate: boolean;
  /** limit of the whole exchange (ms); on expiry it fails with a `TimeoutError` */
  timeoutMs?: number;
  /** aborts the exchange (fetch's `signal`) */
  signal?: AbortSignal;
  /** the answer's body is kept up to this many bytes (more fails the exchange); 0 reads and discards it */
  maxBodyBytes: number;
}

/** The answer of {@link exchange}: status, headers as received (name, value, name, value…), body. */
interface ExchangeAnswer {
  status: number;
  rawHeaders: string[];
  body: Buffer;
}

/**
 * Sends one request with node's http(s) client through a request-filtering agent (the connected address must
 * be public unless `allowPrivate`; checked on the socket's own lookup, so no DNS rebinding), following no
 * redirect: a 3xx is answered as it is.
 * @throws the connection's error (a refused address says "is not allowed"), `TimeoutError`, the signal's
 *         `AbortError`, or an Error when the answer is larger than `maxBodyBytes`
 */
function exchange(url: string, options: ExchangeOptions): Promise<ExchangeAnswer> {
  const agent = useAgent(url, { allowPrivateIPAddress: options.allowPrivate, keepAlive: false });
  const client = url.startsWith('https:') ? https : http;
  const headers =
    options.body === undefined ? options.headers : { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) };
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method: options.method, agent, headers, signal: options.signal }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (options.maxBodyBytes === 0) return;
        size += chunk.length;
        if (size > options.maxBodyBytes) request.destroy(new Error(`answer larger than ${options.maxBodyBytes} bytes`));
        else chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, rawHeaders: response.rawHeaders, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    if (options.timeoutMs !== undefined) {
      const timeoutMs = options.timeoutMs;
      request.setTimeout(timeoutMs, () => {
        const error = new Error(`timeout after ${timeoutMs} ms`);
        error.name = 'TimeoutError';
        request.destroy(error);
      });
    }
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The answer of {@link postJson}. */
export interface PostAnswer {
  status: number;
  ok: boolean;
}

/**
 * POSTs `body` to `url` with node's http(s) client through a request-filtering agent (the connected address
 * must be public unless `allowPrivate`), following no redirect; the answer's body is discarded.
 * @param timeoutMs the whole exchange's limit (ms); on expiry the request is aborted with a `TimeoutError`
 * @throws the connection's error (a refused private address says "is not allowed"), or `TimeoutError`
 */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  allowPrivate: boolean,
): Promise<PostAnswer> {
  const { status } = await exchange(url, { method: 'POST', headers, body, timeoutMs, allowPrivate, maxBodyBytes: 0 });
  return { status, ok: status >= 200 && status < 300 };
}

/** The parts of fetch's `init` that {@link outboundFetch} reads (what openid-client's `customFetch` is given). */
export interface OutboundFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams | ArrayBuffer | Uint8Array | ReadableStream | null;
  signal?: AbortSignal;
  /** never followed whatever it says: a 3xx is answered as it is (fetch's `manual`) */
  redirect?: string;
}

/** Statuses whose `Response` must have a null body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Largest answer {@link outboundFetch} reads by default (bytes): discovery documents and key sets are a few kB. */
const DEFAULT_MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * A fetch for outbound requests under the policy (issue 26 item 2): each request goes through
 * {@link exchange} (public addresses only unless `allowPrivate`, checked on the address connected to; no
 * redirect followed), and answers a WHATWG `Response` with the status, headers and body received. Given to
 * openid-client as its `customFetch` (discovery, JWKS, token endpoint, userinfo).
 * @param maxBodyBytes largest answer read (bytes); a larger one fails the request
 * @returns `(url, init) => Promise<Response>`; it rejects with the connection's error (a refused address says
 *          "is not allowed"), the signal's `AbortError`, or a TypeError for a streamed body
 */
export function outboundFetch(
  allowPrivate: boolean,
  maxBodyBytes = DEFAULT_MAX_ANSWER_BYTES,
): (url: string, init?: OutboundFetchInit) => Promise<Response> {
  return async (url, init = {}) => {
    const given = init.body ?? undefined;
    if (given instanceof ReadableStream) throw new TypeError('outboundFetch: a streamed body is not supported');
    const body =
      given === undefined || typeof given === 'string'
        ? given
        : given instanceof URLSearchParams
          ? given.toString()
          : Buffer.from(given instanceof ArrayBuffer ? new Uint8Array(given) : given);
    const answer = await exchange(url, {
      method: init.method ?? 'GET',
      headers: init.headers ?? {},
      body,
      signal: init.signal,
      allowPrivate,
      maxBodyBytes,
    });
    const headers = new Headers();
    for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) headers.append(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
    return new Response(NULL_BODY_STATUSES.has(answer.status) ? null : new Uint8Array(answer.body), { status: answer.status, headers });
  };
}
