/**
 * The one list of the form steps' autosaved fields (DESIGN §3): for every step 1–6 its record fields,
 * its formats-only (draft) schema and its record → form-values mapping. The autosave controller uses it
 * to check and snapshot every answer of the application, whichever step is on screen (a local draft may
 * hold answers of a step not shown yet).
 */
import type { z } from 'zod';
import type { ApplicationRecord } from '../api/application-types';
import { EDUCATION_FIELDS, educationDraftSchema, educationFromRecord } from '../steps/education/education.schema';
import { EMPLOYMENT_FIELDS, employmentDraftSchema, employmentFromRecord } from '../steps/employment/employment.schema';
import { FAMILY_FIELDS, familyDraftSchema, familyFromRecord } from '../steps/family/family.schema';
import { PERSONAL_FIELDS, personalDraftSchema, personalFromRecord } from '../steps/personal/personal.schema';
import { PREREQUISITE_FIELDS, prerequisitesDraftSchema, prerequisitesFromRecord } from '../steps/prerequisites/prerequisites.schema';
import { REFERENCES_FIELDS, referencesDraftSchema, referencesFromRecord } from '../steps/references/references.schema';

/** One step's autosave description. */
export interface StepFormDescription {
  fields: readonly string[];
  draftSchema: z.ZodObject;
  fromRecord: (record: Partial<ApplicationRecord>) => Record<string, unknown>;
}

/** Steps 1–6 (the review step saves nothing itself). */
export const STEP_FORMS: readonly StepFormDescription[] = [
  { fields: PERSONAL_FIELDS, draftSchema: personalDraftSchema, fromRecord: personalFromRecord },
  { fields: FAMILY_FIELDS, draftSchema: familyDraftSchema, fromRecord: familyFromRecord },
  { fields: EDUCATION_FIELDS, draftSchema: educationDraftSchema, fromRecord: educationFromRecord },
  { fields: EMPLOYMENT_FIELDS, draftSchema: employmentDraftSchema, fromRecord: employmentFromRecord },
  { fields: PREREQUISITE_FIELDS, draftSchema: prerequisitesDraftSchema, fromRecord: prerequisitesFromRecord },
  { fields: REFERENCES_FIELDS, draftSchema: referencesDraftSchema, fromRecord: referencesFromRecord },
];

/** Every autosaved field, in step order. */
export const ALL_FIELDS: readonly string[] = STEP_FORMS.flatMap((s) => s.fields);

/** Formats-only schema of every autosaved field. */
export const DRAFT_SCHEMAS: Readonly<Record<string, z.ZodType | undefined>> = Object.fromEntries(
  STEP_FORMS.flatMap((s) => s.fields.map((f) => [f, (s.draftSchema.shape as Record<string, z.ZodType>)[f]])),
);

/** The form values of every autosaved field of a record (a fresh object each call). */
export function formValuesOf(record: Partial<ApplicationRecord>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of STEP_FORMS) {
    const values = s.fromRecord(record);
    for (const f of s.fields) out[f] = values[f];
  }
  return out;
}
