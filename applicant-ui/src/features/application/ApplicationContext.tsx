/**
 * React context holding the application being filled: its record (with `version`) and the token it
 * was opened with. Filled by the welcome page, the validation page or the form routes' entry guard.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ApplicationRecord } from './api/application-types';

/** What the context exposes. */
export interface ApplicationContextValue {
  record: ApplicationRecord | null;
  token: string | null;
  /** Stores a freshly loaded record and the token that opened it. */
  setLoaded: (record: ApplicationRecord, token: string) => void;
  /** Replaces the record after a save (keeps the token). */
  updateRecord: (record: ApplicationRecord) => void;
  /** Forgets the loaded application. */
  clear: () => void;
}

const Ctx = createContext<ApplicationContextValue | null>(null);

/** Provides the application context to the whole app. */
export function ApplicationProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ record: ApplicationRecord | null; token: string | null }>({
    record: null,
    token: null,
  });
  const setLoaded = useCallback((record: ApplicationRecord, token: string) => setState({ record, token }), []);
  const updateRecord = useCallback((record: ApplicationRecord) => setState((s) => ({ ...s, record })), []);
  const clear = useCallback(() => setState({ record: null, token: null }), []);
  const value = useMemo(() => ({ ...state, setLoaded, updateRecord, clear }), [state, setLoaded, updateRecord, clear]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** Reads the application context (must be inside {@link ApplicationProvider}). */
export function useApplication(): ApplicationContextValue {
  const v = useContext(Ctx);
  if (!v) throw new Error('useApplication outside ApplicationProvider');
  return v;
}
