/** Small field helpers shared by the form steps: a MM/DD/YYYY date input and the option-list select. */
import { forwardRef, type InputHTMLAttributes, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { optionsFor, type Dropdown, type DropdownOption } from '../../../shared/api/dropdowns-api';
import { SelectField, TextField } from '../../../shared/ui/form-fields';

/** A date written MM/DD/YYYY (hint and placeholder say so). */
export const DateInput = forwardRef<HTMLInputElement, { label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>>(
  function DateInput({ label, error, ...rest }, ref) {
    const { t } = useTranslation();
    return (
      <TextField
        ref={ref}
        label={label}
        hint={t('fields.date_hint')}
        placeholder={t('fields.date_placeholder')}
        inputMode="numeric"
        maxLength={10}
        error={error}
        {...rest}
      />
    );
  },
);

/** A select whose options come from dropdown `list` (GET /api/dropdowns), plus `extra` options not in it. */
export const OptionSelect = forwardRef<
  HTMLSelectElement,
  {
    label: string;
    error?: string;
    dropdowns: readonly Dropdown[];
    list: string;
    extra?: DropdownOption[];
  } & SelectHTMLAttributes<HTMLSelectElement>
>(function OptionSelect({ label, error, dropdowns, list, extra = [], ...rest }, ref) {
  const { t } = useTranslation();
  const options = optionsFor(dropdowns, list);
  const all = [...options, ...extra.filter((e) => !options.some((o) => o.value === e.value))];
  return <SelectField ref={ref} label={label} placeholder={t('common.select_placeholder')} options={all} error={error} {...rest} />;
});
