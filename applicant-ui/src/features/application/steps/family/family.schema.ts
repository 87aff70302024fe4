/**
 * Step 2 "Family" (DESIGN §3): father, mother, spouse (only when married) and the emergency contact
 * {name, phone, email, relationship}. `createFamilySchema(married)` is the complete schema (Next);
 * `familyDraftSchema` checks formats only (autosave). Messages are i18n keys.
 */
import { z } from 'zod';
import type { ApplicationRecord } from '../../api/application-types';
import { emailField, optionalText, phoneField, requiredText } from '../field-rules';

/** Top-level record fields of step 2 (emergencyContact is a JSON sub-object). */
export const FAMILY_FIELDS = [
  'fatherFirstName',
  'fatherLastName',
  'fatherOccupation',
  'fatherDeceased',
  'motherFirstName',
  'motherLastName',
  'motherMaidenName',
  'motherOccupation',
  'motherDeceased',
  'SpouseFirstName',
  'SpouseMaidenName',
  'SpouseLastName',
  'SpouseOccupation',
  'SpouseEmail',
  'SpouseCellNumber',
  'emergencyContact',
] as const;

/** Spouse fields, shown and sent only when marital status is Married. */
export const SPOUSE_FIELDS = [
  'SpouseFirstName',
  'SpouseMaidenName',
  'SpouseLastName',
  'SpouseOccupation',
  'SpouseEmail',
  'SpouseCellNumber',
] as const;

/** Marital status value that shows the spouse fields. */
export const MARRIED = 'Married';

function build(complete: boolean, married: boolean) {
  const req = (max = 100) => (complete ? requiredText(max) : optionalText(max));
  const spouseReq = (max = 100) => (complete && married ? requiredText(max) : optionalText(max));
  return z.object({
    fatherFirstName: req(),
    fatherLastName: req(),
    fatherOccupation: optionalText(100),
    fatherDeceased: z.boolean(),
    motherFirstName: req(),
    motherLastName: req(),
    motherMaidenName: optionalText(100),
    motherOccupation: optionalText(100),
    motherDeceased: z.boolean(),
    SpouseFirstName: spouseReq(),
    SpouseMaidenName: optionalText(100),
    SpouseLastName: spouseReq(),
    SpouseOccupation: optionalText(100),
    SpouseEmail: emailField(false),
    SpouseCellNumber: phoneField(false),
    emergencyContact: z.object({
      name: req(),
      phone: phoneField(complete),
      email: emailField(false),
      relationship: req(60),
    }),
  });
}

/** Complete step-2 schema; spouse first and last name are required when `married`. */
export function createFamilySchema(married: boolean) {
  return build(true, married);
}

/** Draft step-2 schema (autosave: formats only). */
export const familyDraftSchema = build(false, false);

/** Step-2 form values. */
export type FamilyValues = z.infer<ReturnType<typeof createFamilySchema>>;

const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));

/** Maps a record to step-2 form values (null/absent → '' or false). */
export function familyFromRecord(record: Partial<ApplicationRecord>): FamilyValues {
  const ec = record.emergencyContact ?? {};
  return {
    fatherFirstName: str(record.fatherFirstName),
    fatherLastName: str(record.fatherLastName),
    fatherOccupation: str(record.fatherOccupation),
    fatherDeceased: record.fatherDeceased === true,
    motherFirstName: str(record.motherFirstName),
    motherLastName: str(record.motherLastName),
    motherMaidenName: str(record.motherMaidenName),
    motherOccupation: str(record.motherOccupation),
    motherDeceased: record.motherDeceased === true,
    SpouseFirstName: str(record.SpouseFirstName),
    SpouseMaidenName: str(record.SpouseMaidenName),
    SpouseLastName: str(record.SpouseLastName),
    SpouseOccupation: str(record.SpouseOccupation),
    SpouseEmail: str(record.SpouseEmail),
    SpouseCellNumber: str(record.SpouseCellNumber),
    emergencyContact: {
      name: str(ec.name),
      phone: str(ec.phone),
      email: str(ec.email),
      relationship: str(ec.relationship),
    },
  };
}
