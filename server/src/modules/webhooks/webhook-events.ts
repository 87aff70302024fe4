/** The events an endpoint can subscribe to (issue 14 item 5). */
export const WEBHOOK_EVENT_TYPES = [
  'application.started',
  'application.submitted',
  'payment.approved',
  'payment.declined',
  'documents.completed',
  'decision.released',
  'application.replied',
  'deferral.requested',
  'deferral.decided',
  'deposit.paid',
  'deposit.refunded',
] as const;

/** One of {@link WEBHOOK_EVENT_TYPES}. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The application an event is about, as every payload carries it (`data.application`). */
export interface WebhookApplicationSummary {
  id: string;
  referenceNumber: string;
  email: string;
  firstName: string;
  lastName: string;
  fieldOfInterest: string;
  semester: string;
  location: string | null;
  /** draft, submitted, complete or withdrawn, as committed with the event. */
  status: string;
  /** Unpaid, Pending, Paid, Declined or Waived. */
  paymentStatus: string;
}

/**
 * The body of every delivery (Standard Webhooks shape): `type`, `timestamp` (ISO 8601, the time of the
 * change's transaction) and `data` = `{ application, ...details }`; docs/api.md "Webhooks" lists the details.
 */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: { application: WebhookApplicationSummary } & Record<string, unknown>;
}
