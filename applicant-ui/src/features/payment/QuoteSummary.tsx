/**
 * The fee quote as a table: application fee, late fee, discount and total (see {@link quoteRows}); under
 * it, when the offering has a late fee still ahead, the instant it starts on the applicant's clock.
 */
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { formatInstant } from '../../shared/lib/instant-format';
import type { Quote } from './payment-api';
import { lateFeeAhead, quoteRows } from './quote-display';

/** Quote table with a caption; the total row is emphasised. */
export function QuoteSummary({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const rows = quoteRows(quote, locale);
  const lateFeeFrom = lateFeeAhead(quote);
  return (
    <>
      <table className="quote-table" data-testid="quote">
        <caption>{t('payment.quote.caption')}</caption>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={r.key === 'total' ? 'quote-table__total' : undefined}>
              <th scope="row">
                {r.key === 'discount' && quote.discountCode
                  ? t('payment.quote.discount_code', { code: quote.discountCode })
                  : t(`payment.quote.${r.key}`)}
              </th>
              <td>{r.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {lateFeeFrom && (
        <p className="field__hint" data-testid="late-fee-after">
          {t('payment.late_fee_after', { date: formatInstant(lateFeeFrom, locale) })}
        </p>
      )}
    </>
  );
}
