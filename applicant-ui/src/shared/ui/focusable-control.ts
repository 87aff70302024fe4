/**
 * Where focus goes for a form control found by its `name`: the control itself, or — for a date entered
 * in three parts (`DateInput`, whose named element is a hidden input holding the wire value) — the
 * group's first part.
 */
export function focusableControl(el: HTMLElement): HTMLElement {
  if (el instanceof HTMLInputElement && el.type === 'hidden') {
    return el.closest('.date-input')?.querySelector<HTMLElement>('[data-date-part]') ?? el;
  }
  return el;
}
