/**
 * A released decision letter (issue 15 item 3): the letter's HTML (escaped by the server), a PDF download
 * (fetched with the caller's login or the application token), or "print" when the language has no PDF font.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDecisionLetter, fetchDecisionPdf, type DecisionLetter } from './checklist-api';

/** The letter of application `id`; renders nothing until it is released. */
export function DecisionLetterView({ id, token }: { id: string; token?: string | null }) {
  const { t } = useTranslation();
  const [letter, setLetter] = useState<DecisionLetter | null>(null);
  const [pdfFailed, setPdfFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    fetchDecisionLetter(id, token)
      .then((l) => alive && setLetter(l))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [id, token]);

  if (!letter) return null;

  const download = async () => {
    setPdfFailed(false);
    try {
      const blob = await fetchDecisionPdf(id, token);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `decision-${id}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setPdfFailed(true);
    }
  };

  return (
    <article className="decision-letter" aria-labelledby={`letter-${id}`} data-testid="decision-letter">
      <h3 id={`letter-${id}`} className="decision-letter__title">
        {letter.subject}
      </h3>
      <div lang={letter.locale} dangerouslySetInnerHTML={{ __html: letter.html }} />
      <p className="decision-letter__actions">
        {letter.pdfAvailable ? (
          <button type="button" className="btn btn--ghost" onClick={() => void download()}>
            {t('checklist.download_pdf')}
          </button>
        ) : (
          <button type="button" className="btn btn--ghost" onClick={() => window.print()}>
            {t('checklist.print_letter')}
          </button>
        )}
      </p>
      {pdfFailed && (
        <p className="field__hint" role="alert">
          {t('checklist.pdf_failed')}
        </p>
      )}
    </article>
  );
}
