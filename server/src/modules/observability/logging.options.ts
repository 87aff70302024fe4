import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { LoggerService } from '@nestjs/common';
import { PinoLogger, type Params } from 'nestjs-pino';
import { pino, type Level, type LoggerOptions } from 'pino';
import { pinoHttp, type HttpLogger, type Options as HttpLoggerOptions } from 'pino-http';
import { maskUrl } from '../../common/http/mask-url.js';
import type { AppConfig } from '../../config/app-config.js';

/** Nest log level → pino level. */
const PINO_LEVEL = { error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' } as const;

/** An incoming X-Request-Id is kept when it is 1–128 safe characters; anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Paths whose successful answers are not access-logged (probes and scrapes every few seconds). */
const QUIET_PATHS = new Set(['/api/health', '/api/health/ready', '/metrics']);

/** The front ends' built assets (hashed names, cached a year): answered without error, logged at debug. */
const ASSET_PATH = /^(?:\/admin)?\/assets\//;

/** The API's paths (`/api`, `/api/…`; express matches them case-insensitively). */
const API_PATH = /^\/api(?:[/?]|$)/i;

/**
 * Every header, body or field path that pino replaces with `[redacted]`: bearer tokens, cookies, the
 * application token header, passwords, card data (issue 14 "no secrets, tokens or card data").
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-application-token"]',
  'req.headers["x-metrics-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.cardNumber',
  '*.cardCode',
  '*.dataValue',
];

/**
 * The request's id: its `X-Request-Id` when that is 1–128 safe characters, else a new UUID; echoed in the
 * answer's `X-Request-Id` header. Used by the access log (pino-http) and the hot reads' fast path.
 */
export function assignRequestId(request: IncomingMessage, response: ServerResponse): string {
  const id = requestIdOf(request);
  response.setHeader('X-Request-Id', id);
  return id;
}

/** The id {@link assignRequestId} gives a request, without setting the header. */
export function requestIdOf(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * `nestjs-pino` settings: one JSON object a line (pretty only in development, when pino-pretty is
 * installed), an access log line per request with method, masked URL, status, time and user id, and a
 * request id taken from `X-Request-Id` (or a new UUID) that every log line of the request carries and the
 * response echoes in `X-Request-Id`.
 */
export function loggingOptions(config: AppConfig): Params {
  const format = config.LOG_FORMAT ?? (config.NODE_ENV === 'development' ? 'pretty' : 'json');
  return {
    pinoHttp: {
      level: PINO_LEVEL[config.LOG_LEVEL],
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: {
        req: (request: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
          id: request.id,
          method: request.method,
          url: maskUrl(request.url),
          remoteAddress: request.remoteAddress,
        }),
        res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
      },
      ...accessLogOptions(),
      ...(format === 'pretty' && prettyAvailable() ? { transport: { target: 'pino-pretty', options: { singleLine: true } } } : {}),
    },
  };
}

/**
 * What pino-http does per request, for the API (nestjs-pino) and the pages ({@link pageAccessLog}) alike:
 * the request id, the user id, which requests are logged and at which level.
 */
function accessLogOptions(): HttpLoggerOptions {
  return {
    genReqId: assignRequestId,
    // No bindings (not `{}`) without a user: pino-http then creates no extra child logger (issue 12).
    customProps: (request: IncomingMessage) => {
      const user = (request as IncomingMessage & { user?: { id?: string } }).user;
      return (user?.id ? { userId: user.id } : undefined) as object;
    },
    autoLogging: {
      ignore: (request: IncomingMessage) => QUIET_PATHS.has((request.url ?? '').split('?')[0]),
    },
    // A 5xx answer without a thrown error gets no made-up error and stack (the exception filter logs real ones).
    customErrorObject: (_request, response, error, value: Record<string, unknown>) =>
      error.message === `failed with status code ${response.statusCode}` ? { res: value.res, responseTime: value.responseTime } : value,
    // A level the logger would drop is 'silent', so pino-http skips building a line no one writes (issue 12).
    customLogLevel: (request, response, error) => {
      // express rewrites `url` under a mounted path (the assets' static handler): the path asked for is `originalUrl`
      const url = (request as IncomingMessage & { originalUrl?: string }).originalUrl ?? request.url ?? '';
      const level =
        error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : ASSET_PATH.test(url) ? 'debug' : 'info';
      const log = (response as ServerResponse & { log?: { isLevelEnabled(level: string): boolean } }).log;
      return !log || log.isLevelEnabled(level) ? level : 'silent';
    },
  };
}

/**
 * Request id and access log for everything express answers outside `/api` (issue 26 item 9): the applicant
 * app's and the console's pages (`/`, `/application/3?token=…`, `/admin/`), their assets, and 404s.
 * nestjs-pino mounts pino-http under the global prefix only; this is pino-http with the same per-request
 * options on the app's root logger (its level, redaction and serializers), so a page gets the same
 * `X-Request-Id` (a valid incoming one kept) and the same JSON line, its query's tokens masked. Built
 * assets answered without error are logged at debug (not written at the default level).
 * @returns an express middleware; `/api` requests pass on untouched (nestjs-pino logs them)
 */
export function pageAccessLog(): (request: IncomingMessage, response: ServerResponse, next: () => void) => void {
  let httpLogger: HttpLogger | undefined;
  return (request, response, next) => {
    if (API_PATH.test(request.url ?? '')) return next();
    const root = PinoLogger.root as PinoLogger['logger'] | undefined;
    if (!root) {
      // no nestjs-pino in this app: the id all the same
      assignRequestId(request, response);
      return next();
    }
    httpLogger ??= pinoHttp({ logger: root, wrapSerializers: false, ...accessLogOptions() });
    httpLogger(request, response, next);
  };
}

/**
 * The logger of the start-up, before the app's own (nestjs-pino) exists (issue 26 item 9: one log schema
 * from the first line): a pino logger with the app's level, redaction and format, writing what Nest's
 * `Logger` hands it as `{ level, time, pid, hostname, context, msg }` — the same shape as every later line.
 */
export function bootstrapLogger(config: AppConfig): LoggerService {
  const options = loggingOptions(config).pinoHttp as LoggerOptions;
  const logger = pino({ level: options.level, redact: options.redact, ...(options.transport ? { transport: options.transport } : {}) });
  const write =
    (level: Level) =>
    (message: unknown, ...rest: unknown[]): void => {
      const context = typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
      if (message instanceof Error) logger[level]({ context, err: message }, message.message);
      else logger[level](context ? { context } : {}, typeof message === 'string' ? message : JSON.stringify(message));
    };
  return {
    log: write('info'),
    error: write('error'),
    warn: write('warn'),
    debug: write('debug'),
    verbose: write('trace'),
    fatal: write('fatal'),
  };
}
