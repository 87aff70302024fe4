import type { Ref } from 'react';

/** Hands `value` to a forwarded ref, whether it is a callback ref or a ref object (none: nothing). */
export function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}
