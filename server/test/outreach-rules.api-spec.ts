import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { DateTime } from 'luxon';
import { randomUUID } from 'node:crypto';
import { ReminderEngineService, type RuleRunReport } from '../src/modules/outreach/reminder-engine.service.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const PUBLIC_URL = 'https://portal.example.edu';
const METRICS_TOKEN = 'rules-metrics-token-123';
const DAY_MS = 86_400_000;
const NEW_YORK = 'America/New_York';
const SHANGHAI = 'Asia/Shanghai';
const JERUSALEM = 'Asia/Jerusalem';

/**
 * The first day after tomorrow on which `zone` springs forward in March (its DST change), at local midnight:
 * this year's if still ahead, else next year's. Time is data: computed, never written down.
 */
function marchChange(zone: string): DateTime {
  const today = DateTime.now().setZone(zone).startOf('day');
  for (const year of [today.year, today.year + 1]) {
    for (let day = DateTime.fromObject({ year, month: 3, day: 1 }, { zone }); day.month === 3; day = day.plus({ days: 1 }))
      if (day.offset !== day.endOf('day').offset && day > today.plus({ days: 1 })) return day;
  }
  throw new Error(`${zone} has no March change ahead`);
}

/** A zone's day some weeks ahead (for zones without DST). */
const dayAhead = (zone: string, days = 40) => DateTime.now().setZone(zone).plus({ days }).startOf('day');
/** The instant of wall-clock `hour:minute` on `day` in the day's zone. */
const at = (day: DateTime, hour: number, minute = 0) => day.set({ hour, minute }).toJSDate();
/** True when `mail` is an outreach message (its stable Message-ID, `<outreach-…>`) to `email` (not the start's own e-mail). */
const sentTo = (mail: ReceivedMail, email: string) =>
  mail.to.some((to) => to.toLowerCase() === email.toLowerCase()) && (mail.raw.messageId ?? '').startsWith('<outreach-');

/**
 * The automatic reminders of issue 30 item 3 on a moved clock (the engine's `now`), across America/New_York's
 * and Asia/Jerusalem's spring-forward days and Asia/Shanghai: each rule sends its template in the applicant's
 * language, only between 9:00 and 19:00 in the applicant's zone (a due reminder waits for the next 9:00 local),
 * once per stage, and at most K reminders per applicant in 7 days; the console's rule API is audited and
 * checked; a reminder's link opens the application where the applicant stopped.
 */
