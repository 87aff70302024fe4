/**
 * A date a person enters without being misread (issue 27 item 1; issue 10 item 2 for phones): the GOV.UK
 * "date input" pattern — a group (`<fieldset>` whose `<legend>` is the question) of three labelled fields,
 * day, month and year, in the order the page's language writes dates (es D/M/Y, en M/D/Y, zh-CN Y/M/D,
 * read from `Intl`), each on a numeric keypad, with one hint and one error message for the group. Nothing
 * is guessed: 05 in the Day field is the fifth, whatever the language. The value handed to the form (and so
 * to the server) stays spec §3's MM/DD/YYYY text (see `wireDate`).
 *
 * Works with react-hook-form's `register()`: the registered element is a hidden input holding the wire
 * value; typing in a part sets it and reports it through the registered `onChange` (with the hidden input
 * as `target`), leaving the group reports `onBlur`, and a value the form writes into it (a reset, server
 * data) fills the three parts.
 */
import { forwardRef, useCallback, useId, useRef, useState, type ChangeEvent, type FocusEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { datePartOrder, datePartsOf, wireDate, type DatePart, type DateParts } from '../lib/date-parts';
import { assignRef } from './assign-ref';

/** Props of {@link DateInput}: the question, an optional hint and the group's error, plus `register()`'s props. */
export type DateInputProps = { label: string; hint?: string; error?: string } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'onChange' | 'onBlur' | 'required' | 'disabled' | 'autoComplete' | 'id'
>;

/** Characters each part takes (its width follows). */
const PART_LENGTH: Record<DatePart, number> = { day: 2, month: 2, year: 4 };

/** The native `value` property of inputs, to write the hidden input without passing through its watcher. */
const nativeValue = () => Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;

/** A date entered as day, month and year (see the module's description). */
export const DateInput = forwardRef<HTMLInputElement, DateInputProps>(function DateInput(
  { label, hint, error, name, onChange, onBlur, required, disabled, autoComplete, id },
  ref,
) {
  const { t, i18n } = useTranslation();
  const autoId = useId();
  const gid = id ?? autoId;
  const [parts, setParts] = useState<DateParts>(() => datePartsOf(''));
  const hidden = useRef<HTMLInputElement | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  /** The hidden input: a value written into it from outside (react-hook-form) fills the parts. */
  const setRef = useCallback(
    (el: HTMLInputElement | null) => {
      hidden.current = el;
      if (el) {
        const native = nativeValue();
        Object.defineProperty(el, 'value', {
          configurable: true,
          get: () => native.get!.call(el) as string,
          set: (value: unknown) => {
            const text = value == null ? '' : String(value);
            native.set!.call(el, text);
            setParts((shown) => (wireDate(shown) === text ? shown : datePartsOf(text)));
          },
        });
      }
      assignRef(ref, el);
    },
    [ref],
  );

  const change = (part: DatePart) => (event: ChangeEvent<HTMLInputElement>) => {
    const digits = event.target.value.replace(/\D/g, '').slice(0, PART_LENGTH[part]);
    const next = { ...parts, [part]: digits };
    setParts(next);
    const el = hidden.current;
    if (!el) return;
    const wire = wireDate(next);
    const native = nativeValue();
    if (wire === native.get!.call(el)) return;
    native.set!.call(el, wire);
    onChangeRef.current?.({ target: el, currentTarget: el, type: 'change' } as unknown as ChangeEvent<HTMLInputElement>);
  };

  /** Focus leaving the group (not moving between its parts) is the field's blur. */
  const leave = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    const el = hidden.current;
    if (el) onBlur?.({ target: el, currentTarget: el, type: 'blur' } as unknown as FocusEvent<HTMLInputElement>);
  };

  const hintId = `${gid}-hint`;
  const errorId = `${gid}-error`;
  const describedBy = [hintId, error ? errorId : ''].filter(Boolean).join(' ');
  const order = datePartOrder(i18n.language);
  return (
    <fieldset
      className={`field date-input${error ? ' field--invalid' : ''}`}
      role="group"
      aria-describedby={describedBy}
      onBlur={leave}
      data-date-input={name}
    >
      <legend className="field__label-row">
        <span className="field__label">{label}</span>
        {required && (
          <span aria-hidden="true" className="field__required">
            *
          </span>
        )}
      </legend>
      <p id={hintId} className="field__hint">
        {hint ?? t('fields.date_hint')}
      </p>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      <div className="date-input__parts">
        {order.map((part, index) => (
          <div key={part} className={`date-input__item date-input__item--${part}`}>
            <label htmlFor={index === 0 ? gid : `${gid}-${part}`} className="date-input__label">
              {t(`fields.date_${part}`)}
            </label>
            <input
              id={index === 0 ? gid : `${gid}-${part}`}
              className="field__control date-input__control"
              data-date-part={part}
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={PART_LENGTH[part]}
              size={PART_LENGTH[part] + 1}
              autoComplete={autoComplete === 'bday' ? `bday-${part}` : 'off'}
              value={parts[part]}
              onChange={change(part)}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-required={required || undefined}
              aria-describedby={describedBy}
            />
          </div>
        ))}
      </div>
      <input type="hidden" ref={setRef} name={name} />
    </fieldset>
  );
});
