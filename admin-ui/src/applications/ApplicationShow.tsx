/**
 * One application (issue 5 item 5): the summary, every saved answer grouped by the form's sections
 * (spec §3; unknown fields under "Other answers"), the documents with download buttons (fetched with
 * the admin's token), the payment attempts (application fee and enrollment deposit, with refund and void: issue 29 item 2) and
 * the time log; the decision (issue 15); Withdraw / Reopen in the actions.
 */
import type { ReactNode } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { ListButton, Show, TopToolbar, useLocaleState, useNotify, usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { formatDuration } from '../dashboard/duration';
import { formatMoney } from '../common/money';
import { describeValue, fieldLabel, groupAnswers, humanizeKey, type AnswerValue, type ApplicationFields } from './answers';
import { NO_FIELDS, useApplicationFields } from './applicationFields';
import { StatusChip } from './StatusChip';
import { ChoiceText } from './ChoiceText';
import { useTokenDownload } from './useTokenDownload';
import { StatusActions } from './StatusActions';
import { AssignRecordButton } from '../reviews/AssignReadersButton';
import ReviewsPanel from '../reviews/ReviewsPanel';
import { ReferenceStatusSelect } from './ReferenceStatusSelect';
import { DecisionPanel } from '../decisions/DecisionPanel';
import { PaymentReversalButtons } from '../payments/PaymentReversalButtons';
import { OutreachSection } from '../outreach/OutreachPanel';
import type { ApplicationAttachment, ApplicationDetail } from './types';
import { formatPersonName } from '../../../contract/format/person-name';

/** A date-time in the admin's locale and zone, or an em dash. */
export function useFormatDate() {
  const [locale] = useLocaleState();
  return (iso: string | null | undefined) => (iso ? DateTime.fromISO(iso).setLocale(locale).toLocaleString(DateTime.DATETIME_MED) : '—');
}

/** A titled card section (h2). */
function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = `section-${testId ?? title}`.replace(/\W+/g, '-');
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ mb: 2 }} data-testid={testId}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Translates a field label (arguments that are message keys are translated first). */
function useFieldName(registry: ApplicationFields) {
  const translate = useTranslate();
  return (field: string) => {
    const { key, args } = fieldLabel(field, registry);
    const translatedArgs = Object.fromEntries(
      Object.entries(args ?? {}).map(([k, v]) => [k, typeof v === 'string' && v.startsWith('app.') ? translate(v) : v]),
    );
    return translate(key, { ...translatedArgs, _: humanizeKey(field) });
  };
}

/** Renders one answer value (nested objects as small definition lists, lists as numbered rows). */
function AnswerView({ value }: { value: AnswerValue }) {
  const translate = useTranslate();
  switch (value.kind) {
    case 'empty':
      return (
        <Typography component="span" color="text.secondary">
          {translate('app.applications.not_answered')}
        </Typography>
      );
    case 'boolean':
      return <>{translate(value.value ? 'app.applications.yes' : 'app.applications.no')}</>;
    case 'text':
      return <>{value.value}</>;
    case 'list':
      return (
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          {value.items.map((item, i) => (
            <li key={i}>
              <AnswerView value={item} />
            </li>
          ))}
        </Box>
      );
    case 'object':
      return (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1 }}>
          {value.entries
            .filter(([, v]) => v.kind !== 'empty')
            .map(([k, v]) => (
              <Box key={k} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ color: 'text.secondary' }}>
                  {translate(`app.applications.part.${k}`, { _: humanizeKey(k) })}
                </Box>
                <Box component="dd" sx={{ m: 0 }}>
                  <AnswerView value={v} />
                </Box>
              </Box>
            ))}
        </Box>
      );
  }
}

