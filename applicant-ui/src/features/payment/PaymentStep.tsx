/**
 * Application step 8 "Payment" (DESIGN §3 step 8, §7): the fee quote (fee, late fee, discount, total),
 * a discount code that re-quotes, card holder name and billing zip, the card tokenised in the browser
 * (local fake tokeniser with the fake gateway, Accept.js with Authorize.Net) and Pay. Every attempt
 * carries a requestId that is reused when the outcome of the previous attempt is unknown
 * ({@link PaymentAttempts}); the Pay button is disabled while a payment is in flight. A decline keeps
 * the form and says so; a waived fee shows "Submit without payment" instead of the card form.
 * When the application's offering no longer takes submissions (issue 25: 422 `APP-422-closed`, on the quote
 * or on Pay) the server's message says so, with a link back to step 1 to choose an open term (every answer
 * is kept); Pay stays disabled.
 * Success → `/application/thank-you` with the receipt.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { apiErrorBody, apiErrorStatus } from '../../shared/api/errors';
import type { Dropdown } from '../../shared/api/dropdowns-api';
import { TextField, fieldErrorText } from '../../shared/ui/form-fields';
import { StepActions } from '../../shared/ui/StepActions';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import type { ApplicationRecord } from '../application/api/application-types';
import { useApplication } from '../application/ApplicationContext';
import { countryOrDefault } from '../application/steps/personal/address-rules';
import { applicationPath } from '../../app/route-names';
import { AcceptJsError } from './accept-js';
import { CardFields } from './CardFields';
import { HolderFields } from './HolderFields';
import { preloadTokenizer, tokenizeCard } from './card-tokenizer';
import { getQuote, postPayment, type OpaqueData, type PaymentBody, type PaymentRecord, type Quote } from './payment-api';
import { PaymentAttempts, isUnknownOutcome } from './payment-attempt';
import { createPaymentSchema, paymentDefaults, type PaymentValues } from './payment.schema';
import { QuoteSummary, prepareQuoteSummary } from './QuoteSummary';
import { formatMoney, isWaived } from './quote-display';
import { currentLocale } from '../../i18n';
import { saveReceipt, type ThankYouState } from './receipt-store';

/** Path of the application thank-you page. */
export const APPLICATION_THANK_YOU_PATH = '/application/thank-you';

/** Props of {@link PaymentStep}. */
export interface PaymentStepProps {
  record: ApplicationRecord;
  token: string;
  dropdowns: Dropdown[];
  /** Go back to the previous applicable step (the review). */
  onBack: () => void;
}

/** A message shown above the Pay button. */
type Banner = { kind: 'declined' | 'gateway' | 'unknown' | 'tokenizer' | 'other' | 'paid' | 'closed'; text: string } | null;

/** The error code of an application whose offering no longer takes submissions (issue 25). */
const CLOSED = 'APP-422-closed';

