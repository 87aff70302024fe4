/**
 * Details step 1 "Documents" (DESIGN §3, §6; spec §3 upload state per slot, §5, §8): one upload
 * control per slot the applicant uploads (`requirements.attachmentSlots`) plus the four optional
 * AP/college-course slots, then "From your recommenders" (issue 24): the letters recommenders send are
 * never upload tasks ({@link RecommendersSection}); what is missing comes from the server's checklist. A chosen file uploads on choice (issue 10 item 3): the server checks it,
 * then it is sent with a progress bar, one file at a time when several are chosen; the loading
 * indicator stays 3 s after the last success. A refused or unsent file keeps its errors on the slot,
 * the failure is announced (role=alert) and focus moves to that slot after 1.5 s unless the person is
 * in another control; files that failed for the network's or server's sake get "Try again (n)". Leaving the
 * step while a file is in flight or failed asks first ({@link useLeaveGuard}). Stored uploads can be
 * replaced (choose again) or removed (after confirmation).
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaveGuard } from './useLeaveGuard';
import { Dialog } from '../../shared/ui/Dialog';
import { apiErrorBody } from '../../shared/api/errors';
import type { ApplicationRecord } from '../application/api/application-types';
import { removeAttachment, uploadAttachment, validateAttachment, type AttachmentInfo } from './details-api';
import { fileInputId, SlotUpload } from './SlotUpload';
import { fileStatus } from './file-status';
import { RecommendersSection } from './RecommendersSection';
import { slotRows } from './slots';
import { useRecommendations } from '../recommendations/useRecommendations';
import { SlotUploadError, UploadStore } from './upload-machine';
import type { DetailsData } from './useDetailsData';

/** Props of {@link DocumentsStep}. */
export interface DocumentsStepProps {
  record: ApplicationRecord;
  token: string;
  data: DetailsData;
  onNext: () => void;
}

