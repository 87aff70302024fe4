import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { LoggerService } from '@nestjs/common';
import type { Params } from 'nestjs-pino';
import { pino, type Level, type LoggerOptions } from 'pino';
import { maskUrl } from '../../common/http/mask-url.js';
import type { AppConfig } from '../../config/app-config.js';

/** Nest log level → pino level. */
const PINO_LEVEL = { error: 'error', warn: 'warn', log: 'info', debug: 'debug', verbose: 'trace' } as const;

/** An incoming X-Request-Id is kept when it is 1–128 safe characters; anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Paths whose successful answers are not access-logged (probes and scrapes every few seconds). */
const QUIET_PATHS = new Set(['/api/health', '/api/health/ready', '/metrics']);

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
      genReqId: assignRequestId,
      // No bindings (not `{}`) without a user: pino-http then creates no extra child logger (issue 12).
      customProps: (request: IncomingMessage) => {
        const user = (request as IncomingMessage & { user?: { id?: string } }).user;
        return (user?.id ? { userId: user.id } : undefined) as object;
      },
      serializers: {
        req: (request: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
          id: request.id,
          method: request.method,
          url: maskUrl(request.url),
          remoteAddress: request.remoteAddress,
        }),
        res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
      },
      autoLogging: {
        ignore: (request: IncomingMessage) => QUIET_PATHS.has((request.url ?? '').split('?')[0]),
      },
      // A 5xx answer without a thrown error gets no made-up error and stack (the exception filter logs real ones).
      customErrorObject: (_request, response, error, value: Record<string, unknown>) =>
        error.message === `failed with status code ${response.statusCode}` ? { res: value.res, responseTime: value.responseTime } : value,
      // A level the logger would drop is 'silent', so pino-http skips building a line no one writes (issue 12).
      customLogLevel: (_request, response, error) => {
        const level = error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info';
        const log = (response as ServerResponse & { log?: { isLevelEnabled(level: string): boolean } }).log;
        return !log || log.isLevelEnabled(level) ? level : 'silent';
      },
      ...(format === 'pretty' && prettyAvailable() ? { transport: { target: 'pino-pretty', options: { singleLine: true } } } : {}),
    },
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
