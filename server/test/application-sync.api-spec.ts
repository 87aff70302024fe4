import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../contract/openapi.js';
import { CHANGES_SETTLE_MS } from '../src/modules/admin/admin-applications.service.js';
import { makePdf } from './support/files.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

/**
 * Issue 26 item 8 "integrators who can sync documents": an SIS syncs applications incrementally with the
 * generated client (contract/client) and an API key holding only `applications:read` — twice, while the
 * office and applicants keep changing records — and receives every change exactly once: no (record,
 * version) twice, no record's last version missed; each record's documents come down with the same key.
 */
let t: TestApp;
/** openapi-fetch over the committed contract's generated types (what contract/client wraps for the browsers). */
let client: Client<paths>;
let baseUrl: string;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  const server = t.app.getHttpServer() as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const created = await t
    .http()
    .post('/api/admin/api-keys')
    .set('Authorization', `Bearer ${await t.login()}`)
    .send({ name: 'SIS sync', scopes: ['applications:read'] });
  expect(created.status).toBe(201);
  key = created.body.key;
  client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${key}` } });
});
afterAll(async () => {
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The answer's data, or an error naming the status and body. */
async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (data === undefined) throw new Error(`${response.status} ${JSON.stringify(error)}`);
  return data;
}

/** One sync from `cursor` until a short page; answers the rows (id, version) received and the new cursor. */
async function sync(cursor: string | undefined, pageSize: number, between: () => Promise<void>) {
  const received: { id: string; version: number }[] = [];
  for (;;) {
    const page = await unwrap(client.GET('/api/admin/applications/changes', { params: { query: { after: cursor, limit: pageSize } } }));
    received.push(...page.data.map((row) => ({ id: row.id, version: row.version })));
    cursor = page.nextCursor;
    if (page.data.length < pageSize) return { received, cursor };
    await between(); // records change while the sync pages through
  }
}

describe('incremental sync of applications with the generated client (issue 26 item 8)', () => {
  it('twice, while records change: every change exactly once, documents included', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 24; i++) {
      const started = await startApplication(t, { email: `sync.${i}@example.com` });
      ids.push(started.id);
      if (i % 6 === 0) {
        const stored = await t
          .http()
          .post('/api/details/attachments')
          .set('X-Application-Token', started.token)
          .field('parentId', started.id)
          .field('field', 'resume')
          .attach('file', await makePdf(`CV ${i}`), `cv-${i}.pdf`);
        expect(stored.status).toBe(201);
      }
    }
    let turn = 0;
    /** Changes three records (a new version each), as the office and applicants would. */
    const change = async () => {
      for (let k = 0; k < 3; k++) {
        const id = ids[(turn * 7 + k * 5) % ids.length]!;
        await t.db.query(
          `UPDATE applications SET version = version + 1, updated_at = now(), answers = answers || '{"sync":1}' WHERE id = $1`,
          [id],
        );
      }
      turn += 1;
    };
    await sleep(CHANGES_SETTLE_MS + 200);

    const first = await sync(undefined, 5, change);
    await change();
    await sleep(CHANGES_SETTLE_MS + 200); // the changes made during and after the first sync settle
    const second = await sync(first.cursor, 5, async () => undefined);
    await sleep(CHANGES_SETTLE_MS + 200);
    const third = await sync(second.cursor, 5, async () => undefined);

    const all = [...first.received, ...second.received, ...third.received];
    // exactly once: no (record, version) twice
    const pairs = all.map((r) => `${r.id}@${r.version}`);
    expect(pairs.length).toBe(new Set(pairs).size);
    // nothing missed: each record's last version received is its version now
    const current = new Map(
      ((await t.db.query('SELECT id, version FROM applications WHERE id = ANY($1)', [ids])).rows as { id: string; version: number }[]).map(
        (r) => [r.id, r.version],
      ),
    );
    const lastSeen = new Map<string, number>();
    for (const r of all) if (ids.includes(r.id)) lastSeen.set(r.id, r.version);
    expect(Object.fromEntries(lastSeen)).toEqual(Object.fromEntries(current));
    expect(third.received).toEqual([]);
    expect(turn).toBeGreaterThan(2);

    // documents: each synced record's files come down with the same key
    let downloaded = 0;
    for (const id of new Set(all.map((r) => r.id))) {
      const detail = await unwrap(client.GET('/api/admin/applications/{id}', { params: { path: { id } } }));
      for (const attachment of detail.attachments) {
        const file = await fetch(`${baseUrl}${attachment.downloadUrl}`, { headers: { Authorization: `Bearer ${key}` } });
        expect([file.status, file.headers.get('content-type')]).toEqual([200, 'application/pdf']);
        downloaded += 1;
      }
    }
    expect(downloaded).toBe(4);

    // a cursor the portal did not make is refused in the error shape
    const bad = await client.GET('/api/admin/applications/changes', { params: { query: { after: 'bm90LWEtY3Vyc29y' } } });
    expect([bad.response.status, (bad.error as { code?: string } | undefined)?.code]).toEqual([400, 'REQ-400']);
  }, 60_000);
});
