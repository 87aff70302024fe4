/** /invalid-application: the token is valid but the application can no longer be opened (TKN-002). */
import { useTranslation } from 'react-i18next';
import { MessagePage } from './MessagePage';

/** Invalid-application page. */
export default function InvalidApplicationPage() {
  const { t } = useTranslation();
  return <MessagePage title={t('invalid_application.title')} paragraphs={[t('invalid_application.text')]} />;
}