/** A two-column table of label → value rows. */
function FieldTable({ rows, label }: { rows: [string, ReactNode][]; label: string }) {
  return (
    <Table size="small" aria-label={label}>
      <TableBody>
        {rows.map(([name, value]) => (
          <TableRow key={name}>
            <TableCell component="th" scope="row" sx={{ width: { sm: '40%' }, verticalAlign: 'top', fontWeight: 500 }}>
              {name}
            </TableCell>
            <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A data table with a header row, or the empty text. */
function DataTable({ label, head, rows, empty }: { label: string; head: string[]; rows: ReactNode[][]; empty: string }) {
  if (rows.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h} component="th" scope="col">
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={i}>
              {row.map((cell, j) => (
                <TableCell key={j}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Download button of one document: fetches the bytes with the token, then saves them. */
function DownloadButton({ attachment }: { attachment: ApplicationAttachment }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { busy, download: save } = useTokenDownload();
  const download = async () => {
    const saved = await save(attachment.downloadUrl, attachment.originalName || attachment.slot);
    if (saved) notify('app.applications.documents.downloaded', { type: 'info', messageArgs: { name: saved.name } });
  };
  return (
    <Button
      size="small"
      onClick={download}
      disabled={busy}
      aria-busy={busy}
      aria-label={translate('app.applications.documents.download_named', { name: attachment.originalName })}
      startIcon={busy ? <CircularProgress size={16} aria-hidden="true" /> : <DownloadIcon />}
    >
      {translate('app.applications.documents.download')}
    </Button>
  );
}

/** Size in human units (B, kB, MB), in `locale`. */
function formatBytes(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** The page body for the loaded record. */
function ApplicationDetailView() {
  const record = useRecordContext<ApplicationDetail>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const formatDate = useFormatDate();
  // which step each answer belongs to comes from the server (null while it loads)
  const registry = useApplicationFields();
  const fieldName = useFieldName(registry ?? NO_FIELDS);
  if (!record) return null;
  const f = (source: string) => translate(`resources.applications.fields.${source}`, { _: humanizeKey(source) });
  // read by the registry's field names, which come from the server at run time
  const answers: Readonly<Record<string, unknown>> = record.answers ?? {};
  const sections = registry ? groupAnswers(answers, registry) : null;
  const attachments = record.attachments ?? [];
  const payments = record.payments ?? [];
  const timeLog = record.timeLog ?? [];
  const stepName = (s: string) => translate(`app.dashboard.step.${s}`, { _: s });
  const money = (v: number, currency: string) => formatMoney(Number(v) || 0, currency || 'USD', locale);

  return (
    // Long answers (e-mail addresses, Spanish labels) wrap inside their cells: no sideways scroll at 320 px (issue 13).
    <Box sx={{ p: { xs: 1, sm: 2 }, '& th, & td': { overflowWrap: 'anywhere' } }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {translate('app.applications.heading', {
          name: formatPersonName(record),
          reference: record.referenceNumber,
        })}
      </Typography>
      <Section title={translate('app.applications.summary')} testId="summary">
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <FieldTable
              label={translate('app.applications.summary')}
              rows={[
                [f('referenceNumber'), record.referenceNumber],
                [f('status'), <StatusChip key="s" status={record.status} />],
                [f('stepReached'), record.stepReached],
                [f('Payment_Status'), translate(`app.applications.payment_status.${record.Payment_Status}`, { _: record.Payment_Status })],
                [f('email'), record.email],
                [f('gender'), translate(`app.applications.gender.${record.gender}`, { _: record.gender ?? '' })],
                [f('fieldOfInterest'), <ChoiceText key="p" kind="programs" value={record.fieldOfInterest} />],
                [f('program'), translate(`app.dashboard.group.${record.program}`, { _: record.program ?? '' })],
                [f('semesterApplied'), <ChoiceText key="s" kind="semesters" value={record.semesterApplied} />],
                [f('location'), record.location ?? '—'],
                // laid out for the post of its country by the server (issue 27 item 4), one line per line
                [
                  f('mailingAddress'),
                  record.mailingAddress ? (
                    <Box key="a" component="span" sx={{ whiteSpace: 'pre-line' }} data-testid="mailing-address">
                      {record.mailingAddress}
                    </Box>
                  ) : (
                    '—'
                  ),
                ],
                [f('locale'), record.locale],
                [
                  f('firstReferenceStatus'),
                  <ReferenceStatusSelect key="r1" which="firstReferenceStatus" label={f('firstReferenceStatus')} />,
                ],
                [
                  f('secondReferenceStatus'),
                  <ReferenceStatusSelect key="r2" which="secondReferenceStatus" label={f('secondReferenceStatus')} />,
                ],
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FieldTable
              label={translate('app.applications.dates')}
              rows={[
                [f('createdAt'), formatDate(record.createdAt)],
                [f('updatedAt'), formatDate(record.updatedAt)],
                [f('certifiedAt'), formatDate(record.certifiedAt)],
                [f('submittedAt'), formatDate(record.submittedAt)],
                [f('completedAt'), formatDate(record.completedAt)],
                [f('withdrawnAt'), formatDate(record.withdrawnAt)],
              ]}
            />
          </Grid>
        </Grid>
      </Section>

      {sections === null && (
        <Section title={translate('app.applications.answers')}>
          <CircularProgress size={24} aria-hidden={false} aria-label={translate('ra.page.loading')} />
        </Section>
      )}
      {sections?.length === 0 && (
        <Section title={translate('app.applications.answers')}>
          <Typography color="text.secondary">{translate('app.applications.no_answers')}</Typography>
        </Section>
      )}
      {sections?.map((section) => (
        <Section key={section.key} title={translate(`app.applications.section.${section.key}`)} testId={`answers-${section.key}`}>
          <FieldTable
            label={translate(`app.applications.section.${section.key}`)}
            rows={section.fields.map((field) => [fieldName(field), <AnswerView key={field} value={describeValue(answers[field])} />])}
          />
        </Section>
      ))}

      <Section title={translate('app.decisions.title')} testId="decision">
        <DecisionPanel />
      </Section>
      <Section title={translate('app.applications.documents.title')} testId="documents">
        <DataTable
          label={translate('app.applications.documents.title')}
          empty={translate('app.applications.documents.empty')}
          head={[
            translate('app.applications.documents.slot'),
            translate('app.applications.documents.name'),
            translate('app.applications.documents.type'),
            translate('app.applications.documents.size'),
            translate('app.applications.documents.uploaded'),
            translate('app.applications.documents.replaced'),
            translate('app.applications.documents.file'),
          ]}
          rows={attachments.map((a) => [
            translate(`app.applications.slot.${a.slot}`, { _: humanizeKey(a.slot) }),
            a.originalName,
            a.detectedType,
            formatBytes(a.sizeBytes, locale),
            formatDate(a.uploadedAt),
            a.replacedAt ? formatDate(a.replacedAt) : translate('app.applications.documents.current'),
            <DownloadButton key={a.id} attachment={a} />,
          ])}
        />
      </Section>

      <Section title={translate('app.applications.payments.title')} testId="payments">
        {record.payments === null ? (
          // a reader (or an API key without payments:read) is told whether the fee is settled, never the amounts (issue 24)
          <Typography variant="body2" data-testid="payment-status-only">
            {translate('app.applications.payments.status_only', {
              status: translate(`app.applications.payment_status.${record.Payment_Status}`, { _: record.Payment_Status }),
            })}
          </Typography>
        ) : (
          <DataTable
            label={translate('app.applications.payments.title')}
            empty={translate('app.applications.payments.empty')}
            head={[
              translate('app.applications.payments.date'),
              translate('app.payments.purpose.label'),
              translate('app.applications.payments.status'),
              translate('app.applications.payments.total'),
              translate('app.applications.payments.breakdown'),
              translate('app.applications.payments.gateway'),
              translate('app.applications.payments.transaction'),
              translate('app.applications.payments.error'),
              translate('app.payments.reversal.actions'),
            ]}
            rows={payments.map((p) => [
              formatDate(p.createdAt),
              translate(`app.payments.purpose.${p.purpose}`, { _: p.purpose }),
              [
                translate(`app.applications.payment_attempt.${p.status}`, { _: p.status }),
                p.reversedAt ? formatDate(p.reversedAt) : null,
                p.reversalNote ? `“${p.reversalNote}”` : null,
              ]
                .filter(Boolean)
                .join(' · '),
              money(p.total, p.currency),
              translate('app.applications.payments.breakdown_value', {
                amount: money(p.amount, p.currency),
                late: money(p.lateFee, p.currency),
                discount: money(p.discount, p.currency),
              }),
              p.gateway,
              [p.transactionId, p.accountNumber, p.invoiceNumber].filter(Boolean).join(' · ') || '—',
              [p.errorCode, p.errorText, p.reversalError].filter(Boolean).join(' ') || '—',
              <PaymentReversalButtons key={`reverse-${p.id}`} payment={p} amount={money(p.total, p.currency)} />,
            ])}
          />
        )}
      </Section>

      <Section title={translate('app.applications.time_log.title')} testId="time-log">
        <DataTable
          label={translate('app.applications.time_log.title')}
          empty={translate('app.applications.time_log.empty')}
          head={[
            translate('app.applications.time_log.date'),
            translate('app.applications.time_log.step'),
            translate('app.applications.time_log.duration'),
          ]}
          rows={timeLog.map((t) => [formatDate(t.createdAt), stepName(t.step), formatDuration(Number(t.duration), locale)])}
        />
      </Section>
      {/* outreach messages about the application, and what its address receives (issue 30 item 6) */}
      <OutreachSection />
    </Box>
  );
}

function ShowActions() {
  const { permissions } = usePermissions<string>();
  return (
    <TopToolbar>
      <ListButton />
      {permissions === 'admin' ? (
        <>
          <AssignRecordButton />
          <StatusActions />
        </>
      ) : null}
    </TopToolbar>
  );
}

/** The show page. */
export default function ApplicationShow() {
  return (
    <Show actions={<ShowActions />} title={<ShowTitle />} component="div">
      <ApplicationDetailView />
      <ReviewsPanel />
    </Show>
  );
}

/** Title in the app bar: the reference number. */
function ShowTitle() {
  const record = useRecordContext<ApplicationDetail>();
  const translate = useTranslate();
  return <>{record ? translate('app.applications.title_one', { reference: record.referenceNumber }) : ''}</>;
}
