/**
 * Step 6 "References" (DESIGN §3, spec §3): two references (firstReferenceNameAndNumber,
 * secondReferenceNameAndNumber) and up to three recommenders (firstRecommender … thirdRecommender), each
 * {name, phone, email, relationship}. When shown, both references need name, phone and relationship;
 * the first two recommenders need name, e-mail and relationship, and the third is checked the same way
 * once any of its fields is filled. Messages are i18n keys.
 */
import { z } from 'zod';
import type { ApplicationRecord } from '../../api/application-types';
import { emailField, obj, optionalText, phoneField, requireIf, str } from '../field-rules';

/** The two reference fields. */
export const REFERENCE_FIELDS = ['firstReferenceNameAndNumber', 'secondReferenceNameAndNumber'] as const;
/** The three recommender fields. */
export const RECOMMENDER_FIELDS = ['firstRecommender', 'secondRecommender', 'thirdRecommender'] as const;
/** Record fields of step 6. */
export const REFERENCES_FIELDS = [...REFERENCE_FIELDS, ...RECOMMENDER_FIELDS] as const;

const contact = z.object({
  name: optionalText(100),
  phone: phoneField(false),
  email: emailField(false),
  relationship: optionalText(50),
});

/** A contact's form values. */
export type ContactValues = z.infer<typeof contact>;

/** Step-6 form values. */
export type ReferencesValues = Record<(typeof REFERENCES_FIELDS)[number], ContactValues>;

function shape() {
  return z.object(
    Object.fromEntries(REFERENCES_FIELDS.map((f) => [f, contact])) as Record<(typeof REFERENCES_FIELDS)[number], typeof contact>,
  );
}

/** Draft step-6 schema (autosave: formats only). */
export const referencesDraftSchema = shape();

/** Complete step-6 schema for the sections shown. */
export function createReferencesSchema(shown: { references: boolean; recommenders: boolean }) {
  return shape().superRefine((v, ctx) => {
    if (shown.references) {
      for (const f of REFERENCE_FIELDS) {
        requireIf(ctx, true, v[f].name, [f, 'name']);
        requireIf(ctx, true, v[f].phone, [f, 'phone'], 'validation.phone_required');
        requireIf(ctx, true, v[f].relationship, [f, 'relationship']);
      }
    }
    if (shown.recommenders) {
      RECOMMENDER_FIELDS.forEach((f, i) => {
        const filled = Object.values(v[f]).some((x) => x.trim() !== '');
        if (i > 1 && !filled) return;
        requireIf(ctx, true, v[f].name, [f, 'name']);
        requireIf(ctx, true, v[f].email, [f, 'email'], 'validation.email_required');
        requireIf(ctx, true, v[f].relationship, [f, 'relationship']);
      });
    }
  });
}

/** Maps a record to step-6 form values. */
export function referencesFromRecord(record: Partial<ApplicationRecord>): ReferencesValues {
  const one = (v: unknown): ContactValues => {
    const o = obj(v);
    return { name: str(o.name), phone: str(o.phone), email: str(o.email), relationship: str(o.relationship) };
  };
  return Object.fromEntries(REFERENCES_FIELDS.map((f) => [f, one(record[f])])) as ReferencesValues;
}
