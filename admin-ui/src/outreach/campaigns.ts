/**
 * Campaigns and automatic reminder rules of issue 30 (docs/api.md "Campaigns and reminders") for the console:
 * their shapes from the contract, the payloads the forms send (only the fields the API allows), which actions
 * a campaign's status allows (the server's allow-list, so no button offers what would be refused), its
 * progress, and the calls outside react-admin's data provider (the actions and the live counts).
 */
import { api, unwrap } from '../api/client';
import type { Schema } from '../api/contract-types';

/** A campaign with its counts. */
export type CampaignRecord = Schema<'CampaignResponse'>;
/** A campaign's status. */
export type CampaignStatus = CampaignRecord['status'];
/** An automatic reminder rule. */
export type ReminderRuleRecord = Schema<'ReminderRuleResponse'>;
/** A rule's kind. */
export type RuleKind = ReminderRuleRecord['kind'];
/** Messages by status. */
export type CampaignCounts = Schema<'OutreachCountsResponse'>;

/** Campaign statuses in the order of a campaign's life. */
export const CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'running',
  'paused',
  'done',
  'cancelled',
] as const satisfies readonly CampaignStatus[];
/** Whose local time a campaign's time is. */
export const CAMPAIGN_ZONES = ['applicant', 'office'] as const satisfies readonly CampaignRecord['zone'][];
/** The rules in the order of an application's life. */
export const RULE_KINDS = [
  'draft_idle',
  'fee_unpaid',
  'document_missing',
  'recommender_unanswered',
  'reply_deadline',
] as const satisfies readonly RuleKind[];

/** The actions of a campaign (each a POST `/api/admin/campaigns/{id}/<action>`). */
export const CAMPAIGN_ACTIONS = ['schedule', 'pause', 'resume', 'cancel'] as const;
/** One of {@link CAMPAIGN_ACTIONS}. */
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/** The statuses each action is allowed from (the server's allow-list; anything else is 409). */
const ALLOWED_FROM: Record<CampaignAction, readonly CampaignStatus[]> = {
  schedule: ['draft'],
  pause: ['scheduled', 'running'],
  resume: ['paused'],
  cancel: ['draft', 'scheduled', 'running', 'paused'],
};

/** The actions a campaign in `status` allows, in toolbar order. */
export function actionsFor(status: CampaignStatus): CampaignAction[] {
  return CAMPAIGN_ACTIONS.filter((action) => ALLOWED_FROM[action].includes(status));
}

/** True while the campaign may still send (its counts change): scheduled or running. */
export function isLive(status: CampaignStatus): boolean {
  return status === 'scheduled' || status === 'running';
}

/** True when the campaign may still be changed at all (not cancelled or done). */
export function isEditable(record: Pick<CampaignRecord, 'status'>): boolean {
  return record.status !== 'cancelled' && record.status !== 'done';
}

/** True when its segment, template and time may still change: not started (and not finished). */
export function isAudienceEditable(record: Pick<CampaignRecord, 'status' | 'startedAt'>): boolean {
  return isEditable(record) && !record.startedAt;
}

/**
 * How far a campaign has come: the messages attempted to an end (sent, failed, bounced or not sent) of those
 * claimed (`total`), as a whole percentage; null before anything is claimed.
 */
export function progress(counts: CampaignCounts): number | null {
  if (!counts.total) return null;
  const finished = counts.sent + counts.failed + counts.bounced + counts.suppressed;
  return Math.floor((100 * finished) / counts.total);
}

/** A `datetime-local` value, `YYYY-MM-DDTHH:mm`, or null for an empty or malformed one. */
function localTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().slice(0, 16);
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(trimmed) ? trimmed : null;
}

/** The body of `POST`/`PUT /api/admin/campaigns`: only the fields the API allows, numbers as whole numbers. */
export function toCampaignPayload(values: Partial<CampaignRecord>): Schema<'CampaignDto'> {
  return {
    name: (values.name ?? '').trim(),
    segmentId: values.segmentId ?? '',
    templateId: values.templateId ?? '',
    sendAt: localTime(values.sendAt),
    zone: values.zone ?? 'applicant',
    perMinute: Math.trunc(Number(values.perMinute ?? 60)),
  };
}

/** The body of `PUT /api/admin/reminder-rules/{id}`: on/off, N days, template, weekly cap. */
export function toRulePayload(values: Partial<ReminderRuleRecord>): Schema<'ReminderRuleDto'> {
  return {
    enabled: Boolean(values.enabled),
    days: Math.trunc(Number(values.days ?? 1)),
    templateId: values.templateId ?? '',
    weeklyCap: Math.trunc(Number(values.weeklyCap ?? 2)),
  };
}

/** POST `/api/admin/campaigns/{id}/<action>` (audited by the server): the campaign after it. */
export function runCampaignAction(id: string, action: CampaignAction): Promise<CampaignRecord> {
  const options = { params: { path: { id } } };
  switch (action) {
    case 'schedule':
      return unwrap(api.POST('/api/admin/campaigns/{id}/schedule', options));
    case 'pause':
      return unwrap(api.POST('/api/admin/campaigns/{id}/pause', options));
    case 'resume':
      return unwrap(api.POST('/api/admin/campaigns/{id}/resume', options));
    case 'cancel':
      return unwrap(api.POST('/api/admin/campaigns/{id}/cancel', options));
  }
}

/** GET `/api/admin/campaigns/{id}/counts`: its messages by status now. */
export function fetchCampaignCounts(id: string): Promise<CampaignCounts> {
  return unwrap(api.GET('/api/admin/campaigns/{id}/counts', { params: { path: { id } } }));
}
