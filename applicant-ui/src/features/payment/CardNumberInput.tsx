/**
 * The card number grouped as it is typed (issue 27 item 7): "4111 1111 1111 1111", digits only, by the
 * `imask` library — the way the number is printed on the card, so a person can check it group by group.
 * The form gets the grouped text; the payment schema strips the spaces before the card is tokenised.
 *
 * Works with react-hook-form's `register()`: each accepted change is reported through the registered
 * `onChange` with the input as `target`.
 *
 * The mask library (imask, ~13 kB compressed) loads once the page is idle, not with the payment step (issue 28
 * "Fast on a phone": it is not needed for the step's first paint). Until it arrives the input is a plain numeric
 * field; what was typed meanwhile is grouped when it does (and reported, as any change).
 */
import { forwardRef, useCallback, useEffect, useRef, type ChangeEvent, type InputHTMLAttributes } from 'react';
import type { InputMask } from 'imask';
import { TextField } from '../../shared/ui/form-fields';
import { assignRef } from '../../shared/ui/assign-ref';
import { whenIdle } from '../../shared/lib/idle';

let imask: Promise<typeof import('imask')> | undefined;
/** Loads the mask library (once, then kept). @returns it, once loaded: the inputs waiting for it are masked by then */
export const loadCardMask = () => (imask ??= import('imask'));

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
    const report = () =>
      onChangeRef.current?.({ target: el, currentTarget: el, type: 'change' } as unknown as ChangeEvent<HTMLInputElement>);
    let mask: InputMask<typeof CARD_MASK> | undefined;
    let unmounted = false;
    const cancelIdle = whenIdle(() => {
      void loadCardMask().then(({ default: IMask }) => {
        if (unmounted) return;
        const typed = el.value;
        mask = IMask(el, { ...CARD_MASK });
        mask.on('accept', report);
        // digits typed before the mask arrived are grouped now: the form hears of it like any change
        if (el.value !== typed) report();
      });
    });
    return () => {
      unmounted = true;
      cancelIdle();
      mask?.destroy();
    };
  }, []);

  return <TextField ref={setRef} label={label} inputMode="numeric" autoComplete="cc-number" maxLength={23} error={error} {...rest} />;
});
