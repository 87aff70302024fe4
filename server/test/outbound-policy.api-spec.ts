import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { nonPublicRange, outboundFetch, postJson } from '../src/common/net/outbound-policy.js';
import { loadConfig, outboundMayReachPrivateHosts } from '../src/config/app-config.js';
import { browserSignIn, startOAuthProvider, type OAuthProviderDouble } from './support/oauth-provider.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 26 item 2 "no request into the operator's network": in production (private hosts not allowed by
 * default), a webhook URL whose host is or resolves to a loopback, private, CGNAT, link-local, unique-local,
 * multicast, unspecified or IPv4-mapped address is refused at registration (every spelling the issue tried),
 * and a delivery connects only to public addresses — checked on the address actually connected to, so a
 * name registered while public cannot be rebound inside later. The OAuth / OIDC providers' requests follow
 * the same policy: an internal issuer gets no request and the sign-in a clean 503; development (or
 * OUTBOUND_ALLOW_PRIVATE_HOSTS=true) keeps a provider on localhost.
 */
const INTERNAL_URLS = [
  // the 7 loopback forms the attack review got accepted
  'https://127.0.0.1/hook',
  'https://localhost/hook',
  'https://[::1]/hook',
  'https://2130706433/hook',
  'https://0x7f.0.0.1/hook',
  'https://127.10.20.30/hook',
  'https://[::ffff:127.0.0.1]/hook',
  // the rest of the operator's network
  'https://10.0.0.5/hook',
  'https://172.16.3.4/hook',
  'https://192.168.1.10/hook',
  'https://100.64.0.1/hook',
  'https://169.254.169.254/latest/meta-data',
  'https://[fd00::1]/hook',
  'https://[fe80::1]/hook',
  'https://224.0.0.1/hook',
  'https://0.0.0.0/hook',
  'https://[::]/hook',
];

/** A production configuration (`npm run start:prod`): mail to files, the Authorize.Net sandbox by name. */
const PRODUCTION = {
  NODE_ENV: 'production',
  MAIL_TO_FILES: 'true',
  PAYMENT_GATEWAY: 'authorizenet',
  AUTHNET_ENVIRONMENT: 'sandbox',
  AUTHNET_API_LOGIN_ID: 'x',
  AUTHNET_TRANSACTION_KEY: 'y',
  AUTHNET_CLIENT_KEY: 'z',
};

/** A local server that counts every request by path (the internal target nothing may reach). */
let internal: http.Server;
let internalPort: number;
const hits: string[] = [];
let t: TestApp;
let adminToken: string;

/** OAuth issuers on internal addresses (the first three on `internal`, listening on loopback v4 and v6). */
const internalIssuers = () => ({
  'loop-v4': `http://127.0.0.1:${internalPort}`,
  'loop-v6': `http://[::1]:${internalPort}`,
  'loop-name': `http://localhost:${internalPort}`,
  metadata: 'https://169.254.169.254',
  'private-v4': 'https://10.0.0.5/realms/portal',
  'unique-local': 'https://[fd00::1]',
});

beforeAll(async () => {
  internal = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    request.resume();
    if (request.url === '/redirect') response.writeHead(302, { location: `http://127.0.0.1:${internalPort}/target` }).end();
    else if (request.url === '/big') response.end(Buffer.alloc(64 * 1024));
    else if (request.method === 'POST') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () =>
        response
          .writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'a=1' })
          .end(JSON.stringify({ type: request.headers['content-type'], body: Buffer.concat(chunks).toString() })),
      );
    } else response.writeHead(200, { 'content-type': 'application/json' }).end('{"issuer":"internal"}');
  });
  // '::' takes both 127.0.0.1 and ::1 on one port
  await new Promise<void>((resolve) => internal.listen(0, '::', resolve));
  internalPort = (internal.address() as AddressInfo).port;
  const providers = Object.fromEntries(
    Object.entries(internalIssuers()).map(([name, issuer]) => [name, { clientId: 'portal', clientSecret: 'secret', issuer }]),
  );
  t = await createTestApp({ ...PRODUCTION, OAUTH_PROVIDERS: JSON.stringify(providers) });
  adminToken = await t.login();
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => internal.close(() => resolve()));
});

