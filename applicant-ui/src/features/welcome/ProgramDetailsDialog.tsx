/** Details popup of a program (spec §3): title, number of semesters, degree-conferring college. */
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../shared/ui/Dialog';
import type { Program } from './programs-api';

/** Program details dialog; closed when `program` is null. */
export function ProgramDetailsDialog({ program, onClose }: { program: Program | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={program !== null}
      title={program?.popup.title ?? ''}
      onClose={onClose}
      actions={
        <button type="button" className="btn btn--primary" autoFocus onClick={onClose}>
          {t('common.close')}
        </button>
      }
    >
      {program && (
        <dl className="details-list">
          <dt>{t('welcome.popup.semesters')}</dt>
          <dd>{program.popup.semesters}</dd>
          <dt>{t('welcome.popup.college')}</dt>
          <dd>{program.popup.college}</dd>
        </dl>
      )}
    </Dialog>
  );
}
