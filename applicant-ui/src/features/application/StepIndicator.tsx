/** Step indicator: the steps available in this build (1 Personal, 2 Family), current one marked with aria-current. */
import { useTranslation } from 'react-i18next';
import { APPLICATION_STEPS } from './steps/step-config';

/** Ordered list of steps; reached steps are links via `onGo`. */
export function StepIndicator({ current, reached, onGo }: { current: number; reached: number; onGo: (step: number) => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('steps.label')} className="step-indicator">
      <ol>
        {APPLICATION_STEPS.map((s) => {
          const label = t('steps.item', { number: s.number, name: t(`steps.${s.key}`) });
          const state = s.number === current ? 'current' : s.number <= reached ? 'reached' : 'todo';
          return (
            <li key={s.number} className={`step-indicator__item is-${state}`}>
              {state === 'reached' ? (
                <button type="button" className="btn btn--link" onClick={() => onGo(s.number)}>
                  {label}
                </button>
              ) : (
                <span aria-current={state === 'current' ? 'step' : undefined}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
