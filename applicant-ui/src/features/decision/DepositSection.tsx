/**
 * The enrollment deposit (issue 29 item 2), under the reply once the applicant has accepted: the amount and the
 * deadline in her zone as the server writes it (and, where the office says so, that the offer lapses without
 * it; whether it is refundable), a discount code that re-quotes (deposit codes only; a waiver needs no card), the
 * card form of the payment step (holder, billing country and postal code, the card fields the browser tokenises:
 * the fake tokeniser, or Accept.js with Authorize.Net) and Pay. One `requestId` per attempt, reused while an
 * outcome is unknown ({@link PaymentAttempts}). Paid or waived: the receipt (amount, card, transaction, date);
 * refunded, voided or lapsed: what happened and whom to contact. Errors are announced (role=alert), the outcome
 * too (role=status); one column on a phone.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getDropdowns, type Dropdown } from '../../shared/api/dropdowns-api';
import { apiErrorBody, apiErrorStatus } from '../../shared/api/errors';
import { TextField, fieldErrorText } from '../../shared/ui/form-fields';
import { AcceptJsError } from '../payment/accept-js';
import { CardFields } from '../payment/CardFields';
import { preloadTokenizer, tokenizeCard } from '../payment/card-tokenizer';
import { HolderFields } from '../payment/HolderFields';
import { PaymentAttempts, isUnknownOutcome } from '../payment/payment-attempt';
import { createPaymentSchema, paymentDefaults, type PaymentValues } from '../payment/payment.schema';
import { formatMoney } from '../payment/quote-display';
import { fetchDeposit, payDeposit, type Deposit, type DepositBody, type DepositPayment } from './deposit-api';

/** Props of {@link DepositSection}. */
export interface DepositSectionProps {
  id: string;
  token?: string | null;
  /** The applicant's name, to start the card holder field with. */
  fullName?: string;
  /** Changes whenever the reply changes (the deposit is read again). */
  replyKey: string;
  /** Called once the deposit is paid or waived (the reply is then held: the caller reads it again). */
  onPaid?: () => void;
}

/** A message above the Pay button. */
type Banner = { kind: 'error' | 'unknown'; text: string } | null;

/** The phases in which the section shows the card form. */
const PAYABLE_PHASES = new Set<Deposit['phase']>(['due', 'overdue']);

