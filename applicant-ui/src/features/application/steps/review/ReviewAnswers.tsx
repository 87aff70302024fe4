/** Every answer on one page, grouped by step, each group with an "Edit" link to its step (DESIGN §3 step 7). */
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ReviewGroup } from './review-model';

/** Props of {@link ReviewAnswers}. */
export interface ReviewAnswersProps {
  groups: readonly ReviewGroup[];
  /** Link target of a step's "Edit" link. */
  stepHref: (step: number) => string;
}

/** Review groups as description lists. */
export function ReviewAnswers({ groups, stepHref }: ReviewAnswersProps) {
  const { t } = useTranslation();
  return (
    <div className="review">
      {groups.map((g) => (
        <section key={g.step} className="review__group" aria-labelledby={`review-step-${g.step}`} data-testid={`review-step-${g.step}`}>
          <div className="review__head">
            <h3 id={`review-step-${g.step}`}>{g.title}</h3>
            <Link className="btn btn--ghost" to={stepHref(g.step)} aria-label={t('review.edit_step', { name: g.title })}>
              {t('review.edit')}
            </Link>
          </div>
          {g.rows.length === 0 ? (
            <p>{t('review.nothing')}</p>
          ) : (
            <dl className="review__list">
              {g.rows.map((r) => (
                <div className="review__row" key={r.field} data-field={r.field}>
                  <dt>{r.label}</dt>
                  <dd>{r.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      ))}
    </div>
  );
}
