/**
 * "Revoke" for an API key: after a confirmation, DELETE /api/admin/api-keys/:id (the server keeps the
 * record, marked revoked, and audits it). Hidden once the key is revoked.
 */
import { useState } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import { Button, Confirm, useDelete, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import type { ApiKeyRecord } from './types';

/** Button plus confirmation dialog. */
export function RevokeApiKeyButton() {
  const record = useRecordContext<ApiKeyRecord>();
  const notify = useNotify();
  const onError = useNotifyServerError();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete<ApiKeyRecord>();
  if (!record || record.state === 'revoked') return null;

  const revoke = () => {
    setOpen(false);
    void remove(
      'api-keys',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('app.api_keys.revoked_notice', { type: 'info', messageArgs: { name: record.name } });
          refresh();
        },
        onError,
      },
    );
  };

  return (
    <>
      <Button
        label="app.api_keys.revoke"
        color="error"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        disabled={isPending}
      >
        <BlockIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="app.api_keys.revoke_title"
        content="app.api_keys.revoke_content"
        translateOptions={{ name: record.name }}
        confirm="app.api_keys.revoke"
        confirmColor="warning"
        onConfirm={revoke}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
