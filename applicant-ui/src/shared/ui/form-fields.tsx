/**
 * Labelled form controls for react-hook-form: every control has a visible `<label>`, `aria-invalid`
 * and `aria-describedby` pointing at its hint and error message.
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { FieldError } from 'react-hook-form';
import type { TFunction } from 'i18next';

/** Text of a field error: server errors (type `server`) are shown as sent, client ones are i18n keys. */
export function fieldErrorText(t: TFunction, error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : t(error.message);
}

interface FieldShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  children: ReactNode;
  className?: string;
}

function FieldShell({ id, label, hint, error, required, children, className }: FieldShellProps) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <span className="field__label-row">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {required && (
          <span aria-hidden="true" className="field__required">
            *
          </span>
        )}
      </span>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** Attributes every labelled control carries: id, error state and the ids of its hint and error. */
function controlProps(fid: string, { hint, error, required }: { hint?: unknown; error?: unknown; required?: boolean }) {
  return {
    id: fid,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(fid, hint, error),
  } as const;
}

/** Props shared by the labelled controls. */
interface CommonProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Already translated error text. */
  error?: string;
}

/** Labelled text input. */
export const TextField = forwardRef<HTMLInputElement, CommonProps & InputHTMLAttributes<HTMLInputElement>>(function TextField(
  { label, hint, error, id, required, className, ...rest },
  ref,
) {
  const autoId = useId();
  const fid = id ?? autoId;
  return (
    <FieldShell id={fid} label={label} hint={hint} error={error} required={required} className={className}>
      <input ref={ref} className="field__control" {...controlProps(fid, { hint, error, required })} {...rest} />
    </FieldShell>
  );
});

/** Labelled select; `placeholder` becomes the empty first option. */
export const SelectField = forwardRef<
  HTMLSelectElement,
  CommonProps & SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[]; placeholder: string }
>(function SelectField({ label, hint, error, id, required, options, placeholder, className, ...rest }, ref) {
  const autoId = useId();
  const fid = id ?? autoId;
  return (
    <FieldShell id={fid} label={label} hint={hint} error={error} required={required} className={className}>
      <select ref={ref} className="field__control" {...controlProps(fid, { hint, error, required })} {...rest}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
});

/** Labelled multi-line text input. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, CommonProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(
  function TextAreaField({ label, hint, error, id, required, ...rest }, ref) {
    const autoId = useId();
    const fid = id ?? autoId;
    return (
      <FieldShell id={fid} label={label} hint={hint} error={error} required={required}>
        <textarea ref={ref} className="field__control" rows={4} {...controlProps(fid, { hint, error, required })} {...rest} />
      </FieldShell>
    );
  },
);

/** Labelled checkbox (label after the box). */
export const CheckboxField = forwardRef<HTMLInputElement, CommonProps & InputHTMLAttributes<HTMLInputElement>>(function CheckboxField(
  { label, hint, error, id, ...rest },
  ref,
) {
  const autoId = useId();
  const fid = id ?? autoId;
  return (
    <div className={`field field--checkbox${error ? ' field--invalid' : ''}`}>
      <input ref={ref} type="checkbox" {...controlProps(fid, { hint, error })} {...rest} />
      <label htmlFor={fid}>{label}</label>
      {hint && (
        <p id={`${fid}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${fid}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
});

/** Read-only value shown with its label (e.g. the fixed gender). */
export function ReadOnlyField({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <div className="field field--readonly">
      <span className="field__label">{label}</span>
      <span className="field__value">{value}</span>
    </div>
  );
}
