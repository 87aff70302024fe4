/**
 * Step 7 "Review and certify" (DESIGN §3, issue 3 submit contract): certifyAllInformation must be
 * ticked, the typed full-name signature must match the applicant's name (shared/lib/person-name.ts: the
 * server's rule — NFKC, case- and space-insensitive, CJK names also family name first), and the date is
 * MM/DD/YYYY. Messages are i18n keys.
 */
import { z } from 'zod';
import { isValidUsDate } from '../field-rules';
import { signatureMatchesName } from '../../../../../../contract/format/person-name';

export { signatureMatchesName };

/** Today as MM/DD/YYYY (the signature date's default). */
export function todayUs(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(now.getMonth() + 1)}/${pad(now.getDate())}/${now.getFullYear()}`;
}

/** Certification schema for an applicant named `firstName lastName`. */
export function createCertifySchema(firstName: string, lastName: string) {
  return z.object({
    certifyAllInformation: z.boolean().refine((v) => v, 'validation.certify'),
    fullNameSignature: z
      .string()
      .trim()
      .min(1, 'validation.signature_required')
      .max(200, 'validation.too_long')
      .refine((v) => signatureMatchesName(v, firstName, lastName), 'validation.signature_mismatch'),
    dateSignature: z
      .string()
      .trim()
      .min(1, 'validation.date_required')
      .refine((v) => isValidUsDate(v), 'validation.date'),
  });
}

/** Certification form values. */
export type CertifyValues = z.infer<ReturnType<typeof createCertifySchema>>;
