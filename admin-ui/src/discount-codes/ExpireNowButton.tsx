/**
 * "Expire now" for a discount code: after a confirmation, PUT the code with `active: false` and
 * `expiresAt` = now, so it is refused from this moment (and the audit log shows both changes).
 */
import { useState } from 'react';
import TimerOffIcon from '@mui/icons-material/TimerOff';
import { Button, Confirm, useNotify, useRecordContext, useRefresh, useResourceContext, useUpdate } from 'react-admin';
import { codeState, expireNowPayload } from './discountCode';
import type { DiscountCodeRecord } from './types';

/** Button plus confirmation dialog; disabled when the code is already inactive. */
export function ExpireNowButton() {
  const record = useRecordContext<DiscountCodeRecord>();
  const resource = useResourceContext() ?? 'discount-codes';
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [update, { isPending }] = useUpdate<DiscountCodeRecord>();
  if (!record) return null;
  const state = codeState(record);

  const expire = () => {
    setOpen(false);
    void update(
      resource,
      { id: record.id, data: expireNowPayload(record), previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('app.discount_codes.expired_notice', { type: 'info', messageArgs: { code: record.code } });
          refresh();
        },
        onError: (error: unknown) => {
          const message = error instanceof Error ? error.message : '';
          notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message } });
        },
      },
    );
  };

  return (
    <>
      <Button
        label="app.discount_codes.expire_now"
        color="warning"
        onClick={() => setOpen(true)}
        disabled={isPending || state === 'inactive'}
      >
        <TimerOffIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="app.discount_codes.expire_title"
        content="app.discount_codes.expire_content"
        translateOptions={{ code: record.code }}
        confirm="app.discount_codes.expire_now"
        confirmColor="warning"
        onConfirm={expire}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
