/** /invalid-token: the link is wrong, missing or expired (TKN-001, TKN-003). */
import { useTranslation } from 'react-i18next';
import { MessagePage } from './MessagePage';

/** Invalid-token page. */
export default function InvalidTokenPage() {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('invalid_token.title')}
      paragraphs={[t('invalid_token.text'), t('invalid_token.continue_hint')]}
      actions={
        <a className="btn btn--primary" href="/continue">
          {t('invalid_token.continue_link')}
        </a>
      }
      backVariant="ghost"
    />
  );
}
