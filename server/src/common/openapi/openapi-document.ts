import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type HeaderObject, type OpenAPIObject, type ResponseObject } from '@nestjs/swagger';
import { describeApplicationAnswers } from '../../modules/applications/dto/application-answers.schema.js';
import { API_ERROR_BODY_SCHEMA } from '../errors/api-error-body.schema.js';
import { I18nService } from '../i18n/i18n.service.js';
import { en } from '../i18n/messages.en.js';

/** Name of the `Authorization: Bearer` security scheme (login tokens and integrator API keys). */
export const BEARER_SCHEME = 'bearer';
/** Name of the `X-Application-Token` security scheme (the application token of one application). */
export const APPLICATION_TOKEN_SCHEME = 'application-token';

type Operation = OpenAPIObject['paths'][string]['get'] & object;
type Responses = Operation['responses'];

/**
 * The OpenAPI document of the whole API, as served at `/api/docs-json` and committed as
 * `contract/openapi.json` (`npm run contract`). Rules every endpoint gets without doing anything
 * (docs/api.md "How to document an endpoint"):
 * - readable operation ids (`operationIdFactory`) unless the operation names one (`@ApiOperation({ operationId })`);
 * - every 4xx/5xx answer, documented or not, is the one error schema `ApiErrorBody`, with an example
 *   whose `code` is the first error code of the answer's description (`'TKN-001 unknown token'`);
 * - `4XX` and `5XX` catch-alls on every operation; operations without a security requirement say
 *   `security: []` (public) explicitly;
 * - response headers (issue 26 item 8, {@link describeResponseHeaders}): `Content-Range` on the console's
 *   lists, `RateLimit-Policy` / `RateLimit` on operations an API key reaches (`x-api-key-scope`, which also
 *   get a 429), `RateLimit-Remaining` on per-IP limited ones (`x-rate-limit: ip`), `Retry-After` on every 429;
 * - `ApplicationAnswers` generated from the field registry, and `ApplicationRecord` composed of it
 *   ({@link describeApplicationAnswers}).
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Admissions portal API')
      .setDescription(
        'REST API of the admissions portal. Errors: `{ success:false, code, message, errors? }` (schema `ApiErrorBody`, codes in docs/api.md). ' +
          'Send `Accept-Language` (en, es, zh-CN) for messages in your language.',
      )
      .setVersion('1.0')
      .addServer('/', 'This deployment')
      .addBearerAuth(
        {
          type: 'http',
          scheme: 'bearer',
          description:
            'A login token (`POST /api/login`), or an integrator API key (`pak_…`) that reaches only operations whose `x-api-key-scope` it holds',
        },
        BEARER_SCHEME,
      )
      .addApiKey(
        {
          type: 'apiKey',
          in: 'header',
          name: 'X-Application-Token',
          description: 'The application token e-mailed at start (`POST /api/applications`); also accepted as query `token`',
        },
        APPLICATION_TOKEN_SCHEME,
      )
      .build(),
    { operationIdFactory },
  );
  declareApiKeyLimit(document);
  describeErrorAnswers(document);
  describeResponseHeaders(document);
  describeApplicationAnswers(document);
  return document;
}

/** Method names read as the verb of the operation id (`remove` → `delete`); the noun then is singular, except after `list`. */
const CRUD_VERBS: Record<string, string> = {
  list: 'list',
  get: 'get',
  create: 'create',
  update: 'update',
  remove: 'delete',
  delete: 'delete',
};

/**
 * Operation ids from controller and method: `AdminUsersController.list` → `listAdminUsers`,
 * `AdminUsersController.remove` → `deleteAdminUser`, `AttachmentsController.upload` → `uploadAttachment`.
 * An explicit `@ApiOperation({ operationId })` wins (use it where this reads badly).
 */
export function operationIdFactory(controllerKey: string, methodKey: string): string {
  const noun = controllerKey.replace(/Controller$/, '');
  const verb = CRUD_VERBS[methodKey];
  if (verb === 'list') return `list${noun}`;
  return `${verb ?? methodKey}${noun.replace(/(?<=[a-z])s$/, '')}`;
}

const ERROR_CODE = /\b([A-Z]{2,5}-[0-9A-Za-z]+(?:-[a-z]+)?)\b/;

