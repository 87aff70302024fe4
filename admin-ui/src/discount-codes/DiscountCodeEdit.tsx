/**
 * Discount codes: change, expire or delete a code. The usage count is shown read-only (kept by the
 * payments); a used code cannot be deleted (409 DSC-409, the server's message is shown).
 */
import { Box, Typography } from '@mui/material';
import { DeleteWithConfirmButton, Edit, SaveButton, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { toDiscountCodePayload, usageText } from './discountCode';
import { DiscountCodeForm } from './DiscountCodeForm';
import { CodeStateChip } from './CodeStateChip';
import { ExpireNowButton } from './ExpireNowButton';
import type { DiscountCodeRecord } from './types';

/** Save, Expire now and Delete (each destructive one asks first). */
function DiscountCodeToolbar() {
  const onError = useNotifyServerError();
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      <ExpireNowButton />
      <Box sx={{ flex: 1 }} />
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        confirmContent="app.discount_codes.delete_content"
        mutationOptions={{ onError }}
      />
    </Toolbar>
  );
}

/** Usage and state of the code being edited, above the fields. */
function UsageSummary() {
  const record = useRecordContext<DiscountCodeRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ mb: 2, display: 'flex', alignItems: 'center', gap: 1 }} role="status" aria-live="polite">
      <Typography variant="body1">{translate('app.discount_codes.usage_summary', { usage: usageText(record) })}</Typography>
      <CodeStateChip record={record} />
    </Box>
  );
}

/** Edit view (pessimistic, so server errors show on the fields). */
export default function DiscountCodeEdit() {
  const onError = useNotifyServerError();
  const onSuccess = useNotifySaved('discount-codes', 'edit', 'list');
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={toDiscountCodePayload} mutationOptions={{ onError, onSuccess }}>
      <DiscountCodeForm toolbar={<DiscountCodeToolbar />}>
        <UsageSummary />
      </DiscountCodeForm>
    </Edit>
  );
}
