/** Layout shared by the status pages (invalid token, invalid application, not found): focused heading, text and actions. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';

/** Props of {@link MessagePage}. */
export interface MessagePageProps {
  /** Already translated heading (focused on mount). */
  title: string;
  /** Already translated paragraphs, in order. */
  paragraphs: readonly string[];
  /** Actions placed before the "back to start" link. */
  actions?: ReactNode;
  /** Look of the "back to start" link: primary unless another action leads. */
  backVariant?: 'primary' | 'ghost';
}

/** Status page: heading, paragraphs, then the actions and a link back to the start page. */
export function MessagePage({ title, paragraphs, actions, backVariant = 'primary' }: MessagePageProps) {
  const { t } = useTranslation();
  const ref = useHeadingFocus(null, true);
  return (
    <section className="status-page">
      <h1 ref={ref} tabIndex={-1}>
        {title}
      </h1>
      {paragraphs.map((text, i) => (
        <p key={i}>{text}</p>
      ))}
      <p className="actions">
        {actions}
        <Link className={`btn btn--${backVariant}`} to="/">
          {t('common.back_to_start')}
        </Link>
      </p>
    </section>
  );
}
