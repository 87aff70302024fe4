/**
 * Frame shared by the form steps: heading (focused on step change), the sticky save status
 * ({@link SaveStatusBar}), other server errors, the error summary after a failed Next (issue 13), the
 * step's fields (read-only, Next disabled, while maintenance is in progress), Back/Next buttons and the
 * 409 conflict dialog. Save and continue first saves every valid answer (even when the step's checks
 * then fail).
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../shared/ui/Dialog';
import { ErrorSummary } from '../../shared/ui/ErrorSummary';
import { StepActions } from '../../shared/ui/StepActions';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { SaveStatusBar } from './autosave/SaveStatusBar';
import type { StepAutosave } from './autosave/useStepAutosave';
import { MaintenanceReadOnly, useFormOffline } from '../maintenance/MaintenanceReadOnly';
import { useRecheckWhen } from '../maintenance/MaintenanceProvider';

/** Props of {@link StepShell}. */
export interface StepShellProps {
  step: number;
  title: string;
  autosave: StepAutosave;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onBack?: () => void;
  busy: boolean;
  children: ReactNode;
}

/** Step frame with heading, save status, navigation and conflict dialog. */
export function StepShell({ step, title, autosave, onSubmit, onBack, busy, children }: StepShellProps) {
  const { t } = useTranslation();
  const headingRef = useHeadingFocus(step, true);
  const offline = useFormOffline();
  const formRef = useRef<HTMLFormElement>(null);
  const [attempts, setAttempts] = useState(0);
  const { snapshot } = autosave;
  useRecheckWhen(snapshot.state === 'maintenance');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    setAttempts((n) => n + 1);
    void autosave.saveNow(); // every valid answer first, whatever the step's checks say
    onSubmit(e);
  };
  return (
    <form ref={formRef} className="form step-form" noValidate onSubmit={submit} aria-labelledby={`step-${step}-title`}>
      <h2 id={`step-${step}-title`} ref={headingRef} tabIndex={-1} className="step-heading">
        {title}
      </h2>
      <ErrorSummary form={formRef} attempts={attempts} />
      <SaveStatusBar snapshot={snapshot} onRetry={() => void autosave.saveNow()} />
      {snapshot.otherErrors.length > 0 && (
        <ul className="form__alert" role="alert">
          {snapshot.otherErrors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <p className="field__hint">{t('form.required_hint')}</p>
      <MaintenanceReadOnly>{children}</MaintenanceReadOnly>
      <StepActions onBack={onBack} backDisabled={busy}>
        <button type="submit" className="btn btn--primary" disabled={busy || offline}>
          {t('form.next')}
        </button>
      </StepActions>
      <Dialog
        open={snapshot.conflict !== null}
        title={t('conflict.title')}
        onClose={autosave.loadNewer}
        dismissible={false}
        variant="warning"
        actions={
          <>
            <button type="button" className="btn btn--primary" autoFocus onClick={autosave.loadNewer}>
              {t('conflict.load_newer')}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => void autosave.keepMine()}>
              {t('conflict.keep_mine')}
            </button>
          </>
        }
      >
        <p>{t('conflict.text')}</p>
      </Dialog>
    </form>
  );
}
