/** The enrollment deposit of an accepted offer (issue 29 item 2; docs/api.md "Deposits"). */
import type { RequestBody } from '../../../../contract/client/create-client';
import { api, applicationTokenHeader as tokenHeader, call, type Schema } from '../../shared/api/client';

/** Where the deposit stands (contract `DepositResponse`): phase, amount in integer cents, deadline, the latest attempt. */
export type Deposit = Schema<'DepositResponse'>;
/** One deposit payment attempt (contract `DepositPaymentView`). */
export type DepositPayment = Schema<'DepositPaymentView'>;
/** Body of `POST /api/applications/{id}/deposit` (the fee payment's body without `applicationId`). */
export type DepositBody = RequestBody<'payDeposit'>;

/**
 * GET /api/applications/:id/deposit (owner's login or the application token), with a discount code to quote.
 * Rejects with 404 DEC-404 before release, 422 PAY-004 for a code that does not apply.
 */
export function fetchDeposit(id: string, token?: string | null, discountCode?: string): Promise<Deposit> {
  return call(
    api.GET('/api/applications/{id}/deposit', {
      params: { path: { id }, query: discountCode ? { discountCode } : {} },
      headers: tokenHeader(token),
    }),
    { silent: true },
  );
}

/** POST /api/applications/:id/deposit: pays (or waives) it; the same requestId never charges twice. */
export async function payDeposit(id: string, token: string | null | undefined, body: DepositBody): Promise<DepositPayment> {
  // every failure is explained beside the form (no generic alert on top)
  const answer = await call(api.POST('/api/applications/{id}/deposit', { params: { path: { id } }, headers: tokenHeader(token), body }), {
    silent: true,
  });
  return answer.data;
}
