/**
 * One recommender's request on the references step (issue 15 item 1): its status (Requested · Opened ·
 * Received), the "waive my right to see the letter" flag, and "Send request", "Resend", "Replace" and
 * "Remove" (the last two after a confirmation: the link already sent stops working). The request uses the
 * name, e-mail and relationship typed in the slot's fields above.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorBody } from '../../shared/api/errors';
import { Dialog } from '../../shared/ui/Dialog';
import { CheckboxField } from '../../shared/ui/form-fields';
import { actionsFor, missingForRequest } from './recommendation-actions';
import { RecommendationStatusBadge } from './RecommendationStatusBadge';
import {
  removeRecommendation,
  requestRecommendation,
  resendRecommendation,
  type Recommendation,
  type RecommendationSlot,
} from './recommendations-api';

/** The contact typed in the slot's fields. */
export interface RecommenderContact {
  name?: string | null;
  email?: string | null;
  relationship?: string | null;
}

/** Props of {@link RecommenderPanel}. */
export interface RecommenderPanelProps {
  applicationId: string;
  token: string | null;
  slot: RecommendationSlot;
  /** The slot's live request, if any. */
  recommendation: Recommendation | undefined;
  /** Reads the slot's current field values. */
  contact: () => RecommenderContact;
  /** Called after a change, to reload the requests. */
  onChanged: () => void;
}

type Confirming = 'replace' | 'remove' | null;

/** Request controls and status of one recommender slot. */
export function RecommenderPanel({ applicationId, token, slot, recommendation, contact, onChanged }: RecommenderPanelProps) {
  const { t } = useTranslation();
  /** The waive flag of the next request (a live request shows its own). */
  const [waived, setWaived] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const actions = actionsFor(recommendation);
  const waiveId = `waive-${slot}`;

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setNotice(await work());
      onChanged();
    } catch (failure) {
      setError(apiErrorBody(failure)?.message ?? t('recommendations.failed'));
    } finally {
      setBusy(false);
    }
  };

  const send = () => {
    const values = contact();
    const missing = missingForRequest(values);
    if (missing.length) {
      setNotice(null);
      setError(t('recommendations.fill_first', { fields: missing.map((f) => t(`recommendations.fields.${f}`)).join(', ') }));
      return;
    }
    void run(async () => {
      const created = await requestRecommendation(applicationId, token, {
        slot,
        name: values.name!.trim(),
        email: values.email!.trim(),
        relationship: values.relationship!.trim(),
        waived,
      });
      return t('recommendations.sent', { email: created.email });
    });
  };

  const confirm = () => {
    const what = confirming;
    setConfirming(null);
    if (what === 'replace') send();
    if (what === 'remove' && recommendation)
      void run(async () => {
        await removeRecommendation(applicationId, token, recommendation.id);
        setWaived(false);
        return t('recommendations.removed', { name: recommendation.name });
      });
  };

  return (
    <div className="recommender-panel" data-testid={`recommender-${slot}`}>
      <p className="recommender-panel__status">
        {recommendation ? (
          <>
            {t('recommendations.asked', { name: recommendation.name, email: recommendation.email })}{' '}
            <RecommendationStatusBadge status={recommendation.status} />
          </>
        ) : (
          t('recommendations.not_requested')
        )}
      </p>
      <CheckboxField
        id={waiveId}
        label={t('recommendations.waive')}
        hint={t('recommendations.waive_hint')}
        checked={recommendation ? recommendation.waived : waived}
        disabled={!!recommendation || busy}
        onChange={(e) => setWaived(e.target.checked)}
      />
      {actions.length > 0 && (
        <div className="recommender-panel__actions">
          {actions.includes('send') && (
            <button type="button" className="btn btn--primary" disabled={busy} onClick={send}>
              {t('recommendations.send')}
            </button>
          )}
          {actions.includes('resend') && recommendation && (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await resendRecommendation(applicationId, token, recommendation.id);
                  return t('recommendations.sent', { email: recommendation.email });
                })
              }
            >
              {t('recommendations.resend')}
            </button>
          )}
          {actions.includes('replace') && (
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setConfirming('replace')}>
              {t('recommendations.replace')}
            </button>
          )}
          {actions.includes('remove') && (
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setConfirming('remove')}>
              {t('recommendations.remove')}
            </button>
          )}
        </div>
      )}
      {notice && (
        <p className="field__hint" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <Dialog
        open={confirming !== null}
        role="alertdialog"
        variant="warning"
        title={t(confirming === 'remove' ? 'recommendations.confirm_remove_title' : 'recommendations.confirm_replace_title')}
        onClose={() => setConfirming(null)}
        actions={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => setConfirming(null)}>
              {t('recommendations.cancel')}
            </button>
            <button type="button" className="btn btn--primary" onClick={confirm}>
              {t(confirming === 'remove' ? 'recommendations.remove' : 'recommendations.replace')}
            </button>
          </>
        }
      >
        <p>
          {t(confirming === 'remove' ? 'recommendations.confirm_remove_text' : 'recommendations.confirm_replace_text', {
            name: recommendation?.name ?? '',
            newName: contact().name ?? '',
          })}
        </p>
      </Dialog>
    </div>
  );
}