/** The deposit section; renders nothing when the offering asks no deposit or the offer is not accepted. */
export function DepositSection({ id, token, fullName = '', replyKey, onPaid }: DepositSectionProps) {
  const { t, i18n } = useTranslation();
  const [deposit, setDeposit] = useState<Deposit | null>(null);
  const [dropdowns, setDropdowns] = useState<Dropdown[]>([]);
  const [appliedCode, setAppliedCode] = useState('');
  const [applying, setApplying] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);
  const [justPaid, setJustPaid] = useState(false);
  const bannerRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const waivedRef = useRef(false);
  waivedRef.current = deposit?.waived ?? false;

  const resolver = useCallback<Resolver<PaymentValues>>(
    (values, context, options) =>
      zodResolver(createPaymentSchema(waivedRef.current))(values, context, options) as ReturnType<Resolver<PaymentValues>>,
    [],
  );
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PaymentValues>({ resolver, defaultValues: paymentDefaults(fullName), mode: 'onTouched' });
  const billingCountry = watch('creditCardBillingCountry');
  const attempts = useMemo(() => new PaymentAttempts<DepositBody, DepositPayment>((body) => payDeposit(id, token, body)), [id, token]);

  const load = useCallback(
    async (code: string): Promise<boolean> => {
      try {
        setDeposit(await fetchDeposit(id, token, code || undefined));
        return true;
      } catch (error) {
        const body = apiErrorBody(error);
        if (body?.code === 'PAY-004')
          setError('discountCode', { type: 'server', message: body.errors?.discountCode?.[0] ?? body.message }, { shouldFocus: true });
        return false;
      }
    },
    [id, token, setError],
  );

  // the deposit in the page's language (the deadline's words), again when the reply or the language changes
  useEffect(() => {
    void load(appliedCode);
    // the code applied is read at the time of the change only (applying a code loads by itself)
  }, [load, replyKey, i18n.language]);
  useEffect(() => {
    getDropdowns().then(setDropdowns, () => undefined);
  }, [i18n.language]);
  useEffect(() => {
    if (banner) bannerRef.current?.focus();
  }, [banner]);
  const gateway = deposit?.gateway;
  const depositRef = useRef(deposit);
  depositRef.current = deposit;
  useEffect(() => {
    if (gateway && depositRef.current && PAYABLE_PHASES.has(depositRef.current.phase)) preloadTokenizer(depositRef.current);
  }, [gateway]);

  if (!deposit?.required || deposit.phase === 'not_required' || deposit.phase === 'not_accepted') return null;
  const locale = i18n.language;
  const money = (cents: number) => formatMoney(cents / 100, deposit.currency, locale);
  const headingId = `deposit-${id}`;

  const applyCode = async () => {
    const code = getValues('discountCode').trim();
    clearErrors('discountCode');
    if (!code) {
      setError('discountCode', { type: 'manual', message: 'payment.errors.code_required' }, { shouldFocus: true });
      return;
    }
    setApplying(true);
    if (await load(code)) setAppliedCode(code);
    setApplying(false);
  };
  const removeCode = async () => {
    setApplying(true);
    if (await load('')) setAppliedCode('');
    setApplying(false);
  };

  const onPay = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await attempts.pay(async (requestId) => {
        const body: DepositBody = { requestId };
        if (appliedCode) body.discountCode = appliedCode;
        if (!waivedRef.current) {
          body.opaqueData = await tokenizeCard(deposit, {
            cardNumber: values.cardNumber,
            expMonth: values.expMonth,
            expYear: values.expYear,
            cvv: values.cvv,
            zip: values.creditCardBillingZip,
            fullName: values.creditCardFullName,
          });
          body.creditCardFullName = values.creditCardFullName.trim();
          body.creditCardBillingZip = values.creditCardBillingZip.trim();
          body.creditCardBillingCountry = values.creditCardBillingCountry;
        }
        return body;
      });
      setJustPaid(true);
      await load('');
      onPaid?.();
      requestAnimationFrame(() => statusRef.current?.focus());
    } catch (error) {
      if (error instanceof AcceptJsError) {
        setBanner({ kind: 'error', text: t('payment.tokenizer_failed', { reason: error.message }) });
        return;
      }
      if (isUnknownOutcome(error)) {
        setBanner({ kind: 'unknown', text: t('payment.unknown_outcome') });
        return;
      }
      const body = apiErrorBody(error);
      if (body?.code === 'PAY-004') {
        setError('discountCode', { type: 'server', message: body.errors?.discountCode?.[0] ?? body.message }, { shouldFocus: true });
        return;
      }
      if (body?.errors && body.code === 'VAL-001') {
        const known = new Set(['creditCardFullName', 'creditCardBillingZip', 'creditCardBillingCountry']);
        const others: string[] = [];
        for (const [field, messages] of Object.entries(body.errors)) {
          if (known.has(field)) setError(field as keyof PaymentValues, { type: 'server', message: messages[0] ?? '' });
          else others.push(...messages);
        }
        if (others.length) setBanner({ kind: 'error', text: others.join(' ') });
        return;
      }
      const reason = body?.code === 'PAY-001' ? t('payment.declined', { reason: body.message || t('payment.declined_default') }) : null;
      setBanner({ kind: 'error', text: reason ?? body?.message ?? t('payment.failed', { status: apiErrorStatus(error) }) });
      // a deadline passed or a payment made meanwhile: show the state as it is now
      if (body?.code?.startsWith('DEP-')) void load('');
    }
  });

  const payment = deposit.payment;
  const payable = deposit.payable && PAYABLE_PHASES.has(deposit.phase);
  const receiptRows = (
    [
      [t('deposit.amount'), money(deposit.amountCents)],
      [t('payment.quote.discount'), deposit.discountCents > 0 ? money(-deposit.discountCents) : null],
      // a receipt: what was paid (the quote's "total due" would read as still owed)
      [t('deposit.total_paid'), money(deposit.totalCents)],
      [t('deposit.card'), payment?.last4 ? t('deposit.card_ending', { last4: payment.last4 }) : null],
      [t('deposit.transaction'), payment?.transactionId ?? null],
      [
        t('deposit.date'),
        deposit.paidAt ? new Date(deposit.paidAt).toLocaleString(locale, { dateStyle: 'long', timeStyle: 'short' }) : null,
      ],
    ] as const
  ).filter((row): row is readonly [string, string] => row[1] !== null);
  return (
    <section className="decision-deposit" aria-labelledby={headingId} data-testid="deposit">
      <h3 id={headingId}>{t('deposit.title')}</h3>

      {(deposit.phase === 'paid' || deposit.phase === 'waived') && (
        <div ref={statusRef} tabIndex={-1} className="notice notice--success" role="status" data-testid="deposit-paid">
          <p>
            <strong>{t(justPaid ? 'deposit.paid_now' : 'deposit.paid')}</strong>
          </p>
          <dl className="details-list receipt" data-testid="deposit-receipt">
            {receiptRows.map(([label, value]) => (
              <div key={label} className="receipt__row">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {deposit.phase === 'waived' && <p>{t('deposit.waived_note')}</p>}
          <p>{t('deposit.receipt_sent')}</p>
        </div>
      )}
      {(deposit.phase === 'refunded' || deposit.phase === 'voided') && (
        <p className="notice" data-testid="deposit-refunded">
          {t('deposit.refunded', { amount: money(deposit.totalCents) })}
        </p>
      )}
      {deposit.phase === 'lapsed' && (
        <p className="notice" data-testid="deposit-lapsed">
          {t('deposit.lapsed', { deadline: deposit.dueText ?? '' })}
        </p>
      )}
      {deposit.phase === 'pending' && (
        <p className="notice" role="status" data-testid="deposit-pending">
          {t('deposit.pending')}
        </p>
      )}
      {deposit.phase === 'overdue' && !deposit.payable && (
        <p className="notice" data-testid="deposit-late">
          {t('deposit.late', { deadline: deposit.dueText ?? '' })}
        </p>
      )}

      {payable && (
        <form className="form" noValidate onSubmit={(e) => void onPay(e)} aria-labelledby={headingId} aria-busy={isSubmitting}>
          <p data-testid="deposit-due">
            {deposit.dueText
              ? t('deposit.due_by', { amount: money(deposit.amountCents), deadline: deposit.dueText })
              : t('deposit.due', { amount: money(deposit.amountCents) })}
          </p>
          {deposit.lapses && deposit.dueText && <p>{t('deposit.lapse_warning', { deadline: deposit.dueText })}</p>}
          <p>{t(deposit.refundable ? 'deposit.refundable' : 'deposit.not_refundable')}</p>

          <fieldset className="fieldset">
            <legend>{t('deposit.code_legend')}</legend>
            <div className="form-row form-row--inline">
              <TextField
                label={t('payment.discount.label')}
                hint={t('deposit.code_hint')}
                autoComplete="off"
                maxLength={50}
                error={fieldErrorText(t, errors.discountCode)}
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

          {deposit.waived ? (
            <div className="notice notice--success" role="status">
              <p>{t('deposit.waived')}</p>
            </div>
          ) : (
            <>
              <HolderFields dropdowns={dropdowns} register={register} errors={errors} billingCountry={billingCountry} />
              <CardFields gateway={deposit.gateway} dropdowns={dropdowns} register={register} errors={errors} />
            </>
          )}

          {banner && (
            <div ref={bannerRef} tabIndex={-1} className="form__alert" role="alert" data-testid="deposit-message">
              <p>{banner.text}</p>
            </div>
          )}
          <p className="visually-hidden" role="status" aria-live="polite">
            {isSubmitting ? t('payment.processing') : ''}
          </p>
          <button type="submit" className="btn btn--primary" disabled={isSubmitting || applying}>
            {isSubmitting
              ? t('payment.processing')
              : attempts.hasPending
                ? t('payment.retry')
                : deposit.waived
                  ? t('deposit.submit_waived')
                  : t('deposit.pay', { total: money(deposit.totalCents) })}
          </button>
        </form>
      )}
    </section>
  );
}
