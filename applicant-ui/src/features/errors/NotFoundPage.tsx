/** Any unknown path: not-found page. */
import { useTranslation } from 'react-i18next';
import { MessagePage } from './MessagePage';

/** Not-found page. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return <MessagePage title={t('not_found.title')} paragraphs={[t('not_found.text')]} />;
}
