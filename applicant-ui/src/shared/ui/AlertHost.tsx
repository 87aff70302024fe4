/** Renders the alerts raised through `showAlert` (API interceptors, spec §8) one at a time. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAlert, subscribeAlerts, type QueuedAlert } from './alert-bus';
import { Dialog } from './Dialog';

/** Host for global alerts; mount once near the root. */
export function AlertHost() {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<readonly QueuedAlert[]>([]);
  useEffect(() => subscribeAlerts(setQueue), []);
  const current = queue[0];
  if (!current) return null;
  return (
    <Dialog
      key={current.id}
      open
      role="alertdialog"
      variant={current.variant}
      title={t(current.titleKey)}
      onClose={() => confirmAlert(current.id)}
      actions={
        <button type="button" className="btn btn--primary" autoFocus onClick={() => confirmAlert(current.id)}>
          {t('common.ok')}
        </button>
      }
    >
      <p>{t(current.textKey)}</p>
    </Dialog>
  );
}
