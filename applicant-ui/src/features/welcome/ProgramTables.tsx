/**
 * Fields of interest as one table per program group (spec §3): a translated title and entry
 * requirement, then rows with Degree (a radio to choose it), Semesters, Degree-Conferring College
 * and a Details button opening the popup.
 */
import { useTranslation } from 'react-i18next';
import { groupPrograms, type Program } from './programs-api';

/** Props of {@link ProgramTables}. */
export interface ProgramTablesProps {
  programs: readonly Program[];
  selected: string | null;
  onSelect: (program: Program) => void;
  onDetails: (program: Program) => void;
}

/** Grouped program tables with a radio group (name `fieldOfInterest`). */
export function ProgramTables({ programs, selected, onSelect, onDetails }: ProgramTablesProps) {
  const { t } = useTranslation();
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
                  return (
                    <tr key={p.name} className={selected === p.name ? 'is-selected' : undefined}>
                      <th scope="row">
                        <input
                          type="radio"
                          id={id}
                          name="fieldOfInterest"
                          value={p.name}
                          checked={selected === p.name}
                          onChange={() => onSelect(p)}
                        />
                        <label htmlFor={id}>{p.label}</label>
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
