/**
 * The receipt handed to `/application/thank-you` (spec §2 "receives route props"): passed as router
 * state and also kept in sessionStorage, so that a reload of the thank-you page still shows it.
 */
import type { PaymentRecord } from './payment-api';

/** What the thank-you page shows. */
export interface ThankYouState {
  receipt: PaymentRecord;
  /** The application token (links to the details form). */
  token: string;
  applicationId: string;
  /** The applicant's full name, for the greeting. */
  name?: string;
}

const KEY = 'portal.payment-receipt';

/** Keeps the receipt for this browser tab. */
export function saveReceipt(state: ThankYouState): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    /* storage unavailable: router state still carries it */
  }
}

/** The router state when it is a receipt, else the one kept in this tab, else null. */
export function loadReceipt(routerState: unknown): ThankYouState | null {
  const candidate = routerState as Partial<ThankYouState> | null;
  if (candidate?.receipt && typeof candidate.token === 'string') return candidate as ThankYouState;
  try {
    const raw = window.sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as ThankYouState) : null;
  } catch {
    return null;
  }
}
