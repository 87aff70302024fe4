import type { INestApplication } from '@nestjs/common';
import type { Express } from 'express';
import { PinoLogger } from 'nestjs-pino';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { requestIdOf } from '../../modules/observability/logging.options.js';
import type { MetricsService } from '../../modules/observability/metrics.service.js';

/**
 * A route answered on the HTTP server ahead of express (issue 12: express's router and middleware stack
 * cost more than a hot read or a step save itself).
 * @param passOn hands the request to express after all; allowed only before anything of the request
 *        was read or answered (e.g. a hot read whose cache could not be built: its controller answers)
 * @returns true when it took the request (it then answers it, or passes it on), false when express
 *          should answer it — decided synchronously
 */
export type FastRoute = (request: IncomingMessage, response: ServerResponse, passOn: () => void) => boolean;

/**
 * Puts `routes` in front of express on the app's HTTP server: each request is offered to the routes in
 * order, and goes to express, untouched, when none takes it.
 * @param app the Nest application (its HTTP server must still have express as its only `request` listener)
 * @throws Error when express is not the server's request listener (installed twice, or too late)
 */
export function serveAheadOfExpress(app: INestApplication, routes: FastRoute[]): void {
  const server = app.getHttpServer() as Server;
  const express = app.getHttpAdapter().getInstance() as (request: IncomingMessage, response: ServerResponse) => void;
  if (!server.listeners('request').includes(express))
    throw new Error("serveAheadOfExpress: express is not the HTTP server's request listener");
  server.removeListener('request', express);
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const passOn = () => express(request, response);
    for (const route of routes) if (route(request, response, passOn)) return;
    express(request, response);
  });
}

/**
 * What every answer of a fast route gets, as express's middleware would give it: the request id (the
 * caller's `X-Request-Id` when well-formed, else a new UUID; set on `request.id`, where the access log
 * reads it, and returned for the `X-Request-Id` header), the request metrics under `route` (the route
 * template, as express's matched route labels them), the JSON access-log line pino-http writes (through
 * the app's root pino logger) and one count in `portal_fast_path_requests_total`.
 * @returns the request id
 */
export function trackFastAnswer(metrics: MetricsService, request: IncomingMessage, response: ServerResponse, route: string): string {
  const id = requestIdOf(request);
  (request as IncomingMessage & { id?: string }).id = id;
  metrics.track(
    request,
    response,
    () => route,
    (elapsedMs) => accessLog(request, response, elapsedMs),
  );
  metrics.countFastPath(route);
  return id;
}

/** Writes pino-http's access line ("request completed", with `req`, `res` and `responseTime`) when info is logged. */
function accessLog(request: IncomingMessage, response: ServerResponse, elapsedMs: number): void {
  const logger = PinoLogger.root as PinoLogger['logger'] | undefined;
  if (!logger?.isLevelEnabled('info')) return;
  logger.info({ req: request, res: response, responseTime: Math.round(elapsedMs) }, 'request completed');
}

/**
 * Gives a request and its response express's own request and response prototypes (`req.ip`, `req.path`,
 * `req.query`, `acceptsLanguages`, `res.status().json()` with its ETag and `Content-Length`), as express's
 * `app.handle` does before routing — without the router and middleware stack.
 * @param express the app's express instance
 */
export function asExpress(express: Express, request: IncomingMessage, response: ServerResponse): void {
  const req = request as IncomingMessage & { res?: ServerResponse; originalUrl?: string };
  const res = response as ServerResponse & { req?: IncomingMessage; locals?: Record<string, unknown> };
  req.res = response;
  res.req = request;
  req.originalUrl = request.url;
  Object.setPrototypeOf(request, express.request);
  Object.setPrototypeOf(response, express.response);
  res.locals ??= Object.create(null) as Record<string, unknown>;
}
