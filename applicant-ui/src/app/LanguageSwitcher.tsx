/**
 * Language switcher (spec §2): a labelled native select listing en, es and zh-CN, applied only on an
 * explicit choice (issue 13, WCAG 3.2.2): moving through the options with the arrow keys changes
 * nothing until the "Change" button is pressed (or Enter submits the little form).
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '../i18n';
import { LOCALES, type Locale } from '../i18n/locale-config';

/** Accessible language select with its apply button, for the nav bar. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  const current = currentLocale();
  const [chosen, setChosen] = useState<Locale>(current);
  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (chosen !== current) void changeLocale(chosen);
  };
  return (
    <form className="lang-switcher" onSubmit={apply}>
      <label htmlFor={id}>{t('nav.language')}</label>
      <select id={id} value={chosen} onChange={(e) => setChosen(e.target.value as Locale)}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="btn lang-switcher__apply">
        {t('nav.language_apply')}
      </button>
    </form>
  );
}
