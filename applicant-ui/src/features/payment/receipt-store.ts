/**
 * The receipt handed to `/application/thank-you` (spec §2 "receives route props"): passed as router
 * state and also kept in sessionStorage, so that a reload of the thank-you page still shows it.
 */
import type { PaymentRecord } from './payment-api';

/** What the thank-you page shows. */
export interface ThankYouState {
  receipt: PaymentRecord;
  /**
   * The `details` token the payment answer issued (links to the details form); null while the payment
   * is held for review. The application token is not kept: it no longer opens a submitted application.
   */
  detailsToken: string | null;
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
  if (isThankYouState(candidate)) return candidate;
  try {
    const raw = window.sessionStorage.getItem(KEY);
    const stored: unknown = raw ? JSON.parse(raw) : null;
    return isThankYouState(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** True for a receipt state of the current shape (a receipt, an application id, a details token or null). */
function isThankYouState(value: unknown): value is ThankYouState {
  const v = value as Partial<ThankYouState> | null;
  return !!v?.receipt && typeof v.applicationId === 'string' && (typeof v.detailsToken === 'string' || v.detailsToken === null);
}
