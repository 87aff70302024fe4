/**
 * Preview and test send of a saved message template (issue 30 item 2): choose an application (search by
 * name, e-mail or reference number) and optionally another language; Preview shows the subject, the extra
 * headers (List-Unsubscribe for marketing) and the text exactly as they would be sent, with example links;
 * "Send a test to me" e-mails it to the admin's own address and reports the delivery's outcome.
 */
import PreviewIcon from '@mui/icons-material/Preview';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { AutocompleteInput, Form, ReferenceInput, SelectInput, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { ApplicationRecord } from '../applications/types';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { formatPersonName } from '../../../contract/format/person-name';
import {
  outcomeDetail,
  previewTemplate,
  TEMPLATE_LOCALES,
  testSendTemplate,
  type MessageTemplateRecord,
  type RenderedMessage,
} from './outreach';

const LOCALE_CHOICES = TEMPLATE_LOCALES.map((l) => ({ id: l, name: `app.decisions.locales.${l}` }));

/** The buttons and the result, inside the panel's own form (they read its values). */
function PreviewActions({ templateId }: { templateId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyServerError();
  const applicationId = useWatch({ name: 'applicationId' }) as string | undefined;
  const locale = (useWatch({ name: 'locale' }) as string | undefined) || undefined;
  const [rendered, setRendered] = useState<RenderedMessage | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const preview = () => run(async () => setRendered(await previewTemplate(templateId, applicationId!, locale)));
  const send = () =>
    run(async () => {
      const message = await testSendTemplate(templateId, applicationId!, locale);
      const detail = outcomeDetail(message);
      notify(message.status === 'sent' ? 'app.outreach.templates.test_sent' : 'app.outreach.templates.test_not_sent', {
        type: message.status === 'sent' ? 'info' : 'warning',
        messageArgs: {
          email: message.email,
          status: translate(`app.outreach.status.${message.status}`),
          detail: message.status === 'suppressed' && detail ? translate(`app.outreach.reason.${detail}`) : (detail ?? ''),
        },
      });
    });

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        <Button variant="outlined" startIcon={<PreviewIcon />} disabled={!applicationId || busy} onClick={() => void preview()}>
          {translate('app.outreach.templates.preview')}
        </Button>
        <Button variant="outlined" startIcon={<SendIcon />} disabled={!applicationId || busy} onClick={() => void send()}>
          {translate('app.outreach.templates.test_send')}
        </Button>
      </Stack>
      {rendered && (
        <Box component="section" aria-labelledby="template-preview-subject" data-testid="template-preview" sx={{ maxWidth: 760 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('app.outreach.templates.preview_to', {
              email: rendered.to,
              locale: translate(`app.decisions.locales.${rendered.locale}`),
            })}
          </Typography>
          <Typography id="template-preview-subject" variant="subtitle1" component="h3" lang={rendered.locale} sx={{ mt: 1 }}>
            {rendered.subject}
          </Typography>
          {Object.entries(rendered.headers).map(([name, value]) => (
            <Typography key={name} variant="caption" component="p" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {name}: {value}
            </Typography>
          ))}
          <Divider sx={{ my: 1 }} />
          <Typography
            component="pre"
            lang={rendered.locale}
            sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', m: 0 }}
          >
            {rendered.text}
          </Typography>
        </Box>
      )}
    </>
  );
}

/** The panel (on the template's edit page). */
export function MessageTemplatePreview() {
  const record = useRecordContext<MessageTemplateRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box component="section" aria-labelledby="template-try-title" sx={{ p: 2, pt: 0 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography id="template-try-title" variant="h6" component="h2">
        {translate('app.outreach.templates.try_title')}
      </Typography>
      <Alert severity="info" sx={{ my: 1, maxWidth: 760 }}>
        {translate('app.outreach.templates.try_help')}
      </Alert>
      <Form>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <ReferenceInput source="applicationId" reference="applications" sort={{ field: 'updatedAt', order: 'DESC' }}>
            <AutocompleteInput
              label="app.outreach.templates.application"
              optionText={(r: ApplicationRecord) => `#${r.referenceNumber} ${formatPersonName(r)} <${r.email}>`}
              filterToQuery={(q: string) => ({ q })}
              sx={{ width: { xs: '100%', sm: 420 } }}
            />
          </ReferenceInput>
          <SelectInput
            source="locale"
            label="app.outreach.templates.language"
            choices={LOCALE_CHOICES}
            emptyText="app.outreach.templates.language_of_application"
            sx={{ width: { xs: '100%', sm: 260 } }}
          />
        </Stack>
        <PreviewActions templateId={String(record.id)} />
      </Form>
    </Box>
  );
}
