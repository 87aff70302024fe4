import type { ArgumentMetadata, PipeTransform, Type } from '@nestjs/common';
import { ApiValidationPipe } from './api-validation.pipe.js';

/**
 * Validates a body as `dto` with the portal's rules: the shared CRUD controllers are generic, and a generic
 * parameter's type is erased at run time, so the global pipe would not know the class to validate against.
 */
export class BodyAs implements PipeTransform {
  private readonly pipe = new ApiValidationPipe();
  constructor(private readonly dto: Type) {}

  /** @throws ApiException 422 VAL-001 as the global pipe does */
  transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    return this.pipe.transform(value, { ...metadata, metatype: this.dto });
  }
}
