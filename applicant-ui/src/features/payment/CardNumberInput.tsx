/**
 * The card number grouped as it is typed (issue 27 item 7): "4111 1111 1111 1111", digits only, by the
 * `imask` library — the way the number is printed on the card, so a person can check it group by group.
 * The form gets the grouped text; the payment schema strips the spaces before the card is tokenised.
 *
 * Works with react-hook-form's `register()`: each accepted change is reported through the registered
 * `onChange` with the input as `target`.
 */
import { forwardRef, useCallback, useEffect, useRef, type ChangeEvent, type InputHTMLAttributes } from 'react';
import IMask from 'imask';
import { TextField } from '../../shared/ui/form-fields';
import { assignRef } from '../../shared/ui/assign-ref';

/** Groups of four digits, up to 19 digits (the longest card numbers). */
const CARD_MASK = { mask: '0000 0000 0000 0000 000' } as const;

/** Props of {@link CardNumberInput}: a labelled text input's, with `onChange` receiving the grouped value. */
export type CardNumberInputProps = { label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>;

/** A labelled card number input, grouped in fours as typed. */
export const CardNumberInput = forwardRef<HTMLInputElement, CardNumberInputProps>(function CardNumberInput(
  { label, error, onChange, ...rest },
  ref,
) {
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
    const mask = IMask(el, { ...CARD_MASK });
    const report = () =>
      onChangeRef.current?.({ target: el, currentTarget: el, type: 'change' } as unknown as ChangeEvent<HTMLInputElement>);
    mask.on('accept', report);
    return () => mask.destroy();
  }, []);

  return <TextField ref={setRef} label={label} inputMode="numeric" autoComplete="cc-number" maxLength={23} error={error} {...rest} />;
});
