import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * `GET /api/config` with OAuth providers configured (issue 5): the applicant-ui shows one
 * "Sign in with …" button per name in `oauthProviders`. Only the names are public; the providers'
 * client ids, secrets and URLs never leave the server.
 */
const PROVIDERS = {
  acme: {
    clientId: 'acme-client-id',
    clientSecret: 'acme-top-secret',
    issuer: 'https://id.acme.test',
  },
  'campus-sso': {
    clientId: 'campus-client-id',
    clientSecret: 'campus-top-secret',
    issuer: 'https://sso.campus.test/realms/admissions',
  },
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ OAUTH_PROVIDERS: JSON.stringify(PROVIDERS) });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/config with OAUTH_PROVIDERS', () => {
  it('lists the configured provider names, in their configured order', async () => {
    const response = await t.http().get('/api/config');
    expect(response.status).toBe(200);
    expect(response.body.oauthProviders).toEqual(['acme', 'campus-sso']);
  });

  it('reveals none of the providers’ settings (client ids, secrets, URLs)', async () => {
    const text = JSON.stringify((await t.http().get('/api/config')).body);
    for (const provider of Object.values(PROVIDERS)) {
      for (const value of Object.values(provider)) expect(text).not.toContain(value);
    }
    expect(text).not.toContain('id.acme.test');
  });

  it('declares oauthProviders (an array of strings) in the OpenAPI schema of the answer', async () => {
    const document = (await t.http().get('/api/docs-json')).body;
    const ref: string = document.paths['/api/config'].get.responses['200'].content['application/json'].schema.$ref;
    const schema = document.components.schemas[ref.split('/').pop()!];
    expect(schema.required).toContain('oauthProviders');
    expect(schema.properties.oauthProviders).toMatchObject({ type: 'array', items: { type: 'string' } });
  });
});
