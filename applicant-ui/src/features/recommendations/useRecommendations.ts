/** The live recommendation requests of an application, with a reload after each change (issue 15 item 1). */
import { useCallback, useEffect, useState } from 'react';
import { listRecommendations, type Recommendation } from './recommendations-api';

/** Loads the requests of `applicationId` (with the application token when the form holds one). */
export function useRecommendations(applicationId: string, token: string | null, enabled = true) {
  const [items, setItems] = useState<Recommendation[]>([]);
  /** The first answer arrived (or failed): callers that read a request's details wait for it. */
  const [loaded, setLoaded] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((a) => a + 1), []);

  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    listRecommendations(applicationId, token)
      .then((list) => alive && setItems(list))
      .catch(() => undefined) // the panels still offer "Send request"; a failed action reports itself
      .finally(() => alive && setLoaded(true));
    return () => {
      alive = false;
    };
  }, [applicationId, token, enabled, attempt]);

  return { items, loaded, reload };
}
