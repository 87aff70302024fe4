/**
 * The dropdown "updated" flag (spec §4, §9): true right after a save, false again after 500 ms.
 * Kept free of React so its timing is unit-tested; {@link useUpdatedFlag} wraps it for components.
 */
import { useEffect, useRef, useState } from 'react';
import { UPDATED_FLAG_MS } from '../config';

/** A flag that turns itself off `ms` after each `mark()`. */
export interface ResettingFlag {
  /** Sets the flag and (re)starts the countdown. */
  mark: () => void;
  /** Cancels a pending reset (on unmount). */
  dispose: () => void;
  /** The current value. */
  readonly value: boolean;
}

/** Creates a {@link ResettingFlag} that reports each change to `onChange`. */
export function createResettingFlag(onChange: (value: boolean) => void, ms: number = UPDATED_FLAG_MS): ResettingFlag {
  let value = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const set = (next: boolean) => {
    if (next !== value) {
      value = next;
      onChange(next);
    }
  };
  return {
    mark() {
      if (timer !== undefined) clearTimeout(timer);
      set(true);
      timer = setTimeout(() => {
        timer = undefined;
        set(false);
      }, ms);
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    get value() {
      return value;
    },
  };
}

/** React state for the updated flag: `[updated, markUpdated]`. */
export function useUpdatedFlag(ms: number = UPDATED_FLAG_MS): [boolean, () => void] {
  const [updated, setUpdated] = useState(false);
  const flag = useRef<ResettingFlag | null>(null);
  if (flag.current === null) flag.current = createResettingFlag(setUpdated, ms);
  useEffect(() => () => flag.current?.dispose(), []);
  return [updated, () => flag.current?.mark()];
}
