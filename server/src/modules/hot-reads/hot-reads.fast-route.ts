import type { INestApplication } from '@nestjs/common';
import accepts from 'accepts';
import type { IncomingMessage } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { trackFastAnswer, type FastRoute } from '../../common/http/ahead-of-express.js';
import type { FixedHeadersMiddleware } from '../../common/http/fixed-headers.js';
import { PrebuiltResponse } from '../../common/http/prebuilt-response.js';
import { I18nService, type Locale } from '../../common/i18n/i18n.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AdvisoryService } from '../advisory/advisory.service.js';
import { publicConfigOf } from '../app-config/app-config.controller.js';
import { DropdownsService } from '../dropdowns/dropdowns.service.js';
import { MaintenanceService } from '../maintenance/maintenance.service.js';
import { MetricsService } from '../observability/metrics.service.js';
import { ProgramsService } from '../programs/programs.service.js';

type Route = (request: IncomingMessage, query: string | undefined) => Promise<PrebuiltResponse | null> | PrebuiltResponse | null;

/**
 * The fast path of the public hot reads (issue 12): `GET|HEAD /api/dropdowns`, `/api/programs?gender=`,
 * `/api/config`, `/api/maintenance/check` and `/api/advisory` answered from memory as prebuilt,
 * compressed JSON with a strong ETag (304 on `If-None-Match`) and `Cache-Control` (short max-age with
 * `stale-while-revalidate`; `no-cache` for maintenance and advisory).
 * Dropdowns, programs and the advisory are built per language (`Accept-Language`) and answered with
 * `Vary: Accept-Language` (issue 11 item 3). Same bodies and status codes as
 * their controllers (which stay, documented in OpenAPI, for everything the fast path passes on):
 * cross-origin requests (an `Origin` header, which need the CORS answer), other methods, and any query
 * the controller would refuse or that this path does not know (e.g. a missing or unknown `gender`).
 *
 * It answers on the HTTP server ahead of express (whose routing and middleware stack cost more than
 * the answer itself), keeping what every answer gets there: the headers `securityHeaders` sets
 * (helmet's, computed once), the `X-Request-Id` (the caller's when well-formed, else a new UUID), the
 * JSON access-log line (the same line pino-http writes, through the app's root pino logger) and the
 * request metrics (route label = the path). Everything else goes to express unchanged
 * ({@link serveAheadOfExpress} installs it).
 * @param app the Nest application (its providers must be instantiated, as after `NestFactory.create`)
 * @param securityHeaders the security headers every answer gets, computed once ({@link fixedHeaders} of
 *        the app's helmet): the hot reads set the same list
 */
export function hotReadsRoute(app: INestApplication, securityHeaders: FixedHeadersMiddleware): FastRoute {
  const security: Record<string, string> = Object.fromEntries(securityHeaders.headers);
  const dropdowns = app.get(DropdownsService);
  const programs = app.get(ProgramsService);
  const maintenance = app.get(MaintenanceService);
  const advisory = app.get(AdvisoryService);
  const metrics = app.get(MetricsService);
  const locales = localeReader(app.get(I18nService));
  const config = new PrebuiltResponse(publicConfigOf(app.get<AppConfig>(APP_CONFIG)));
  const routes: Record<string, Route> = {
    '/api/dropdowns': (request, query) => (query !== undefined ? null : dropdowns.listResponse(locales(request))),
    '/api/programs': (request, query) => {
      const parsed = parseQuery(query ?? '');
      const gender = parsed.gender;
      if (Object.keys(parsed).length !== 1 || (gender !== 'female' && gender !== 'male')) return null;
      return programs.listResponse(gender, locales(request));
    },
    '/api/config': (_request, query) => (query !== undefined ? null : config),
    '/api/maintenance/check': (_request, query) => (query !== undefined ? null : maintenance.checkResponse()),
    '/api/advisory': (request, query) => (query !== undefined ? null : advisory.bannerResponse(locales(request))),
  };
  return (request, response, passOn) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.headers.origin !== undefined) return false;
    const url = request.url ?? '/';
    const mark = url.indexOf('?');
    let path = mark === -1 ? url : url.slice(0, mark);
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const route = routes[path];
    if (!route) return false;
    const answer = route(request, mark === -1 ? undefined : url.slice(mark + 1));
    if (answer === null) return false;
    const send = (prebuilt: PrebuiltResponse | null) => {
      if (!prebuilt) return passOn();
      const id = trackFastAnswer(metrics, request, response, path);
      prebuilt.send(request, response, security, BY_LANGUAGE.has(path) ? 'Accept-Language' : undefined, id);
    };
    // the caches answer at once once built; a cache that cannot be built: the controller answers (and reports)
    if (answer instanceof PrebuiltResponse) send(answer);
    else answer.then(send, passOn);
    return true;
  };
}

/**
 * The caller's language as {@link I18nService.localeOf} picks it from `Accept-Language` (negotiated by
 * `accepts`, as express's `acceptsLanguages`), remembered for the last few hundred distinct headers.
 */
function localeReader(i18n: I18nService): (request: IncomingMessage) => Locale {
  const known = new Map<string, Locale>();
  return (request) => {
    const header = request.headers['accept-language'] ?? '';
    let locale = known.get(header);
    if (!locale) {
      locale = i18n.localeOf({ acceptsLanguages: (...languages: string[]) => accepts(request).languages(...languages) } as never);
      if (known.size >= 500) known.clear();
      known.set(header, locale);
    }
    return locale;
  };
}

/** The answers that differ by the caller's language (issue 11 item 3): `Vary: Accept-Language`, cached per locale. */
const BY_LANGUAGE = new Set(['/api/dropdowns', '/api/programs', '/api/advisory']);
