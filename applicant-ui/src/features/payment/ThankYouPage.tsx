/**
 * `/application/thank-you` (spec §2: confirmation, receives route props): the payment receipt —
 * reference number, fee, late fee, discount, total, card last four, transaction id and date — and the
 * way on to the further-details form (`/details/1?token=<detailsToken>`: the application token no longer
 * opens a submitted application, so the payment answer carries a fresh details token; the e-mail has its own).
 * A payment held for review has no details token yet: the page then says the e-mail will follow.
 */
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DateTime } from 'luxon';
import { currentLocale } from '../../i18n';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { applicationPath } from '../../app/route-names';
import { cardLast4, formatMoney } from './quote-display';
import { loadReceipt } from './receipt-store';

/** Thank-you page after payment (default export for lazy loading). */
export default function ThankYouPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const headingRef = useHeadingFocus(null, true);
  const state = loadReceipt(location.state);
  const locale = currentLocale();

  if (!state) {
    return (
      <section className="status-page">
        <h1 ref={headingRef} tabIndex={-1}>
          {t('thank_you.title')}
        </h1>
        <p>{t('thank_you.no_receipt')}</p>
        <p className="actions">
          <Link className="btn btn--primary" to="/">
            {t('common.back_to_start')}
          </Link>
        </p>
      </section>
    );
  }

  const { receipt, detailsToken } = state;
  const money = (v: number) => formatMoney(v, receipt.currency, locale);
  const waived = receipt.Payment_Status === 'Waived';
  const pending = receipt.Payment_Status === 'Pending';
  const statusKey = waived ? 'Waived' : pending ? 'Pending' : 'Paid';
  const last4 = cardLast4(receipt.accountNumber);
  const date = receipt.paidAt ? DateTime.fromISO(receipt.paidAt).setLocale(locale).toLocaleString(DateTime.DATETIME_MED) : null;
  const rows: [string, string | null][] = [
    [t('thank_you.reference'), receipt.referenceNumber],
    [t('payment.quote.amount'), money(receipt.amount)],
    [t('payment.quote.lateFee'), money(receipt.lateFee)],
    [t('payment.quote.discount'), receipt.discount ? money(-Math.abs(receipt.discount)) : money(0)],
    [t('thank_you.total'), money(receipt.total)],
    [t('thank_you.status'), t(`thank_you.payment_status.${statusKey}`)],
    [t('thank_you.card'), last4 ? t('thank_you.card_ending', { last4 }) : null],
    [t('thank_you.transaction'), receipt.transactionId],
    [t('thank_you.date'), date],
  ];

  return (
    <section className="thank-you">
      <h1 ref={headingRef} tabIndex={-1}>
        {t('thank_you.title')}
      </h1>
      <p className="lead">{waived ? t('thank_you.text_waived') : pending ? t('thank_you.text_pending') : t('thank_you.text')}</p>
      <h2>{t('thank_you.receipt')}</h2>
      <dl className="details-list receipt" data-testid="receipt">
        {rows
          .filter(([, v]) => v)
          .map(([label, value]) => (
            <div key={label} className="receipt__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {!pending && <p>{t('thank_you.email_sent')}</p>}
      {detailsToken && (
        <>
          <h2>{t('thank_you.next_title')}</h2>
          <p>{t('thank_you.next_text')}</p>
        </>
      )}
      <p className="actions">
        {detailsToken && (
          <Link className="btn btn--primary" to={applicationPath(1, detailsToken, 'details')}>
            {t('thank_you.go_to_details')}
          </Link>
        )}
        <button type="button" className="btn btn--ghost" onClick={() => window.print()}>
          {t('thank_you.print')}
        </button>
      </p>
    </section>
  );
}
