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
 * are never followed.
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
export function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  allowPrivate: boolean,
): Promise<PostAnswer> {
  const agent = useAgent(url, { allowPrivateIPAddress: allowPrivate, keepAlive: false });
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ok: (response.statusCode ?? 0) >= 200 && (response.statusCode ?? 0) < 300 }),
        );
        response.on('error', reject);
      },
    );
    request.setTimeout(timeoutMs, () => {
      const error = new Error(`timeout after ${timeoutMs} ms`);
      error.name = 'TimeoutError';
      request.destroy(error);
    });
    request.on('error', reject);
    request.end(body);
  });
}
