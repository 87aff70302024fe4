/**
 * The answers a failed submit says are missing (`data.missing` [{field, step}]), as links that open the
 * field's step and focus the field (`focus` query parameter, see ApplicationPage).
 */
import { forwardRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MissingField } from '../../api/application-api';
import { stepKey } from '../step-config';
import { fieldLabel, type Translate } from './review-model';

/** Text of a missing-answer link: the step's name and the field's label. */
export function missingLabel(t: Translate, exists: (k: string) => boolean, m: MissingField): string {
  return t('review.missing_item', { step: t(`steps.${stepKey(m.step)}`), field: fieldLabel(t, exists, m.field) });
}

/** Props of {@link MissingList}. */
export interface MissingListProps {
  missing: readonly MissingField[];
  /** Link to the step of a missing field, focusing the field. */
  fieldHref: (m: MissingField) => string;
}

/** Alert with one link per missing answer. */
export const MissingList = forwardRef<HTMLDivElement, MissingListProps>(function MissingList({ missing, fieldHref }, ref) {
  const { t, i18n } = useTranslation();
  if (missing.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} className="form__alert missing-list" role="alert" data-testid="missing-list">
      <p>{t('review.missing_intro', { count: missing.length })}</p>
      <ul>
        {missing.map((m) => (
          <li key={`${m.step}-${m.field}`}>
            <Link to={fieldHref(m)}>{missingLabel(t, (k) => i18n.exists(k), m)}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
});
