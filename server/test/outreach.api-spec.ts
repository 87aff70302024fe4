import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { zonedTime } from '../src/common/i18n/zoned-time.js';
import { OutreachMailerService } from '../src/modules/outreach/outreach-mailer.service.js';
import { ProgramsService } from '../src/modules/programs/programs.service.js';
import { TokenService } from '../src/modules/token/token.service.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const PUBLIC_URL = 'https://portal.example.edu';
const METRICS_TOKEN = 'outreach-metrics-token-123';
/** Every segment of the filter tests is limited to this test's applications by the list's `q` filter. */
const DOMAIN = 'segtest.example';
const CAMPAIGN_1 = '00000000-0000-4000-8000-000000000001';
const CAMPAIGN_2 = '00000000-0000-4000-8000-000000000002';
const RULE = '00000000-0000-4000-8000-0000000000aa';

/** A header line of a received message, as sent (`List-Unsubscribe: <…>, <…>`), or undefined. */
const headerLine = (mail: ReceivedMail, name: string): string | undefined =>
  mail.raw.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/\r?\n[ \t]+/g, ' ');

/** True when `mail` was sent to `email` (the domain's case may change on the way). */
const sentTo = (mail: ReceivedMail, email: string) => mail.to.some((to) => to.toLowerCase() === email.toLowerCase());

/** The token of a List-Unsubscribe header's https URI. */
const unsubscribeToken = (line: string) => /\/api\/outreach\/unsubscribe\?token=([^>]+)>/.exec(line)![1]!;

/**
 * Outreach, the foundation of issue 30: segments (each filter narrows as the SQL-arranged data says; the
 * Applications list's filters give the list's own count; `missing` is the checklist's rule), message
 * templates (the variables' allow-list; names in their own order, the deadline in the applicant's zone;
 * preview; test send with List-Unsubscribe only for marketing), the one send path (claims once per campaign
 * and rule stage; one-click unsubscribe suppresses marketing only; an SMTP 5xx bounces and suppresses the
 * address until it is verified again; a 4xx fails and is retried), the delivery log, /metrics, and access.
 */
