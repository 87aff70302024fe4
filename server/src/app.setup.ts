import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import { static as serveStatic, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { fixedHeaders } from './common/http/fixed-headers.js';
import { ApiExceptionFilter } from './common/errors/api-exception.filter.js';
import { buildOpenApiDocument } from './common/openapi/openapi-document.js';
import { I18nService } from './common/i18n/i18n.service.js';
import { ApiValidationPipe } from './common/validation/api-validation.pipe.js';
import type { AppConfig } from './config/app-config.js';
import { repoRoot } from './config/repo-paths.js';
import { serveAheadOfExpress } from './common/http/ahead-of-express.js';
import { applicationSaveRoute } from './modules/applications/application-save.fast-route.js';
import { hotReadsRoute } from './modules/hot-reads/hot-reads.fast-route.js';
import { pageAccessLog } from './modules/observability/logging.options.js';
import { MetricsService } from './modules/observability/metrics.service.js';
import { acceptJsCspSources } from './modules/payments/gateway/accept-js.config.js';

/** The path prefix of every API route (`/api/...`). */
export const API_PREFIX = 'api';

/**
 * Applies everything a request meets before and after the controllers, identically in production and
 * in tests: request metrics and `GET /metrics`, security headers (the CSP allows Accept.js only with the Authorize.Net gateway), cookies, CORS, the `/api` prefix, DTO validation
 * (ApiValidationPipe: never a 500 for any input), the one error shape (also for HTTP parser errors such as 431),
 * OpenAPI at `/api/docs` (+ `/api/docs-json`), and the two front ends with history-mode fallback; a request
 * id and an access line for every request (the API's by nestjs-pino, the pages' by {@link pageAccessLog}).
 * @param options.frontEndsRoot the folder holding `applicant-ui/dist` and `admin-ui/dist` (default: the repository root)
 */
export function configureApp(app: NestExpressApplication, config: AppConfig, options: { frontEndsRoot?: string } = {}): void {
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  // the pages (and /metrics) get the API's request id and access line (issue 26 item 9); nestjs-pino logs /api
  app.use(pageAccessLog());
  app.use(app.get(MetricsService).middleware());
  // Accept.js (script, frame, card posting) only when Authorize.Net is the configured gateway.
  const acceptJs = acceptJsCspSources(config);
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...acceptJs.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...acceptJs.connect],
        ...(acceptJs.frame.length ? { frameSrc: ["'self'", ...acceptJs.frame] } : {}),
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
      },
    },
    strictTransportSecurity: config.NODE_ENV === 'production',
  });
  // Issue 12: the public hot reads from memory (with the same security headers, request id, access log
  // and metrics), on the HTTP server ahead of express; then brotli/gzip for other answers over 1 KB.
  // helmet's headers are the same for every answer: computed once, set per request in one loop (issue 12).
  const fixedSecurityHeaders = fixedHeaders(securityHeaders);
  const compress = compression({ threshold: 1024 });
  const i18n = app.get(I18nService);
  const filter = new ApiExceptionFilter(i18n);
  const origins = config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  // and the autosave's step save: the same code as its express route, without the router (issue 12)
  serveAheadOfExpress(app, [
    hotReadsRoute(app, fixedSecurityHeaders),
    applicationSaveRoute(app, { securityHeaders: fixedSecurityHeaders, compression: compress, filter, cors: origins.length > 0 }),
  ]);
  app.use(compress);
  app.use(fixedSecurityHeaders);
  // Cookies are read only by the OAuth callback (its state cookie has Path=/api/oauth/).
  app.use(`/${API_PREFIX}/oauth`, cookieParser());
  // Without configured origins cors(origin: false) would only call next(): not installed then.
  if (origins.length)
    app.enableCors({
      origin: origins,
      credentials: true,
      exposedHeaders: ['Content-Range', 'Retry-After', 'RateLimit-Policy', 'RateLimit', 'RateLimit-Remaining', 'X-Request-Id'],
    });
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(new ApiValidationPipe());
  app.useGlobalFilters(filter);
  answerParserErrors(app.getHttpServer() as Server, i18n);
  setUpOpenApi(app);
  serveFrontEnds(app, options.frontEndsRoot ?? repoRoot());
  // Errors raised by express middleware before Nest's router (e.g. body-parser's malformed JSON).
  app.use((error: unknown, request: Request, response: Response, next: NextFunction) => {
    if (response.headersSent) return next(error);
    const { status, body, headers } = filter.toBody(error, request);
    response.set(headers).status(status).json(body);
  });
}

function setUpOpenApi(app: INestApplication): void {
  // Built on the first request to the docs, not at start-up (issue 12: lazy start-up); Swagger keeps it.
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'api/docs-json', useGlobalPrefix: false });
}

/**
 * Answers requests Node's HTTP parser refuses before express sees them in the error shape too: headers
 * too large → 431 REQ-431, anything else unreadable → 400 REQ-400 (in English: the headers with
 * Accept-Language could not be read). Without this, Node answers a bare status line with no body.
 */
function answerParserErrors(server: Server, i18n: I18nService): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const code = status === 431 ? 'REQ-431' : 'REQ-400';
    const body = JSON.stringify({ success: false, code, message: i18n.t(`errors.${code}`, 'en') });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/**
 * Serves `applicant-ui/dist` at `/` and `admin-ui/dist` at `/admin/`, each falling back to its
 * `index.html` for history-mode routes. Built assets are immutable (hashed names) and cached a year,
 * sent as their prebuilt `.br` / `.gz` twins when the client accepts them (`Vary: Accept-Encoding`).
 * Source maps are never served (built `hidden` for error reporting). `/api/*` never touches the disk.
 * @param root the folder holding `applicant-ui/dist` and `admin-ui/dist` (each served when it has an index.html)
 */
function serveFrontEnds(app: NestExpressApplication, root: string): void {
  const apps = [
    { prefix: '/admin', dir: join(root, 'admin-ui', 'dist') },
    { prefix: '', dir: join(root, 'applicant-ui', 'dist') },
  ].filter((a) => existsSync(join(a.dir, 'index.html')));
  const notApi =
    (handler: RequestHandler): RequestHandler =>
    (request, response, next) => {
      if (request.path === '/api' || request.path.startsWith('/api/')) return next();
      if (request.path.endsWith('.map')) return void response.status(404).end();
      return handler(request, response, next);
    };
  for (const { prefix, dir } of apps) {
    app.use(
      `${prefix}/assets/`,
      notApi(
        expressStaticGzip(join(dir, 'assets'), {
          enableBrotli: true,
          orderPreference: ['br', 'gzip'],
          index: false,
          serveStatic: { immutable: true, maxAge: '365d', fallthrough: false },
        }),
      ),
    );
    app.use(prefix || '/', notApi(serveStatic(dir, { index: false, maxAge: '1h' })));
  }
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.path === '/api' || request.path.startsWith('/api/')) {
      return next();
    }
    const target = apps.find((a) => a.prefix === '' || request.path === a.prefix || request.path.startsWith(`${a.prefix}/`));
    if (!target) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(join(target.dir, 'index.html'));
  });
}
