/**
 * Error summary at the top of a long form (issue 13, WCAG 3.3.1 / 2.4.3): after a submit attempt it
 * lists every field the form marks `aria-invalid="true"`, each a link that moves focus to that field,
 * with the field's label and its error text, and is announced (`role="alert"`). It follows the form as
 * fields are corrected and disappears when none is invalid. It reads the rendered form, so any form
 * built from the shared field components (label `for`, error in `aria-describedby`) gets it.
 */
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** One invalid field as the summary lists it. */
export interface InvalidField {
  id: string;
  label: string;
  error: string;
}

const clean = (text: string | null | undefined) =>
  (text ?? '')
    .replace(/\s*\*\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The invalid fields of `form`, in document order: label from `<label for>` (or the group's legend),
 * error text from the described-by element with class `field__error`.
 */
export function invalidFields(form: HTMLElement): InvalidField[] {
  const seen = new Set<string>();
  const out: InvalidField[] = [];
  for (const control of form.querySelectorAll<HTMLElement>('[aria-invalid="true"][id]')) {
    const describedBy = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const error = describedBy.map((id) => form.querySelector(`#${CSS.escape(id)}`)).find((el) => el?.classList.contains('field__error'));
    // a date's parts are labelled Day, Month, Year: the group's question (its legend) names the field
    const label =
      control.closest('.date-input')?.querySelector('legend .field__label')?.textContent ??
      form.querySelector(`label[for="${CSS.escape(control.id)}"]`)?.textContent ??
      control.closest('fieldset')?.querySelector('legend')?.textContent;
    const key = error?.id ?? control.id;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ id: control.id, label: clean(label), error: clean(error?.textContent) });
  }
  return out;
}

/** Props of {@link ErrorSummary}. */
export interface ErrorSummaryProps {
  /** The form whose fields are summarised. */
  form: RefObject<HTMLFormElement | null>;
  /** Submit attempts so far (0: nothing is shown yet). */
  attempts: number;
}

/** The summary box (nothing before the first failed submit, nor when every field is valid). */
export function ErrorSummary({ form, attempts }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<InvalidField[]>([]);
  // After every render of the form (field errors re-render it), read which fields are invalid now.
  useEffect(() => {
    if (!attempts || !form.current) return;
    const now = invalidFields(form.current);
    setFields((before) => (JSON.stringify(before) === JSON.stringify(now) ? before : now));
  });
  if (!attempts || fields.length === 0) return null;
  return (
    <div className="error-summary form__alert" role="alert" aria-labelledby="error-summary-title" data-testid="error-summary">
      <h3 id="error-summary-title" className="error-summary__title">
        {t('form.error_summary', { count: fields.length })}
      </h3>
      <ul>
        {fields.map((f) => (
          <li key={f.id}>
            <a
              href={`#${f.id}`}
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(f.id)?.focus();
              }}
            >
              {f.error ? `${f.label}: ${f.error}` : f.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
