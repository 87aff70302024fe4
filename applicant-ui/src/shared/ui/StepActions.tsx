/**
 * The row of buttons under a form step (class `step-actions`): Back (a ghost button, when the step has a way
 * back) and the step's own primary action, given as `children` (Next, Submit, Pay…). One component so that every
 * step's actions look, order and disable the same way.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of {@link StepActions}. */
export interface StepActionsProps {
  /** Back's handler; without it there is no Back button. */
  onBack?: () => void;
  /** Back is disabled (e.g. while the step submits). */
  backDisabled?: boolean;
  /** The step's primary action(s), after Back. */
  children: ReactNode;
}

/** Back, then the step's primary action. */
export function StepActions({ onBack, backDisabled, children }: StepActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="step-actions">
      {onBack && (
        <button type="button" className="btn btn--ghost" onClick={onBack} disabled={backDisabled}>
          {t('form.back')}
        </button>
      )}
      {children}
    </div>
  );
}
