import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { PrebuiltResponse } from '../../common/http/prebuilt-response.js';
import { I18nService } from '../../common/i18n/i18n.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AdvisoryService } from '../advisory/advisory.service.js';
import { publicConfigOf } from '../app-config/app-config.controller.js';
import { DropdownsService } from '../dropdowns/dropdowns.service.js';
import { MaintenanceService } from '../maintenance/maintenance.service.js';
import { ProgramsService } from '../programs/programs.service.js';

type Route = (request: Request) => Promise<PrebuiltResponse | null> | PrebuiltResponse | null;

/**
 * The fast path of the public hot reads (issue 12): `GET|HEAD /api/dropdowns`, `/api/programs?gender=`,
 * `/api/config`, `/api/maintenance/check` and `/api/advisory` answered from memory as prebuilt,
 * compressed JSON with a strong ETag (304 on `If-None-Match`) and `Cache-Control` (short max-age with
 * `stale-while-revalidate`; `no-cache` for maintenance and advisory), ahead of the rest of the middleware stack.
 * Dropdowns, programs and the advisory are built per language (`Accept-Language`) and answered with
 * `Vary: Accept-Language` (issue 11 item 3). Same bodies and status codes as
 * their controllers (which stay, documented in OpenAPI, for everything the fast path passes on):
 * cross-origin requests (an `Origin` header, which need the CORS answer), other methods, and any query
 * the controller would refuse or that this path does not know (e.g. a missing or unknown `gender`).
 * The answers carry the headers `securityHeaders` sets (helmet's), computed once.
 * @param app the Nest application (its providers must be instantiated, as after `NestFactory.create`)
 * @param securityHeaders the middleware that sets the security headers of every answer; it must set
 *        the same headers whatever the request (true of helmet without per-request CSP nonces)
 */
export function serveHotReads(app: INestApplication, securityHeaders: RequestHandler): RequestHandler {
  const security = headersSetBy(securityHeaders);
  const dropdowns = app.get(DropdownsService);
  const programs = app.get(ProgramsService);
  const maintenance = app.get(MaintenanceService);
  const advisory = app.get(AdvisoryService);
  const i18n = app.get(I18nService);
  const config = new PrebuiltResponse(publicConfigOf(app.get<AppConfig>(APP_CONFIG)));
  const routes: Record<string, Route> = {
    '/api/dropdowns': (request) => (hasQuery(request) ? null : dropdowns.listResponse(i18n.localeOf(request))),
    '/api/programs': (request) => {
      const query = request.query;
      const gender = query.gender;
      if (Object.keys(query).length !== 1 || (gender !== 'female' && gender !== 'male')) return null;
      return programs.listResponse(gender, i18n.localeOf(request));
    },
    '/api/config': (request) => (hasQuery(request) ? null : config),
    '/api/maintenance/check': (request) => (hasQuery(request) ? null : maintenance.checkResponse()),
    '/api/advisory': (request) => (hasQuery(request) ? null : advisory.bannerResponse(i18n.localeOf(request))),
  };
  return (request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.headers.origin !== undefined) return next();
    const path = request.path.length > 1 && request.path.endsWith('/') ? request.path.slice(0, -1) : request.path;
    const route = routes[path];
    if (!route) return next();
    Promise.resolve(route(request)).then((answer) => {
      if (!answer) return next();
      response.locals.routeTemplate = path; // the metrics' route label: no Express route matched here
      answer.send(request, response, security, BY_LANGUAGE.has(path) ? 'Accept-Language' : undefined);
    }, next);
  };
}

/** The answers that differ by the caller's language (issue 11 item 3): `Vary: Accept-Language`, cached per locale. */
const BY_LANGUAGE = new Set(['/api/dropdowns', '/api/programs', '/api/advisory']);

/** The headers a middleware sets on an answer (run once against a stand-in request and response). */
function headersSetBy(middleware: RequestHandler): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
    getHeader: (name: string) => headers[name],
  };
  let called = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as Request, response as unknown as Response, () => (called = true));
  if (!called) throw new Error('the security-headers middleware did not call next() synchronously');
  return headers;
}

function hasQuery(request: Request): boolean {
  return request.url.includes('?');
}
