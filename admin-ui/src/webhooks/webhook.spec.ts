import { isWebhookUrl, toWebhookPayload, validateWebhook } from './webhook';

describe('webhook form', () => {
  it('takes https anywhere and http only to localhost, never credentials in the URL', () => {
    expect(isWebhookUrl('https://crm.example.edu/hooks')).toBe(true);
    expect(isWebhookUrl('http://localhost:3000/hook')).toBe(true);
    expect(isWebhookUrl('http://127.0.0.1:8080/')).toBe(true);
    expect(isWebhookUrl('http://crm.example.edu/hooks')).toBe(false);
    expect(isWebhookUrl('https://user:pw@crm.example.edu/')).toBe(false);
    expect(isWebhookUrl('ftp://localhost/')).toBe(false);
    expect(isWebhookUrl('not a url')).toBe(false);
  });

  it('needs a URL and at least one known event; limits the description', () => {
    expect(validateWebhook({})).toEqual({ url: 'ra.validation.required', events: 'app.webhooks.validation.events' });
    expect(validateWebhook({ url: 'http://example.com', events: ['application.deleted'] })).toEqual({
      url: 'app.webhooks.validation.url',
      events: 'app.webhooks.validation.events',
    });
    expect(validateWebhook({ url: ' https://example.com ', events: ['payment.approved'], description: 'x'.repeat(201) })).toEqual({
      description: 'app.webhooks.validation.description',
    });
    expect(validateWebhook({ url: 'https://example.com', events: ['payment.approved'], description: 'CRM' })).toEqual({});
  });

  it('builds the body: trimmed, events in canonical order without repeats, enabled unless switched off', () => {
    expect(
      toWebhookPayload({
        url: ' https://example.com/h ',
        description: ' CRM ',
        events: ['payment.approved', 'application.started', 'payment.approved'],
      }),
    ).toEqual({ url: 'https://example.com/h', description: 'CRM', events: ['application.started', 'payment.approved'], enabled: true });
    expect(toWebhookPayload({ url: 'https://example.com', events: [], enabled: false }).enabled).toBe(false);
  });
});
