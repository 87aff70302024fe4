/**
 * Loads GET /api/admin/applications/:id/reviews and reloads it on demand.
 */
import { useCallback, useEffect, useState } from 'react';
import { api, unwrap } from '../api/client';
import type { ReviewSummary } from './types';

/** Window event sent when assignments or reviews change, so every summary on the page reloads. */
export const REVIEWS_CHANGED_EVENT = 'portal:reviews-changed';

/** The summary (null while loading), an error message, and a reload function. */
export function useReviewSummary(applicationId: string | undefined) {
  const [summary, setSummary] = useState<ReviewSummary | null>(null);
  const [error, setError] = useState('');
  const reload = useCallback(async () => {
    if (!applicationId) return;
    try {
      setSummary(await unwrap(api.GET('/api/admin/applications/{id}/reviews', { params: { path: { id: applicationId } } })));
      setError('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'ra.notification.http_error');
    }
  }, [applicationId]);
  useEffect(() => {
    void reload();
    const onChange = () => void reload();
    window.addEventListener(REVIEWS_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(REVIEWS_CHANGED_EVENT, onChange);
  }, [reload]);
  return { summary, error, reload };
}
