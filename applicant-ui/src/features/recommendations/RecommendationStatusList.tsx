/**
 * The compact per-recommender status list of one application (issue 15 item 1), for /home: each recommender's
 * name and status (Requested · Opened · Received). Fetched with the logged-in owner's session. Renders nothing
 * while loading and when nobody was asked (programs without recommenders stay as they were); a short line
 * when the list could not be loaded.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listRecommendations, type Recommendation } from './recommendations-api';
import { RecommendationStatusBadge } from './RecommendationStatusBadge';

/** Props of {@link RecommendationStatusList}. */
export interface RecommendationStatusListProps {
  applicationId: string;
  /** Loads the list (injectable for tests); default GET /api/applications/:id/recommendations. */
  load?: (applicationId: string) => Promise<Recommendation[]>;
}

/** Recommenders of one application with their status. */
export function RecommendationStatusList({ applicationId, load = listRecommendations }: RecommendationStatusListProps) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Recommendation[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    load(applicationId)
      .then((list) => alive && setItems(list))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [applicationId, load]);

  if (failed) return <p className="field__hint">{t('recommendations.load_failed')}</p>;
  if (!items || items.length === 0) return null;
  return (
    <div className="recommendation-list" data-testid="recommendation-list">
      <h3 className="recommendation-list__title">{t('recommendations.title')}</h3>
      <ul>
        {items.map((r) => (
          <li key={r.id} className="recommendation-list__item">
            <span>{r.name}</span> <RecommendationStatusBadge status={r.status} />
          </li>
        ))}
      </ul>
    </div>
  );
}
