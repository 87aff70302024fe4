/**
 * Frame shared by the form steps: heading (focused on step change), the polite save status, other
 * server errors, the error summary after a failed Next (issue 13), the step's fields, Back/Next buttons and the 409 conflict dialog.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../shared/ui/Dialog';
import { ErrorSummary } from '../../shared/ui/ErrorSummary';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import type { StepAutosave } from './autosave/useStepAutosave';

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
  const formRef = useRef<HTMLFormElement>(null);
  const [attempts, setAttempts] = useState(0);
  const statusText =
    autosave.status === 'saving'
      ? t('autosave.saving')
      : autosave.status === 'saved'
        ? t('autosave.saved')
        : autosave.status === 'error' || autosave.status === 'conflict'
          ? t('autosave.failed')
          : '';
  return (
    <form
      ref={formRef}
      className="form step-form"
      noValidate
      onSubmit={(e) => {
        setAttempts((n) => n + 1);
        onSubmit(e);
      }}
      aria-labelledby={`step-${step}-title`}
    >
      <h2 id={`step-${step}-title`} ref={headingRef} tabIndex={-1} className="step-heading">
        {title}
      </h2>
      <ErrorSummary form={formRef} attempts={attempts} />
      <p className={`save-status save-status--${autosave.status}`} aria-live="polite" role="status" data-testid="save-status">
        {statusText}
      </p>
      {autosave.otherErrors.length > 0 && (
        <ul className="form__alert" role="alert">
          {autosave.otherErrors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <p className="field__hint">{t('form.required_hint')}</p>
      {children}
      <div className="step-actions">
        {onBack && (
          <button type="button" className="btn btn--ghost" onClick={onBack} disabled={busy}>
            {t('form.back')}
          </button>
        )}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t('form.next')}
        </button>
      </div>
      <Dialog
        open={autosave.conflict !== null}
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
