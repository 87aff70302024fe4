/**
 * What a payment pays for (issue 29 item 2; `payments.purpose`, an allow-list the column's CHECK names too): the
 * application fee, or the enrollment deposit an admitted applicant pays after accepting. Both go through the same
 * gateway, idempotency (request id), settlement and receipts ({@link PaymentsService}); a discount code applies to
 * one purpose (`discount_codes.applies_to`).
 */
export const PAYMENT_PURPOSES = ['application_fee', 'enrollment_deposit'] as const;

/** One of {@link PAYMENT_PURPOSES}. */
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * The stable invoice-number prefix of each purpose (`<prefix><referenceNumber>`, ≤ 20 characters): one invoice
 * per application and purpose, by which an unknown outcome is settled with the gateway.
 */
export const INVOICE_PREFIX: Readonly<Record<PaymentPurpose, string>> = { application_fee: 'APP', enrollment_deposit: 'DEP' };
