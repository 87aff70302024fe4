import { getMetadataStorage, type ValidationError } from 'class-validator';
import type { FieldErrorMessage } from './api.exception.js';

/**
 * Turns class-validator's errors into field errors keyed by dotted path
 * (`emergencyContact.email`, `options.2.value`), each with the i18n key `validation.<constraint>` and
 * the rule's arguments as `constraint1…` (looked up in class-validator's metadata, so messages can say
 * "at most 100 characters" in any language).
 */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): Record<string, FieldErrorMessage[]> {
  const out: Record<string, FieldErrorMessage[]> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) {
      out[path] = Object.keys(error.constraints).map((constraint) => ({
        key: `validation.${constraint}`,
        params: { field: error.property, ...constraintArgs(error, constraint) },
      }));
    }
    if (error.children?.length) Object.assign(out, flattenValidationErrors(error.children, path));
  }
  return out;
}

function constraintArgs(error: ValidationError, constraint: string): Record<string, unknown> {
  const target = error.target?.constructor;
  if (!target) return {};
  const metadata = getMetadataStorage()
    .getTargetValidationMetadatas(target, '', true, false)
    .find((m) => m.propertyName === error.property && (m.name === constraint || m.type === constraint));
  const args = metadata?.constraints ?? [];
  return Object.fromEntries(args.map((value: unknown, index: number) => [`constraint${index + 1}`, value]));
}
