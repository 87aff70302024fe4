import { ValidationPipe, type INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ApiExceptionFilter } from './common/errors/api-exception.filter.js';
import { ValidationFailedException } from './common/errors/api.exception.js';
import { I18nService } from './common/i18n/i18n.service.js';
import type { AppConfig } from './config/app-config.js';
import { repoRoot } from './config/repo-paths.js';
import { MetricsService } from './modules/observability/metrics.service.js';
import { acceptJsCspSources } from './modules/payments/gateway/accept-js.config.js';

/**
 * Applies everything a request meets before and after the controllers, identically in production and
 * in tests: request metrics and `GET /metrics`, security headers (the CSP allows Accept.js only with the Authorize.Net gateway), cookies, CORS, the `/api` prefix, DTO validation, the one error shape,
 * OpenAPI at `/api/docs` (+ `/api/docs-json`), and the two front ends with history-mode fallback.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  app.use(app.get(MetricsService).middleware());
  // Accept.js (script, frame, card posting) only when Authorize.Net is the configured gateway.
  const acceptJs = acceptJsCspSources(config);
  app.use(
    helmet({
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
    }),
  );
  app.use(cookieParser());
  const origins = config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  app.enableCors({ origin: origins.length ? origins : false, credentials: true, exposedHeaders: ['Content-Range', 'Retry-After'] });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      validationError: { target: true, value: false },
      exceptionFactory: (errors) => new ValidationFailedException(errors),
    }),
  );
  const filter = new ApiExceptionFilter(app.get(I18nService));
  app.useGlobalFilters(filter);
  setUpOpenApi(app);
  serveFrontEnds(app);
  // Errors raised by express middleware before Nest's router (e.g. body-parser's malformed JSON).
  app.use((error: unknown, request: Request, response: Response, next: NextFunction) => {
    if (response.headersSent) return next(error);
    const { status, body, headers } = filter.toBody(error, request);
    response.set(headers).status(status).json(body);
  });
}

function setUpOpenApi(app: INestApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Admissions portal API')
      .setDescription(
        'REST API of the admissions portal. Errors: `{ success:false, code, message, errors? }` (codes in docs/api.md). ' +
          'Send `Accept-Language` (en, es, zh-CN) for messages in your language.',
      )
      .setVersion('1.0')
      .addBearerAuth()
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Application-Token' }, 'application-token')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json', useGlobalPrefix: false });
}

/**
 * Serves `applicant-ui/dist` at `/` and `admin-ui/dist` at `/admin/`, each falling back to its
 * `index.html` for history-mode routes. Built assets are immutable (hashed names) and cached a year.
 */
function serveFrontEnds(app: NestExpressApplication): void {
  const root = repoRoot();
  const apps = [
    { prefix: '/admin', dir: join(root, 'admin-ui', 'dist') },
    { prefix: '', dir: join(root, 'applicant-ui', 'dist') },
  ].filter((a) => existsSync(join(a.dir, 'index.html')));
  for (const { prefix, dir } of apps) {
    app.useStaticAssets(join(dir, 'assets'), {
      prefix: `${prefix}/assets/`,
      immutable: true,
      maxAge: '365d',
      fallthrough: false,
    });
    app.useStaticAssets(dir, { prefix: prefix || '/', index: false, maxAge: '1h' });
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
