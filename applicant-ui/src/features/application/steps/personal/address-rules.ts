/**
 * Issue 11 item 2 "applicants from anywhere", the applicant's side of the server's address rules
 * (server `applications/address-rules.ts`): step 1's address and phone follow `addressCountry` (a value
 * of the `countries` dropdown; empty = United States). In the United States: a state and a ZIP code;
 * elsewhere: a free province/region and the country's postal code, checked by `postcode-validator` (not
 * asked where the library knows no postal codes). Phone numbers are read by `libphonenumber-js` with the
 * country as default; the server stores them as E.164 and the form shows them in national format.
 */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

// the browser build of i18n-iso-countries ships no names until a locale is registered
countries.registerLocale(en);

/** The country of applications that name none. */
export const DEFAULT_COUNTRY = 'United States';

let regionNames: Intl.DisplayNames | undefined;

/**
 * The ISO 3166-1 alpha-2 code of a country as the `countries` dropdown names it: any English name or
 * alias of `i18n-iso-countries`, else the common short name the browser gives the code ('Brunei', 'Laos').
 * @returns the code, or undefined for an unknown name
 */
export function countryCodeOf(name: string): string | undefined {
  const direct = countries.getAlpha2Code(name, 'en');
  if (direct) return direct;
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return Object.keys(countries.getAlpha2Codes()).find((code) => regionNames!.of(code) === name);
}

/** The effective country of a form value ('' → United States). */
export const countryOrDefault = (country: string | null | undefined): string => (country ? country : DEFAULT_COUNTRY);

/** True for the United States (state + ZIP asked). */
export const isUs = (country: string | null | undefined): boolean => countryOrDefault(country) === DEFAULT_COUNTRY;

/** True when the country has postal codes the library checks (the postal code is then required). */
export function postalCodeAsked(country: string | null | undefined): boolean {
  const code = countryCodeOf(countryOrDefault(country));
  return code !== undefined && postcodeValidatorExistsForCountry(code);
}

/** True when `postal` is a postal code of `country` (any text where the library has no rule). */
export function postalCodeFits(country: string | null | undefined, postal: string): boolean {
  const code = countryCodeOf(countryOrDefault(country));
  if (!code || !postcodeValidatorExistsForCountry(code)) return true;
  return postcodeValidator(postal.trim(), code);
}

function parsePhone(phone: string, country: string | null | undefined) {
  const code = countryCodeOf(countryOrDefault(country));
  return parsePhoneNumberFromString(phone, { defaultCountry: code as CountryCode | undefined });
}

/** True when `phone` is a valid number of `country`, or of any country when written with + and its code. */
export function phoneFits(country: string | null | undefined, phone: string): boolean {
  return parsePhone(phone, country)?.isValid() ?? false;
}

/**
 * A stored E.164 phone number as the form shows it: national format when it is a number of `country`,
 * international format when it is another country's; anything else (saved before E.164) unchanged.
 */
export function phoneForDisplay(phone: string, country: string | null | undefined): string {
  if (!/^\+\d+$/.test(phone)) return phone; // a number saved before E.164 stays as typed
  const number = parsePhone(phone, country);
  if (!number?.isValid()) return phone;
  return number.country === countryCodeOf(countryOrDefault(country)) ? number.formatNational() : number.formatInternational();
}
