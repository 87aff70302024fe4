/**
 * Record shapes of `/api/admin/webhooks` and `/api/admin/webhooks/deliveries` (docs/api.md "Webhooks";
 * issue 14 item 5), from the contract.
 */
import type { Schema } from '../api/contract-types';

/** An endpoint as the admin API lists it (never the secret; `secretPrefix` tells secrets apart). */
export type WebhookRecord = Schema<'WebhookEndpointResponse'>;

/** The answer to a create: the record and its signing secret, shown this once. */
export type CreatedWebhookRecord = Schema<'CreatedWebhookEndpointResponse'>;

/** Body of `POST /api/admin/webhooks` (`PUT` takes any part of it). */
export type WebhookPayload = Schema<'CreateWebhookEndpointDto'>;

/** One event × endpoint (`/api/admin/webhooks/deliveries`); `log` and `payload` on a single delivery only. */
export type DeliveryRecord = Schema<'WebhookDeliveryResponse'>;

/** One try of a delivery (`statusCode` null when no answer came). */
export type DeliveryAttempt = Schema<'WebhookAttemptResponse'>;

/** One event type. */
export type WebhookEvent = WebhookRecord['events'][number];

/** pending: tries left; succeeded: a 2xx came back; failed: given up (3 days) or the endpoint was disabled. */
export type DeliveryStatus = DeliveryRecord['status'];

/** The events an endpoint can subscribe to, in the order the form offers them. */
export const WEBHOOK_EVENTS = [
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
] as const satisfies readonly WebhookEvent[];
