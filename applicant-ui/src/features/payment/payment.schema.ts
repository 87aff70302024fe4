/**
 * Step 8 "Payment" form schema (DESIGN §3 step 8; messages are i18n keys): card holder name, billing
 * country and postal code (spec §3 creditCardFullName, creditCardBillingZip; issue 11 item 2), the discount code, and — unless the fee is
 * waived — the card fields the browser tokenises (number, expiry month/year from the `months` and
 * `cardYears` option lists, CVV). The card fields never reach our server.
 */
import { z } from 'zod';
import { ZIP_PATTERN } from '../application/steps/field-rules';
import { DEFAULT_COUNTRY, isUs, postalCodeAsked, postalCodeFits } from '../application/steps/personal/address-rules';

/** Luhn checksum of a digit string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The card number without spaces or dashes. */
export const cardDigits = (value: string): string => value.replace(/[\s-]/g, '');

/** Billing zip: a US ZIP or ZIP+4 (what the server accepts). */
export const BILLING_ZIP_PATTERN = ZIP_PATTERN;

/** True when month/year (`01`–`12`, four-digit `YYYY`) is this month or later at `now`. */
export function notExpired(month: string, year: string, now: Date = new Date()): boolean {
  const m = Number(month);
  const y = Number(year);
  if (!Number.isInteger(m) || !Number.isInteger(y) || m < 1 || m > 12) return false;
  return y > now.getFullYear() || (y === now.getFullYear() && m >= now.getMonth() + 1);
}

const holderFields = {
  creditCardFullName: z.string().trim().min(1, 'payment.errors.name_required').max(100, 'validation.too_long'),
  // checked against the billing country below (issue 11 item 2)
  creditCardBillingZip: z.string().trim().max(20, 'validation.too_long'),
  creditCardBillingCountry: z.string(),
};

/**
 * The billing postal code's issue for its country, if any: a US ZIP (`payment.errors.zip`), else the
 * country's postal code where it has them (`payment.errors.postal_code`, postcode-validator).
 */
export function billingZipProblem(country: string, zip: string): string | undefined {
  const v = zip.trim();
  if (isUs(country)) return BILLING_ZIP_PATTERN.test(v) ? undefined : 'payment.errors.zip';
  if (v === '') return postalCodeAsked(country) ? 'payment.errors.postal_code' : undefined;
  return postalCodeFits(country, v) ? undefined : 'payment.errors.postal_code';
}

const discountField = { discountCode: z.string().trim().max(50, 'validation.too_long') };

/** The payment form values (card fields are '' when the fee is waived). */
export interface PaymentValues {
  creditCardFullName: string;
  creditCardBillingZip: string;
  /** Billing country (dropdown `countries`); starts as the applicant's own country. */
  creditCardBillingCountry: string;
  discountCode: string;
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvv: string;
}

/** Empty form values (the holder name starts from the applicant's name, the billing country from theirs). */
export function paymentDefaults(fullName = '', country = DEFAULT_COUNTRY): PaymentValues {
  return {
    creditCardFullName: fullName,
    creditCardBillingZip: '',
    creditCardBillingCountry: country,
    discountCode: '',
    cardNumber: '',
    expMonth: '',
    expYear: '',
    cvv: '',
  };
}

/**
 * The schema of step 8. With `waived` only the discount code is checked (no card is asked for);
 * otherwise holder, zip and the card fields. `now` decides card expiry.
 */
export function createPaymentSchema(waived: boolean, now: () => Date = () => new Date()) {
  if (waived) {
    return z.object({
      ...discountField,
      creditCardFullName: z.string(),
      creditCardBillingZip: z.string(),
      creditCardBillingCountry: z.string(),
      cardNumber: z.string(),
      expMonth: z.string(),
      expYear: z.string(),
      cvv: z.string(),
    });
  }
  return z
    .object({
      ...holderFields,
      ...discountField,
      cardNumber: z
        .string()
        .transform(cardDigits)
        .pipe(
          z
            .string()
            .regex(/^\d{13,19}$/, 'payment.errors.card_number')
            .refine(luhnValid, 'payment.errors.card_number'),
        ),
      expMonth: z.string().regex(/^(0[1-9]|1[0-2])$/, 'payment.errors.exp_month'),
      expYear: z.string().regex(/^\d{4}$/, 'payment.errors.exp_year'),
      cvv: z
        .string()
        .trim()
        .regex(/^\d{3,4}$/, 'payment.errors.cvv'),
    })
    .superRefine((v, ctx) => {
      const zipProblem = billingZipProblem(v.creditCardBillingCountry, v.creditCardBillingZip);
      if (zipProblem) ctx.addIssue({ code: 'custom', path: ['creditCardBillingZip'], message: zipProblem });
      if (/^\d{4}$/.test(v.expYear) && /^(0[1-9]|1[0-2])$/.test(v.expMonth) && !notExpired(v.expMonth, v.expYear, now())) {
        ctx.addIssue({ code: 'custom', path: ['expMonth'], message: 'payment.errors.expired' });
      }
    });
}
