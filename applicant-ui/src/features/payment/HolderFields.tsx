/**
 * The card holder's fieldset of a card payment (spec §3 creditCardFullName, creditCardBillingZip; issue 11 item
 * 2): the name on the card, the billing country (dropdown `countries`) and its ZIP or postal code — shared by the
 * application fee's step 8 and the enrollment deposit (issue 29 item 2).
 */
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { optionsFor, type Dropdown } from '../../shared/api/dropdowns-api';
import { SelectField, TextField, fieldErrorText } from '../../shared/ui/form-fields';
import { isUs, postalCodeAsked } from '../application/steps/personal/address-rules';
import type { PaymentValues } from './payment.schema';

/** Props of {@link HolderFields}. */
export interface HolderFieldsProps {
  dropdowns: Dropdown[];
  register: UseFormRegister<PaymentValues>;
  errors: FieldErrors<PaymentValues>;
  /** The billing country chosen (the postal code's label and whether it is required follow it). */
  billingCountry: string;
}

/** Name on the card, billing country and postal code, in a fieldset. */
export function HolderFields({ dropdowns, register, errors, billingCountry }: HolderFieldsProps) {
  const { t } = useTranslation();
  const err = (name: keyof PaymentValues) => fieldErrorText(t, errors[name]);
  return (
    <fieldset className="fieldset">
      <legend>{t('payment.holder.legend')}</legend>
      <div className="form-row">
        <TextField
          label={t('payment.holder.name')}
          autoComplete="cc-name"
          maxLength={100}
          required
          error={err('creditCardFullName')}
          {...register('creditCardFullName')}
        />
      </div>
      <div className="form-row">
        <SelectField
          label={t('payment.holder.country')}
          placeholder={t('common.select_placeholder')}
          options={optionsFor(dropdowns, 'countries')}
          autoComplete="billing country-name"
          required
          error={err('creditCardBillingCountry')}
          {...register('creditCardBillingCountry')}
        />
        <TextField
          label={t(isUs(billingCountry) ? 'payment.holder.zip' : 'payment.holder.postal_code')}
          autoComplete="billing postal-code"
          maxLength={20}
          required={isUs(billingCountry) || postalCodeAsked(billingCountry)}
          error={err('creditCardBillingZip')}
          {...register('creditCardBillingZip')}
        />
      </div>
    </fieldset>
  );
}
