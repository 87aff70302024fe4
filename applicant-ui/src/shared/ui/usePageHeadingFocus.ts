/**
 * Moves focus to a page or step heading when `key` changes (screen readers announce the new view). The
 * focus moves in a task of its own right after the view is committed: focusing lays the page out, which on
 * a phone is a long piece of work better not added to the rendering's (issue 28).
 */
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
    const timer = setTimeout(() => ref.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [key, focusOnMount]);
  return ref;
}
