import type { Type } from '@nestjs/common';
import { IntersectionType } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';

/** How a large DTO is validated from the parts a body touches (see {@link validateByParts}). */
interface Parts {
  base: Type<unknown>;
  parts: Type<unknown>[];
  /** property name → index of the part that declares it */
  owner: Map<string, number>;
  /** bit mask of the parts a body touches → the class validating exactly those parts (with the base) */
  built: Map<number, Type<unknown>>;
}

const REGISTRY = new WeakMap<object, Parts>();

/**
 * Issue 12: validates bodies of `whole` — a DTO that is `IntersectionType(...parts)` plus the
 * properties of `base` — with a class made of `base` and only the parts the body's own keys belong to,
 * built once per combination of parts (`IntersectionType`, which copies class-validator and
 * class-transformer metadata, as `whole` itself was built). Same rules and messages as validating
 * against `whole`, as long as no property of a part is required when absent (every part property is
 * optional or `ValidateIf`-sent): a body key no part declares is still refused by the whitelist, and
 * the required properties live in `base`. Costs scale with the fields sent, not the ~150 declared.
 * @param whole the DTO controllers declare (OpenAPI and the type stay the whole)
 * @param base the properties validated on every body (e.g. `PickType(whole, ['version'])`)
 * @param parts the DTOs `whole` intersects (at most 31)
 */
export function validateByParts(whole: Type<unknown>, base: Type<unknown>, parts: Type<unknown>[]): void {
  const owner = new Map<string, number>();
  parts.forEach((part, index) => {
    for (const property of declaredProperties(part)) owner.set(property, index);
  });
  REGISTRY.set(whole, { base, parts, owner, built: new Map() });
}

/**
 * The class that validates `value` for `metatype`: the narrowed class of {@link validateByParts}
 * when `metatype` was registered and `value` is a plain object, else `metatype` itself.
 */
export function validationTypeFor<T>(metatype: T, value: unknown): T {
  const registered = metatype && REGISTRY.get(metatype as object);
  if (!registered || value === null || typeof value !== 'object' || Array.isArray(value)) return metatype;
  let mask = 0;
  for (const key of Object.keys(value)) {
    const index = registered.owner.get(key);
    if (index !== undefined) mask |= 1 << index;
  }
  let type = registered.built.get(mask);
  if (!type) {
    const chosen = registered.parts.filter((_, index) => mask & (1 << index));
    type = chosen.length ? IntersectionType(registered.base, ...chosen) : registered.base;
    registered.built.set(mask, type);
  }
  return type as T;
}

/** The properties a DTO class declares with class-validator decorators. */
function declaredProperties(type: Type<unknown>): string[] {
  return getMetadataStorage()
    .getTargetValidationMetadatas(type, '', true, false)
    .map((m) => m.propertyName);
}
