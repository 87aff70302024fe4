/** Shapes of `/api/admin/decision-templates` (docs/api.md "Decisions"). */
import type { Decision } from './decisions';

/** The merge fields a letter may use (the server checks them on save). */
export const MERGE_FIELDS = ['firstName', 'lastName', 'program', 'semester', 'referenceNumber'] as const;

/** One template; id `{decision}:{locale}`. */
export interface DecisionTemplateRecord {
  id: string;
  decision: Decision;
  locale: 'en' | 'es' | 'zh-CN';
  subject: string;
  body: string;
  updatedAt: string;
}

/** The body of `PUT /api/admin/decision-templates/{id}`: the two editable fields, nothing else (the API refuses unknown fields). */
export function toTemplatePayload(values: Partial<DecisionTemplateRecord>): { subject: string; body: string } {
  return { subject: values.subject ?? '', body: values.body ?? '' };
}
