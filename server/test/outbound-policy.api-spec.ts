import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { nonPublicRange, postJson } from '../src/common/net/outbound-policy.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 26 item 2 "no request into the operator's network": with private hosts not allowed (production's
 * default; WEBHOOK_ALLOW_PRIVATE_HOSTS=false here), a webhook URL whose host is or resolves to a loopback,
 * private, CGNAT, link-local, unique-local, multicast, unspecified or IPv4-mapped address is refused at
 * registration (every spelling the issue tried), and a delivery connects only to public addresses — checked
 * on the address actually connected to, so a name registered while public cannot be rebound inside later.
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

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'false' });
  adminToken = await t.login();
});
afterAll(async () => {
  await t.close();
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