/** Step 1 of the details form. */
export function DocumentsStep({ record, token, data, onNext }: DocumentsStepProps) {
  const { t } = useTranslation();
  /** The last outcome shown; an error names its slot and stays until that slot is chosen again or retried. */
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string; slot?: string } | null>(null);
  /** Clears the shown message unless it is an error about a slot not in `slots`. */
  const clearMessageFor = (slots: readonly string[]) =>
    setMessage((shown) => (shown?.kind === 'error' && shown.slot && !slots.includes(shown.slot) ? shown : null));
  const [toRemove, setToRemove] = useState<AttachmentInfo | null>(null);
  const [removing, setRemoving] = useState(false);

  const store = useMemo(
    () =>
      new UploadStore({
        validate: (slot, file) => validateAttachment(record.Id, token, slot, file),
        upload: (slot, file, onProgress) => uploadAttachment(record.Id, token, slot, file, onProgress),
        focus: (slot) => {
          // focus is kept where the person is working: not taken from another control (e.g. the next
          // slot's file input while this one was uploading); the failure is announced instead
          const active = document.activeElement;
          const elsewhere =
            active instanceof HTMLElement && active.matches('input, select, textarea, button') && active.id !== fileInputId(slot);
          if (!elsewhere) document.getElementById(fileInputId(slot))?.focus();
        },
        fallbackMessage: () => t('details.errors.failed'),
      }),
    // one store per application and token (the fallback text is read when needed)
    [record.Id, token],
  );
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const unsent = store.unsent();
  const unsentCount = unsent.inFlight.length + unsent.failed.length;
  const guard = useLeaveGuard(unsentCount > 0);
  const requests = useRecommendations(record.Id, token, Boolean(data.requirements?.recommenderSlots.length));

  useEffect(() => {
    if (data.attachments) store.setUploaded(data.attachments);
  }, [data.attachments, store]);

  if (data.failed) {
    return (
      <div className="form__alert" role="alert">
        <p>{data.linkClosed ? t('details.use_email_link') : t('details.load_failed')}</p>
        {!data.linkClosed && (
          <button type="button" className="btn btn--ghost" onClick={data.retry}>
            {t('common.retry')}
          </button>
        )}
      </div>
    );
  }
  if (!data.requirements || !data.attachments) {
    return (
      <p className="loading" role="status">
        {t('common.loading')}
      </p>
    );
  }

  const rows = slotRows(data.requirements.attachmentSlots);
  const status = fileStatus(data.checklist, data.requirements.attachmentSlots);
  const missing = status.missingUploads;
  const retryable = store.retryable();
  const slotLabel = (slot: string) => t(`slots.${slot}`, { defaultValue: slot });

  /** Reports how one queued file ended: stored (status), refused or not sent (alert). */
  const follow = (slot: string, outcome: Promise<AttachmentInfo | null>) => {
    outcome
      .then(async (info) => {
        if (!info) return;
        // a success never hides a failure still to be dealt with (it is cleared on the next choice or retry)
        setMessage((shown) =>
          shown?.kind === 'error' ? shown : { kind: 'ok', text: t('details.uploaded_one', { name: info.name, slot: slotLabel(slot) }) },
        );
        await data.refreshAttachments();
      })
      .catch((error: unknown) => {
        if (error instanceof SlotUploadError && !store.slot(slot).retryable) {
          setMessage({ kind: 'error', slot, text: t('details.errors.slot', { slot: slotLabel(error.slot) }) });
        } else {
          setMessage({ kind: 'error', slot, text: t('details.errors.not_sent', { slot: slotLabel(slot) }) });
        }
      });
  };

  const choose = (slot: string, file: File | null) => {
    clearMessageFor([slot]);
    follow(slot, store.chooseAndUpload(slot, file));
  };

  const retry = () => {
    const slots = store.retryable();
    clearMessageFor(slots);
    store.retry().forEach((outcome, i) => follow(slots[i]!, outcome));
  };

  const confirmRemove = async () => {
    if (!toRemove) return;
    setRemoving(true);
    try {
      await removeAttachment(toRemove.id, token);
      store.removed(toRemove.field);
      await data.refreshAttachments();
      setMessage({ kind: 'ok', text: t('details.removed', { name: toRemove.name }) });
    } catch (error) {
      setMessage({ kind: 'error', text: apiErrorBody(error)?.message ?? t('details.errors.failed') });
    } finally {
      setRemoving(false);
      setToRemove(null);
    }
  };

  const loadingText = unsent.inFlight.some((s) => store.slot(s).progress !== null) ? t('details.uploading') : t('details.checking');

  return (
    <div className="step-form documents-step" aria-busy={state.loading}>
      <p className="lead">{t('details.documents_intro')}</p>
      <p className="field__hint">{t('details.file_rules')}</p>
      {missing.length > 0 ? (
        <p className="notice" role="note">
          {t('details.still_missing', { count: missing.length })}
        </p>
      ) : (
        <p className="notice notice--success" role="note">
          {t('details.all_required_uploaded')}
        </p>
      )}
      {status.awaitingRecommendations > 0 && (
        <p className="notice" role="note">
          {t('details.recommenders.waiting', { count: status.awaitingRecommendations })}
        </p>
      )}
      <ul className="slot-list">
        {rows.map(({ slot, required }) => (
          <SlotUpload
            key={slot}
            slot={slot}
            required={required}
            state={state.slots[slot] ?? store.slot(slot)}
            busy={state.loading}
            onChoose={(file) => choose(slot, file)}
            onRemove={() => {
              const current = store.slot(slot).uploaded;
              if (current) setToRemove(current);
            }}
          />
        ))}
      </ul>
      <RecommendersSection
        record={record}
        token={token}
        items={status.recommendations}
        requests={requests.items}
        requestsLoaded={requests.loaded}
        onChanged={() => {
          requests.reload();
          void data.refreshAttachments();
        }}
      />
      <p className="save-status" role="status" aria-live="polite" data-testid="upload-status">
        {state.loading ? loadingText : ''}
      </p>
      {message && (
        <p className={message.kind === 'ok' ? 'notice notice--success' : 'form__alert'} role={message.kind === 'ok' ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <div className="step-actions">
        {retryable.length > 0 && (
          <button type="button" className="btn btn--ghost" onClick={retry}>
            {t('details.retry', { count: retryable.length })}
          </button>
        )}
        <button type="button" className="btn btn--primary" onClick={onNext}>
          {t('details.to_finish')}
        </button>
      </div>
      <Dialog
        open={guard.asking}
        title={t('details.leave.title')}
        role="alertdialog"
        variant="warning"
        onClose={guard.stay}
        actions={
          <>
            <button type="button" className="btn btn--primary" autoFocus onClick={guard.stay}>
              {t('details.leave.stay')}
            </button>
            <button type="button" className="btn btn--ghost" onClick={guard.leave}>
              {t('details.leave.leave')}
            </button>
          </>
        }
      >
        {unsent.inFlight.length > 0 && <p>{t('details.leave.in_flight', { count: unsent.inFlight.length })}</p>}
        {unsent.failed.length > 0 && (
          <>
            <p>{t('details.leave.failed', { count: unsent.failed.length })}</p>
            <ul>
              {unsent.failed.map((slot) => (
                <li key={slot}>
                  {slotLabel(slot)}: {store.slot(slot).name}
                </li>
              ))}
            </ul>
          </>
        )}
        <p>{t('details.leave.text')}</p>
      </Dialog>
      <Dialog
        open={toRemove !== null}
        title={t('details.remove_title')}
        role="alertdialog"
        variant="warning"
        onClose={() => setToRemove(null)}
        actions={
          <>
            <button type="button" className="btn btn--primary" onClick={() => void confirmRemove()} disabled={removing}>
              {t('details.remove_confirm')}
            </button>
            <button type="button" className="btn btn--ghost" autoFocus onClick={() => setToRemove(null)} disabled={removing}>
              {t('details.remove_cancel')}
            </button>
          </>
        }
      >
        <p>
          {t('details.remove_text', {
            name: toRemove?.name ?? '',
            slot: toRemove ? t(`slots.${toRemove.field}`, { defaultValue: toRemove.field }) : '',
          })}
        </p>
      </Dialog>
    </div>
  );
}
