/** A recommendation's status as a small labelled badge: Requested · Opened · Received. */
import { useTranslation } from 'react-i18next';
import type { RecommendationStatus } from './recommendations-api';
import { statusKey } from './recommendation-actions';

/** Status badge (text, not colour alone, carries the meaning). */
export function RecommendationStatusBadge({ status }: { status: RecommendationStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge status-badge--${status}`} data-testid="recommendation-status">
      {t(statusKey(status))}
    </span>
  );
}
