/**
 * Details popup of a program (spec §3): title, number of semesters, degree-conferring college, and what is
 * open for applications now (issue 25): the open semesters by the API's labels, each with its deadline, or
 * why the program is not open (when it opens, or that nothing is planned).
 */
import { useTranslation } from 'react-i18next';
import { formatInstant } from '../../shared/lib/instant-format';
import { Dialog } from '../../shared/ui/Dialog';
import { isOpenNow, type Program } from './programs-api';
import { notOpenReason } from './program-opening';

/** Program details dialog; closed when `program` is null. */
export function ProgramDetailsDialog({ program, onClose }: { program: Program | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
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
          <dt>{t('welcome.popup.open_now')}</dt>
          <dd>
            {isOpenNow(program) ? (
              <ul className="details-list__terms">
                {program.courses.map((c) => (
                  <li key={c.semester}>
                    {c.label}
                    {c.deadlineAt && <> — {t('welcome.apply_by', { date: formatInstant(c.deadlineAt, i18n.language) })}</>}
                  </li>
                ))}
              </ul>
            ) : (
              notOpenReason(program, t, i18n.language)
            )}
          </dd>
        </dl>
      )}
    </Dialog>
  );
}
