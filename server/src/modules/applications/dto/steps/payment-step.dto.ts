import { OptionalText, OptionalZip } from '../../../../common/validation/optional-fields.js';

/**
 * Step 8 — the payment form's typed fields, saved like any step (the card itself is tokenised in the
 * browser and sent only to `POST /api/payments`; amount, lateFee and Payment_Status are the server's).
 */
export class PaymentStepDto {
  @OptionalText(50) discountCode?: string | null;
  @OptionalText(100) creditCardFullName?: string | null;
  @OptionalZip() creditCardBillingZip?: string | null;
}
