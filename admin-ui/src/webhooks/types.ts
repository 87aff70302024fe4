/**
 * Record shapes of `/api/admin/webhooks` and `/api/admin/webhooks/deliveries` (docs/api.md "Webhooks";
 * issue 14 item 5).
 */

/** The events an endpoint can subscribe to, in the order the form offers them. */
export const WEBHOOK_EVENTS = [
  'application.started',
  'application.submitted',
  'payment.approved',
  'payment.declined',
  'documents.completed',
  'decision.released',
] as const;

/** One of {@link WEBHOOK_EVENTS}. */
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** An endpoint as the admin API lists it (never the secret). */
export interface WebhookRecord {
  id: string;
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  /** The secret's first 10 characters (`whsec_…`), to tell secrets apart. */
  secretPrefix: string;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The answer to a create: the record and its signing secret, shown this once. */
export interface CreatedWebhookRecord extends WebhookRecord {
  secret: string;
}

/** Body of `POST` / `PUT /api/admin/webhooks`. */
export interface WebhookPayload {
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
}

/** pending: tries left; succeeded: a 2xx came back; failed: given up (3 days) or the endpoint was disabled. */
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One try of a delivery. */
export interface DeliveryAttempt {
  attemptedAt: string;
  /** The receiver's HTTP status, or null when no answer came (timeout, refused connection). */
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** A redelivery asked for in the console. */
  manual: boolean;
}

/** One event × endpoint (`/api/admin/webhooks/deliveries`). */
export interface DeliveryRecord {
  id: string;
  /** Also the `webhook-id` the receiver gets. */
  eventId: string;
  eventType: WebhookEvent;
  endpointId: string;
  endpointUrl: string;
  applicationId: string | null;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  /** Single delivery only: every try, oldest first. */
  log?: DeliveryAttempt[];
  /** Single delivery only: the signed body. */
  payload?: unknown;
}
