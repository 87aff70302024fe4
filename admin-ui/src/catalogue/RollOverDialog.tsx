/**
 * "Roll over to next cycle" (issue 25, the office's yearly job in one step): a dialog that first asks the
 * server for a dry run (`POST /api/admin/terms/:id/roll-over` with `dryRun: true`; nothing is written) and
 * fills in the proposed key, names and first day of the new term, every date moved by the months chosen
 * (12 by default), and shows the offerings that would be created. The admin may change the months or the
 * proposal and update the preview; Confirm is offered only while the preview shows exactly what it would
 * send. Confirming creates the term and its offerings and opens the new term. A key that exists already
 * (409 CAT-409-taken) is said plainly, on the key field too.
 */
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { api, unwrap } from '../api/client';
import { useCurrency } from '../common/money';
import { useIsSmallScreen } from '../common/ResponsiveList';
import { TEXT_MAX, textFor, type FieldError, type FormErrors } from './catalogue';
import { RollOverPreview } from './RollOverPreview';
import {
  confirmationKey,
  initialRollOverForm,
  isKeyTaken,
  MONTHS_MAX,
  MONTHS_MIN,
  previewRows,
  rollOverRequest,
  validateRollOver,
  withProposal,
  type ProposalField,
  type RollOverForm,
} from './rollOver';
import { KEY_MAX } from './term';
import { TEXT_LOCALES, type RollOverBody, type RollOverResult, type TermRecord } from './types';
import { useCatalogueText } from './useCatalogueText';

/** What went wrong with the last request. */
interface RequestError {
  message: string;
  taken: boolean;
}

/** The message of an error (the server's, in the admin's language). */
const messageOf = (error: unknown) =>
  error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string'
    ? (error as { message: string }).message
    : '';

