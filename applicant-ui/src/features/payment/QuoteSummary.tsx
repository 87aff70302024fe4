/**
 * The fee quote as a table: application fee, late fee, discount and total (see {@link quoteRows}); under
 * it, when the offering has a late fee still ahead, the instant it starts on the applicant's clock.
 */
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import type { Quote } from './payment-api';
import { lateFeeAhead, quoteRows } from './quote-display';

/** The late-fee line's date formatting (luxon, ~19 kB compressed), once {@link prepareQuoteSummary} loaded it. */
let instantFormat: typeof import('../../shared/lib/instant-format') | undefined;

/**
 * Loads what {@link QuoteSummary} needs to show `quote`: the date formatting of the late-fee line, only when
 * the quote has a late fee ahead (issue 28 "Fast on a phone": a quote without one loads no date library).
 * Await it before rendering the quote.
 * @throws when the formatting's code cannot be loaded (the network failed)
 */
export async function prepareQuoteSummary(quote: Quote): Promise<void> {
  if (lateFeeAhead(quote)) instantFormat ??= await import('../../shared/lib/instant-format');
}

/** Quote table with a caption; the total row is emphasised. Render after {@link prepareQuoteSummary}. */
export function QuoteSummary({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const rows = quoteRows(quote, locale);
  const lateFeeFrom = lateFeeAhead(quote);
  const lateFeeDate = lateFeeFrom && instantFormat ? instantFormat.formatInstant(lateFeeFrom, locale) : null;
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
      {lateFeeDate && (
        <p className="field__hint" data-testid="late-fee-after">
          {t('payment.late_fee_after', { date: lateFeeDate })}
        </p>
      )}
    </>
  );
}
