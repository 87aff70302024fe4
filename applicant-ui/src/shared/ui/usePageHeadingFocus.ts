/** Moves focus to a page or step heading when `key` changes (screen readers announce the new view). */
import { useEffect, useRef } from 'react';

/** Returns a ref for a heading (`tabIndex={-1}`) that receives focus whenever `key` changes after mount. */
export function useHeadingFocus<T extends HTMLElement = HTMLHeadingElement>(key: unknown, focusOnMount = false) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      if (!focusOnMount) return;
    }
    ref.current?.focus();
  }, [key, focusOnMount]);
  return ref;
}
