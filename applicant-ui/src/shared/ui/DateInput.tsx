/**
 * A date field a person can type on a phone (issue 10 item 2, spec §3): digits only on a numeric keypad,
 * the slashes added as they type (`03151998` → `03/15/1998`, by the `imask` library), a typed "/" after a
 * one-digit month or day pads it (`3/` → `03/`), and a pasted or autofilled `3/15/1998` or `1998-03-15`
 * becomes `03/15/1998`. The value handed to the form (and so to the server) is always MM/DD/YYYY text.
 *
 * Works with react-hook-form's `register()`: the mask's accepted value is reported through the
 * registered `onChange` with the input as `target`, and a value the form sets from outside (reset,
 * server data) is taken over by the mask before the next keystroke.
 */
import { forwardRef, useCallback, useEffect, useRef, type ChangeEvent, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import IMask from 'imask';
import { normaliseDateText, padOnSlash, US_DATE_MASK } from '../lib/date-mask';
import { TextField } from './form-fields';

/** Props of {@link DateInput}: a labelled text input's, with `onChange` receiving the masked value. */
export type DateInputProps = { label: string; hint?: string; error?: string } & InputHTMLAttributes<HTMLInputElement>;

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/** A labelled MM/DD/YYYY date input (hint and placeholder say so). */
export const DateInput = forwardRef<HTMLInputElement, DateInputProps>(function DateInput({ label, hint, error, onChange, ...rest }, ref) {
  const { t } = useTranslation();
  const elRef = useRef<HTMLInputElement | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const setRef = useCallback(
    (el: HTMLInputElement | null) => {
      elRef.current = el;
      assignRef(ref, el);
    },
    [ref],
  );

  useEffect(() => {
    const el = elRef.current;
    if (!el) return;
    const mask = IMask(el, { ...US_DATE_MASK });
    let reported = el.value;
    const report = () => {
      if (el.value === reported) return;
      reported = el.value;
      onChangeRef.current?.({ target: el, currentTarget: el, type: 'change' } as unknown as ChangeEvent<HTMLInputElement>);
    };
    /** Takes over a value set from outside (form reset, server data) before the person edits it. */
    const sync = () => {
      if (el.value === mask.value) return;
      reported = el.value;
      const normalised = normaliseDateText(el.value);
      mask.value = normalised ?? el.value;
      report();
    };
    const setWhole = (text: string) => {
      mask.value = text;
      mask.cursorPos = mask.value.length;
      report();
    };
    const onPaste = (e: ClipboardEvent) => {
      const normalised = normaliseDateText(e.clipboardData?.getData('text') ?? '');
      if (!normalised) return;
      e.preventDefault();
      setWhole(normalised);
    };
    const onSlash = (e: Event, typed: string | null | undefined) => {
      if (typed !== '/' || el.selectionStart !== el.selectionEnd || el.selectionStart !== el.value.length) return;
      const padded = padOnSlash(el.value);
      if (!padded) return;
      e.preventDefault();
      setWhole(padded);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      sync();
      onSlash(e, e.key);
    };
    const onBeforeInput = (e: InputEvent) => {
      sync();
      // the mask learns the selection on keydown only; a paste, an autofill or a select-all then
      // typed text (no keydown) must not be diffed against a stale one
      mask._saveSelection();
      if (!e.defaultPrevented) onSlash(e, e.data);
    };
    // Capture phase: the sync runs before the mask's own focus/keydown handlers read the value.
    mask.on('accept', report);
    el.addEventListener('focus', sync, true);
    el.addEventListener('keydown', onKeyDown, true);
    el.addEventListener('beforeinput', onBeforeInput, true);
    el.addEventListener('paste', onPaste);
    return () => {
      el.removeEventListener('focus', sync, true);
      el.removeEventListener('keydown', onKeyDown, true);
      el.removeEventListener('beforeinput', onBeforeInput, true);
      el.removeEventListener('paste', onPaste);
      mask.destroy();
    };
  }, []);

  return (
    <TextField
      ref={setRef}
      label={label}
      hint={hint ?? t('fields.date_hint')}
      placeholder={t('fields.date_placeholder')}
      inputMode="numeric"
      maxLength={10}
      error={error}
      {...rest}
    />
  );
});
