/**
 * Step indicator: the steps that apply to this application (requirements `steps`), numbered in order,
 * current one marked with aria-current; reached steps are links via `onGo`.
 */
import { useTranslation } from 'react-i18next';
import { stepKey } from './steps/step-config';

/** Ordered list of the applicable steps. */
export function StepIndicator({
  steps,
  current,
  reached,
  onGo,
}: {
  steps: readonly number[];
  current: number;
  reached: number;
  onGo: (step: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('steps.label')} className="step-indicator">
      <ol>
        {steps.map((number, i) => {
          const label = t('steps.item', { number: i + 1, name: t(`steps.${stepKey(number)}`) });
          const state = number === current ? 'current' : number <= reached ? 'reached' : 'todo';
          return (
            <li key={number} className={`step-indicator__item is-${state}`}>
              {state === 'reached' ? (
                <button type="button" className="btn btn--link" onClick={() => onGo(number)}>
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
