/**
 * Step 4 "Employment" (DESIGN §3, spec §3): currentlyEmployed (Yes/No); when Yes: employer, jobTitle,
 * employmentDate (MM/DD/YYYY, not in the future) and employmentType (Full time/Part time).
 * Messages are i18n keys.
 */
import { z } from 'zod';
import type { ApplicationRecord } from '../../api/application-types';
import { optionalText, pastDateField, requireIf, str, YES } from '../field-rules';

/** Record fields of step 4. */
export const EMPLOYMENT_FIELDS = ['currentlyEmployed', 'employer', 'jobTitle', 'employmentDate', 'employmentType'] as const;

/** Fields asked only when currently employed. */
export const EMPLOYMENT_DETAIL_FIELDS = ['employer', 'jobTitle', 'employmentDate', 'employmentType'] as const;

function build(complete: boolean) {
  const base = z.object({
    currentlyEmployed: z.string(),
    employer: optionalText(150),
    jobTitle: optionalText(100),
    employmentDate: pastDateField(false),
    employmentType: z.string(),
  });
  if (!complete) return base;
  return base.superRefine((v, ctx) => {
    requireIf(ctx, true, v.currentlyEmployed, ['currentlyEmployed'], 'validation.choose');
    const employed = v.currentlyEmployed === YES;
    requireIf(ctx, employed, v.employer, ['employer']);
    requireIf(ctx, employed, v.jobTitle, ['jobTitle']);
    requireIf(ctx, employed, v.employmentDate, ['employmentDate'], 'validation.date_required');
    requireIf(ctx, employed, v.employmentType, ['employmentType'], 'validation.choose');
  });
}

/** Complete step-4 schema (Next). */
export const employmentSchema = build(true);

/** Draft step-4 schema (autosave: formats only). */
export const employmentDraftSchema = build(false);

/** Step-4 form values. */
export type EmploymentValues = z.infer<typeof employmentDraftSchema>;

/** Maps a record to step-4 form values. */
export function employmentFromRecord(record: Partial<ApplicationRecord>): EmploymentValues {
  return Object.fromEntries(EMPLOYMENT_FIELDS.map((f) => [f, str(record[f])])) as EmploymentValues;
}
