/** Shapes of `/api/admin/decision-templates` (docs/api.md "Decisions"), from the contract. */
import type { Schema } from '../api/contract-types';

/** The merge fields a letter may use (the server checks them on save). */
export const MERGE_FIELDS = ['fullName', 'firstName', 'lastName', 'program', 'semester', 'referenceNumber'] as const;

/** One template; id `{decision}:{locale}`. */
export type DecisionTemplateRecord = Schema<'DecisionTemplateResponse'>;

/** The body of `PUT /api/admin/decision-templates/{id}`: the two editable fields, nothing else (the API refuses unknown fields). */
export function toTemplatePayload(values: Partial<DecisionTemplateRecord>): Schema<'SaveTemplateDto'> {
  return { subject: values.subject ?? '', body: values.body ?? '' };
}
