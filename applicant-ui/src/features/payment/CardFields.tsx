/**
 * The card fields the browser tokenises (number, expiry month and year from the `months` and
 * `cardYears` option lists, CVV). With the fake gateway a notice says clearly that this is test mode
 * and no real card is charged. The values are never sent to our server.
 */
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { optionsFor, type Dropdown, type DropdownOption } from '../../shared/api/dropdowns-api';
import { SelectField, TextField, fieldErrorText } from '../../shared/ui/form-fields';
import { CardNumberInput } from './CardNumberInput';
import type { GatewayKind } from './payment-api';
import type { PaymentValues } from './payment.schema';

/** Months 01–12 (spec §3) when the option list is not available. */
const FALLBACK_MONTHS: DropdownOption[] = Array.from({ length: 12 }, (_, i) => {
  const m = String(i + 1).padStart(2, '0');
  return { value: m, label: m };
});

/** Card years: this year and 20 more (spec §9) when the option list is not available. */
function fallbackYears(): DropdownOption[] {
  const y = new Date().getFullYear();
  return Array.from({ length: 21 }, (_, i) => ({ value: String(y + i), label: String(y + i) }));
}

/** Props of {@link CardFields}. */
export interface CardFieldsProps {
  gateway: GatewayKind;
  dropdowns: Dropdown[];
  register: UseFormRegister<PaymentValues>;
  errors: FieldErrors<PaymentValues>;
}

/** Card number, expiry and CVV in a fieldset. */
export function CardFields({ gateway, dropdowns, register, errors }: CardFieldsProps) {
  const { t } = useTranslation();
  const months = optionsFor(dropdowns, 'months');
  const years = optionsFor(dropdowns, 'cardYears');
  const err = (name: keyof PaymentValues) => fieldErrorText(t, errors[name]);
  return (
    <fieldset className="fieldset card-fields">
      <legend>{t('payment.card.legend')}</legend>
      {gateway === 'fake' && (
        <div className="notice notice--test" role="note" data-testid="test-mode">
          <strong>{t('payment.card.test_mode')}</strong>
          <p>{t('payment.card.test_mode_hint')}</p>
        </div>
      )}
      <CardNumberInput label={t('payment.card.number')} required error={err('cardNumber')} {...register('cardNumber')} />
      <div className="form-row">
        <SelectField
          label={t('payment.card.exp_month')}
          placeholder={t('common.select_placeholder')}
          options={months.length ? months : FALLBACK_MONTHS}
          autoComplete="cc-exp-month"
          required
          error={err('expMonth')}
          {...register('expMonth')}
        />
        <SelectField
          label={t('payment.card.exp_year')}
          placeholder={t('common.select_placeholder')}
          options={years.length ? years : fallbackYears()}
          autoComplete="cc-exp-year"
          required
          error={err('expYear')}
          {...register('expYear')}
        />
        <TextField
          label={t('payment.card.cvv')}
          hint={t('payment.card.cvv_hint')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          required
          error={err('cvv')}
          {...register('cvv')}
        />
      </div>
    </fieldset>
  );
}