/** The error answer of an HTTP status: the one schema, with an example whose code the description names. */
function errorAnswer(status: string, description: string | undefined): Responses[string] {
  const code = description?.match(ERROR_CODE)?.[1] ?? defaultCode(status);
  return {
    description: description || 'Error in the error shape (codes in docs/api.md)',
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/ApiErrorBody' },
        example: errorExample(code),
      },
    },
  };
}

function defaultCode(status: string): string {
  if (status === '4XX') return 'REQ-400';
  if (status === '5XX') return 'SRV-500';
  if (status === '422') return 'VAL-001';
  if (status === '401') return 'AUTH-401';
  if (status === '403') return 'AUTH-403';
  if (status === '429') return 'AUTH-429';
  return `REQ-${status}`;
}

/** Sample values for the placeholders of the English messages in examples. */
const SAMPLE_VALUES: Record<string, string> = { seconds: '60', minutes: '15', max: '10 MiB', status: 'submitted' };

/** An example body of the error shape: the code's real English message, as i18next renders it (field errors for VAL-001). */
function errorExample(code: string): Record<string, unknown> {
  const keys = Object.keys(en.errors);
  const key =
    keys.find((k) => k === code) ?? keys.find((k) => k.startsWith(`${code}-`)) ?? keys.find((k) => k === code.replace(/-[a-z]+$/, ''));
  const example: Record<string, unknown> = {
    success: false,
    code,
    message: key ? new I18nService().t(`errors.${key}`, 'en', SAMPLE_VALUES) : 'See docs/api.md for this code.',
  };
  if (code === 'VAL-001') example.errors = { 'emergencyContact.email': [en.validation.isEmail] };
  return example;
}

/**
 * Publishes the error shape as `components.schemas.ApiErrorBody`, points every 4xx/5xx answer at it
 * (with an example), adds `4XX`/`5XX` catch-alls, and marks operations without security as public.
 */
function describeErrorAnswers(document: OpenAPIObject): void {
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ApiErrorBody: structuredClone(API_ERROR_BODY_SCHEMA) as never },
  };
  for (const { operation } of operationsOf(document)) {
    for (const [status, answer] of Object.entries(operation.responses)) {
      if (!answer || !/^[45]/.test(status) || '$ref' in answer) continue;
      operation.responses[status] = errorAnswer(status, answer.description);
    }
    operation.responses['4XX'] ??= errorAnswer('4XX', 'Client error in the error shape (codes in docs/api.md)');
    operation.responses['5XX'] ??= errorAnswer('5XX', 'Server error in the error shape (SRV-500, SRV-503, MAI-002, PAY-002)');
    operation.security ??= [];
  }
}

/** The HTTP methods of an OpenAPI path item. */
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation of the document with its method and path. */
function operationsOf(document: OpenAPIObject): Array<{ method: (typeof METHODS)[number]; path: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ method, path, operation: item[method] }] : [])),
  );
}

/** Where the console's lists live: under it, a GET answering a JSON array is a react-admin list. */
const CONSOLE_PREFIX = '/api/admin/';

/**
 * The response headers of `components.headers` (referenced by `$ref`): the rate limits' and `Retry-After`.
 * Examples are the defaults (API_KEY_RATE_LIMIT_PER_MINUTE 300, RATE_LIMIT_PER_MINUTE 10).
 */
const RESPONSE_HEADERS = {
  'Retry-After': {
    description: 'Seconds to wait before trying again (whole seconds, at least 1).',
    required: true,
    schema: { type: 'integer', minimum: 1 },
    example: 60,
  },
  'RateLimit-Policy': {
    description:
      'The API key\'s quota, as the IETF httpapi RateLimit header fields draft writes it: `"api-key";q=<requests>;w=60` ' +
      '(q requests per w seconds, API_KEY_RATE_LIMIT_PER_MINUTE). On every answer to an API key, 429 included; not to login tokens.',
    schema: { type: 'string', pattern: '^"api-key";q=\\d+;w=\\d+$' },
    example: '"api-key";q=300;w=60',
  },
  RateLimit: {
    description:
      'What is left of the API key\'s quota (IETF httpapi RateLimit header fields draft): `"api-key";r=<requests left>;t=<seconds ' +
      'until the window resets>`. On every answer to an API key, 429 included (`r=0`); not to login tokens.',
    schema: { type: 'string', pattern: '^"api-key";r=\\d+;t=\\d+$' },
    example: '"api-key";r=299;t=60',
  },
  'RateLimit-Remaining': {
    description:
      "Requests the caller's IP has left on this operation in the current minute (RATE_LIMIT_PER_MINUTE per operation and IP); " +
      'on every answer the per-IP limit let through (not on its own 429).',
    schema: { type: 'integer', minimum: 0 },
    example: 9,
  },
} satisfies Record<string, HeaderObject>;

