/**
 * Outreach of issue 30 for the console (docs/api.md "Outreach"): shapes of segments, message templates and
 * the delivery log from the contract, the payloads the forms send (only the fields the API allows: it
 * refuses any other with 422), and the calls outside react-admin's data provider (previews, test send,
 * counts, an address's state).
 */
import { api, unwrap } from '../api/client';
import type { paths, Schema } from '../api/contract-types';

/** A saved segment. */
export type SegmentRecord = Schema<'SegmentResponse'>;
/** A segment's filter: the API's allow-list. */
export type SegmentFilter = Schema<'SegmentFilterDto'>;
/** Count and sample of a filter. */
export type SegmentPreview = Schema<'SegmentPreviewResponse'>;
/** A message template. */
export type MessageTemplateRecord = Schema<'MessageTemplateResponse'>;
/** A template rendered for an application. */
export type RenderedMessage = Schema<'RenderedMessageResponse'>;
/** One message of the delivery log. */
export type OutreachMessageRecord = Schema<'OutreachMessageResponse'>;
/** Messages by status. */
export type OutreachCounts = Schema<'OutreachCountsResponse'>;
/** What an address receives. */
export type RecipientState = Schema<'RecipientStateResponse'>;
/** A message's status. */
export type MessageStatus = OutreachMessageRecord['status'];

/** The languages of a template, in tab order. */
export const TEMPLATE_LOCALES = ['en', 'es', 'zh-CN'] as const;
/** The variables a template may use (the server checks them on save). */
export const MESSAGE_VARIABLES = [
  'fullName',
  'greetingName',
  'firstName',
  'lastName',
  'program',
  'term',
  'deadline',
  'referenceNumber',
  'link',
  'continueLink',
] as const;
/** Statuses of the delivery log, in the order of a message's life. */
export const MESSAGE_STATUSES = ['queued', 'sent', 'failed', 'bounced', 'suppressed'] as const satisfies readonly MessageStatus[];
/** Where messages come from. */
export const SOURCE_KINDS = ['rule', 'campaign', 'test'] as const satisfies readonly OutreachMessageRecord['sourceKind'][];
/** Template kinds. */
export const MESSAGE_KINDS = ['transactional', 'marketing'] as const satisfies readonly MessageTemplateRecord['kind'][];

/** Application statuses a segment may name. */
export const SEGMENT_STATUSES = ['draft', 'submitted', 'complete', 'under_review', 'decided', 'withdrawn'] as const;
/** Payment statuses. */
export const SEGMENT_PAYMENT_STATUSES = ['Unpaid', 'Pending', 'Paid', 'Declined', 'Waived', 'Refunded'] as const;
/** Decisions a segment may name (`none`: not decided). */
export const SEGMENT_DECISIONS = ['admitted', 'waitlisted', 'denied', 'none'] as const;
/** Replies a segment may name (`none`: no reply yet). */
export const SEGMENT_REPLIES = [
  'accepted',
  'declined',
  'deferral_requested',
  'staying_on_waitlist',
  'withdrawn_from_waitlist',
  'none',
] as const;

/** The list filters of a segment (each a list of values). */
const LIST_FIELDS = [
  'status',
  'fieldOfInterest',
  'program',
  'semester',
  'round',
  'gender',
  'Payment_Status',
  'missing',
  'decision',
  'reply',
] as const;
/** The whole-number fields of a segment. */
const NUMBER_FIELDS = ['stepReachedMin', 'stepReachedMax', 'idleDaysMin', 'idleDaysMax'] as const;
/** The date fields of a segment (YYYY-MM-DD). */
const DATE_FIELDS = ['createdFrom', 'createdTo', 'updatedFrom', 'updatedTo'] as const;
/** The yes/no fields of a segment (null or absent: either). */
const BOOLEAN_FIELDS = ['feeUnpaid', 'decisionReleased'] as const;

/** A text list as typed in the form: an array, or comma- / line-separated text. */
function listOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[,\n]/) : [];
  return [...new Set(items.map((v) => String(v).trim()).filter(Boolean))];
}

/**
 * The filter the API accepts from the segment form's values: only its allow-listed fields; empty lists,
 * blank texts and unset numbers or booleans left out (they would not filter); lists trimmed and without
 * repeats; numbers as whole numbers.
 */
export function toSegmentFilter(values: Record<string, unknown>): SegmentFilter {
  const filter: Record<string, unknown> = {};
  const q = typeof values.q === 'string' ? values.q.trim() : '';
  if (q) filter.q = q;
  for (const field of LIST_FIELDS) {
    const list = listOf(values[field]);
    if (list.length) filter[field] = list;
  }
  for (const field of NUMBER_FIELDS) {
    const value = values[field];
    if (value === null || value === undefined || value === '') continue;
    const number = Number(value);
    if (Number.isFinite(number)) filter[field] = Math.trunc(number);
  }
  for (const field of DATE_FIELDS) {
    const value = values[field];
    if (typeof value === 'string' && value.trim()) filter[field] = value.trim().slice(0, 10);
  }
  for (const field of BOOLEAN_FIELDS) {
    const value = values[field];
    if (typeof value === 'boolean') filter[field] = value;
  }
  return filter as SegmentFilter;
}

