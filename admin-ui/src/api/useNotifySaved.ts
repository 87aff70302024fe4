/**
 * `onSuccess` for the console's Create and Edit views: a notification that names what was saved
 * ({@link savedNotice}), then react-admin's usual redirect. Passing `onSuccess` in `mutationOptions`
 * replaces react-admin's own notification and redirect, so both happen here.
 */
import { useNotify, useRedirect, type RedirectionSideEffect } from 'react-admin';
import { savedNotice, type SavedRecord, type SavedResource } from './savedNotice';

/**
 * @param resource the resource being saved (e.g. `maintenance-windows`)
 * @param mode `create` or `edit` (chooses "created" or "saved")
 * @param redirectTo where to go after the save (`list`, `edit`, … or false to stay)
 * @returns the handler for `mutationOptions.onSuccess`, called with the saved record
 */
export function useNotifySaved<K extends SavedResource>(
  resource: K,
  mode: 'create' | 'edit',
  redirectTo: RedirectionSideEffect = false,
): (record: SavedRecord<K>) => void {
  const notify = useNotify();
  const redirect = useRedirect();
  return (record) => {
    const { message, messageArgs } = savedNotice(resource, record, mode === 'create');
    notify(message, { type: 'info', messageArgs });
    if (redirectTo !== false) redirect(redirectTo, resource, (record as { id?: string | number }).id, record);
  };
}
