/** Text-and-mark logo (inline SVG), linking to the provider's main site when known. */
import { useTranslation } from 'react-i18next';

/** Logo; `href` is `mainSiteUrl` from GET /api/config (falls back to `/`). */
export function Logo({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <a className="logo" href={href || '/'}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="currentColor" />
        <path d="M6 13 16 8l10 5-10 5z M10 16v5c0 2 12 2 12 0v-5" fill="none" stroke="#fff" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span className="logo__text">{t('brand.name')}</span>
      <span className="visually-hidden"> — {t('nav.main_site')}</span>
    </a>
  );
}
