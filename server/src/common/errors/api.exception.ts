import { HttpException, HttpStatus } from '@nestjs/common';
import type { ValidationError } from 'class-validator';

/**
 * A failure the client should see, in the error shape of DESIGN §4:
 * `{ success: false, code, message, errors?, data? }`. The message is translated by the global
 * filter into the caller's language from `messageKey` (default `errors.<code>`).
 */
export class ApiException extends HttpException {
  /**
   * @param status HTTP status (4xx for client mistakes)
   * @param code   catalogue code, e.g. `TKN-001`
   * @param details.messageKey i18n key of the message; default `errors.<code>`
   * @param details.params     interpolation values for the message
   * @param details.errors     field errors: field path → list of i18n keys or already-final texts
   * @param details.data       extra payload (e.g. the current record with APP-409)
   * @param details.headers    extra response headers (e.g. Retry-After)
   */
  constructor(
    status: HttpStatus,
    readonly code: string,
    readonly details: {
      messageKey?: string;
      params?: Record<string, unknown>;
      errors?: Record<string, FieldErrorMessage[]>;
      data?: unknown;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(code, status);
  }
}

/** A field error before translation: an i18n key plus its interpolation values. */
export interface FieldErrorMessage {
  key: string;
  params?: Record<string, unknown>;
}

/** Convenience for a 422 VAL-001 carrying one or more field errors keyed by i18n message keys. */
export function fieldError(field: string, key: string, params: Record<string, unknown> = {}): ApiException {
  return new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors: { [field]: [{ key, params }] } });
}

/** Thrown by the global ValidationPipe; the filter turns class-validator errors into localized field errors. */
export class ValidationFailedException extends HttpException {
  /** @param validationErrors the errors class-validator produced (with `target` kept) */
  constructor(readonly validationErrors: ValidationError[]) {
    super('VAL-001', HttpStatus.UNPROCESSABLE_ENTITY);
  }
}
