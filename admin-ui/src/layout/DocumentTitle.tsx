/**
 * Keeps the browser tab title in the current language.
 */
import { useEffect } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';

/** Sets `document.title` to the translated app title (renders nothing). */
export function DocumentTitle() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  useEffect(() => {
    document.title = translate('app.title');
  }, [translate, locale]);
  return null;
}
