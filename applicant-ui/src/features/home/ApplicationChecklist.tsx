/**
 * The checklist of one application on /home and on the decision page (issue 15 item 4, Slate's status
 * page): the deadline on the applicant's own clock, then what is awaited, received and waived — as lists
 * with the state in words (not colour only), "to do" beside the items the applicant can act on (the
 * application's next-action button on /home opens the form), and the decision letter once released.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchChecklist, type Checklist, type ChecklistItem } from './checklist-api';
import { deadlinePassed, formatDeadline, itemLabel, itemsIn } from './checklist';
import { DecisionReplyForm } from '../decision/DecisionReplyForm';
import { DecisionLetterView } from './DecisionLetterView';

interface Props {
  id: string;
  /** The application token when the page was opened by a link. */
  token?: string | null;
}

const STATES: ChecklistItem['state'][] = ['awaiting', 'received', 'waived'];

/** The checklist of application `id`. */
export function ApplicationChecklist({ id, token }: Props) {
  const { t, i18n } = useTranslation();
  const [checklist, setChecklist] = useState<Checklist | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    fetchChecklist(id, token)
      .then((c) => alive && setChecklist(c))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [id, token]);

  if (failed)
    return (
      <p className="field__hint" role="alert">
        {t('checklist.load_failed')}
      </p>
    );
  if (!checklist) return null;

  return (
    <section className="checklist" aria-labelledby={`checklist-${id}`} data-testid="checklist">
      <h3 id={`checklist-${id}`} className="checklist__title">
        {t('checklist.title')}
      </h3>
      {checklist.decision && (
        <p className="checklist__decision" data-testid="checklist-decision">
          <strong>{t('checklist.decision')}</strong> {t(`checklist.decisions.${checklist.decision.decision}`)}
        </p>
      )}
      {checklist.deadline && (
        <p className="checklist__deadline" data-testid="checklist-deadline">
          <strong>{t(deadlinePassed(checklist.deadline) ? 'checklist.deadline_passed' : 'checklist.deadline')}</strong>{' '}
          <time dateTime={checklist.deadline}>{formatDeadline(checklist.deadline, i18n.language)}</time>
        </p>
      )}
      {STATES.map((state) => {
        const items = itemsIn(checklist, state);
        if (!items.length) return null;
        return (
          <div key={state} className={`checklist__group checklist__group--${state}`}>
            <h4 className="checklist__group-title">{t(`checklist.states.${state}`)}</h4>
            <ul className="checklist__items">
              {items.map((item) => {
                const label = itemLabel(item);
                return (
                  <li key={`${item.kind}:${item.key}`} className={`checklist__item checklist__item--${state}`} data-state={state}>
                    <span aria-hidden="true" className="checklist__mark">
                      {state === 'received' ? '✓' : state === 'waived' ? '–' : '○'}
                    </span>{' '}
                    <span>{t(label.key, label.options)}</span>
                    <span className="visually-hidden">: {t(`checklist.states.${state}`)}</span>
                    {item.action && <span className="checklist__todo"> — {t(`checklist.todo.${item.action}`)}</span>}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
      {checklist.decision && <DecisionLetterView id={id} token={token} />}
      {checklist.decision && <DecisionReplyForm id={id} token={token} />}
    </section>
  );
}
