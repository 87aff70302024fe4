import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
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
 *   `security: []` (public) explicitly.
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
  describeErrorAnswers(document);
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
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (!operation) continue;
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (!answer || !/^[45]/.test(status) || '$ref' in answer) continue;
        operation.responses[status] = errorAnswer(status, answer.description);
      }
      operation.responses['4XX'] ??= errorAnswer('4XX', 'Client error in the error shape (codes in docs/api.md)');
      operation.responses['5XX'] ??= errorAnswer('5XX', 'Server error in the error shape (SRV-500, SRV-503, MAI-002, PAY-002)');
      operation.security ??= [];
    }
  }
}