describe('Outreach', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let adminToken: string;
  let applicantToken: string;
  let mailer: OutreachMailerService;
  const admin = () => auth(adminToken);

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL, METRICS_TOKEN, JOBS_POLL_SECONDS: '0.5' });
    adminToken = await t.login();
    mailer = t.app.get(OutreachMailerService);
    const registered = await t.http().post('/api/register').send({
      first_name: 'Eli',
      last_name: 'Stern',
      email: 'eli@example.com',
      password: 'applicant-pass-1',
      password_confirmation: 'applicant-pass-1',
    });
    applicantToken = registered.body.token as string;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  /** Starts an application (men's MSW) and sets its columns by SQL; `updated_at` last, as `idle` days ago. */
  async function arrange(email: string, set: string, idleDays = 0, overrides: Record<string, unknown> = {}) {
    const { id } = await startApplication(t, { email, ...overrides });
    if (set) await t.db.query(`UPDATE applications SET ${set} WHERE id = $1`, [id]);
    await t.db.query(`UPDATE applications SET updated_at = now() - make_interval(days => $2) WHERE id = $1`, [id, idleDays]);
    return id;
  }

  describe('segments', () => {
    const ids: Record<string, string> = {};
    const name = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id;
    const preview = (filter: Record<string, unknown>) => t.http().post('/api/admin/segments/preview').set(admin()).send({ filter });
    /** The letters of the applications a filter matches, from the count and the sample. */
    async function matched(filter: Record<string, unknown>): Promise<string[]> {
      const response = await preview({ q: DOMAIN, ...filter });
      expect(response.status).toBe(200);
      expect(response.body.sample).toHaveLength(response.body.count);
      return response.body.sample.map((row: { id: string }) => name(row.id)).sort();
    }

    beforeAll(async () => {
      const paid = `payment_status = 'Paid', submitted_at = now() - interval '20 days', step_reached = 8`;
      ids.A = await arrange(`a@${DOMAIN}`, `step_reached = 1`, 10);
      ids.B = await arrange(`b@${DOMAIN}`, `step_reached = 5`, 2);
      ids.C = await arrange(`c@${DOMAIN}`, `status = 'submitted', ${paid}`, 20);
      ids.D = await arrange(
        `d@${DOMAIN}`,
        `status = 'decided', ${paid}, decision = 'admitted', decided_at = now(), decision_released_at = now(), reply = 'accepted', replied_at = now()`,
      );
      ids.E = await arrange(
        `e@${DOMAIN}`,
        `status = 'decided', ${paid}, decision = 'waitlisted', decided_at = now(), decision_released_at = now()`,
      );
      ids.F = await arrange(`f@${DOMAIN}`, `status = 'decided', ${paid}, decision = 'denied', decided_at = now()`);
      ids.G = await arrange(`g@${DOMAIN}`, `status = 'withdrawn', withdrawn_at = now(), step_reached = 3`);
      ids.H = await arrange(
        `h@${DOMAIN}`,
        `status = 'complete', payment_status = 'Waived', submitted_at = now(), completed_at = now(), step_reached = 8, semester = 'Fall 2099'`,
      );
    }, 60_000);

    it('each filter narrows to exactly the applications the arranged rows say (withdrawn only when asked for)', async () => {
      const cases: [Record<string, unknown>, string[]][] = [
        [{}, ['A', 'B', 'C', 'D', 'E', 'F', 'H']],
        [{ status: ['withdrawn'] }, ['G']],
        [{ status: ['draft', 'withdrawn'] }, ['A', 'B', 'G']],
        [{ stepReachedMin: 5 }, ['B', 'C', 'D', 'E', 'F', 'H']],
        [{ stepReachedMax: 3 }, ['A']],
        [{ idleDaysMin: 7 }, ['A', 'C']],
        [{ idleDaysMin: 2, idleDaysMax: 15 }, ['A', 'B']],
        [{ idleDaysMax: 0 }, ['D', 'E', 'F', 'H']],
        [{ feeUnpaid: true }, ['A', 'B']],
        [{ feeUnpaid: false }, ['C', 'D', 'E', 'F', 'H']],
        [{ Payment_Status: ['Waived'] }, ['H']],
        [{ semester: ['Fall 2099'] }, ['H']],
        [{ decision: ['admitted', 'waitlisted'] }, ['D', 'E']],
        [{ decision: ['none'] }, ['A', 'B', 'C', 'H']],
        [{ decision: ['denied', 'none'], stepReachedMin: 8 }, ['C', 'F', 'H']],
        [{ decisionReleased: true }, ['D', 'E']],
        [{ decisionReleased: false }, ['A', 'B', 'C', 'F', 'H']],
        [{ reply: ['accepted'] }, ['D']],
        [{ reply: ['none'], decision: ['waitlisted'] }, ['E']],
        [{ q: `c@${DOMAIN}` }, ['C']],
        [{ createdFrom: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) }, []],
      ];
      for (const [filter, expected] of cases) expect({ filter, matched: await matched(filter) }).toEqual({ filter, matched: expected });
    });

    it('the Applications list filters give the list’s own count', async () => {
      for (const filter of [
        { q: DOMAIN, status: ['draft', 'submitted', 'complete', 'decided'] },
        { q: DOMAIN, status: ['decided'], Payment_Status: ['Paid'], fieldOfInterest: ['MSW'], program: ['graduate'] },
        { q: DOMAIN, status: ['withdrawn', 'draft'], gender: ['Male'], semester: ['Spring 2026'] },
        { q: DOMAIN, status: ['draft'], round: ['priority', 'regular', 'late'] },
      ]) {
        const list = await t
          .http()
          .get('/api/admin/applications')
          .query({ filter: JSON.stringify(filter), range: '[0,0]' })
          .set(admin());
        const total = Number(/\/(\d+)$/.exec(list.headers['content-range'] as string)![1]);
        expect({ filter, count: (await preview(filter)).body.count }).toEqual({ filter, count: total });
      }
    });

    it('`missing` is the checklist’s rule: the applications whose GET …/checklist awaits any of the items', async () => {
      const awaiting: Record<string, string[]> = {};
      for (const [letter, id] of Object.entries(ids)) {
        const checklist = await t.http().get(`/api/applications/${id}/checklist`).set(admin());
        expect(checklist.status).toBe(200);
        awaiting[letter] = checklist.body.items.filter((i: { state: string }) => i.state === 'awaiting').map((i: { key: string }) => i.key);
      }
      const document = awaiting.A!.find((key) => !['personal', 'family', 'education', 'employment', 'review', 'fee'].includes(key));
      for (const missing of [['fee'], ['personal'], ['fee', 'personal'], ...(document ? [[document]] : [])]) {
        const expected = Object.keys(ids)
          .filter((letter) => letter !== 'G' && awaiting[letter]!.some((key) => missing.includes(key)))
          .sort();
        expect({ missing, matched: await matched({ missing }) }).toEqual({ missing, matched: expected });
      }
      expect(await matched({ missing: ['fee'] })).toEqual(['A', 'B']);
      expect(await matched({ missing: ['fee'], stepReachedMin: 5 })).toEqual(['B']);
      expect(await matched({ missing: ['no-such-item'] })).toEqual([]);
    });

    it('the sample shows name, e-mail, program, step and idle days, longest idle first, at most 20', async () => {
      const response = await preview({ q: DOMAIN, status: ['draft', 'submitted'] });
      expect(response.body.count).toBe(3);
      expect(response.body.sample.map((r: { id: string }) => name(r.id))).toEqual(['C', 'A', 'B']);
      expect(response.body.sample[1]).toEqual({
        id: ids.A,
        referenceNumber: expect.stringMatching(/^\d+$/),
        name: 'Moshe Levi',
        email: `a@${DOMAIN}`,
        program: 'MSW',
        semester: 'Spring 2026',
        status: 'draft',
        step: 1,
        idleDays: 10,
      });
      for (let i = 0; i < 3; i++)
        await Promise.all(Array.from({ length: 6 }, (_, j) => startApplication(t, { email: `bulk${i}-${j}@bulk.example` })));
      const all = await preview({});
      expect(all.body.count).toBeGreaterThan(20);
      expect(all.body.sample).toHaveLength(20);
    });

    it('saves segments (audited), previews a saved one, and refuses fields outside the allow-list', async () => {
      const created = await t
        .http()
        .post('/api/admin/segments')
        .set(admin())
        .send({ name: 'Idle drafts', filter: { q: DOMAIN, status: ['draft'], idleDaysMin: 7 } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Idle drafts', filter: { q: DOMAIN, status: ['draft'], idleDaysMin: 7 } });
      const saved = await t.http().get(`/api/admin/segments/${created.body.id}/preview`).set(admin());
      expect(saved.body.count).toBe(1);
      expect(saved.body.sample[0].id).toBe(ids.A);

      const list = await t.http().get('/api/admin/segments').set(admin());
      expect(list.headers['content-range']).toBe('segments 0-0/1');
      const updated = await t
        .http()
        .put(`/api/admin/segments/${created.body.id}`)
        .set(admin())
        .send({ name: 'Idle', filter: { q: DOMAIN, idleDaysMin: 7 } });
      expect(updated.body.filter).toEqual({ q: DOMAIN, idleDaysMin: 7 });
      expect((await t.http().get(`/api/admin/segments/${created.body.id}/preview`).set(admin())).body.count).toBe(2);

      for (const filter of [
        { sql: '1=1; DROP TABLE applications' },
        { status: ['draft'], 'a.status': 'x' },
        { status: ['archived'] },
        { idleDaysMin: -1 },
        { stepReachedMin: 9 },
        { missing: ["fee' OR 1=1 --"] },
        { decision: ['maybe'] },
      ]) {
        const refused = await preview(filter);
        expect({ filter, status: refused.status, code: refused.body.code }).toEqual({ filter, status: 422, code: 'VAL-001' });
      }
      const range = await preview({ idleDaysMin: 9, idleDaysMax: 3 });
      expect(range.status).toBe(422);
      expect(range.body.errors['filter.idleDaysMax']).toEqual(['The upper bound must not be below the lower bound.']);
      expect((await t.http().post('/api/admin/segments').set(admin()).send({ name: '', filter: {} })).status).toBe(422);

      expect((await t.http().delete(`/api/admin/segments/${created.body.id}`).set(admin())).status).toBe(200);
      expect((await t.http().get(`/api/admin/segments/${created.body.id}`).set(admin())).status).toBe(404);
      const audit = await t.db.query(`SELECT action FROM audit_log WHERE resource = 'segments' AND record_id = $1 ORDER BY id`, [
        created.body.id,
      ]);
      expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    });

    it('walks every matching id for campaigns, and re-checks one application', async () => {
      const segments = t.app.get((await import('../src/modules/outreach/segments.service.js')).SegmentsService);
      const batches: string[][] = [];
      for await (const batch of segments.matchingIds({ q: DOMAIN, feeUnpaid: false }, { batchSize: 2 })) batches.push(batch);
      expect(batches.flat().map(name).sort()).toEqual(['C', 'D', 'E', 'F', 'H']);
      expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(2);
      expect(await segments.matches(ids.A!, { missing: ['fee'] })).toBe(true);
      expect(await segments.matches(ids.C!, { missing: ['fee'] })).toBe(false);
    });
  });

  describe('templates and the send path', () => {
    const content = (body: string, subject = 'Hello {{firstName}}') => ({
      en: { subject, body },
      es: { subject: `Hola {{firstName}}`, body: `ES ${body}` },
      'zh-CN': { subject: `{{fullName}}，您好`, body: `ZH ${body}` },
    });
    const BODY =
      'Dear {{fullName}} ({{greetingName}}), {{program}} {{term}}. Deadline: {{deadline}}. Continue: {{link}} or {{continueLink}}';
    let transactional: string;
    let marketing: string;

    async function template(key: string, kind: string, body = BODY) {
      const response = await t
        .http()
        .post('/api/admin/message-templates')
        .set(admin())
        .send({ key, name: key, kind, content: content(body) });
      expect(response.status).toBe(201);
      return response.body.id as string;
    }

    beforeAll(async () => {
      transactional = await template('reminder', 'transactional');
      marketing = await template('open-house', 'marketing');
    });

    it('refuses variables outside the allow-list, helpers, blocks, partials and raw output (422 on the field), and a missing language', async () => {
      for (const body of [
        'Hi {{middleName}}',
        '{{#if link}}x{{/if}}',
        '{{lookup link}}',
        '{{{link}}}',
        '{{> footer}}',
        '{{link.length}}',
        'Hi {{link',
      ]) {
        const refused = await t
          .http()
          .post('/api/admin/message-templates')
          .set(admin())
          .send({ key: 'bad', name: 'Bad', kind: 'marketing', content: content('ok {{firstName}}', body) });
        expect({ body, status: refused.status }).toEqual({ body, status: 422 });
        expect(refused.body.errors['content.en.subject']).toEqual(expect.any(Array));
      }
      const named = await t
        .http()
        .post('/api/admin/message-templates')
        .set(admin())
        .send({ key: 'bad', name: 'Bad', kind: 'marketing', content: content('Hello {{nickname}}') });
      expect(named.body.errors['content.es.body'][0]).toContain('nickname');
      const { 'zh-CN': _zh, ...twoLanguages } = content('x');
      expect(
        (
          await t
            .http()
            .post('/api/admin/message-templates')
            .set(admin())
            .send({ key: 'bad', name: 'Bad', kind: 'marketing', content: twoLanguages })
        ).status,
      ).toBe(422);
      const taken = await t
        .http()
        .post('/api/admin/message-templates')
        .set(admin())
        .send({ key: 'reminder', name: 'x', kind: 'marketing', content: content('x') });
      expect(taken.body.errors.key).toEqual(['A message template with this key already exists.']);
    });

    it('previews in the application’s language: the name in its own order, labels in that language, the deadline in the applicant’s zone', async () => {
      const { id } = await startApplication(t, { email: 'wang@example.com', firstName: '芳', lastName: '王', locale: 'zh-CN' });
      const [{ offering_id: offeringId }] = (await t.db.query(`SELECT offering_id FROM applications WHERE id = $1`, [id])).rows;
      const deadline = new Date(Date.now() + 10 * 86_400_000);
      deadline.setUTCHours(15, 59, 0, 0);
      await t.db.query(`UPDATE applications SET time_zone = 'Asia/Shanghai' WHERE id = $1`, [id]);
      await t.db.query(
        `UPDATE offerings SET rounds = jsonb_build_array(jsonb_build_object('key', 'regular', 'labels',
           jsonb_build_object('en', 'Regular', 'es', 'Regular', 'zh-CN', '常规'), 'deadlineAt', $2::text)) WHERE id = $1`,
        [offeringId, deadline.toISOString()],
      );
      await t.changesSeen();
      const tokensBefore = (await t.db.query(`SELECT count(*)::int AS n FROM application_tokens WHERE application_id = $1`, [id])).rows[0]
        .n;

      const zh = await t.http().post(`/api/admin/message-templates/${transactional}/preview`).set(admin()).send({ applicationId: id });
      expect(zh.status).toBe(200);
      const programs = t.app.get(ProgramsService);
      const label = await programs.labelOf('Male', 'MSW', 'zh-CN');
      expect(label).not.toBe(await programs.labelOf('Male', 'MSW', 'en'));
      const shanghai = zonedTime(deadline, 'zh-CN', 'Asia/Shanghai');
      expect(shanghai).toContain('23:59');
      expect(shanghai).toContain('中国标准时间');
      expect(zh.body).toMatchObject({ locale: 'zh-CN', kind: 'transactional', to: 'wang@example.com', subject: '王芳，您好', headers: {} });
      expect(zh.body.text).toBe(
        `ZH Dear 王芳 (王芳), ${label} ${await programs.termLabel('Spring 2026', 'zh-CN')}. Deadline: ${shanghai}. ` +
          `Continue: ${PUBLIC_URL}/validation?token=example or ${PUBLIC_URL}/continue`,
      );
      expect(zh.body.html).toContain(`<a href="${PUBLIC_URL}/continue">`);
      expect(zh.body.html).not.toMatch(/<img/i);

      const es = await t
        .http()
        .post(`/api/admin/message-templates/${marketing}/preview`)
        .set(admin())
        .send({ applicationId: id, locale: 'es' });
      expect(es.body).toMatchObject({ locale: 'es', subject: 'Hola 芳', kind: 'marketing' });
      expect(es.body.text).toContain(zonedTime(deadline, 'es', 'Asia/Shanghai'));
      expect(es.body.text).toContain(`${PUBLIC_URL}/preferences?token=example`);
      expect(es.body.headers).toEqual({
        'List-Unsubscribe': `<${PUBLIC_URL}/api/outreach/unsubscribe?token=example>, <mailto:admissions@example.edu?subject=unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });

      const ana = await startApplication(t, { email: 'ana@example.com', firstName: 'Ana', lastName: 'Ruiz' });
      const en = await t.http().post(`/api/admin/message-templates/${transactional}/preview`).set(admin()).send({ applicationId: ana.id });
      expect(en.body.text).toMatch(/^Dear Ana Ruiz \(Ana\), /);
      // previews issue no token
      expect((await t.db.query(`SELECT count(*)::int AS n FROM application_tokens WHERE application_id = $1`, [id])).rows[0].n).toBe(
        tokensBefore,
      );
      expect(
        (
          await t
            .http()
            .post(`/api/admin/message-templates/${transactional}/preview`)
            .set(admin())
            .send({ applicationId: crypto.randomUUID() })
        ).body.code,
      ).toBe('APP-404');
      expect(
        (
          await t
            .http()
            .post(`/api/admin/message-templates/${transactional}/preview`)
            .set(admin())
            .send({ applicationId: id, locale: 'fr' })
        ).status,
      ).toBe(422);
    });

    it('a test send reaches the admin’s own address; List-Unsubscribe headers only on marketing messages', async () => {
      const { id } = await startApplication(t, { email: 'test-send@example.com' });
      const sentTransactional = await t
        .http()
        .post(`/api/admin/message-templates/${transactional}/test-send`)
        .set(admin())
        .send({ applicationId: id });
      expect(sentTransactional.status).toBe(200);
      expect(sentTransactional.body).toMatchObject({
        sourceKind: 'test',
        status: 'sent',
        email: 'admin@example.com',
        kind: 'transactional',
        applicationId: id,
      });
      const plain = await sink.waitFor((m) => m.to.includes('admin@example.com') && m.subject === '[Test] Hello Moshe');
      expect(headerLine(plain, 'List-Unsubscribe')).toBeUndefined();
      expect(headerLine(plain, 'List-Unsubscribe-Post')).toBeUndefined();
      expect(plain.text).toContain('/validation?token=example');

      const before = sink.messages.length;
      const sentMarketing = await t
        .http()
        .post(`/api/admin/message-templates/${marketing}/test-send`)
        .set(admin())
        .send({ applicationId: id, locale: 'es' });
      expect(sentMarketing.body).toMatchObject({ status: 'sent', kind: 'marketing', locale: 'es', subject: '[Prueba] Hola Moshe' });
      const promo = await sink.waitFor((m) => sink.messages.indexOf(m) >= before && m.subject === '[Prueba] Hola Moshe');
      expect(promo.to).toEqual(['admin@example.com']);
      expect(headerLine(promo, 'List-Unsubscribe')).toMatch(
        /^List-Unsubscribe: <https:\/\/portal\.example\.edu\/api\/outreach\/unsubscribe\?token=[A-Za-z0-9_-]{43}>, <mailto:admissions@example\.edu\?subject=unsubscribe>$/,
      );
      expect(headerLine(promo, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const audit = await t.db.query(
        `SELECT count(*)::int AS n FROM audit_log WHERE resource = 'message-templates' AND action = 'test-send'`,
      );
      expect(audit.rows[0].n).toBe(2);
      // a template used for a message is kept
      expect((await t.http().delete(`/api/admin/message-templates/${marketing}`).set(admin())).body.code).toBe('OUT-409-used');
    });

    it('claims a campaign’s application once and a rule’s stage once', async () => {
      const { id } = await startApplication(t, { email: 'claims@example.com' });
      const first = await mailer.claim({ applicationId: id, templateId: transactional, source: { kind: 'campaign', id: CAMPAIGN_1 } });
      const again = await mailer.claim({ applicationId: id, templateId: transactional, source: { kind: 'campaign', id: CAMPAIGN_1 } });
      expect(first.claimed).toBe(true);
      expect(again).toEqual({ messageId: first.messageId, claimed: false });
      const day1 = await mailer.claim({ applicationId: id, templateId: transactional, source: { kind: 'rule', id: RULE, stage: 'day-1' } });
      const day1Again = await mailer.claim({
        applicationId: id,
        templateId: transactional,
        source: { kind: 'rule', id: RULE, stage: 'day-1' },
      });
      const day7 = await mailer.claim({ applicationId: id, templateId: transactional, source: { kind: 'rule', id: RULE, stage: 'day-7' } });
      expect([day1.claimed, day1Again.claimed, day7.claimed]).toEqual([true, false, true]);
      // claimed at once by several callers: one row
      const racing = await Promise.all(
        Array.from({ length: 5 }, () =>
          mailer.claim({ applicationId: id, templateId: transactional, source: { kind: 'campaign', id: CAMPAIGN_2 } }),
        ),
      );
      expect(racing.filter((c) => c.claimed)).toHaveLength(1);
      expect(new Set(racing.map((c) => c.messageId)).size).toBe(1);

      const delivered = await mailer.deliver(first.messageId);
      expect(delivered).toMatchObject({ status: 'sent', attempted: true });
      expect(await mailer.deliver(first.messageId)).toMatchObject({ status: 'sent', attempted: false });
      expect(
        await mailer.send({ applicationId: id, templateId: transactional, source: { kind: 'campaign', id: CAMPAIGN_1 } }),
      ).toMatchObject({
        messageId: first.messageId,
        attempted: false,
      });
      const mail = await sink.waitFor((m) => m.to.includes('claims@example.com'));
      expect(sink.messages.filter((m) => m.to.includes('claims@example.com'))).toHaveLength(1);
      // a live message's link opens the application
      const link = /\/validation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
      expect((await t.app.get(TokenService).resolve(link)).application.id).toBe(id);

      // delivered by several callers at once (each reads it free and renders it): one lease, one attempt, one e-mail
      const deliveries = await Promise.all(Array.from({ length: 5 }, () => mailer.deliver(racing[0]!.messageId)));
      expect(deliveries.filter((d) => d.attempted)).toHaveLength(1);
      expect(deliveries.map((d) => d.status)).toContain('sent');
      await sink.waitFor((m) => m.to.includes('claims@example.com') && m !== mail);
      await new Promise((resolve) => setTimeout(resolve, 300)); // a second e-mail would land by now
      expect(sink.messages.filter((m) => m.to.includes('claims@example.com'))).toHaveLength(2);
      expect(await mailer.state(racing[0]!.messageId)).toMatchObject({ status: 'sent' });
    });

    it('one-click unsubscribe (RFC 8058) stops marketing only; the preferences page reads and changes it', async () => {
      const { id } = await startApplication(t, { email: 'Rivka.Promo@Example.com', firstName: 'Rivka', locale: 'es' });
      const sent = await mailer.send({ applicationId: id, templateId: marketing, source: { kind: 'campaign', id: CAMPAIGN_1 } });
      expect(sent).toMatchObject({ status: 'sent', attempted: true });
      const mail = await sink.waitFor((m) => sentTo(m, 'Rivka.Promo@Example.com') && m.subject === 'Hola Rivka');
      const line = headerLine(mail, 'List-Unsubscribe')!;
      const token = unsubscribeToken(line);
      expect(mail.text).toContain(`${PUBLIC_URL}/preferences?token=${token}`);
      const stored = await t.db.query(`SELECT unsubscribe_token_hash FROM outreach_messages WHERE id = $1`, [sent.messageId]);
      expect(stored.rows[0].unsubscribe_token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.rows[0].unsubscribe_token_hash).not.toContain(token);

      // a browser opening the link lands on the preferences page; GET changes nothing
      const opened = await t.http().get(`/api/outreach/unsubscribe?token=${token}`);
      expect(opened.status).toBe(303);
      expect(opened.headers.location).toBe(`/preferences?token=${token}`);
      const prefs = await t.http().get(`/api/outreach/preferences?token=${token}`);
      expect(prefs.body).toEqual({ email: 'r•••o@example.com', marketing: true, locale: 'es' });

      for (let i = 0; i < 2; i++) {
        const oneClick = await t.http().post(`/api/outreach/unsubscribe?token=${token}`).type('form').send('List-Unsubscribe=One-Click');
        expect(oneClick.status).toBe(200);
        expect(oneClick.body).toMatchObject({ marketing: false });
      }
      const [row] = (await t.db.query(`SELECT * FROM outreach_recipients WHERE email = 'rivka.promo@example.com'`)).rows;
      expect(row.marketing_opt_out_at).toBeInstanceOf(Date);
      expect(row.opt_out_message_id).toBe(sent.messageId);
      expect((await t.http().post('/api/outreach/unsubscribe?token=unknown-token')).body.code).toBe('TKN-001');
      expect((await t.http().post('/api/outreach/unsubscribe')).status).toBe(422);

      const count = sink.messages.length;
      const blocked = await mailer.send({ applicationId: id, templateId: marketing, source: { kind: 'campaign', id: CAMPAIGN_2 } });
      expect(blocked).toMatchObject({ status: 'suppressed', suppressedReason: 'marketing-opt-out', attempted: true });
      const reminder = await mailer.send({
        applicationId: id,
        templateId: transactional,
        source: { kind: 'rule', id: RULE, stage: 'day-1' },
      });
      expect(reminder).toMatchObject({ status: 'sent' });
      const isRivkas = (m: ReceivedMail) =>
        sink.messages.indexOf(m) >= count && sentTo(m, 'Rivka.Promo@Example.com') && m.subject === 'Hola Rivka';
      await sink.waitFor(isRivkas);
      // both templates' Spanish subjects are "Hola Rivka": one message, the transactional one (no List-Unsubscribe)
      expect(sink.messages.filter(isRivkas).map((m) => headerLine(m, 'List-Unsubscribe'))).toEqual([undefined]);

      // the preferences page turns marketing back on
      const on = await t.http().put(`/api/outreach/preferences?token=${token}`).send({ marketing: true });
      expect(on.body).toMatchObject({ marketing: true });
      expect((await t.http().put(`/api/outreach/preferences?token=${token}`).send({ marketing: 'yes' })).status).toBe(422);
      expect((await t.http().put(`/api/outreach/preferences?token=nope`).send({ marketing: false })).status).toBe(404);
      expect(
        await mailer.send({ applicationId: id, templateId: marketing, source: { kind: 'rule', id: RULE, stage: 'promo' } }),
      ).toMatchObject({ status: 'sent' });
    });

    it('an SMTP 5xx bounces and suppresses the address until it is verified again; a 4xx fails and is retried', async () => {
      const email = 'bouncing@example.com';
      const since = sink.messages.length;
      const account = await t
        .http()
        .post('/api/register')
        .send({ first_name: 'Dov', last_name: 'Ben', email, password: 'applicant-pass-1', password_confirmation: 'applicant-pass-1' });
      const verification = await sink.waitFor((m) => sink.messages.indexOf(m) >= since && m.to.includes(email));
      const verifyToken = /\/email\/verify\/([A-Za-z0-9_-]+)/.exec(verification.text)![1]!;
      expect((await t.http().post('/api/email/verify').send({ token: verifyToken })).status).toBe(200);
      const { id } = await startApplication(t, { email, firstName: 'Dov' });

      sink.reject(email, 550, '5.1.1 Mailbox does not exist');
      const bounced = await mailer.send({
        applicationId: id,
        templateId: transactional,
        source: { kind: 'rule', id: RULE, stage: 'day-1' },
      });
      expect(bounced).toMatchObject({ status: 'bounced', smtpCode: 550, retryable: false, error: expect.stringContaining('5.1.1') });
      const recipient = await t
        .http()
        .get(`/api/admin/outreach-recipients/${encodeURIComponent(email)}`)
        .set(admin());
      expect(recipient.body).toMatchObject({ email, suppressed: true, suppressedDetail: expect.stringContaining('550') });
      // transactional messages too are no longer sent to it
      const after = await mailer.send({ applicationId: id, templateId: transactional, source: { kind: 'rule', id: RULE, stage: 'day-7' } });
      expect(after).toMatchObject({ status: 'suppressed', suppressedReason: 'hard-bounce', smtpCode: null });

      // verified again (the account asks for a new link, opens it): the suppression is lifted
      sink.accept(email);
      await t.db.query(`UPDATE email_verifications SET created_at = now() - interval '1 hour' WHERE user_id = $1`, [account.body.user.id]);
      const before = sink.messages.length;
      const resent = await t
        .http()
        .post('/api/email/resend')
        .set(auth(account.body.token as string));
      expect(resent.body).toMatchObject({ verified: false });
      const again = await sink.waitFor(
        (m) => sink.messages.indexOf(m) >= before && m.to.includes(email) && m.text.includes('/email/verify/'),
        10_000,
      );
      const token = /\/email\/verify\/([A-Za-z0-9_-]+)/.exec(again.text)![1]!;
      expect((await t.http().post('/api/email/verify').send({ token })).status).toBe(200);
      expect((await t.http().get(`/api/admin/outreach-recipients/${email}`).set(admin())).body.suppressed).toBe(false);
      expect(
        await mailer.send({ applicationId: id, templateId: transactional, source: { kind: 'rule', id: RULE, stage: 'day-14' } }),
      ).toMatchObject({
        status: 'sent',
      });

      // a temporary refusal: failed, retryable; the next attempt of the same message goes out
      sink.reject(email, 451, '4.7.1 Greylisted, try again later');
      const deferred = await mailer.send({
        applicationId: id,
        templateId: transactional,
        source: { kind: 'rule', id: RULE, stage: 'day-21' },
      });
      expect(deferred).toMatchObject({ status: 'failed', smtpCode: 451, retryable: true });
      expect((await t.http().get(`/api/admin/outreach-recipients/${email}`).set(admin())).body.suppressed).toBe(false);
      sink.accept(email);
      expect(await mailer.deliver(deferred.messageId)).toMatchObject({ status: 'sent', attempted: true });
      const row = (await t.db.query(`SELECT attempts, smtp_code, sent_at FROM outreach_messages WHERE id = $1`, [deferred.messageId]))
        .rows[0];
      expect(row).toMatchObject({ attempts: 2, smtp_code: null, sent_at: expect.any(Date) });

      // an admin may lift a suppression by hand (audited)
      sink.reject(email);
      await mailer.send({ applicationId: id, templateId: transactional, source: { kind: 'rule', id: RULE, stage: 'day-28' } });
      sink.accept(email);
      const cleared = await t.http().post(`/api/admin/outreach-recipients/${email}/clear-suppression`).set(admin());
      expect(cleared.body.suppressed).toBe(false);
      expect(
        (await t.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'clear-suppression' AND record_id = $1`, [email]))
          .rows[0].n,
      ).toBe(1);
    });

    it('a rule’s or campaign’s message to a withdrawn application is not sent', async () => {
      const { id } = await startApplication(t, { email: 'withdrawn-send@example.com' });
      const claim = await mailer.claim({ applicationId: id, templateId: transactional, source: { kind: 'campaign', id: CAMPAIGN_1 } });
      await t.db.query(`UPDATE applications SET status = 'withdrawn', withdrawn_at = now() WHERE id = $1`, [id]);
      expect(await mailer.deliver(claim.messageId)).toMatchObject({ status: 'suppressed', suppressedReason: 'withdrawn' });
    });

    it('the delivery log lists by application, status and source, counts per campaign, and /metrics counts by status and kind', async () => {
      const { id } = await startApplication(t, { email: 'log@example.com' });
      await mailer.send({ applicationId: id, templateId: transactional, source: { kind: 'campaign', id: CAMPAIGN_2 } });
      await t.http().post(`/api/admin/message-templates/${transactional}/test-send`).set(admin()).send({ applicationId: id });
      const byApplication = await t
        .http()
        .get('/api/admin/outreach-messages')
        .query({ filter: JSON.stringify({ applicationId: id }) })
        .set(admin());
      expect(byApplication.status).toBe(200);
      expect(byApplication.headers['content-range']).toBe('outreach-messages 0-1/2');
      expect(byApplication.body.map((m: { sourceKind: string }) => m.sourceKind)).toEqual(['test', 'campaign']);
      expect(byApplication.body[1]).toMatchObject({
        applicationId: id,
        email: 'log@example.com',
        templateId: transactional,
        templateKey: 'reminder',
        kind: 'transactional',
        sourceId: CAMPAIGN_2,
        stageKey: null,
        locale: 'en',
        subject: 'Hello Moshe',
        status: 'sent',
        attempts: 1,
        referenceNumber: expect.stringMatching(/^\d+$/),
      });
      const one = await t.http().get(`/api/admin/outreach-messages/${byApplication.body[1].id}`).set(admin());
      expect(one.body).toEqual(byApplication.body[1]);
      expect((await t.http().get('/api/admin/outreach-messages/99999999').set(admin())).status).toBe(404);

      const suppressed = await t
        .http()
        .get('/api/admin/outreach-messages')
        .query({ filter: JSON.stringify({ status: ['suppressed'], sourceKind: 'campaign' }) })
        .set(admin());
      expect(suppressed.body.map((m: { suppressedReason: string }) => m.suppressedReason).sort()).toEqual([
        'marketing-opt-out',
        'withdrawn',
      ]);
      expect(
        (
          await t
            .http()
            .get('/api/admin/outreach-messages')
            .query({ filter: JSON.stringify({ status: ['lost'] }) })
            .set(admin())
        ).status,
      ).toBe(400);

      const counts = await t
        .http()
        .get('/api/admin/outreach-messages/counts')
        .query({ sourceKind: 'campaign', sourceId: CAMPAIGN_2 })
        .set(admin());
      const expected = (
        await t.db.query(`SELECT status, count(*)::int AS n FROM outreach_messages WHERE source_id = $1 GROUP BY status`, [CAMPAIGN_2])
      ).rows;
      expect(counts.body.total).toBe(expected.reduce((sum, r) => sum + r.n, 0));
      for (const r of expected) expect(counts.body[r.status]).toBe(r.n);
      expect(counts.body.suppressed).toBe(1);

      const metrics = await t.http().get('/metrics').set(auth(METRICS_TOKEN));
      const sentTests = (
        await t.db.query(
          `SELECT count(*)::int AS n FROM outreach_messages WHERE status = 'sent' AND kind = 'transactional' AND source_kind = 'test'`,
        )
      ).rows[0].n;
      expect(metrics.text).toContain(`portal_outreach_messages{status="sent",kind="transactional",source="test"} ${sentTests}`);
      expect(metrics.text).toMatch(/portal_outreach_messages\{status="suppressed",kind="marketing",source="campaign"\} 1\b/);
      expect(metrics.text).toMatch(/portal_outreach_deliveries_total\{status="bounced",kind="transactional",source="rule"\} 2\b/);
    });
  });

  it('every admin outreach route answers 401 without a token and 403 to an applicant', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['get', '/api/admin/segments'],
      ['post', '/api/admin/segments'],
      ['post', '/api/admin/segments/preview'],
      ['get', `/api/admin/segments/${id}`],
      ['get', `/api/admin/segments/${id}/preview`],
      ['put', `/api/admin/segments/${id}`],
      ['delete', `/api/admin/segments/${id}`],
      ['get', '/api/admin/message-templates'],
      ['post', '/api/admin/message-templates'],
      ['get', `/api/admin/message-templates/${id}`],
      ['put', `/api/admin/message-templates/${id}`],
      ['delete', `/api/admin/message-templates/${id}`],
      ['post', `/api/admin/message-templates/${id}/preview`],
      ['post', `/api/admin/message-templates/${id}/test-send`],
      ['get', '/api/admin/outreach-messages'],
      ['get', '/api/admin/outreach-messages/counts'],
      ['get', '/api/admin/outreach-messages/1'],
      ['get', '/api/admin/outreach-recipients/a@example.com'],
      ['post', '/api/admin/outreach-recipients/a@example.com/clear-suppression'],
    ];
    for (const [method, path] of routes) {
      const anonymous = await (t.http() as unknown as Record<string, (p: string) => Promise<{ status: number }>>)[method]!(path);
      const applicant = await (t.http() as unknown as Record<string, (p: string) => { set(h: object): Promise<{ status: number }> }>)[
        method
      ]!(path).set(auth(applicantToken));
      expect({ method, path, anonymous: anonymous.status, applicant: applicant.status }).toEqual({
        method,
        path,
        anonymous: 401,
        applicant: 403,
      });
    }
  });
});
