import { HttpException, HttpStatus, Injectable, Logger, ValidationPipe, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import * as classTransformer from 'class-transformer';
import * as classValidator from 'class-validator';
import { ApiException, ValidationFailedException, type FieldErrorMessage } from '../errors/api.exception.js';
import { validationTypeFor } from './validate-by-parts.js';

/** Deepest nesting of objects and arrays a body or query may have (the deepest DTO uses 3). */
export const MAX_INPUT_DEPTH = 16;

/** Keys that would reach an object's prototype through a mapper: refused wherever they appear. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A NUL character or a UTF-16 surrogate without its pair (PostgreSQL text refuses both). */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Finds the first part of `value` no DTO may accept: nesting deeper than {@link MAX_INPUT_DEPTH}, a
 * prototype key, or a string (value or key) with a NUL character or a lone surrogate.
 * @returns `[dotted path, i18n key]` of the first problem, or undefined when the value is clean
 */
export function unsafeInputAt(value: unknown, path = '', depth = 0): [string, string] | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? [path, 'validation.unstorableText'] : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  if (depth >= MAX_INPUT_DEPTH) return [path, 'validation.tooDeep'];
  for (const key of Object.keys(value)) {
    const at = path ? `${path}.${key}` : key;
    if (PROTOTYPE_KEYS.has(key)) return [at, 'validation.prototypeKey'];
    if (UNSTORABLE.test(key)) return [path || key, 'validation.unstorableText'];
    const inner = unsafeInputAt((value as Record<string, unknown>)[key], at, depth + 1);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * class-validator and class-transformer as ValidationPipe's `validatorPackage` and `transformerPackage`:
 * the very modules the DTOs' decorators use, given instead of loaded by the pipe with `import()` (the
 * server bundle carries class-validator inside it, issue 12: start-up).
 */
export const VALIDATION_PACKAGES = { validatorPackage: classValidator, transformerPackage: classTransformer };

/**
 * The global pipe (issue 10 item 7: no input ever answers 500). Nest's ValidationPipe with the
 * portal's options (whitelist, forbid unknown fields, transform, class-validator errors → VAL-001),
 * plus: bodies and queries are first refused with 422 VAL-001 when {@link unsafeInputAt} finds a
 * problem, and any exception thrown while transforming or validating (a validator that throws, a
 * class-transformer failure) becomes 422 VAL-001 instead of a 500 (the cause is logged at warn level).
 */
@Injectable()
export class ApiValidationPipe implements PipeTransform {
  private readonly logger = new Logger(ApiValidationPipe.name);
  private readonly inner = new ValidationPipe({
    ...VALIDATION_PACKAGES,
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: true, value: false },
    exceptionFactory: (errors) => new ValidationFailedException(errors),
  });

  /**
   * @throws ApiException 422 VAL-001 with `errors[<path>]` for unsafe input or a validator that threw;
   *         ValidationFailedException (422 VAL-001) for ordinary field errors
   */
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query') {
      const problem = unsafeInputAt(value);
      if (problem) throw invalid(problem[0] || (metadata.data ?? metadata.type), problem[1]);
    }
    try {
      // a DTO registered with validateByParts is validated by the parts the body touches (same rules, issue 12)
      const metatype = metadata.type === 'body' ? validationTypeFor(metadata.metatype, value) : metadata.metatype;
      return await this.inner.transform(value, { ...metadata, metatype });
    } catch (error) {
      if (error instanceof HttpException) throw error;
      this.logger.warn(`Validation of the ${metadata.type} threw: ${error instanceof Error ? error.message : String(error)}`);
      throw invalid(metadata.data ?? metadata.type, 'validation.unknown');
    }
  }
}

function invalid(field: string, key: string): ApiException {
  const message: FieldErrorMessage = { key, params: { field } };
  return new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors: { [field]: [message] } });
}
