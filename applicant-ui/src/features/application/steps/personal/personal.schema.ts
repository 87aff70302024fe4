/**
 * Step 1 "Personal" (DESIGN §3): zod schemas and record ↔ form mapping. Messages are i18n keys.
 * `personalSchema` (complete: required fields enforced) guards Next; `personalDraftSchema` (formats
 * only, empty allowed) decides which fields autosave may send while the applicant types.
 */
import { z } from 'zod';
import type { ApplicationRecord } from '../../api/application-types';
import { birthDateField, choiceField, emailField, optionalText, phoneField, requiredText, zipField } from '../field-rules';

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
  'addressState',
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
    addressState: choiceField(complete),
    addressZip: zipField(complete),
    maritalStatus: choiceField(complete),
    contactName: optionalText(100),
    cellPhone: phoneField(complete),
    howHeard: choiceField(false),
  });
}

/** Complete step-1 schema (Next). */
export const personalSchema = build(true);

/** Draft step-1 schema (autosave: formats only). */
export const personalDraftSchema = build(false);

/** Step-1 form values (all strings; '' = not answered). */
export type PersonalValues = z.infer<typeof personalSchema>;

const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));

/** Maps a record to step-1 form values (null/absent → ''). */
export function personalFromRecord(record: Partial<ApplicationRecord>): PersonalValues {
  return Object.fromEntries(PERSONAL_FIELDS.map((f) => [f, str(record[f])])) as PersonalValues;
}
