/** Small field helpers shared by the form steps: the MM/DD/YYYY date input (re-exported) and the option-list select. */
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { optionsFor, type Dropdown, type DropdownOption } from '../../../shared/api/dropdowns-api';
import { SelectField } from '../../../shared/ui/form-fields';

/** The MM/DD/YYYY date input every step uses (digits only on a phone; see shared/ui/DateInput). */
export { DateInput } from '../../../shared/ui/DateInput';

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