const headerRef = (name: keyof typeof RESPONSE_HEADERS) => ({ $ref: `#/components/headers/${name}` });

/** An operation an API key may call (its scope, `@RequiresScope`): rate limited per key. */
function reachableWithApiKey(operation: Operation): boolean {
  return typeof (operation as Record<string, unknown>)['x-api-key-scope'] === 'string';
}

/** Declares the 429 of the per-key rate limit on every operation an API key may call (before the error answers are described). */
function declareApiKeyLimit(document: OpenAPIObject): void {
  for (const { operation } of operationsOf(document)) {
    if (!reachableWithApiKey(operation)) continue;
    operation.responses['429'] ??= {
      description: "AUTH-429 over the API key's rate limit (API_KEY_RATE_LIMIT_PER_MINUTE a minute), with Retry-After (seconds)",
    };
  }
}

/** The `Content-Range` of a console list: its resource is the path under `/api/admin/` (`webhooks/deliveries`). */
function contentRange(path: string): HeaderObject {
  return {
    description:
      'The page and the total, as ra-data-simple-rest reads it: `<resource> <first>-<last>/<total>`, indexes from 0, both ' +
      'included (an empty page: `<first>-<first>/<total>`). Exposed to browsers through CORS.',
    required: true,
    schema: { type: 'string', pattern: '^\\S+ \\d+-\\d+/\\d+$' },
    example: `${path.slice(CONSOLE_PREFIX.length)} 0-24/137`,
  };
}

/** True when the console list at `path` answers a JSON array (GET under `/api/admin/`). */
function isConsoleList(method: string, path: string, operation: Operation): boolean {
  const ok = operation.responses['200'];
  if (method !== 'get' || !path.startsWith(CONSOLE_PREFIX) || !ok || '$ref' in ok) return false;
  const schema = ok.content?.['application/json']?.schema;
  return !!schema && !('$ref' in schema) && schema.type === 'array';
}

/**
 * Declares the response headers the server sends (issue 26 item 8), each once in `components.headers`:
 * - `Content-Range` on the 200 of every console list (`setContentRange`, common/http/simple-rest.ts);
 * - `RateLimit-Policy` and `RateLimit` on every answer but 401 of an operation an API key may call
 *   (`ApiKeysService.authorize` sets them once the key is known);
 * - `RateLimit-Remaining` on every answer of an operation limited per IP (`@RateLimited`, `x-rate-limit: ip`);
 * - `Retry-After` on every 429.
 */
function describeResponseHeaders(document: OpenAPIObject): void {
  document.components = { ...document.components, headers: { ...document.components?.headers, ...RESPONSE_HEADERS } };
  for (const { method, path, operation } of operationsOf(document)) {
    const apiKey = reachableWithApiKey(operation);
    const perIp = (operation as Record<string, unknown>)['x-rate-limit'] === 'ip';
    for (const [status, answer] of Object.entries(operation.responses) as Array<[string, ResponseObject]>) {
      if ('$ref' in answer) continue;
      const headers: NonNullable<ResponseObject['headers']> = { ...answer.headers };
      if (status === '200' && isConsoleList(method, path, operation)) headers['Content-Range'] = contentRange(path);
      if (apiKey && status !== '401')
        Object.assign(headers, { 'RateLimit-Policy': headerRef('RateLimit-Policy'), RateLimit: headerRef('RateLimit') });
      if (perIp) headers['RateLimit-Remaining'] = headerRef('RateLimit-Remaining');
      if (status === '429') headers['Retry-After'] = headerRef('Retry-After');
      if (Object.keys(headers).length) answer.headers = headers;
    }
  }
}