/** The dialog; `onClose` unmounts it. */
export function RollOverDialog({ term, onClose }: { term: TermRecord; onClose: () => void }) {
  const translate = useTranslate();
  const text = useCatalogueText();
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefresh();
  const currency = useCurrency();
  const fullScreen = useIsSmallScreen();
  const [form, setForm] = useState<RollOverForm>(initialRollOverForm);
  const [edited, setEdited] = useState<ReadonlySet<ProposalField>>(new Set());
  const [preview, setPreview] = useState<RollOverResult | null>(null);
  const [previewedFor, setPreviewedFor] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'confirm' | null>(null);
  const [error, setError] = useState<RequestError | null>(null);
  const started = useRef(false);
  const keyInput = useRef<HTMLInputElement>(null);
  const termName = textFor(term.labels, text.locale, term.key);

  const post = (body: RollOverBody) =>
    unwrap(api.POST('/api/admin/terms/{id}/roll-over', { params: { path: { id: String(term.id) } }, body }));

  const failed = (e: unknown) => {
    const taken = isKeyTaken(e);
    setError({ message: messageOf(e), taken });
    if (taken) {
      // the key is the field to change: say so there too
      setEdited((current) => new Set([...current, 'key']));
      window.setTimeout(() => keyInput.current?.focus(), 0);
    }
  };

  const runPreview = async (current: RollOverForm, currentEdited: ReadonlySet<ProposalField>) => {
    setBusy('preview');
    setError(null);
    try {
      const result = await post(rollOverRequest(current, currentEdited, true));
      const next = withProposal(current, currentEdited, result);
      setForm(next);
      setPreview(result);
      setPreviewedFor(confirmationKey(next));
    } catch (e) {
      failed(e);
    } finally {
      setBusy(null);
    }
  };

  // the first dry run, once, when the dialog opens
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void runPreview(initialRollOverForm(), new Set());
  }, []); // once: runPreview is a new function every render

  const confirm = async () => {
    setBusy('confirm');
    setError(null);
    try {
      const result = await post(rollOverRequest(form, edited, false));
      notify('app.terms.roll_over.done', {
        type: 'success',
        messageArgs: { name: textFor(result.term.labels, text.locale, result.term.key), smart_count: result.offerings.length },
      });
      onClose();
      redirect('edit', 'terms', result.term.id);
      refresh();
    } catch (e) {
      failed(e);
      setBusy(null);
    }
  };

  const errors: FormErrors = validateRollOver(form, edited);
  const valid = Object.keys(errors).length === 0;
  const current = preview !== null && previewedFor === confirmationKey(form);
  const errorText = (e: FormErrors[string] | undefined): string | undefined => {
    if (!e || Array.isArray(e)) return undefined;
    if (typeof e === 'string') return translate(e);
    if ('message' in e && typeof e.message === 'string') return translate(e.message, (e as { args?: object }).args);
    return undefined;
  };
  const labelErrors = (errors.labels ?? {}) as Record<string, FieldError>;

  const change = (field: ProposalField | 'months', value: string, locale?: (typeof TEXT_LOCALES)[number]) => {
    setForm((f) => (field === 'labels' && locale ? { ...f, labels: { ...f.labels, [locale]: value } } : { ...f, [field]: value }));
    if (field !== 'months') setEdited((current) => (current.has(field) ? current : new Set([...current, field])));
    if (field === 'key' && error?.taken) setError(null); // the refused key is being changed
  };

  const keyHelp = error?.taken
    ? translate('app.terms.roll_over.key_taken')
    : (errorText(errors.key as FieldError | undefined) ?? translate('app.terms.roll_over.key_help'));

  return (
    <Dialog
      open
      onClose={busy === 'confirm' ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="lg"
      aria-labelledby="roll-over-title"
      aria-describedby="roll-over-intro"
      data-testid="roll-over-dialog"
    >
      <DialogTitle id="roll-over-title">{translate('app.terms.roll_over.title', { name: termName })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="roll-over-intro" sx={{ mb: 2 }}>
          {translate('app.terms.roll_over.intro')}
        </DialogContentText>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              type="number"
              label={translate('app.terms.roll_over.months')}
              value={form.months}
              onChange={(e) => change('months', e.target.value)}
              error={!!errors.months}
              helperText={errorText(errors.months as FieldError | undefined) ?? translate('app.terms.roll_over.months_help')}
              fullWidth
              slotProps={{ htmlInput: { min: MONTHS_MIN, max: MONTHS_MAX, step: 1, 'data-testid': 'roll-over-months' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              label={translate('app.terms.roll_over.key')}
              value={form.key}
              inputRef={keyInput}
              onChange={(e) => change('key', e.target.value)}
              error={!!errors.key || !!error?.taken}
              helperText={keyHelp}
              fullWidth
              slotProps={{ htmlInput: { maxLength: KEY_MAX, spellCheck: false, 'data-testid': 'roll-over-key' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              type="date"
              label={translate('app.terms.roll_over.starts_on')}
              value={form.startsOn}
              onChange={(e) => change('startsOn', e.target.value)}
              error={!!errors.startsOn}
              helperText={errorText(errors.startsOn as FieldError | undefined) ?? ' '}
              fullWidth
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
          {TEXT_LOCALES.map((locale) => (
            <Grid key={locale} size={{ xs: 12, md: 4 }}>
              <TextField
                label={translate('app.catalogue.in_language', {
                  field: translate('resources.terms.fields.label'),
                  language: translate(`app.catalogue.language.${locale}`),
                })}
                value={form.labels[locale]}
                onChange={(e) => change('labels', e.target.value, locale)}
                error={!!labelErrors[locale]}
                helperText={errorText(labelErrors[locale]) ?? ' '}
                fullWidth
                slotProps={{ htmlInput: { maxLength: TEXT_MAX, lang: locale } }}
              />
            </Grid>
          ))}
        </Grid>

        <Box role="status" aria-live="polite" sx={{ minHeight: 8, mt: 1 }}>
          {busy === 'preview' && (
            <>
              <LinearProgress aria-hidden />
              <Typography variant="body2" sx={{ mt: 1 }}>
                {translate('app.terms.roll_over.loading')}
              </Typography>
            </>
          )}
          {busy !== 'preview' && preview && !current && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {translate('app.terms.roll_over.stale')}
            </Alert>
          )}
        </Box>

        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="roll-over-error">
            <AlertTitle>{translate(error.taken ? 'app.terms.roll_over.taken_title' : 'app.terms.roll_over.failed')}</AlertTitle>
            {error.taken ? translate('app.terms.roll_over.key_taken') : error.message || translate('ra.notification.http_error')}
          </Alert>
        )}

        <Typography variant="h6" component="h3" sx={{ mt: 3 }}>
          {translate('app.terms.roll_over.preview_heading')}
        </Typography>
        {preview ? (
          <RollOverPreview
            rows={previewRows(preview, { locale: text.locale, currency })}
            termName={textFor(preview.term.labels, text.locale, preview.term.key)}
          />
        ) : (
          busy !== 'preview' && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {translate('app.terms.roll_over.no_preview')}
            </Typography>
          )
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy === 'confirm'}>
          {translate('ra.action.cancel')}
        </Button>
        <Button onClick={() => void runPreview(form, edited)} disabled={busy !== null || !valid} data-testid="roll-over-update">
          {translate('app.terms.roll_over.update_preview')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void confirm()}
          disabled={busy !== null || !valid || !current}
          data-testid="roll-over-confirm"
        >
          {preview?.offerings.length
            ? translate('app.terms.roll_over.confirm', { smart_count: preview.offerings.length })
            : translate('app.terms.roll_over.confirm_term_only')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
