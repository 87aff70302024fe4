import { parsePhoneNumberFromString, type CountryCode as PhoneCountry } from 'libphonenumber-js';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { FieldErrorMessage } from '../../common/errors/api.exception.js';
import { countryCodeOf } from '../dropdowns/dropdowns.seed-data.js';

/**
 * Issue 11 item 2 "applicants from anywhere": the address and phone rules of step 1 follow
 * `addressCountry` (a value of the `countries` dropdown; absent = United States, the records made before
 * the field existed). In the United States the address is `addressState` (dropdown `states`) and
 * `addressZip` (a ZIP code); elsewhere it is `addressRegion` (free province/region text, optional) and
 * `addressZip` holds the country's postal code. Postal codes are checked per country by
 * `postcode-validator` (countries it has no rule for — many have no postal codes — take any short text
 * and do not require one); phone numbers are parsed by `libphonenumber-js` with the country as the
 * default (a number starting with + may be from anywhere) and stored as E.164 (`+14165550199`).
 */

/** The country of records that name none. */
export const DEFAULT_COUNTRY = 'United States';

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The country of an application's answers (`addressCountry`, else United States). */
export function countryOf(answers: Record<string, unknown>): string {
  return typeof answers.addressCountry === 'string' && answers.addressCountry ? answers.addressCountry : DEFAULT_COUNTRY;
}

/** True when the answers' country is the United States (state + ZIP asked). */
export function isUsAddress(answers: Record<string, unknown>): boolean {
  return countryOf(answers) === DEFAULT_COUNTRY;
}

/** True when a postal code is asked (and required) for the country: the library has a rule for it. */
export function postalCodeAsked(country: string): boolean {
  const code = countryCodeOf(country);
  return code !== undefined && postcodeValidatorExistsForCountry(code);
}

/** True when `postal` is a valid postal code of `country` (any text for a country without a rule). */
export function isValidPostalCode(country: string, postal: string): boolean {
  const code = countryCodeOf(country);
  if (!code || !postcodeValidatorExistsForCountry(code)) return true;
  return postcodeValidator(postal.trim(), code);
}

/**
 * A phone number in E.164 form, read with `country` as the default for numbers written nationally.
 * @returns the E.164 string (`+972501234567`), or undefined when it is not a valid number
 */
export function toE164(phone: string, country: string): string | undefined {
  const number = parsePhoneNumberFromString(phone, { defaultCountry: countryCodeOf(country) as PhoneCountry | undefined });
  return number?.isValid() ? number.number : undefined;
}

/**
 * The postal code of saved answers checked against their country (submit re-checks it: the country may
 * have changed after the code was saved).
 * @returns `{ addressZip: [validation.isUsZip | validation.postalCode {country}] }`, or {} when fine or absent
 */
export function postalCodeErrors(answers: Record<string, unknown>): Record<string, FieldErrorMessage[]> {
  const country = countryOf(answers);
  const postal = answers.addressZip;
  if (typeof postal !== 'string' || !postal || isValidPostalCode(country, postal)) return {};
  return { addressZip: [{ key: isUsAddress(answers) ? 'validation.isUsZip' : 'validation.postalCode', params: { country } }] };
}

/**
 * The address rules of one save (`PATCH`), against the merged record (saved answers with this patch
 * applied). Writes `cellPhone` back into `patch` as E.164 when valid. A country change alone is
 * accepted (the client clears what no longer fits); submit re-checks the postal code.
 * @returns field errors: `addressState` outside the US (`validation.onlyInUs`), `addressRegion` in the
 *   US (`validation.onlyOutsideUs`), a sent `addressZip` not a postal code of the country
 *   (`validation.postalCode` {country}, `validation.isUsZip` in the US), likewise a sent
 *   `creditCardBillingZip` for `creditCardBillingCountry`, `cellPhone` not a valid number
 *   of the country or with a + country code (`validation.phoneNumber` {country})
 */
export function addressErrors(patch: Record<string, unknown>, merged: Record<string, unknown>): Record<string, FieldErrorMessage[]> {
  const errors: Record<string, FieldErrorMessage[]> = patch.addressZip ? postalCodeErrors(merged) : {};
  const country = countryOf(merged);
  const us = isUsAddress(merged);
  if (!us && present(patch.addressState)) errors.addressState = [{ key: 'validation.onlyInUs' }];
  if (us && present(patch.addressRegion)) errors.addressRegion = [{ key: 'validation.onlyOutsideUs' }];
  if (typeof patch.creditCardBillingZip === 'string' && patch.creditCardBillingZip) {
    // the payment step's billing postal code follows the billing country (default United States)
    const billing = { addressCountry: merged.creditCardBillingCountry, addressZip: patch.creditCardBillingZip };
    const wrong = postalCodeErrors(billing).addressZip;
    if (wrong) errors.creditCardBillingZip = wrong;
  }
  if (typeof patch.cellPhone === 'string' && patch.cellPhone) {
    const e164 = toE164(patch.cellPhone, country);
    if (e164) patch.cellPhone = e164;
    else errors.cellPhone = [{ key: 'validation.phoneNumber', params: { country } }];
  }
  return errors;
}
