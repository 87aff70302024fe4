/**
 * Fields of interest as one table per program group (spec §3): a translated title and entry
 * requirement, then rows with Degree (a radio to choose it), Semesters, Degree-Conferring College
 * and a Details button opening the popup. A program with nothing open now stays listed but cannot be
 * chosen: its radio is `aria-disabled` (still focusable, so it is announced) and described by the reason
 * shown under its name — when its next window opens (in the page's language, on the browser's clock) or
 * that nothing is planned.
 */
import { useTranslation } from 'react-i18next';
import { groupPrograms, isOpenNow, type Program } from './programs-api';
import { notOpenReason } from './program-opening';

/** Props of {@link ProgramTables}. */
export interface ProgramTablesProps {
  programs: readonly Program[];
  selected: string | null;
  onSelect: (program: Program) => void;
  onDetails: (program: Program) => void;
}

/** Grouped program tables with a radio group (name `fieldOfInterest`); programs not open now cannot be chosen. */
export function ProgramTables({ programs, selected, onSelect, onDetails }: ProgramTablesProps) {
  const { t, i18n } = useTranslation();
  return (
    <fieldset className="program-groups">
      <legend className="step-title">{t('welcome.field_legend')}</legend>
      {groupPrograms(programs).map(({ group, programs: list }) => (
        <section key={group} className="program-group" aria-labelledby={`group-${group}`}>
          <h3 id={`group-${group}`}>{t(`programs.groups.${group}.title`)}</h3>
          <p className="program-group__requirement">{t(`programs.groups.${group}.description`)}</p>
          <div className="table-scroll">
            <table className="program-table" data-testid={`program-table-${group}`}>
              <caption className="visually-hidden">{t(`programs.groups.${group}.title`)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('programs.headers.degree')}</th>
                  <th scope="col">{t('programs.headers.semesters')}</th>
                  <th scope="col">{t('programs.headers.college')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('programs.headers.details')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((p) => {
                  const id = `program-${group}-${p.name.replace(/[^A-Za-z0-9]+/g, '-')}`;
                  const open = isOpenNow(p);
                  const rowClass = [selected === p.name ? 'is-selected' : '', open ? '' : 'is-closed'].filter(Boolean).join(' ');
                  return (
                    <tr key={p.name} className={rowClass || undefined}>
                      <th scope="row">
                        <input
                          type="radio"
                          id={id}
                          name="fieldOfInterest"
                          value={p.name}
                          checked={selected === p.name}
                          aria-disabled={open ? undefined : true}
                          aria-describedby={open ? undefined : `${id}-closed`}
                          onChange={() => open && onSelect(p)}
                        />
                        <label htmlFor={id}>{p.label}</label>
                        {!open && (
                          <span id={`${id}-closed`} className="program-table__closed" data-testid="program-closed">
                            {notOpenReason(p, t, i18n.language)}
                          </span>
                        )}
                      </th>
                      <td data-label={t('programs.headers.semesters')}>{p.popup.semesters}</td>
                      <td data-label={t('programs.headers.college')}>{p.popup.college}</td>
                      <td>
                        <button
                          type="button"
                          className="btn btn--link"
                          aria-label={t('programs.details_for', { program: p.label })}
                          onClick={() => onDetails(p)}
                        >
                          {t('programs.details')}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </fieldset>
  );
}
