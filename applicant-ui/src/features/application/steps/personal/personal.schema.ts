/**
 * Step 1 "Personal" (DESIGN §3): zod schemas and record ↔ form mapping. Messages are i18n keys.
 * `personalSchema` (complete: required fields enforced) guards Next; `personalDraftSchema` (formats
 * only, empty allowed) decides which fields autosave may send while the applicant types.
 */
import { z } from 'zod';
import type { ApplicationRecord } from '../../api/application-types';
import { birthDateField, choiceField, emailField, optionalText, phoneField, requireIf, requiredText } from '../field-rules';
import { countryOrDefault, isUs, phoneFits, phoneForDisplay, postalCodeAsked, postalCodeFits } from './address-rules';

/** The program choice fields, saved together. */
export const PROGRAM_CHOICE_FIELDS = ['fieldOfInterest', 'semesterApplied', 'location'] as const;

/** Editable fields of step 1, in form order (gender is shown read-only). */
export const PERSONAL_FIELDS = [
  'fieldOfInterest',
  'semesterApplied',
  'location',
  'firstName',
  'lastName',
  'email',
  'dateOfBirth',
  'addressCountry',
  'addressLine1',
  'addressLine2',
  'addressCity',
  'addressState',
  'addressRegion',
  'addressZip',
  'maritalStatus',
  'contactName',
  'cellPhone',
  'howHeard',
] as const;

function build(complete: boolean) {
  return z.object({
    // the program choice is never saved empty (the component sends the three together, once consistent)
    fieldOfInterest: requiredText(200),
    semesterApplied: z.string().trim().min(1, 'validation.choose').max(50, 'validation.too_long'),
    location: optionalText(50),
    // identity fields are never saved empty, even as a draft
    firstName: requiredText(100),
    lastName: requiredText(100),
    email: emailField(true),
    dateOfBirth: birthDateField(complete),
    addressCountry: z.string(),
    // the address follows the country (checked together below and by the server, which answers 422 on a
    // postal code that is not the country's while typing)
    addressLine1: optionalText(200),
    addressLine2: optionalText(200),
    addressCity: optionalText(100),
    addressState: choiceField(false),
    addressRegion: optionalText(100),
    addressZip: optionalText(20),
    maritalStatus: choiceField(complete),
    contactName: optionalText(100),
    cellPhone: phoneField(complete),
    howHeard: choiceField(false),
  });
}

/**
 * Complete step-1 schema (Next): the draft's formats plus the rules of the applicant's country — US:
 * state and a ZIP code; elsewhere: the country's postal code where it has them (`address-rules.ts`); the
 * cell phone a valid number of the country (or written with + and another country's code).
 */
export const personalSchema = build(true).superRefine((v, ctx) => {
  const country = countryOrDefault(v.addressCountry);
  const us = isUs(country);
  requireIf(ctx, us, v.addressState, ['addressState'], 'validation.choose');
  const zip = v.addressZip.trim();
  if (zip === '') {
    if (us) ctx.addIssue({ code: 'custom', message: 'validation.zip_required', path: ['addressZip'] });
    else if (postalCodeAsked(country)) ctx.addIssue({ code: 'custom', message: 'validation.postal_code_required', path: ['addressZip'] });
  } else if (!postalCodeFits(country, zip)) {
    ctx.addIssue({ code: 'custom', message: us ? 'validation.zip' : 'validation.postal_code', path: ['addressZip'] });
  }
  if (v.cellPhone.trim() !== '' && !phoneFits(country, v.cellPhone)) {
    ctx.addIssue({ code: 'custom', message: 'validation.phone_country', path: ['cellPhone'] });
  }
});

/** Draft step-1 schema (autosave: formats only). */
export const personalDraftSchema = build(false);

/** Step-1 form values (all strings; '' = not answered). */
export type PersonalValues = z.infer<typeof personalSchema>;

const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));

/** Maps a record to step-1 form values (null/absent → ''; no country = United States as the server reads it). */
export function personalFromRecord(record: Partial<ApplicationRecord>): PersonalValues {
  const values = Object.fromEntries(PERSONAL_FIELDS.map((f) => [f, str(record[f])])) as PersonalValues;
  // stored E.164 (+14165550199) is shown the way the applicant's country writes it
  values.addressCountry = countryOrDefault(values.addressCountry);
  if (values.cellPhone) values.cellPhone = phoneForDisplay(values.cellPhone, values.addressCountry);
  return values;
}
