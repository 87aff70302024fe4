import { describe, expect, it } from '@jest/globals';
import express, { static as serveStatic, type RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { fixedHeaders } from './fixed-headers.js';

/** The portal's helmet settings in production (CSP with Accept.js, HSTS, upgrade-insecure-requests). */
const PORTAL_LIKE: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.authorize.net'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: [],
    },
  },
  strictTransportSecurity: true,
};

const staticDir = mkdtempSync(join(tmpdir(), 'fixed-headers-'));
writeFileSync(join(staticDir, 'a.txt'), 'static file');

/** An express app with `headers` first, answering JSON (GET and PATCH), a static file, and a 404. */
function appWith(headers: RequestHandler) {
  const app = express();
  app.use(headers);
  app.get('/api/x', (_request, response) => void response.json({ ok: true }));
  app.patch('/api/x', (_request, response) => void response.status(200).json({ saved: true }));
  app.use('/static', serveStatic(staticDir));
  return app;
}

/** The headers of an answer minus the ones that differ per answer (date, ETag, Last-Modified). */
function stable(headers: Record<string, string>): Record<string, string> {
  const { date: _date, etag: _etag, 'last-modified': _lastModified, ...rest } = headers;
  return rest;
}

describe('fixedHeaders', () => {
  it.each([
    ['GET JSON', 'get', '/api/x'],
    ['PATCH JSON', 'patch', '/api/x'],
    ['a static file', 'get', '/static/a.txt'],
    ['a 404', 'get', '/nope'],
  ] as const)("sets exactly helmet's headers and values on %s", async (_name, method, path) => {
    const viaHelmet = await request(appWith(helmet(PORTAL_LIKE)))[method](path);
    const viaFixed = await request(appWith(fixedHeaders(helmet(PORTAL_LIKE))))[method](path);
    expect(viaFixed.status).toBe(viaHelmet.status);
    expect(stable(viaFixed.headers as Record<string, string>)).toEqual(stable(viaHelmet.headers as Record<string, string>));
    expect(viaFixed.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(viaFixed.headers['x-content-type-options']).toBe('nosniff');
  });

  it("removes X-Powered-By as helmet does, and lists helmet's headers", () => {
    const fixed = fixedHeaders(helmet(PORTAL_LIKE));
    expect(fixed.removed).toEqual(['X-Powered-By']);
    expect(fixed.headers.map(([name]) => name.toLowerCase())).toEqual(
      expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options']),
    );
  });

  it('refuses request-dependent headers (a CSP nonce function) and a middleware that does not call next()', () => {
    let n = 0;
    const withNonce = helmet({ contentSecurityPolicy: { directives: { scriptSrc: [() => `'nonce-${(n += 1)}'`] } } });
    expect(() => fixedHeaders(withNonce)).toThrow(/request-dependent/);
    expect(() => fixedHeaders(() => undefined)).toThrow(/did not call next/);
    expect(() => fixedHeaders((_q, _s, next) => next(new Error('no')))).toThrow(/did not call next/);
  });
});