/** The body of `POST`/`PUT /api/admin/segments`: the name and the allowed filter, nothing else. */
export function toSegmentPayload(values: Partial<SegmentRecord> & { filter?: Record<string, unknown> }): Schema<'SegmentDto'> {
  return { name: (values.name ?? '').trim(), filter: toSegmentFilter(values.filter ?? {}) };
}

/** Bounds that cannot both hold (a lower bound above its upper bound), as form field errors by path. */
export function segmentBoundErrors(filter: SegmentFilter): Record<string, string> {
  const errors: Record<string, string> = {};
  if (filter.stepReachedMin !== undefined && filter.stepReachedMax !== undefined && filter.stepReachedMin > filter.stepReachedMax)
    errors['filter.stepReachedMax'] = 'app.outreach.segments.bound_order';
  if (filter.idleDaysMin !== undefined && filter.idleDaysMax !== undefined && filter.idleDaysMin > filter.idleDaysMax)
    errors['filter.idleDaysMax'] = 'app.outreach.segments.bound_order';
  return errors;
}

/** The body of `POST`/`PUT /api/admin/message-templates`: key, name, kind and the three languages. */
export function toTemplatePayload(values: Partial<MessageTemplateRecord>): Schema<'MessageTemplateDto'> {
  const part = (locale: (typeof TEMPLATE_LOCALES)[number]) => ({
    subject: (values.content?.[locale]?.subject ?? '').trim(),
    body: values.content?.[locale]?.body ?? '',
  });
  return {
    key: (values.key ?? '').trim(),
    name: (values.name ?? '').trim(),
    kind: values.kind ?? 'transactional',
    content: { en: part('en'), es: part('es'), 'zh-CN': part('zh-CN') },
  };
}

/** The languages of a template still missing a subject or a body (for the tab markers). */
export function incompleteLocales(values: Partial<MessageTemplateRecord>): string[] {
  return TEMPLATE_LOCALES.filter((l) => !values.content?.[l]?.subject?.trim() || !values.content?.[l]?.body?.trim());
}

/** A message's outcome in a word or two: its status, with the reason or the SMTP code when there is one. */
export function outcomeDetail(record: Pick<OutreachMessageRecord, 'status' | 'suppressedReason' | 'smtpCode' | 'error'>): string | null {
  if (record.status === 'suppressed') return record.suppressedReason;
  if (record.status === 'failed' || record.status === 'bounced') return [record.smtpCode, record.error].filter(Boolean).join(' ') || null;
  return null;
}

/** POST /api/admin/segments/preview: count and sample of a filter not saved. */
export function previewSegmentFilter(filter: SegmentFilter, signal?: AbortSignal): Promise<SegmentPreview> {
  return unwrap(api.POST('/api/admin/segments/preview', { body: { filter }, signal }));
}

/** POST /api/admin/message-templates/{id}/preview. */
export function previewTemplate(id: string, applicationId: string, locale?: string): Promise<RenderedMessage> {
  return unwrap(
    api.POST('/api/admin/message-templates/{id}/preview', {
      params: { path: { id } },
      body: { applicationId, ...(locale ? { locale: locale as 'en' } : {}) },
    }),
  );
}

/** POST /api/admin/message-templates/{id}/test-send: to the calling admin's own address. */
export function testSendTemplate(id: string, applicationId: string, locale?: string): Promise<OutreachMessageRecord> {
  return unwrap(
    api.POST('/api/admin/message-templates/{id}/test-send', {
      params: { path: { id } },
      body: { applicationId, ...(locale ? { locale: locale as 'en' } : {}) },
    }),
  );
}

/** Whose messages to count: a campaign or rule (`sourceKind` + `sourceId`), an application, a template. */
export type OutreachCountsQuery = NonNullable<paths['/api/admin/outreach-messages/counts']['get']['parameters']['query']>;

/** GET /api/admin/outreach-messages/counts of a selection (e.g. one application). */
export function fetchMessageCounts(query: OutreachCountsQuery): Promise<OutreachCounts> {
  return unwrap(api.GET('/api/admin/outreach-messages/counts', { params: { query } }));
}

/** GET /api/admin/outreach-recipients/{email}. */
export function fetchRecipient(email: string): Promise<RecipientState> {
  return unwrap(api.GET('/api/admin/outreach-recipients/{email}', { params: { path: { email } } }));
}

/** POST /api/admin/outreach-recipients/{email}/clear-suppression (audited). */
export function clearSuppression(email: string): Promise<RecipientState> {
  return unwrap(api.POST('/api/admin/outreach-recipients/{email}/clear-suppression', { params: { path: { email } } }));
}
