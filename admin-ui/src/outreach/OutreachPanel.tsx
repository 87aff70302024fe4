/**
 * The application's messages (issue 30 item 6), on its page: what its address receives (marketing on or
 * off; suppressed after a hard bounce, with the server's answer and a way to lift it), then every outreach
 * message about the application — sent, failed, bounced or suppressed, from which rule or campaign — newest first.
 */
import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Confirm, useGetList, useLocaleState, useNotify, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { formatInstant } from '../common/localDateTime';
import type { ApplicationRecord } from '../applications/types';
import { MessageStatusChip } from './MessageStatusChip';
import { clearSuppression, fetchRecipient, type OutreachMessageRecord, type RecipientState } from './outreach';
import { useSourceText } from './OutreachMessageList';

/** The panel (inside the application's Show). */
export function OutreachPanel() {
  const record = useRecordContext<ApplicationRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const notifyError = useNotifyServerError();
  const source = useSourceText();
  const [recipient, setRecipient] = useState<RecipientState | null>(null);
  const [confirming, setConfirming] = useState(false);
  const email = record?.email;
  const { data: messages = [], isPending } = useGetList<OutreachMessageRecord & { id: string }>(
    'outreach-messages',
    { filter: { applicationId: record?.id }, sort: { field: 'id', order: 'DESC' }, pagination: { page: 1, perPage: 50 } },
    { enabled: Boolean(record?.id) },
  );

  useEffect(() => {
    if (!email) return;
    let alive = true;
    fetchRecipient(email).then(
      (state) => alive && setRecipient(state),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [email]);

  if (!record) return null;
  const lift = async () => {
    setConfirming(false);
    try {
      setRecipient(await clearSuppression(record.email));
      notify('app.outreach.recipient.cleared', { type: 'info' });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <>
      {recipient && (
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mb: 2 }} data-testid="outreach-recipient">
          <Chip
            size="small"
            color={recipient.marketing ? 'success' : 'default'}
            label={translate(recipient.marketing ? 'app.outreach.recipient.marketing_on' : 'app.outreach.recipient.marketing_off')}
          />
          {recipient.suppressed && (
            <Alert
              severity="error"
              sx={{ width: '100%' }}
              action={
                <Button color="inherit" size="small" onClick={() => setConfirming(true)}>
                  {translate('app.outreach.recipient.clear')}
                </Button>
              }
            >
              {translate('app.outreach.recipient.suppressed', {
                at: formatInstant(recipient.suppressedAt, locale),
                detail: recipient.suppressedDetail ?? '',
              })}
            </Alert>
          )}
        </Stack>
      )}
      <Confirm
        isOpen={confirming}
        title="app.outreach.recipient.clear_title"
        content="app.outreach.recipient.clear_content"
        onConfirm={() => void lift()}
        onClose={() => setConfirming(false)}
      />
      {!isPending && messages.length === 0 ? (
        <Typography variant="body2">{translate('app.outreach.messages.none_for_application')}</Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('app.outreach.messages.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.outreach-messages.fields.createdAt')}</TableCell>
                <TableCell>{translate('resources.outreach-messages.fields.subject')}</TableCell>
                <TableCell>{translate('resources.outreach-messages.fields.sourceKind')}</TableCell>
                <TableCell>{translate('resources.outreach-messages.fields.email')}</TableCell>
                <TableCell>{translate('resources.outreach-messages.fields.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {messages.map((m) => (
                <TableRow key={m.id}>
                  <TableCell>{formatInstant(m.sentAt ?? m.createdAt, locale)}</TableCell>
                  <TableCell>{m.subject ?? m.templateKey}</TableCell>
                  <TableCell>{source(m)}</TableCell>
                  <TableCell>{m.email}</TableCell>
                  <TableCell>
                    <MessageStatusChip record={m} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}

/** The panel as a section of the application page, like its other sections; admins only (readers have no access to outreach). */
export function OutreachSection() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string>();
  if (permissions !== 'admin') return null;
  return (
    <Card variant="outlined" component="section" aria-labelledby="section-outreach" sx={{ mb: 2 }} data-testid="outreach">
      <CardContent>
        <Typography id="section-outreach" variant="h6" component="h2" gutterBottom>
          {translate('app.outreach.messages.title')}
        </Typography>
        <OutreachPanel />
      </CardContent>
    </Card>
  );
}
