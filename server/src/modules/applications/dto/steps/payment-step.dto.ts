import { OptionalOption, OptionalText } from '../../../../common/validation/optional-fields.js';

/**
 * Step 8 — the payment form's typed fields, saved like any step (the card itself is tokenised in the
 * browser and sent only to `POST /api/payments`; amount, lateFee and Payment_Status are the server's).
 */
export class PaymentStepDto {
  @OptionalText(50) discountCode?: string | null;
  @OptionalText(100) creditCardFullName?: string | null;
  @OptionalText(20, "billing ZIP (US) or the billing country's postal code (checked per country at payment)")
  creditCardBillingZip?: string | null;
  @OptionalOption('countries') creditCardBillingCountry?: string | null;
}
