import type { INestApplication, LoggerService } from '@nestjs/common';
import type { Server, ServerResponse } from 'node:http';
import { ShutdownState } from './shutdown-state.js';

/** Figures of one shutdown, logged and returned (times in ms from the signal). */
export interface ShutdownReport {
  /** Requests in flight when the server stopped accepting connections. */
  inFlightAtClose: number;
  /** Of those, how many finished before the grace period ended. */
  completed: number;
  /** Connections cut when the grace period ended (0 in a clean shutdown). */
  cut: number;
  /** When the listening socket was closed. */
  closedAtMs: number;
  /** When the app (database pool, Redis, timers) was closed. */
  doneAtMs: number;
}

/** What {@link trackInFlight} keeps of a server's requests. */
export interface InFlightRequests {
  /** Requests being served (started, response not yet finished). */
  readonly count: number;
  /** Requests finished since tracking began. */
  readonly finished: number;
  /**
   * From now on every answer closes its connection (`Connection: close`): the answers of requests in
   * flight whose head is not sent yet, and of every request that comes later.
   */
  closeConnectionsAfterAnswers(): void;
}

/**
 * Tracks the requests of `server` (issue 14) and, once shutdown begins, makes each answer close its
 * connection (issue 26 item 7): a client or a load balancer then never sends its next request on a
 * keep-alive connection the server is about to close when its listener closes — that race is a socket
 * error at the client and, for a save, an answer the server sent that the client never read.
 * @param server the app's HTTP server
 */
export function trackInFlight(server: Server): InFlightRequests {
  const open = new Set<ServerResponse>();
  let closing = false;
  const markClose = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };
  const state: InFlightRequests = {
    count: 0,
    finished: 0,
    closeConnectionsAfterAnswers() {
      closing = true;
      for (const response of open) markClose(response);
    },
  };
  const counts = state as { count: number; finished: number };
  // the first listener: it runs before any route answers
  server.prependListener('request', (_request, response) => {
    counts.count += 1;
    open.add(response);
    if (closing) markClose(response);
    response.once('close', () => {
      counts.count -= 1;
      counts.finished += 1;
      open.delete(response);
      // Once the server stopped listening, a keep-alive connection is closed as soon as it is idle.
      if (!server.listening) setImmediate(() => server.closeIdleConnections());
    });
  });
  return state;
}

/**
 * Shuts the portal down without dropping a request (issue 14): readiness turns 503 at once and every
 * answer from then on closes its connection; requests keep being served for `drainDelayMs` (the load balancer notices and stops sending); then the listening
 * socket closes (idle keep-alive connections too) and in-flight requests get up to `graceMs` to finish,
 * after which remaining connections are cut; finally the Nest app closes (timers stop, pools and Redis
 * close). The caller exits with 0.
 * @param app the booted application
 * @param inFlight the counter of {@link trackInFlight} on the app's HTTP server
 */
export async function gracefulShutdown(
  app: INestApplication,
  inFlight: InFlightRequests,
  options: { drainDelayMs: number; graceMs: number; logger: LoggerService; signal: string },
): Promise<ShutdownReport> {
  const started = Date.now();
  const { logger } = options;
  app.get(ShutdownState).begin();
  inFlight.closeConnectionsAfterAnswers();
  logger.log(`${options.signal}: readiness is 503; draining for ${options.drainDelayMs} ms`, 'Shutdown');
  if (options.drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.drainDelayMs));

  const server = app.getHttpServer() as Server;
  const inFlightAtClose = inFlight.count;
  const finishedBefore = inFlight.finished;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const closedAtMs = Date.now() - started;
  logger.log(`stopped accepting connections; ${inFlightAtClose} request(s) in flight, up to ${options.graceMs} ms to finish`, 'Shutdown');
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.graceMs);
  });
  const outcome = await Promise.race([closed.then(() => 'closed' as const), graceOver]);
  clearTimeout(timer);
  const cut = outcome === 'timeout' ? inFlight.count : 0;
  if (outcome === 'timeout') {
    logger.warn(`grace period over: cutting ${cut} connection(s) still busy`, 'Shutdown');
    server.closeAllConnections();
  }
  const completed = inFlight.finished - finishedBefore - cut;
  await app.close();
  const report: ShutdownReport = { inFlightAtClose, completed, cut, closedAtMs, doneAtMs: Date.now() - started };
  logger.log(`done: ${JSON.stringify(report)}`, 'Shutdown');
  return report;
}
