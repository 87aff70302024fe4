/**
 * "From your recommenders" on the documents step (issue 24): one row per recommendation the program needs,
 * never an upload task. Each shows its state from the server's rule (the checklist): Received — or
 * "Received (confidential)" when the applicant waived the right to see the letter — or awaited, with the
 * live request (Requested · Opened) and its Resend / Replace / Remove ({@link RecommenderPanel}); the
 * recommender's name, e-mail and relationship can be changed here to ask someone else.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationRecord } from '../application/api/application-types';
import { TextField } from '../../shared/ui/form-fields';
import { RecommenderPanel, type RecommenderContact } from '../recommendations/RecommenderPanel';
import { RecommendationStatusBadge } from '../recommendations/RecommendationStatusBadge';
import type { Recommendation } from '../recommendations/recommendations-api';
import type { RecommendationItem } from './file-status';

/** Props of {@link RecommendersSection}. */
export interface RecommendersSectionProps {
  record: ApplicationRecord;
  token: string;
  items: RecommendationItem[];
  /** The application's live requests. */
  requests: Recommendation[];
  /** The requests have been loaded (until then a received letter's confidentiality is unknown). */
  requestsLoaded: boolean;
  /** After a request changed: reload the requests and the checklist. */
  onChanged: () => void;
}

/** The answers' field of each recommendation. */
const CONTACT_FIELD = { first: 'firstRecommender', second: 'secondRecommender' } as const;

/** The recommendations of the file, as the documents step shows them. */
export function RecommendersSection({ record, token, items, requests, requestsLoaded, onChanged }: RecommendersSectionProps) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  if (!requestsLoaded)
    return (
      <p className="loading" role="status">
        {t('common.loading')}
      </p>
    );
  return (
    <section className="recommenders-section" aria-labelledby="recommenders-heading" data-testid="recommenders-section">
      <h3 id="recommenders-heading">{t('details.recommenders.title')}</h3>
      <p className="field__hint">{t('details.recommenders.intro')}</p>
      <ul className="slot-list">
        {items.map((item) => (
          <RecommendationRow
            key={item.key}
            record={record}
            token={token}
            item={item}
            request={requests.find((r) => r.slot === item.key)}
            onChanged={onChanged}
          />
        ))}
      </ul>
    </section>
  );
}

/** One recommendation: its state, and while it is awaited the request and its actions. */
function RecommendationRow({
  record,
  token,
  item,
  request,
  onChanged,
}: {
  record: ApplicationRecord;
  token: string;
  item: RecommendationItem;
  request: Recommendation | undefined;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const saved = (record as unknown as Record<string, RecommenderContact | null | undefined>)[CONTACT_FIELD[item.key]] ?? {};
  const [contact, setContact] = useState<RecommenderContact>({
    name: saved.name ?? '',
    email: saved.email ?? '',
    relationship: saved.relationship ?? '',
  });
  const label = t(`slots.${item.slot}`, { defaultValue: item.slot });
  const who = t(`references.${CONTACT_FIELD[item.key]}`);
  const id = (field: string) => `recommender-${item.key}-${field}`;
  const state =
    item.state === 'received'
      ? request?.waived
        ? t('details.recommenders.received_confidential')
        : t('details.recommenders.received')
      : item.state === 'waived'
        ? t('details.recommenders.waived')
        : t('details.recommenders.awaiting');
  return (
    <li className={`slot${item.state === 'awaiting' ? '' : ' is-done'}`} data-recommendation={item.key}>
      <div className="slot__head">
        <span className="field__label">{label}</span>
        <span
          className={`slot__badge${item.state === 'awaiting' ? ' slot__badge--required' : ''}`}
          data-testid={`recommendation-state-${item.key}`}
        >
          {item.state === 'awaiting' ? null : <span aria-hidden="true">✓ </span>}
          {state}
        </span>
      </div>
      {item.state === 'awaiting' && (
        <fieldset className="fieldset">
          <legend>{t('details.recommenders.contact_legend')}</legend>
          {request && (
            <p className="field__hint">
              {t('recommendations.asked', { name: request.name, email: request.email })}{' '}
              <RecommendationStatusBadge status={request.status} />
            </p>
          )}
          <div className="form-row">
            <TextField
              id={id('name')}
              label={t('fields.contact.name', { who })}
              value={contact.name ?? ''}
              onChange={(e) => setContact((c) => ({ ...c, name: e.target.value }))}
            />
            <TextField
              id={id('relationship')}
              label={t('fields.contact.relationship', { who })}
              value={contact.relationship ?? ''}
              onChange={(e) => setContact((c) => ({ ...c, relationship: e.target.value }))}
            />
          </div>
          <TextField
            id={id('email')}
            type="email"
            label={t('fields.contact.email', { who })}
            value={contact.email ?? ''}
            onChange={(e) => setContact((c) => ({ ...c, email: e.target.value }))}
          />
          <RecommenderPanel
            applicationId={record.Id}
            token={token}
            slot={item.key}
            recommendation={request}
            contact={() => contact}
            onChanged={onChanged}
          />
        </fieldset>
      )}
    </li>
  );
}
