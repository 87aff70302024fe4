/** Language switcher (spec §2): a labelled native select listing en, es and zh-CN. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '../i18n';
import { LOCALES, type Locale } from '../i18n/locale-config';

/** Accessible language select for the nav bar. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="lang-switcher">
      <label htmlFor={id}>{t('nav.language')}</label>
      <select id={id} value={currentLocale()} onChange={(e) => void changeLocale(e.target.value as Locale)}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
