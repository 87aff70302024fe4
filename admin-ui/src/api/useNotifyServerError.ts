/**
 * react-admin does not notify when a pessimistic save fails with field errors (it only marks the
 * fields). The server's `message` is worth showing too, so forms use this as `onError`.
 */
import { useNotify } from 'react-admin';

/** Returns an `onError` handler that shows the error's message (the server's localised text). */
export function useNotifyServerError(): (error: unknown) => void {
  const notify = useNotify();
  return (error: unknown) => {
    const message =
      typeof error === 'string'
        ? error
        : error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string'
          ? (error as { message: string }).message
          : '';
    notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message } });
  };
}
