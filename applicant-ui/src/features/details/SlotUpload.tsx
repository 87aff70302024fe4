/**
 * One file slot of the documents step: its label (required or optional), the stored upload with
 * Remove, the file control (Choose / Replace), the chosen file's state (checking, uploading, errors) and
 * the upload progress bar. The control's id is `file-<slot>` (focused after an error); it stays the
 * same element after an upload (its chosen file is cleared). The control is disabled while its file is
 * sent, which drops focus to `<body>`; when the upload ends, focus returns to the control the file was
 * chosen with, unless the person has moved on to another element meanwhile (issue 13).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { acceptFor } from './slots';
import type { SlotState } from './upload-machine';

/** Props of {@link SlotUpload}. */
export interface SlotUploadProps {
  slot: string;
  required: boolean;
  state: SlotState;
  /** The store is checking or uploading (controls disabled). */
  busy: boolean;
  onChoose: (file: File | null) => void;
  onRemove: () => void;
}

/** The id of a slot's file input. */
export const fileInputId = (slot: string) => `file-${slot}`;

/** Human file size (kB / MB) in the current locale. */
export function formatSize(bytes: number | null, locale: string): string {
  if (bytes === null) return '';
  const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return bytes >= 1024 * 1024 ? `${nf.format(bytes / (1024 * 1024))} MB` : `${nf.format(Math.max(1, Math.round(bytes / 1024)))} kB`;
}

/** One slot row. */
export function SlotUpload({ slot, required, state, busy, onChoose, onRemove }: SlotUploadProps) {
  const { t } = useTranslation();
  const id = fileInputId(slot);
  const label = t(`slots.${slot}`, { defaultValue: slot });
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const hasErrors = state.errors.length > 0;
  const uploading = state.progress !== null;
  const status =
    uploading || (state.file && state.validated)
      ? t('details.slot.uploading')
      : state.file && !hasErrors
        ? t('details.slot.checking', { name: state.name })
        : '';
  const inputRef = useRef<HTMLInputElement>(null);
  const disabled = busy && uploading;
  /** A file was chosen with this control and focus is to come back to it once it is enabled again. */
  const returnFocus = useRef(false);
  useEffect(() => {
    const input = inputRef.current;
    if (disabled || !returnFocus.current || !input) return;
    returnFocus.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) input.focus();
  }, [disabled]);
  // once the chosen file is stored (or cleared), the control shows no file again
  useEffect(() => {
    if (!state.file && inputRef.current) inputRef.current.value = '';
  }, [state.file, state.uploaded]);
  return (
    <li className={`slot${hasErrors ? ' field--invalid' : ''}`} data-slot={slot}>
      <div className="slot__head">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        <span className={`slot__badge${required ? ' slot__badge--required' : ''}`}>
          {required ? t('details.slot.required') : t('details.slot.optional')}
        </span>
      </div>
      {state.uploaded ? (
        <p className="slot__stored">
          <span aria-hidden="true">✓ </span>
          {t('details.slot.uploaded', { name: state.uploaded.name, size: formatSize(state.uploaded.size, currentLocale()) })}{' '}
          <button type="button" className="btn btn--link" onClick={onRemove} disabled={busy}>
            {t('details.slot.remove')}
            <span className="visually-hidden"> {label}</span>
          </button>
        </p>
      ) : (
        <p className="slot__stored slot__stored--empty">{t('details.slot.none')}</p>
      )}
      <span className="field__hint" id={`${id}-hint`}>
        {state.uploaded ? t('details.slot.replace_hint') : slot === 'picture' ? t('details.slot.picture_hint') : t('details.slot.hint')}
      </span>
      <input
        ref={inputRef}
        id={id}
        type="file"
        className="field__control slot__input"
        accept={acceptFor(slot)}
        disabled={disabled}
        aria-invalid={hasErrors || undefined}
        aria-describedby={[`${id}-hint`, status ? statusId : '', hasErrors ? errorId : ''].filter(Boolean).join(' ')}
        onChange={(e) => {
          returnFocus.current = true;
          onChoose(e.currentTarget.files?.[0] ?? null);
        }}
      />
      {status && (
        <p id={statusId} className="slot__status">
          {status}
        </p>
      )}
      {uploading && (
        <div
          className="progress"
          role="progressbar"
          aria-label={t('details.slot.progress', { name: label })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={state.progress ?? 0}
        >
          <div className="progress__bar" style={{ width: `${state.progress ?? 0}%` }} />
        </div>
      )}
      {hasErrors && (
        <ul id={errorId} className="field__error slot__errors" data-testid={`errors-${slot}`}>
          {state.errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
