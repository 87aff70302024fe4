/**
 * Refunds and voids of a charge from the console (issue 29 item 2; docs/api.md "Deposits"): which of the two a
 * payment offers, what the confirmation asks, and the calls. The gateway decides what is possible — a refund
 * of a charge not settled yet is refused (void it instead), a void of a settled one too (refund it) — so both
 * are offered for any approved charge not reversed yet, and the server's message says which to use.
 */
import { api, unwrap } from '../api/client';
import type { Schema } from '../api/contract-types';

/** A refund (settled charges) or a void (unsettled ones). */
export type ReversalKind = 'refund' | 'void';

/** The reversals, in the order the buttons show them. */
export const REVERSAL_KINDS = ['refund', 'void'] as const satisfies readonly ReversalKind[];

/** Body of `POST /api/admin/payments/{id}/refund|void`. */
export type ReversalBody = Schema<'PaymentReversalDto'>;

/** The payment as the server answers a reversal. */
export type ReversedPayment = Schema<'AdminPaymentResponse'>;

/** The fields of a payment the buttons read (the application view's payments and the payments list both have them). */
export interface ReversiblePayment {
  id: string;
  purpose: 'application_fee' | 'enrollment_deposit';
  status: string;
  reversible: boolean;
  refundable: boolean;
}

/** Whether the console offers refund and void for `payment`: an approved charge not reversed yet. */
export function canReverse(payment: Pick<ReversiblePayment, 'reversible' | 'status'>): boolean {
  return payment.reversible && payment.status === 'approved';
}

/** Whether reversing `payment` goes against the office's policy (a deposit of a non-refundable offering): an override with a note. */
export function needsOverride(payment: Pick<ReversiblePayment, 'purpose' | 'refundable'>): boolean {
  return payment.purpose === 'enrollment_deposit' && !payment.refundable;
}

/**
 * What the confirmation may send, or the message key of what is missing: an override needs the box ticked and
 * a note (the office's exception, kept in the audit log); otherwise the note is optional.
 */
export function reversalBody(
  payment: Pick<ReversiblePayment, 'purpose' | 'refundable'>,
  form: { override: boolean; note: string },
): { body: ReversalBody } | { error: string } {
  const note = form.note.trim();
  if (note.length > 1000) return { error: 'app.payments.reversal.note_too_long' };
  if (!needsOverride(payment)) return { body: note ? { note } : {} };
  if (!form.override) return { error: 'app.payments.reversal.override_required' };
  if (!note) return { error: 'app.payments.reversal.note_required' };
  return { body: { override: true, note } };
}

/** POST /api/admin/payments/{id}/{kind}. @throws HttpError with the server's message (409 PAY-409-unsettled, …) */
export function reversePayment(id: string, kind: ReversalKind, body: ReversalBody): Promise<ReversedPayment> {
  const init = { params: { path: { id } }, body };
  return unwrap(kind === 'refund' ? api.POST('/api/admin/payments/{id}/refund', init) : api.POST('/api/admin/payments/{id}/void', init));
}
