/**
 * The advisory banner of the main layout (spec §1, §2): the admins' advisory lines (Manage Banner →
 * Advisory lines), read once per page load from GET /api/advisory (started by the root loader, so it is usually
 * there on the first paint) and shown in the UI language (it
 * follows the language switcher without another request). Renders nothing while loading, when there
 * is no active line, or when the call fails.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { advisoryText, preloadAdvisoryLines, preloadedAdvisoryLines, type AdvisoryLine } from './advisory-api';

/** The banner (an `aside` labelled "Upcoming deadlines"). */
export function AdvisoryBanner() {
  const { t, i18n } = useTranslation();
  const [lines, setLines] = useState<AdvisoryLine[]>(() => preloadedAdvisoryLines() ?? []);
  useEffect(() => {
    let alive = true;
    void preloadAdvisoryLines().then((l) => alive && setLines(l));
    return () => {
      alive = false;
    };
  }, []);
  const texts = lines.map((line) => ({ id: line.id, text: advisoryText(line, i18n.language) })).filter((l) => l.text);
  if (!texts.length) return null;
  return (
    <aside className="banner banner--advisory" aria-label={t('advisory.label')}>
      {texts.map((line) => (
        <p key={line.id}>
          <strong>{t('advisory.heading')}</strong> {line.text}
        </p>
      ))}
    </aside>
  );
}
