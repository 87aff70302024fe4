/**
 * Changes an account's role (PUT /api/admin/users/:id, pessimistic): notifies `doneMessage` and refreshes
 * on success; on failure (e.g. 409 USR-409 for the last admin) keeps the server's message in `failure`
 * (for an alert next to the control) and notifies it. Shared by the role button and the role select.
 */
import { useState } from 'react';
import { useNotify, useRefresh, useResourceContext, useUpdate } from 'react-admin';
import type { UserRecord, UserRole } from './types';

/** `setRole(role, doneMessage, messageArgs)`, whether a change is under way, and the last failure's message. */
export function useSetRole(record: UserRecord | undefined) {
  const resource = useResourceContext() ?? 'users';
  const notify = useNotify();
  const refresh = useRefresh();
  const [failure, setFailure] = useState('');
  const [update, { isPending }] = useUpdate<UserRecord>();

  const setRole = (role: UserRole, doneMessage: string, messageArgs: Record<string, unknown>) => {
    if (!record) return;
    setFailure('');
    void update(
      resource,
      { id: record.id, data: { role }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(doneMessage, { type: 'info', messageArgs });
          refresh();
        },
        onError: (error: unknown) => {
          const message = error instanceof Error ? error.message : '';
          setFailure(message);
          notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message } });
        },
      },
    );
  };
  return { setRole, isPending, failure };
}
