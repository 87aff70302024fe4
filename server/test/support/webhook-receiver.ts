import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request a {@link WebhookReceiver} got. */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The status the receiver answered. */
  answered: number;
  at: number;
}

/**
 * A local HTTP webhook receiver for tests: records every request (path, headers, raw body) and answers
 * what `respond` says (default 204). `url(path)` is an http://127.0.0.1 URL, which the server accepts
 * outside production.
 */
export interface WebhookReceiver {
  received: ReceivedWebhook[];
  /** Decides the answer of each request (status code), given the request and what came before it. */
  respond: (request: { path: string; headers: Record<string, string>; body: string }) => number;
  url: (path: string) => string;
  /** Resolves once `predicate` holds for the requests so far (polls every 50 ms), or rejects after `timeoutMs`. */
  waitFor: (predicate: (received: ReceivedWebhook[]) => boolean, timeoutMs?: number) => Promise<ReceivedWebhook[]>;
  close: () => Promise<void>;
}

/** Starts a {@link WebhookReceiver} on a free port of 127.0.0.1. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const receiver: WebhookReceiver = {
    received,
    respond: () => 204,
    url: () => '',
    async waitFor(predicate, timeoutMs = 20_000) {
      for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((r) => setTimeout(r, 50))) {
        if (predicate(received)) return received;
      }
      throw new Error(
        `webhook receiver: condition not met in ${timeoutMs} ms; got ${JSON.stringify(received.map((r) => [r.path, r.headers['webhook-id'], r.answered]))}`,
      );
    },
    close: async () => undefined,
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      const path = request.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      const answered = receiver.respond({ path, headers, body });
      received.push({ path, headers, body, answered, at: Date.now() });
      response.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = (path) => `http://127.0.0.1:${port}${path}`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

/**
 * Verifies a received webhook with the `standardwebhooks` library (signature and timestamp tolerance).
 * @returns the parsed payload
 * @throws WebhookVerificationError when the signature does not match `secret`
 */
export function verifyWebhook(
  secret: string,
  received: ReceivedWebhook,
): { type: string; timestamp: string; data: Record<string, unknown> } {
  return new Webhook(secret).verify(received.body, received.headers) as never;
}
