import { describe, expect, it } from '@jest/globals';
import { toApiKeyPayload, validateApiKey } from './apiKey';

const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('validateApiKey', () => {
  it('accepts a name, known scopes and a future or empty expiry', () => {
    expect(validateApiKey({ name: 'CRM', scopes: ['applications:read'] }, NOW)).toEqual({});
    expect(
      validateApiKey({ name: 'CRM', scopes: ['payments:read', 'webhooks:manage'], expiresAt: '2026-12-01T00:00:00.000Z' }, NOW),
    ).toEqual({});
    expect(validateApiKey({ name: 'CRM', scopes: ['applications:write'], expiresAt: null }, NOW)).toEqual({});
  });

  it('refuses what the server refuses', () => {
    expect(validateApiKey({ name: '   ', scopes: ['applications:read'] }, NOW)).toEqual({ name: 'ra.validation.required' });
    expect(validateApiKey({ name: 'x'.repeat(101), scopes: ['applications:read'] }, NOW)).toEqual({ name: 'app.api_keys.validation.name' });
    expect(validateApiKey({ name: '键'.repeat(100), scopes: ['applications:read'] }, NOW)).toEqual({});
    expect(validateApiKey({ name: 'CRM', scopes: [] }, NOW)).toEqual({ scopes: 'app.api_keys.validation.scopes' });
    expect(validateApiKey({ name: 'CRM' }, NOW)).toEqual({ scopes: 'app.api_keys.validation.scopes' });
    expect(validateApiKey({ name: 'CRM', scopes: ['admin'] }, NOW)).toEqual({ scopes: 'app.api_keys.validation.scopes' });
    expect(validateApiKey({ name: 'CRM', scopes: ['applications:read'], expiresAt: '2026-11-25T12:00:00.000Z' }, NOW)).toEqual({
      expiresAt: 'app.api_keys.validation.expires',
    });
    expect(validateApiKey({ name: 'CRM', scopes: ['applications:read'], expiresAt: 'soon' }, NOW)).toEqual({
      expiresAt: 'app.api_keys.validation.expires',
    });
  });
});

describe('toApiKeyPayload', () => {
  it('trims the name, orders and dedupes the scopes, and sends null for no expiry', () => {
    expect(
      toApiKeyPayload({ name: '  CRM sync ', scopes: ['webhooks:manage', 'applications:read', 'webhooks:manage'], expiresAt: '' }),
    ).toEqual({
      name: 'CRM sync',
      scopes: ['applications:read', 'webhooks:manage'],
      expiresAt: null,
    });
    expect(toApiKeyPayload({ name: 'x', scopes: ['payments:read'], expiresAt: '2027-01-01T05:00:00.000Z' }).expiresAt).toBe(
      '2027-01-01T05:00:00.000Z',
    );
  });
});
