/**
 * What a campaign will send, inside its form (issue 30 item 4): how many applications the chosen segment holds
 * now (the audience is claimed when the campaign starts), and the chosen template rendered for one of them —
 * in that applicant's language, or in any of the three — with example links, as the server would send it.
 */
import { Alert, Box, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { api, unwrap } from '../api/client';
import { previewTemplate, TEMPLATE_LOCALES, type RenderedMessage, type SegmentPreview } from './outreach';

/** The panel (reads the form's segment and template). */
export function CampaignPreview() {
  const translate = useTranslate();
  const segmentId = useWatch({ name: 'segmentId' }) as string | undefined;
  const templateId = useWatch({ name: 'templateId' }) as string | undefined;
  const [audience, setAudience] = useState<SegmentPreview | null>(null);
  const [applicationId, setApplicationId] = useState('');
  const [locale, setLocale] = useState('');
  const [rendered, setRendered] = useState<RenderedMessage | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    setAudience(null);
    if (!segmentId) return;
    let alive = true;
    unwrap(api.GET('/api/admin/segments/{id}/preview', { params: { path: { id: segmentId } } })).then(
      (answer) => {
        if (!alive) return;
        setAudience(answer);
        setApplicationId(answer.sample[0]?.id ?? '');
      },
      () => alive && setFailed(translate('app.outreach.segments.preview_failed')),
    );
    return () => {
      alive = false;
    };
  }, [segmentId, translate]);

  useEffect(() => {
    setRendered(null);
    if (!templateId || !applicationId) return;
    let alive = true;
    previewTemplate(templateId, applicationId, locale || undefined).then(
      (message) => alive && (setRendered(message), setFailed(null)),
      (error: unknown) => alive && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      alive = false;
    };
  }, [templateId, applicationId, locale]);

  if (!segmentId) return null;
  return (
    <Box
      component="section"
      aria-labelledby="campaign-preview-title"
      sx={{ width: '100%', maxWidth: 760, mt: 1 }}
      data-testid="campaign-preview"
    >
      <Divider sx={{ mb: 2 }} />
      <Typography id="campaign-preview-title" variant="h6" component="h2">
        {translate('app.outreach.campaigns.preview_title')}
      </Typography>
      <Typography variant="body2" role="status" aria-live="polite" sx={{ mb: 1 }}>
        {audience
          ? translate('app.outreach.campaigns.audience', { smart_count: audience.count })
          : translate('app.outreach.segments.counting')}
      </Typography>
      {failed && <Alert severity="warning">{failed}</Alert>}
      {audience && audience.sample.length > 0 && templateId && (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 1 }}>
            <TextField
              select
              size="small"
              label={translate('app.outreach.templates.application')}
              value={applicationId}
              onChange={(event) => setApplicationId(event.target.value)}
              sx={{ width: { xs: '100%', sm: 420 } }}
            >
              {audience.sample.map((row) => (
                <MenuItem key={row.id} value={row.id}>
                  #{row.referenceNumber} {row.name} &lt;{row.email}&gt;
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={translate('app.outreach.templates.language')}
              value={locale}
              onChange={(event) => setLocale(event.target.value)}
              sx={{ width: { xs: '100%', sm: 260 } }}
            >
              <MenuItem value="">{translate('app.outreach.templates.language_of_application')}</MenuItem>
              {TEMPLATE_LOCALES.map((l) => (
                <MenuItem key={l} value={l}>
                  {translate(`app.decisions.locales.${l}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {rendered && (
            <Box data-testid="campaign-preview-message">
              <Typography variant="body2" color="text.secondary">
                {translate('app.outreach.templates.preview_to', {
                  email: rendered.to,
                  locale: translate(`app.decisions.locales.${rendered.locale}`),
                })}
              </Typography>
              <Typography variant="subtitle1" component="h3" lang={rendered.locale} sx={{ mt: 1 }}>
                {rendered.subject}
              </Typography>
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
      )}
    </Box>
  );
}