/** Step 8 component. */
export function PaymentStep({ record, token, dropdowns, onBack }: PaymentStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { updateRecord } = useApplication();
  const headingRef = useHeadingFocus(8, true);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteFailed, setQuoteFailed] = useState(false);
  const [applying, setApplying] = useState(false);
  const [appliedCode, setAppliedCode] = useState('');
  const [banner, setBanner] = useState<Banner>(null);
  const [retryPending, setRetryPending] = useState(false);
  const bannerRef = useRef<HTMLDivElement>(null);
  const waived = quote ? isWaived(quote) : false;
  /** The fee is on its way: no quote, no failure, no banner yet. */
  const feeLoading = !quote && !quoteFailed && !banner;
  const waivedRef = useRef(waived);
  waivedRef.current = waived;
  const alreadyPaid = record.Payment_Status === 'Paid' || record.Payment_Status === 'Waived';

  const resolver = useCallback<Resolver<PaymentValues>>(
    (values, context, options) =>
      zodResolver(createPaymentSchema(waivedRef.current))(values, context, options) as ReturnType<Resolver<PaymentValues>>,
    [],
  );
  const fullName = [record.firstName, record.lastName].filter(Boolean).join(' ');
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PaymentValues>({
    resolver,
    defaultValues: paymentDefaults(fullName, countryOrDefault(record.addressCountry)),
    mode: 'onTouched',
  });
  const billingCountry = watch('creditCardBillingCountry');

  const attempts = useMemo(() => new PaymentAttempts((body: PaymentBody) => postPayment(body, token)), [token]);

  const loadQuote = useCallback(
    async (code: string): Promise<boolean> => {
      try {
        const q = await getQuote(record.Id, token, code || undefined);
        await prepareQuoteSummary(q);
        setQuote(q);
        setQuoteFailed(false);
        return true;
      } catch (error) {
        const body = apiErrorBody(error);
        if (body?.code === 'PAY-004') {
          setError('discountCode', { type: 'server', message: body.errors?.discountCode?.[0] ?? body.message }, { shouldFocus: true });
          return false;
        }
        if (body?.code === 'PAY-003') {
          setBanner({ kind: 'paid', text: t('payment.already_paid') });
          return false;
        }
        if (body?.code === CLOSED) {
          setBanner({ kind: 'closed', text: body.message || t('payment.closed') });
          return false;
        }
        if (!code) setQuoteFailed(true);
        else setBanner({ kind: 'other', text: body?.message ?? t('payment.quote_failed') });
        return false;
      }
    },
    [record.Id, token, setError, t],
  );

  useEffect(() => {
    if (!alreadyPaid) void loadQuote('');
  }, [alreadyPaid, loadQuote]);

  useEffect(() => {
    if (banner) bannerRef.current?.focus();
  }, [banner]);

  const applyCode = async () => {
    const code = getValues('discountCode').trim();
    clearErrors('discountCode');
    if (!code) {
      setError('discountCode', { type: 'manual', message: 'payment.errors.code_required' }, { shouldFocus: true });
      return;
    }
    setApplying(true);
    if (await loadQuote(code)) setAppliedCode(code);
    setApplying(false);
  };

  const removeCode = async () => {
    setApplying(true);
    if (await loadQuote('')) setAppliedCode('');
    setApplying(false);
  };

  // Accept.js is loaded only when the quote names Authorize.Net (and early, so that Pay does not wait)
  const gateway = quote?.gateway;
  const quoteRef = useRef(quote);
  quoteRef.current = quote;
  useEffect(() => {
    if (gateway && quoteRef.current) preloadTokenizer(quoteRef.current);
  }, [gateway]);

  const tokenize = async (current: Quote, values: PaymentValues): Promise<OpaqueData> =>
    tokenizeCard(current, {
      cardNumber: values.cardNumber,
      expMonth: values.expMonth,
      expYear: values.expYear,
      cvv: values.cvv,
      zip: values.creditCardBillingZip,
      fullName: values.creditCardFullName,
    });

  const succeed = (receipt: PaymentRecord) => {
    // the application is submitted once paid or waived (cross-team contract 4)
    updateRecord({ ...record, status: 'submitted', Payment_Status: receipt.Payment_Status || 'Paid' });
    // the application token is closed once the application is submitted: link on with the details token
    const state: ThankYouState = { receipt, detailsToken: receipt.detailsToken, applicationId: record.Id, name: fullName };
    saveReceipt(state);
    void navigate(APPLICATION_THANK_YOU_PATH, { state });
  };

  const onPay = handleSubmit(async (values) => {
    if (!quote) return;
    setBanner(null);
    try {
      const receipt = await attempts.pay(async (requestId) => {
        const body: PaymentBody = { applicationId: record.Id, requestId };
        if (appliedCode) body.discountCode = appliedCode;
        if (!waivedRef.current) {
          body.opaqueData = await tokenize(quote, values);
          body.creditCardFullName = values.creditCardFullName.trim();
          body.creditCardBillingZip = values.creditCardBillingZip.trim();
          body.creditCardBillingCountry = values.creditCardBillingCountry;
        }
        return body;
      });
      setRetryPending(false);
      succeed(receipt);
    } catch (error) {
      setRetryPending(attempts.hasPending);
      if (error instanceof AcceptJsError) {
        setBanner({ kind: 'tokenizer', text: t('payment.tokenizer_failed', { reason: error.message }) });
        return;
      }
      if (isUnknownOutcome(error)) {
        setBanner({ kind: 'unknown', text: t('payment.unknown_outcome') });
        return;
      }
      const body = apiErrorBody(error);
      switch (body?.code) {
        case 'PAY-001':
          setBanner({ kind: 'declined', text: t('payment.declined', { reason: body.message || t('payment.declined_default') }) });
          return;
        case 'PAY-002':
          setBanner({ kind: 'gateway', text: body.message || t('payment.gateway_error') });
          return;
        case 'PAY-003':
          setBanner({ kind: 'paid', text: t('payment.already_paid') });
          return;
        case 'PAY-004':
          setError('discountCode', { type: 'server', message: body.errors?.discountCode?.[0] ?? body.message }, { shouldFocus: true });
          return;
        case CLOSED:
          setBanner({ kind: 'closed', text: body.message || t('payment.closed') });
          return;
        default:
          break;
      }
      if (body?.errors) {
        const known = new Set(['creditCardFullName', 'creditCardBillingZip', 'creditCardBillingCountry', 'discountCode']);
        const others: string[] = [];
        for (const [field, messages] of Object.entries(body.errors)) {
          if (known.has(field)) setError(field as keyof PaymentValues, { type: 'server', message: messages[0] ?? '' });
          else others.push(...messages);
        }
        if (others.length) setBanner({ kind: 'other', text: others.join(' ') });
        return;
      }
      setBanner({ kind: 'other', text: body?.message ?? t('payment.failed', { status: apiErrorStatus(error) }) });
    }
  });

  const err = (name: keyof PaymentValues) => fieldErrorText(t, errors[name]);
  const detailsLink = applicationPath(1, token, 'details');

  if (alreadyPaid) {
    return (
      <section className="step-form" aria-labelledby="step-8-title">
        <h2 id="step-8-title" ref={headingRef} tabIndex={-1} className="step-heading">
          {t('steps.payment')}
        </h2>
        <div className="notice notice--success" role="status">
          <p>{t('payment.already_paid')}</p>
        </div>
        <p className="actions">
          <a className="btn btn--primary" href={detailsLink}>
            {t('payment.go_to_details')}
          </a>
        </p>
      </section>
    );
  }

  return (
    <form className="form step-form" noValidate onSubmit={(e) => void onPay(e)} aria-labelledby="step-8-title" aria-busy={isSubmitting}>
      <h2 id="step-8-title" ref={headingRef} tabIndex={-1} className="step-heading">
        {t('steps.payment')}
      </h2>
      {/* the heading and this introduction are also StepPreview's (shown while the step loads): keep them alike */}
      <p className="lead">{t('payment.intro')}</p>

      {quoteFailed && (
        <div className="form__alert" role="alert">
          <p>{t('payment.quote_failed')}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void loadQuote(appliedCode)}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {feeLoading && (
        <p className="loading" role="status">
          {t('payment.loading_quote')}
        </p>
      )}

      {quote && (
        <>
          <QuoteSummary quote={quote} />

          <fieldset className="fieldset">
            <legend>{t('payment.discount.legend')}</legend>
            <div className="form-row form-row--inline">
              <TextField
                label={t('payment.discount.label')}
                hint={t('payment.discount.hint')}
                autoComplete="off"
                maxLength={50}
                error={err('discountCode')}
                {...register('discountCode')}
              />
              <button type="button" className="btn btn--ghost" onClick={() => void applyCode()} disabled={applying || isSubmitting}>
                {applying ? t('payment.discount.applying') : t('payment.discount.apply')}
              </button>
            </div>
            {appliedCode && (
              <p className="field__hint" role="status">
                {t('payment.discount.applied', { code: appliedCode })}{' '}
                <button type="button" className="btn btn--link" onClick={() => void removeCode()} disabled={applying || isSubmitting}>
                  {t('payment.discount.remove')}
                </button>
              </p>
            )}
          </fieldset>

          {waived ? (
            <div className="notice notice--success" role="status">
              <p>{t('payment.waived')}</p>
            </div>
          ) : (
            <>
              <HolderFields dropdowns={dropdowns} register={register} errors={errors} billingCountry={billingCountry} />
              <CardFields gateway={quote.gateway} dropdowns={dropdowns} register={register} errors={errors} />
            </>
          )}
        </>
      )}

      {banner && (
        <div
          ref={bannerRef}
          tabIndex={-1}
          className={banner.kind === 'paid' ? 'notice notice--success' : 'form__alert'}
          role="alert"
          data-testid="payment-message"
        >
          {banner.kind === 'closed' && (
            <p>
              <strong>{t('payment.closed_title')}</strong>
            </p>
          )}
          <p>{banner.text}</p>
          {banner.kind === 'closed' && (
            <Link className="btn btn--primary" to={applicationPath(1, token)} data-testid="payment-choose-term">
              {t('payment.choose_open_term')}
            </Link>
          )}
          {banner.kind === 'paid' && (
            <a className="btn btn--primary" href={detailsLink}>
              {t('payment.go_to_details')}
            </a>
          )}
        </div>
      )}

      <p className="visually-hidden" role="status" aria-live="polite">
        {isSubmitting ? t('payment.processing') : ''}
      </p>

      {/* the actions come with the fee (or its failure): shown while it loads, they would jump down when it arrives */}
      {!feeLoading && (
        <StepActions onBack={onBack} backDisabled={isSubmitting}>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={!quote || isSubmitting || applying || banner?.kind === 'paid' || banner?.kind === 'closed'}
          >
            {isSubmitting
              ? t('payment.processing')
              : retryPending
                ? t('payment.retry')
                : waived
                  ? t('payment.submit_waived')
                  : t('payment.pay', { total: quote ? formatMoney(quote.total, quote.currency, currentLocale()) : '' })}
          </button>
        </StepActions>
      )}
    </form>
  );
}
