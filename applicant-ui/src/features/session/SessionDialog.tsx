/** The two-minute warning before the form session's 30-minute maximum, with a one-click renew (spec §4, §9). */
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../shared/ui/Dialog';
import type { FormSession } from './useFormSession';

/** Warning dialog: "Continue working" renews, "End session" ends it now. */
export function SessionDialog({ session }: { session: FormSession }) {
  const { t } = useTranslation();
  const minutes = Math.max(1, Math.ceil(session.msLeft / 60_000));
  return (
    <Dialog
      open={session.warning}
      title={t('session.warning_title')}
      onClose={session.renew}
      role="alertdialog"
      variant="warning"
      actions={
        <>
          <button type="button" className="btn btn--primary" autoFocus onClick={session.renew}>
            {t('session.renew')}
          </button>
          <button type="button" className="btn btn--ghost" onClick={session.end}>
            {t('session.end')}
          </button>
        </>
      }
    >
      <p>{t('session.warning_text', { count: minutes })}</p>
    </Dialog>
  );
}
