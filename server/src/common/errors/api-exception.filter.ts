import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { I18nService } from '../i18n/i18n.service.js';
import { ApiException, ValidationFailedException, type FieldErrorMessage } from './api.exception.js';
import { flattenValidationErrors } from './validation-messages.js';

/** The error body every failing request gets (DESIGN §4); as JSON Schema: API_ERROR_BODY_SCHEMA. */
export interface ApiErrorBody {
  success: false;
  code: string;
  message: string;
  errors?: Record<string, string[]>;
  data?: unknown;
}

const STATUS_CODES: Record<number, string> = {
  400: 'REQ-400',
  401: 'AUTH-401',
  403: 'AUTH-403',
  404: 'REQ-404',
  413: 'REQ-413',
  431: 'REQ-431',
  422: 'VAL-001',
  429: 'AUTH-429',
};

/**
 * Catches everything thrown while handling a request and answers in the DESIGN §4 shape, translated
 * into the caller's language. Client mistakes (bad JSON, unknown routes, oversized bodies, framework
 * 4xx) keep their 4xx status; anything unexpected is logged with its stack and answered SRV-500.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(private readonly i18n: I18nService) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<Request>();
    const response = context.getResponse<Response>();
    const { status, body, headers } = this.toBody(exception, request);
    if (response.headersSent) return;
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.status(status).json(body);
  }

  /** Maps any thrown value to status, body and headers. Exposed for the express-level error handler. */
  toBody(exception: unknown, request: Request): { status: number; body: ApiErrorBody; headers: Record<string, string> } {
    const locale = this.i18n.localeOf(request);
    const translate = (m: FieldErrorMessage) =>
      this.i18n.has(m.key) ? this.i18n.t(m.key, locale, m.params) : this.i18n.t('validation.unknown', locale, m.params);
    const localizeErrors = (errors: Record<string, FieldErrorMessage[]>) =>
      Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map(translate)]));

    if (exception instanceof ApiException) {
      const { messageKey, params, errors, data, headers } = exception.details;
      const body: ApiErrorBody = {
        success: false,
        code: exception.code,
        message: this.i18n.t(messageKey ?? `errors.${exception.code}`, locale, params),
      };
      if (errors) body.errors = localizeErrors(errors);
      if (data !== undefined) body.data = data;
      return { status: exception.getStatus(), body, headers: headers ?? {} };
    }
    if (exception instanceof ValidationFailedException) {
      return {
        status: HttpStatus.UNPROCESSABLE_ENTITY,
        body: {
          success: false,
          code: 'VAL-001',
          message: this.i18n.t('errors.VAL-001', locale),
          errors: localizeErrors(flattenValidationErrors(exception.validationErrors)),
        },
        headers: {},
      };
    }
    const status = this.clientStatus(exception);
    if (status) {
      const code = STATUS_CODES[status] ?? 'REQ-400';
      return { status, body: { success: false, code, message: this.i18n.t(`errors.${code}`, locale) }, headers: {} };
    }
    this.logger.error(`${request.method} ${request.originalUrl}: ${exception instanceof Error ? exception.stack : String(exception)}`);
    return { status: 500, body: { success: false, code: 'SRV-500', message: this.i18n.t('errors.SRV-500', locale) }, headers: {} };
  }

  /** The 4xx status of a framework or body-parser error, or undefined for a server fault. */
  private clientStatus(exception: unknown): number | undefined {
    const status =
      exception instanceof HttpException
        ? exception.getStatus()
        : typeof exception === 'object' && exception !== null
          ? Number((exception as { status?: number; statusCode?: number }).status ?? (exception as { statusCode?: number }).statusCode)
          : NaN;
    return status >= 400 && status < 500 ? status : undefined;
  }
}
