/**
 * Pure helpers of the webhook endpoint form: client-side validation matching the server
 * (`CreateWebhookEndpointDto`: an https URL, or http to localhost; at least one known event; a
 * description of at most 200 characters) and the request body.
 */
import { WEBHOOK_EVENTS, type WebhookEvent, type WebhookPayload } from './types';

/** Longest description the API stores. */
export const DESCRIPTION_MAX = 200;
/** Longest URL the API stores. */
export const URL_MAX = 2000;

/** Form values as react-admin holds them. */
export type WebhookFormValues = Partial<Record<keyof WebhookPayload, unknown>>;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const isEvent = (value: unknown): value is WebhookEvent => (WEBHOOK_EVENTS as readonly unknown[]).includes(value);

/**
 * True for a URL the server takes: https, or http to localhost (the server refuses that in production and
 * says so). No user name or password in it.
 */
export function isWebhookUrl(text: string): boolean {
  try {
    const url = new URL(text);
    if (url.username || url.password) return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
  } catch {
    return false;
  }
}

/**
 * Form-level validation: `{ field: messageKey }`, empty when valid. Keys: `ra.validation.required`,
 * `app.webhooks.validation.{url,events,description}`.
 */
export function validateWebhook(values: WebhookFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const url = typeof values.url === 'string' ? values.url.trim() : '';
  if (!url) errors.url = 'ra.validation.required';
  else if (url.length > URL_MAX || !isWebhookUrl(url)) errors.url = 'app.webhooks.validation.url';
  const events = Array.isArray(values.events) ? values.events : [];
  if (!events.length || !events.every(isEvent)) errors.events = 'app.webhooks.validation.events';
  if (typeof values.description === 'string' && [...values.description.trim()].length > DESCRIPTION_MAX) {
    errors.description = 'app.webhooks.validation.description';
  }
  return errors;
}

/** The body to send: trimmed URL and description, events in their canonical order without repeats. */
export function toWebhookPayload(values: WebhookFormValues): WebhookPayload {
  const chosen = new Set(Array.isArray(values.events) ? values.events : []);
  return {
    url: typeof values.url === 'string' ? values.url.trim() : '',
    description: typeof values.description === 'string' ? values.description.trim() : '',
    events: WEBHOOK_EVENTS.filter((event) => chosen.has(event)),
    enabled: values.enabled !== false,
  };
}
