/**
 * The server's field → step registry (`GET /api/admin/application-fields`; issue 14 item 5), loaded once
 * per page (it changes only with a release) and shared by every application page.
 */
import { useEffect, useState } from 'react';
import { api, unwrap } from '../api/client';
import type { ApplicationFields } from './answers';

/** No registry: every answer is shown under "Other answers" (what the page falls back to when it cannot load). */
export const NO_FIELDS: ApplicationFields = { steps: [], fields: [] };

let loaded: Promise<ApplicationFields> | undefined;

/** The registry, requested at most once per page; a failed request is forgotten so the next call tries again. */
export function loadApplicationFields(): Promise<ApplicationFields> {
  if (!loaded) {
    const attempt = unwrap(api.GET('/api/admin/application-fields'));
    loaded = attempt;
    attempt.catch(() => {
      if (loaded === attempt) loaded = undefined;
    });
  }
  return loaded;
}

/** The registry: null while loading, {@link NO_FIELDS} when it could not be loaded. */
export function useApplicationFields(): ApplicationFields | null {
  const [fields, setFields] = useState<ApplicationFields | null>(null);
  useEffect(() => {
    let live = true;
    loadApplicationFields().then(
      (registry) => live && setFields(registry),
      () => live && setFields(NO_FIELDS),
    );
    return () => {
      live = false;
    };
  }, []);
  return fields;
}