const register = (url: string) =>
  t
    .http()
    .post('/api/admin/webhooks')
    .set('Authorization', `Bearer ${adminToken}`)
    .send({ url, events: ['application.submitted'], description: 'attack review' });

describe('outbound requests only to the public internet (issue 26 item 2)', () => {
  it(`refuses every internal address at registration (${INTERNAL_URLS.length} forms), in the error shape; a public one is taken`, async () => {
    const accepted: string[] = [];
    for (const url of INTERNAL_URLS) {
      const response = await register(url);
      if (response.status !== 422) accepted.push(`${url} → ${response.status}`);
      else expect(response.body.errors.url[0]).toMatch(/private or internal network/);
    }
    expect(accepted).toEqual([]);
    // an address literal of the public internet needs no resolver (this machine has no outside DNS)
    const publicOne = await register('https://93.184.215.14/hooks/portal');
    expect(publicOne.status).toBe(201);
    // and an update cannot move it inside
    const moved = await t
      .http()
      .put(`/api/admin/webhooks/${publicOne.body.id}`)
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ url: 'https://169.254.169.254/latest' });
    expect(moved.status).toBe(422);
  });

  it('classifies addresses with ipaddr.js: only public unicast passes', () => {
    expect(['8.8.8.8', '2001:4860:4860::8888'].map(nonPublicRange)).toEqual([null, null]);
    expect(
      ['127.0.0.1', '10.1.2.3', '169.254.169.254', '100.64.0.1', '::ffff:127.0.0.1', 'fd00::1', '0.0.0.0'].map(nonPublicRange),
    ).toEqual(['loopback', 'private', 'linkLocal', 'carrierGradeNat', 'ipv4Mapped', 'uniqueLocal', 'unspecified']);
  });

  it('at delivery, checks the address actually connected to: a receiver on loopback gets nothing unless private hosts are allowed', async () => {
    let received = 0;
    const receiver = http.createServer((request, response) => {
      received += 1;
      request.resume();
      response.end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      await expect(postJson(url, { 'content-type': 'application/json' }, '{}', 2000, false)).rejects.toThrow(/is not allowed/);
      expect(received).toBe(0);
      // a name that resolves inside (localhost) is refused the same way, whatever it resolved to at registration
      await expect(postJson(url.replace('127.0.0.1', 'localhost'), {}, '{}', 2000, false)).rejects.toThrow(/is not allowed/);
      expect(received).toBe(0);
      // on-premises receivers: WEBHOOK_ALLOW_PRIVATE_HOSTS=true
      await expect(postJson(url, {}, '{}', 2000, true)).resolves.toEqual({ status: 200, ok: true });
      expect(received).toBe(1);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});

describe('OAuth / OIDC providers under the same policy (issue 26 item 2)', () => {
  it('in production refuses an issuer that is or resolves to an internal address: 0 requests, 503 SRV-503, an error logged', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    hits.length = 0;
    try {
      for (const name of Object.keys(internalIssuers())) {
        const response = await t.http().post(`/api/oauth/${name}`);
        expect({ name, status: response.status, body: response.body }).toMatchObject({
          name,
          status: 503,
          body: { success: false, code: 'SRV-503', message: expect.any(String) },
        });
        expect(JSON.stringify(response.body)).not.toMatch(/stack|127\.0\.0\.1|refused/);
      }
      expect(hits).toEqual([]);
      const lines = logged.mock.calls.map((call) => String(call[0]));
      expect(lines).toHaveLength(Object.keys(internalIssuers()).length);
      expect(lines[0]).toMatch(
        /^OAuth loop-v4: issuer http:\/\/127\.0\.0\.1:\d+ refused: 127\.0\.0\.1 is or resolves to 127\.0\.0\.1 \(loopback\)/,
      );
      expect(lines[1]).toMatch(/refused: \[::1\] is or resolves to ::1 \(loopback\)/);
      expect(lines[2]).toMatch(/refused: localhost is or resolves to (127\.0\.0\.1|::1) \(loopback\).*OUTBOUND_ALLOW_PRIVATE_HOSTS/);
      expect(lines.slice(3).join('\n')).toMatch(/linkLocal[^]*private[^]*uniqueLocal/);
    } finally {
      logged.mockRestore();
    }
  });

  it("the providers' fetch (discovery, JWKS, token, userinfo) connects only to public addresses and follows no redirect", async () => {
    hits.length = 0;
    const base = `http://127.0.0.1:${internalPort}`;
    const refused = outboundFetch(false);
    for (const url of [
      `${base}/.well-known/openid-configuration`,
      `http://[::1]:${internalPort}/jwks`,
      `http://localhost:${internalPort}/token`,
    ])
      await expect(refused(url, { method: 'GET', headers: {} })).rejects.toThrow(/is not allowed/);
    expect(hits).toEqual([]);

    const allowed = outboundFetch(true, 32 * 1024);
    const redirect = await allowed(`${base}/redirect`, { method: 'GET', headers: { accept: 'application/json' }, redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`${base}/target`);
    // a token request's form body goes as it is, and the answer's headers and body come back
    const token = await allowed(`${base}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c' }),
    });
    expect(token.headers.get('set-cookie')).toBe('a=1');
    expect(await token.json()).toEqual({
      type: 'application/x-www-form-urlencoded;charset=UTF-8',
      body: 'grant_type=authorization_code&code=c',
    });
    // an answer larger than the limit is not read into memory
    await expect(allowed(`${base}/big`)).rejects.toThrow(/larger than 32768 bytes/);
    expect(hits).toEqual(['/redirect', '/token', '/big']);
  });

  it('reads OUTBOUND_ALLOW_PRIVATE_HOSTS, else the former WEBHOOK_ALLOW_PRIVATE_HOSTS, else allows private hosts outside production only', () => {
    const allowed = (env: Record<string, string>) => outboundMayReachPrivateHosts(loadConfig(env));
    expect(allowed(PRODUCTION)).toBe(false);
    expect(allowed({ NODE_ENV: 'development' })).toBe(true);
    expect(allowed({ NODE_ENV: 'test' })).toBe(true);
    expect(allowed({ ...PRODUCTION, OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true' })).toBe(true);
    expect(allowed({ ...PRODUCTION, WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' })).toBe(true);
    expect(allowed({ NODE_ENV: 'development', WEBHOOK_ALLOW_PRIVATE_HOSTS: 'false' })).toBe(false);
    expect(allowed({ ...PRODUCTION, OUTBOUND_ALLOW_PRIVATE_HOSTS: 'false', WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' })).toBe(false);
  });
});

// Last on purpose: a second app replaces the process-wide passport 'bearer' strategy of `t`.
describe('a provider on localhost when private hosts are allowed (OUTBOUND_ALLOW_PRIVATE_HOSTS=true)', () => {
  let provider: OAuthProviderDouble;
  let onPremises: TestApp;
  beforeAll(async () => {
    provider = await startOAuthProvider();
    onPremises = await createTestApp(
      { ...PRODUCTION, OUTBOUND_ALLOW_PRIVATE_HOSTS: 'true', OAUTH_PROVIDERS: JSON.stringify({ acme: provider.config() }) },
      { sameDatabaseAs: t },
    );
  });
  afterAll(async () => {
    await onPremises?.close();
    await provider?.close();
  });

  it("signs in through the double, every provider request through the policy's fetch (global fetch only for the browser's /authorize)", async () => {
    provider.user = { sub: 'onprem-1', email: 'onprem@example.com', email_verified: true, given_name: 'On', family_name: 'Prem' };
    const globalFetch = jest.spyOn(globalThis, 'fetch');
    try {
      const fragment = await browserSignIn(onPremises);
      expect(fragment.oauth_token).toEqual(expect.any(String));
      expect(provider.tokenRequests.length).toBe(1);
      expect(globalFetch.mock.calls.map((call) => new URL(String(call[0])).pathname)).toEqual(['/authorize']);
    } finally {
      globalFetch.mockRestore();
    }
  });
});
