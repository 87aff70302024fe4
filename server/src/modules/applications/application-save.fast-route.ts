import { Logger, type INestApplication } from '@nestjs/common';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { json } from 'express';
import { PARAMS_PROVIDER_TOKEN, PinoLogger, type Params } from 'nestjs-pino';
import type { IncomingMessage, ServerResponse } from 'node:http';
import etag from 'etag';
import typeis from 'type-is';
import { asExpress, trackFastAnswer, type FastRoute } from '../../common/http/ahead-of-express.js';
import type { FixedHeadersMiddleware } from '../../common/http/fixed-headers.js';
import type { ApiExceptionFilter } from '../../common/errors/api-exception.filter.js';
import { ApiValidationPipe } from '../../common/validation/api-validation.pipe.js';
import { MetricsService } from '../observability/metrics.service.js';
import { APPLICATION_TOKEN_HEADER, ApplicationAccessService } from '../token/application-access.service.js';
import { ApplicationsService } from './applications.service.js';
import type { SaveApplicationResponse } from './dto/application-record.dto.js';
import { SaveApplicationDto } from './dto/save-application.dto.js';

/** `PATCH /api/applications/{id}` with a version-4 UUID (what the route's `ParseUUIDPipe` accepts), no query string. */
const SAVE_URL = /^\/api\/applications\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** An `Accept-Encoding` the compression middleware would answer with a compressed body. */
const ENCODINGS = /\b(?:br|gzip|deflate)\b|\*/i;

/** The `Content-Type` express's `res.json` sets. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** The route template metrics and traces label the save with (as express's matched route). */
const SAVE_ROUTE = '/api/applications/:id';

/** What the save route needs from the app's express set-up ({@link configureApp} passes its own instances). */
export interface SaveRouteMiddleware {
  /** the fixed security headers every answer gets ({@link fixedHeaders} of the app's helmet) */
  securityHeaders: FixedHeadersMiddleware;
  /** the app's response compression (the `compression` middleware: brotli/gzip over 1 KB) */
  compression: RequestHandler;
  /** the exception filter every error answer goes through (DESIGN §4 shape, in the caller's language) */
  filter: ApiExceptionFilter;
  /** whether the `cors` middleware is installed (CORS_ORIGINS set): then a request with `Origin` needs it */
  cors: boolean;
}

/**
 * The step save ahead of express (issue 12 item 1: "a save path that does only what a save needs"): the
 * autosave's `PATCH /api/applications/{id}` with its application token in `X-Application-Token`, as
 * JSON, is answered here by the very code of the express route — the same JSON body parser (limits,
 * charset and strictness of Nest's default `express.json()`), {@link ApiValidationPipe} on
 * {@link SaveApplicationDto}, {@link ApplicationAccessService.authorize},
 * {@link ApplicationsService.save} (version guard, maintenance 503, option and condition checks,
 * certification withdrawal, one `UPDATE … RETURNING`), the exception filter's error shape (and its
 * logging of a 500, with the request bound to the log lines), the security headers, request id, access
 * log and metrics — without express's router, Nest's route pipeline and the middleware chain, which
 * cost several times the save itself. The answer goes through express's `res.json` and the
 * `compression` middleware when the client takes br, gzip or deflate; otherwise it is written as
 * `res.json` writes it (JSON, `Content-Length`, express's weak ETag, `Vary: Accept-Encoding`).
 *
 * Passed on to express, untouched: other methods and paths, a query string (`?token=`), an `Origin`
 * header when CORS_ORIGINS is set (the CORS answer; without it express ignores `Origin` too), an `Authorization` header (a login or an API key: the guards), no token
 * header, a body that is not `application/json` or is content-encoded. The express route stays (and
 * documents the operation in OpenAPI); `test/save-fast-route.api-spec.ts` holds both to the same answers.
 * @param app the Nest application, providers instantiated
 */
export function applicationSaveRoute(app: INestApplication, middleware: SaveRouteMiddleware): FastRoute {
  const express = app.getHttpAdapter().getInstance() as Express;
  const applications = app.get(ApplicationsService);
  const access = app.get(ApplicationAccessService);
  const metrics = app.get(MetricsService);
  const pipe = new ApiValidationPipe();
  // Nest's default JSON body parser (NestFactory's `bodyParser: true`): the same options, limit 100 kB
  const parseJson = json();
  const logContext = new PinoLogger(app.get<Params>(PARAMS_PROVIDER_TOKEN));
  const { securityHeaders, compression, filter, cors } = middleware;
  const security = securityHeaders.headers.flat();
  const ignore: NextFunction = () => undefined;
  const logger = new Logger('ApplicationSaveRoute');

  return (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (incoming.method !== 'PATCH' || !SAVE_URL.test(incoming.url ?? '')) return false;
    const headers = incoming.headers;
    const token = headers[APPLICATION_TOKEN_HEADER];
    // browsers send `Origin` on every PATCH, same-origin ones too: it matters only where CORS is configured
    if (typeof token !== 'string' || !token || (cors && headers.origin !== undefined) || headers.authorization !== undefined) return false;
    if (headers['content-encoding'] !== undefined || !typeis(incoming, ['application/json'])) return false;

    asExpress(express, incoming, outgoing);
    const request = incoming as Request;
    const response = outgoing as Response;
    const id = trackFastAnswer(metrics, request, response, SAVE_ROUTE);
    // A client that takes a compressed answer gets it from the compression middleware, through express's
    // res.json; to one that takes none, compression would only add `Vary`: the answer is written directly.
    const compressed = ENCODINGS.test(headers['accept-encoding'] ?? '');
    if (compressed) {
      response.setHeader('X-Request-Id', id);
      securityHeaders(request, response, ignore); // sets headers only, calls next() at once
      compression(request, response, ignore); // wraps the response's writes, calls next() at once
    }
    const answer = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      if (compressed) return void response.set(extra).status(status).json(body);
      // what express's res.json writes (its weak ETag of the UTF-8 bytes included), plus what the middleware sets
      const text = JSON.stringify(body);
      const list = [...security, 'X-Request-Id', id, 'Content-Type', JSON_TYPE, 'Content-Length', String(Buffer.byteLength(text))];
      list.push('ETag', etag(text, { weak: true }), 'Vary', 'Accept-Encoding');
      for (const [name, value] of Object.entries(extra)) list.push(name, value);
      response.writeHead(status, list);
      response.end(text);
    };
    const fail = (error: unknown) => {
      if (response.headersSent) return void response.end();
      // an error's log lines (the filter logs a 500) carry the request, as under pino-http
      logContext.runInContext(
        () => {
          try {
            const { status, body, headers: extra } = filter.toBody(error, request);
            answer(status, body, extra);
          } catch (fault) {
            logger.error(`${SAVE_ROUTE}: the error answer failed: ${fault instanceof Error ? fault.stack : String(fault)}`);
            response.destroy();
          }
        },
        { bindings: { req: request } },
      );
    };
    parseJson(request, response, (error?: unknown) => {
      if (error) return fail(error);
      save(request)
        .then((saved) => answer(200, saved))
        .catch(fail);
    });
    return true;
  };

  /** The express route's controller method and pipes, in their order (the id was matched by SAVE_URL). */
  async function save(request: Request): Promise<SaveApplicationResponse> {
    const dto = (await pipe.transform(request.body, { type: 'body', metatype: SaveApplicationDto })) as SaveApplicationDto;
    const id = request.url.slice(request.url.lastIndexOf('/') + 1);
    const application = await access.authorize(request as Request & { user?: undefined }, id);
    return { success: true, data: await applications.save(application, dto) };
  }
}