describe('Automatic reminder rules', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let admin: string;
  let engine: ReminderEngineService;
  const rules: Record<string, { id: string; templateId: string; days: number; weeklyCap: number }> = {};

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL, METRICS_TOKEN });
    admin = await t.login();
    engine = t.app.get(ReminderEngineService);
    const list = await t.http().get('/api/admin/reminder-rules').set(auth(admin));
    expect(list.status).toBe(200);
    for (const rule of list.body) rules[rule.kind] = rule;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });
  afterEach(async () => {
    // every test switches on only what it tests
    await t.db.query(`UPDATE outreach_rules SET enabled = false`);
  });

  /** Switches `kind` on through the console's API with N `days` and cap `weeklyCap`. */
  async function enable(kind: string, days: number, weeklyCap = 2) {
    const response = await t
      .http()
      .put(`/api/admin/reminder-rules/${rules[kind]!.id}`)
      .set(auth(admin))
      .send({ enabled: true, days, templateId: rules[kind]!.templateId, weeklyCap });
    expect(response.status).toBe(200);
    return response.body;
  }

  /** Starts an application in `locale` and sets its zone and columns by SQL (`$2`… are `params`). */
  async function applicant(locale: string, zone: string, set = '', params: unknown[] = []) {
    const email = `r-${randomUUID().slice(0, 8)}@rules.example`;
    const { id, token } = await startApplication(t, { email, locale });
    await t.db.query(`UPDATE applications SET time_zone = $2${set ? `, ${set}` : ''} WHERE id = $1`, [id, zone, ...params]);
    return { id, token, email };
  }

  /** The rule reminders of an application, oldest first. */
  async function reminders(applicationId: string) {
    return (
      await t.db.query(
        `SELECT m.stage_key AS stage, m.status, m.locale, m.subject, m.sent_at AS "sentAt", r.kind
           FROM outreach_messages m JOIN outreach_rules r ON r.id = m.source_id
          WHERE m.application_id = $1 AND m.source_kind = 'rule' ORDER BY m.id`,
        [applicationId],
      )
    ).rows as { stage: string; status: string; locale: string; subject: string; sentAt: Date; kind: string }[];
  }

  /** The subject the rule's template has for this application (its language), as the preview renders it. */
  async function expectedSubject(kind: string, applicationId: string): Promise<string> {
    const preview = await t
      .http()
      .post(`/api/admin/message-templates/${rules[kind]!.templateId}/preview`)
      .set(auth(admin))
      .send({ applicationId });
    expect(preview.status).toBe(200);
    return preview.body.subject as string;
  }

  const report = (reports: RuleRunReport[], kind: string) => reports.find((r) => r.kind === kind)!;

  /**
   * Checks that `app` got exactly one reminder of `kind`: sent, in `locale`, with the template's subject, at a
   * local hour of 9–18 in `zone`, and that the sink received it once.
   */
  async function expectOneReminder(app: { id: string; email: string }, kind: string, locale: string, zone: string) {
    const rows = await reminders(app.id);
    expect(rows.map((r) => [r.kind, r.status, r.locale])).toEqual([[kind, 'sent', locale]]);
    expect(rows[0]!.subject).toBe(await expectedSubject(kind, app.id));
    const hour = DateTime.fromJSDate(rows[0]!.sentAt, { zone }).hour;
    expect(hour).toBeGreaterThanOrEqual(9);
    expect(hour).toBeLessThan(19);
    await sink.waitFor((m) => sentTo(m, app.email));
    expect(sink.messages.filter((m) => sentTo(m, app.email)).map((m) => m.subject)).toEqual([rows[0]!.subject]);
    return rows[0]!;
  }

  it('seeds the five rules off, each with a default template in en, es and zh-CN; the rule API checks and audits', async () => {
    expect(Object.keys(rules).sort()).toEqual(['document_missing', 'draft_idle', 'fee_unpaid', 'recommender_unanswered', 'reply_deadline']);
    for (const rule of Object.values(rules)) {
      expect(rule).toMatchObject({ enabled: false, weeklyCap: 2 });
      const template = await t.http().get(`/api/admin/message-templates/${rule.templateId}`).set(auth(admin));
      expect(template.body.kind).toBe('transactional');
      for (const locale of ['en', 'es', 'zh-CN']) expect(template.body.content[locale].subject.length).toBeGreaterThan(5);
    }
    const id = rules.draft_idle!.id;
    const put = (body: Record<string, unknown>) => t.http().put(`/api/admin/reminder-rules/${id}`).set(auth(admin)).send(body);
    const valid = { enabled: true, days: 7, templateId: rules.draft_idle!.templateId, weeklyCap: 2 };
    expect((await put({ ...valid, days: 0 })).status).toBe(422);
    expect((await put({ ...valid, weeklyCap: 21 })).status).toBe(422);
    expect((await put({ ...valid, extra: 1 })).status).toBe(422);
    const unknown = await put({ ...valid, templateId: randomUUID() });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['templateId']);
    expect((await t.http().put(`/api/admin/reminder-rules/${randomUUID()}`).set(auth(admin)).send(valid)).status).toBe(404);
    expect((await t.http().put(`/api/admin/reminder-rules/${id}`).send(valid)).status).toBe(401);
    const changed = await put({ ...valid, days: 9 });
    expect(changed.body).toMatchObject({ enabled: true, days: 9 });
    const audit = await t.db.query(`SELECT action, before, after FROM audit_log WHERE resource = 'reminder-rules' AND record_id = $1`, [
      id,
    ]);
    expect(audit.rows.at(-1)).toMatchObject({ action: 'update', before: { enabled: false, days: 7 }, after: { enabled: true, days: 9 } });
    // a rule's template cannot be deleted from under it: 409, not the foreign key's 500
    const deleted = await t.http().delete(`/api/admin/message-templates/${rules.draft_idle!.templateId}`).set(auth(admin));
    expect([deleted.status, deleted.body.code]).toEqual([409, 'OUT-409-in-use']);
  });

  it.each([
    ['America/New_York', NEW_YORK, 'es'],
    ['Asia/Jerusalem', JERUSALEM, 'en'],
  ])(
    'draft idle N days, on %s’s spring-forward day: waits at 8:59 local, sends at 9:00 local in its language, once; its link opens the step',
    async (_name, zone, locale) => {
      const day = marchChange(zone);
      // the wall clock, not 24 hours: 9:00 is an hour earlier in UTC than the day before
      expect(at(day, 9).getTime() - at(day.minus({ days: 1 }), 9).getTime()).toBe(DAY_MS - 3_600_000);
      const app = await applicant(locale, zone, `step_reached = 4, updated_at = $3`, [new Date(at(day, 9).getTime() - 8 * DAY_MS)]);
      // the offering still takes submissions then (the seeded windows end a year from today)
      await t.db.query(`UPDATE offerings SET closes_at = $2 WHERE id = (SELECT offering_id FROM applications WHERE id = $1)`, [
        app.id,
        new Date(at(day, 9).getTime() + 60 * DAY_MS),
      ]);
      await t.changesSeen();
      await enable('draft_idle', 7);

      // the evening before, 3 a.m. and 8:59 on the day: due, but not in the applicant's daytime
      for (const instant of [at(day.minus({ days: 1 }), 19, 30), at(day, 3), at(day, 8, 59)]) {
        const waiting = report(await engine.run(instant), 'draft_idle');
        expect(waiting.waiting).toBeGreaterThanOrEqual(1);
        expect(await reminders(app.id)).toEqual([]);
      }
      const sent = report(await engine.run(at(day, 9)), 'draft_idle');
      expect(sent.sent).toBeGreaterThanOrEqual(1);
      const reminder = await expectOneReminder(app, 'draft_idle', locale, zone);
      expect(DateTime.fromJSDate(reminder.sentAt, { zone }).toFormat('HH:mm')).toBe('09:00');
      expect(reminder.stage).toMatch(/^idle-\d+$/);
      // later runs the same day and the next: the same idle period is one stage, reminded once
      for (const instant of [at(day, 12), at(day, 18, 59), at(day.plus({ days: 1 }), 10)]) await engine.run(instant);
      expect(await reminders(app.id)).toHaveLength(1);

      // the link opens the application where the applicant stopped, in its language
      const mail = sink.messages.find((m) => sentTo(m, app.email))!;
      const token = /\/validation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
      const check = await t.http().get(`/api/token/check?token=${token}`);
      expect(check.status).toBe(200);
      expect(check.body.data).toMatchObject({ stepReached: '4', locale });

      // a change starts a new idle period: a new stage, reminded again N days later
      const changedAt = new Date(at(day, 10).getTime() + DAY_MS);
      await t.db.query(`UPDATE applications SET updated_at = $2 WHERE id = $1`, [app.id, changedAt]);
      await engine.run(new Date(changedAt.getTime() + 6 * DAY_MS));
      expect(await reminders(app.id)).toHaveLength(1);
      await engine.run(new Date(changedAt.getTime() + 7 * DAY_MS));
      expect((await reminders(app.id)).map((r) => r.status)).toEqual(['sent', 'sent']);
    },
  );

  it('fee unpaid N days after certification, in Asia/Shanghai (UTC+8): 01:00 UTC is 9:00 there; zh-CN; once; not once paid', async () => {
    const day = dayAhead(SHANGHAI);
    const certified = new Date(at(day, 9).getTime() - 4 * DAY_MS);
    const unpaid = await applicant('zh-CN', SHANGHAI, `certified_at = $3, step_reached = 8, updated_at = $4`, [certified, at(day, 8)]);
    const paid = await applicant(
      'zh-CN',
      SHANGHAI,
      `certified_at = $3, step_reached = 8, payment_status = 'Waived', status = 'submitted'`,
      [certified],
    );
    await enable('fee_unpaid', 3);
    await engine.run(at(day.minus({ days: 1 }), 19)); // 11:00 UTC: 19:00 in Shanghai
    expect(await reminders(unpaid.id)).toEqual([]);
    await engine.run(at(day, 8, 30));
    expect(await reminders(unpaid.id)).toEqual([]);
    expect(DateTime.fromJSDate(at(day, 9)).toUTC().hour).toBe(1);
    await engine.run(at(day, 9));
    const reminder = await expectOneReminder(unpaid, 'fee_unpaid', 'zh-CN', SHANGHAI);
    expect(reminder.stage).toBe(`fee-${Math.floor(certified.getTime() / 1000)}`);
    await engine.run(at(day, 15));
    await engine.run(at(day.plus({ days: 2 }), 11));
    expect(await reminders(unpaid.id)).toHaveLength(1);
    expect(await reminders(paid.id)).toEqual([]);
  });

  it('a required document missing N days before the round’s deadline (Asia/Jerusalem, en): from the checklist, once per deadline', async () => {
    const day = marchChange(JERUSALEM).plus({ days: 1 });
    const deadline = new Date(at(day, 23, 59).getTime() + 5 * DAY_MS);
    const app = await applicant(
      'en',
      JERUSALEM,
      `status = 'submitted', payment_status = 'Paid', step_reached = 8, submitted_at = $3, certified_at = $3`,
      [new Date(at(day, 9).getTime() - 20 * DAY_MS)],
    );
    const draft = await applicant('en', JERUSALEM, `step_reached = 3`);
    const [{ offering }] = (await t.db.query(`SELECT offering_id AS offering FROM applications WHERE id = $1`, [app.id])).rows;
    await t.db.query(`UPDATE applications SET offering_id = $2 WHERE id = $1`, [draft.id, offering]);
    await t.db.query(
      `UPDATE offerings SET rounds = jsonb_build_array(jsonb_build_object('key', 'regular', 'labels',
         jsonb_build_object('en', 'Regular', 'es', 'Regular', 'zh-CN', '常规'), 'deadlineAt', $2::text)) WHERE id = $1`,
      [offering, deadline.toISOString()],
    );
    await t.changesSeen();
    // the checklist awaits a document of this application (the one rule set decides)
    const checklist = await t.http().get(`/api/applications/${app.id}/checklist`).set('X-Application-Token', app.token);
    expect(checklist.body.items.some((i: { kind: string; state: string }) => i.kind === 'document' && i.state === 'awaiting')).toBe(true);
    await enable('document_missing', 3);

    await engine.run(at(day, 12)); // five days before: not yet due
    expect(await reminders(app.id)).toEqual([]);
    const due = day.plus({ days: 3 }); // under three days before
    await engine.run(at(due, 7));
    expect(await reminders(app.id)).toEqual([]);
    const reports = await engine.run(at(due, 10));
    expect(report(reports, 'document_missing').sent).toBeGreaterThanOrEqual(1);
    const reminder = await expectOneReminder(app, 'document_missing', 'en', JERUSALEM);
    expect(reminder.stage).toBe(`deadline-regular-${DateTime.fromJSDate(deadline, { zone: 'UTC' }).toFormat('yyyyMMdd')}`);
    await engine.run(at(due.plus({ days: 1 }), 10));
    expect(await reminders(app.id)).toHaveLength(1);
    expect(await reminders(draft.id)).toEqual([]);
  });

  it('recommender not answered N days (America/New_York, es): once per pending request, not once it arrived', async () => {
    const day = marchChange(NEW_YORK);
    const app = await applicant('es', NEW_YORK, `step_reached = 6`);
    const answered = await applicant('es', NEW_YORK, `step_reached = 6`);
    const request = (applicationId: string, requestedAt: Date, status = 'requested', slot = 'first') =>
      t.db.query(
        `INSERT INTO recommendations (application_id, slot, name, email, relationship, status, token_hash, requested_at, expires_at)
         VALUES ($1, $5, 'Dr. Rivka Klein', $2, 'Professor', $4, $3, $6, $6::timestamptz + interval '60 days')`,
        [applicationId, `rec-${randomUUID().slice(0, 6)}@rules.example`, randomUUID(), status, slot, requestedAt],
      );
    // due (12 days > N = 10) from two days before the change day
    const requested = new Date(at(day, 9).getTime() - 12 * DAY_MS);
    await request(app.id, requested);
    await request(answered.id, requested, 'received');
    await enable('recommender_unanswered', 10);
    // 13:30 UTC the day before the change is 8:30 EST; the same 13:30 UTC on the day is 9:30 EDT
    await engine.run(at(day.minus({ days: 1 }), 8, 30));
    expect(await reminders(app.id)).toEqual([]);
    const nineThirty = at(day, 9, 30);
    expect(nineThirty.getTime() - at(day.minus({ days: 1 }), 8, 30).getTime()).toBe(DAY_MS);
    await engine.run(nineThirty);
    const reminder = await expectOneReminder(app, 'recommender_unanswered', 'es', NEW_YORK);
    expect(reminder.stage).toBe(`rec-${Math.floor(requested.getTime() / 1000)}`);
    await engine.run(at(day, 16));
    expect(await reminders(app.id)).toHaveLength(1);
    expect(await reminders(answered.id)).toEqual([]);
  });

  it('reply deadline in N days (Asia/Shanghai, en): a released admit without a reply, once; not after replying', async () => {
    const day = dayAhead(SHANGHAI, 50);
    const replyBy = new Date(at(day, 23, 59).getTime() + 2 * DAY_MS);
    const decided = `status = 'decided', payment_status = 'Paid', step_reached = 8, submitted_at = now(), decision = 'admitted',
                     decided_at = now(), decision_released_at = now(), reply_deadline_at = $3`;
    const app = await applicant('en', SHANGHAI, decided, [replyBy]);
    const replied = await applicant('en', SHANGHAI, `${decided}, reply = 'accepted', replied_at = now()`, [replyBy]);
    await enable('reply_deadline', 3);
    await engine.run(at(day.minus({ days: 2 }), 12)); // five days before: not yet
    expect(await reminders(app.id)).toEqual([]);
    await engine.run(at(day, 22)); // due, but 22:00 in Shanghai
    expect(await reminders(app.id)).toEqual([]);
    await engine.run(at(day.plus({ days: 1 }), 9, 15));
    const reminder = await expectOneReminder(app, 'reply_deadline', 'en', SHANGHAI);
    expect(reminder.stage).toBe(`reply-${Math.floor(replyBy.getTime() / 1000)}`);
    await engine.run(at(day.plus({ days: 2 }), 9, 15));
    expect(await reminders(app.id)).toHaveLength(1);
    expect(await reminders(replied.id)).toEqual([]);
  });

  it('at most K reminders per applicant in 7 days, any rule: the cap holds the next one back until the week has passed', async () => {
    const day = dayAhead(NEW_YORK, 60);
    const start = at(day, 10);
    // a certified, unpaid draft idle 8 days: both draft_idle and fee_unpaid are due for it
    const capped = await applicant('en', NEW_YORK, `certified_at = $3, step_reached = 8, updated_at = $3`, [
      new Date(start.getTime() - 8 * DAY_MS),
    ]);
    await t.db.query(`UPDATE offerings SET closes_at = $2 WHERE id = (SELECT offering_id FROM applications WHERE id = $1)`, [
      capped.id,
      new Date(start.getTime() + 60 * DAY_MS),
    ]);
    await t.changesSeen();
    await enable('draft_idle', 7, 1);
    await enable('fee_unpaid', 3, 1);
    const first = await engine.run(start);
    expect((await reminders(capped.id)).map((r) => r.kind)).toEqual(['draft_idle']);
    expect(report(first, 'fee_unpaid').capped).toBeGreaterThanOrEqual(1);
    await engine.run(new Date(start.getTime() + 3 * DAY_MS));
    await engine.run(new Date(start.getTime() + 7 * DAY_MS - 60_000));
    expect((await reminders(capped.id)).map((r) => r.kind)).toEqual(['draft_idle']);
    await engine.run(new Date(start.getTime() + 7 * DAY_MS + 60_000));
    expect((await reminders(capped.id)).map((r) => r.kind)).toEqual(['draft_idle', 'fee_unpaid']);
    const metrics = await t.http().get('/metrics').set(auth(METRICS_TOKEN));
    expect(metrics.text).toMatch(/portal_outreach_reminder_decisions_total\{rule="fee_unpaid",decision="capped"\} [1-9]/);

    // K = 2: both at once
    const both = await applicant('en', NEW_YORK, `certified_at = $3, step_reached = 8, updated_at = $3`, [
      new Date(start.getTime() - 8 * DAY_MS),
    ]);
    await enable('draft_idle', 7, 2);
    await enable('fee_unpaid', 3, 2);
    await engine.run(new Date(start.getTime() + 8 * DAY_MS));
    expect((await reminders(both.id)).map((r) => r.kind).sort()).toEqual(['draft_idle', 'fee_unpaid']);
  });

  it('two runs at once (two replicas) claim each stage once and never pass the cap', async () => {
    const day = dayAhead(SHANGHAI, 70);
    const apps = await Promise.all(
      Array.from({ length: 6 }, () =>
        applicant('en', SHANGHAI, `certified_at = $3, step_reached = 8, updated_at = $3`, [new Date(at(day, 10).getTime() - 8 * DAY_MS)]),
      ),
    );
    const offering = (await t.db.query(`SELECT offering_id AS o FROM applications WHERE id = $1`, [apps[0]!.id])).rows[0].o;
    await t.db.query(`UPDATE offerings SET closes_at = $2 WHERE id = $1`, [offering, new Date(at(day, 10).getTime() + 60 * DAY_MS)]);
    await t.changesSeen();
    await enable('draft_idle', 7, 1);
    await enable('fee_unpaid', 3, 1);
    const second = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL }, { sameDatabaseAs: t });
    try {
      await Promise.all([engine.run(at(day, 10)), second.app.get(ReminderEngineService).run(at(day, 10))]);
    } finally {
      await second.close();
    }
    for (const app of apps) {
      expect(await reminders(app.id)).toHaveLength(1);
      await sink.waitFor((m) => sentTo(m, app.email));
      expect(sink.messages.filter((m) => sentTo(m, app.email))).toHaveLength(1);
    }
  }, 60_000);
});
