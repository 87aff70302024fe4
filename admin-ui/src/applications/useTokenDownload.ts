/**
 * A download button's state around {@link downloadWithToken}: `busy` while the file is fetched, the
 * server's error (DESIGN §4 shape) shown as a notification when it fails.
 */
import { useCallback, useState } from 'react';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { downloadWithToken } from './download';

/** `download(url, fallbackName)` saves the file and answers its name and size (bytes), or null after a failure it has notified. */
export function useTokenDownload(): {
  busy: boolean;
  download: (url: string, fallbackName: string) => Promise<{ name: string; size: number } | null>;
} {
  const notifyError = useNotifyServerError();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (url: string, fallbackName: string) => {
      setBusy(true);
      try {
        return await downloadWithToken(url, fallbackName);
      } catch (error) {
        notifyError(error);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [notifyError],
  );
  return { busy, download };
}
