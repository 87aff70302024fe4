import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';

/** Property must equal another property of the same object (e.g. `password_confirmation`). Constraint name `equalsField`. */
export function EqualsField(other: string, options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'equalsField',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [other],
      options,
      validator: {
        validate: (value: unknown, args: ValidationArguments) => value === (args.object as Record<string, unknown>)[other],
      },
    });
}
