import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DateTime } from 'luxon';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../server/test/support/smtp-sink.js';
import { apiClient, arrangeMbaAtPayment, arrangeMswAtReferences, payWithTestCard, type ApiCall } from './support/api.js';
import { launchBrowser, newUser, settle, typeLikeAPerson } from './support/browser.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './support/portal.js';

/** Zones around the world: one of them is always in the afternoon, whenever the test runs. */
const ZONES = [
  'Pacific/Honolulu',
  'America/Los_Angeles',
  'America/Mexico_City',
  'America/New_York',
  'America/Sao_Paulo',
  'Europe/Madrid',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Pacific/Auckland',
];
/** A zone where it is between 10:00 and 16:59 now: the reminders go out only between 9:00 and 19:00 there. */
const afternoonZone = () => ZONES.find((zone) => DateTime.now().setZone(zone).hour >= 10 && DateTime.now().setZone(zone).hour < 17)!;
const PHONE = { width: 390, height: 844 };

let portal: RunningPortal;
let browser: Browser;
let sink: SmtpSink;
let db: pg.Client;
let api: ApiCall;
let adminToken: string;

const to = (mail: ReceivedMail, email: string) => mail.to.some((address) => address.toLowerCase().includes(email));
const admin = <T>(method: string, path: string, body?: unknown, expected = 200) =>
  api<T>(method, `/admin${path}`, body, { authorization: `Bearer ${adminToken}` }, expected);

beforeAll(async () => {
  sink = await startSmtpSink();
  portal = await startPortal({
    SMTP_URL: sink.url,
    JOBS_POLL_SECONDS: '0.5',
    // the reminder rules and the campaigns look every 2 s (the office's default is minutes)
    OUTREACH_RULES_INTERVAL_SECONDS: '2',
    OUTREACH_CAMPAIGN_INTERVAL_SECONDS: '2',
  });
  db = new pg.Client({ connectionString: portal.databaseUrl });
  await db.connect();
  browser = await launchBrowser();
  api = apiClient(portal.baseUrl);
  adminToken = (await api<{ token: string }>('POST', '/login', E2E_ADMIN)).token;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await portal?.stop();
  await sink?.close();
});

/**
 * Issue 30 in the browser: the office switches the idle-draft reminder on in the console (in Spanish); an
 * applicant whose draft has not changed for days gets it in her language, in her afternoon, once, and its link
 * opens the step where she stopped, on her phone; a marketing campaign's unsubscribe link opens the preferences
 * page in her language, and after she chooses "only about my application" the next campaign is held back for her
 * while her payment receipt still comes.
 */
describe('bringing applicants back (issue 30)', () => {
  it('an idle draft gets its reminder in Spanish, once, in her afternoon; its link opens the step where she stopped', async () => {
    const email = 'lucia.ortega@example.com';
    const zone = afternoonZone();
    const { id } = await arrangeMswAtReferences(api, { firstName: 'Lucía', lastName: 'Ortega', email }, 'es');
    // she stopped at the references step five days ago, in her zone
    await db.query(`UPDATE applications SET time_zone = $2, updated_at = now() - interval '5 days' WHERE id = $1`, [id, zone]);

    // the office switches the reminder on, in Spanish, at a person's pace
    const office = await newUser(browser, { locale: 'es-MX' });
    const page = await office.context.newPage();
    page.setDefaultTimeout(15_000);
    // the office's browser speaks Spanish: the shared login page asks in Spanish, brings her back to the page she
    // opened, and the console follows
    await page.goto(`${portal.baseUrl}/admin/reminder-rules`);
    await page.waitForURL(/\/login\?redirect=/);
    await typeLikeAPerson(page.getByLabel('Correo electrónico', { exact: true }), E2E_ADMIN.email);
    await typeLikeAPerson(page.getByLabel('Contraseña', { exact: true }), E2E_ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${portal.baseUrl}/admin/reminder-rules`);
    await settle(page);
    await page.getByText('Solicitud sin terminar', { exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Solicitud sin terminar' }).waitFor();
    await settle(page);
    const enabled = page.getByLabel('Activo', { exact: true });
    await enabled.check();
    const days = page.getByRole('spinbutton', { name: 'Cuándo' });
    await days.fill('');
    await days.pressSequentially('3', { delay: 120 });
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(`${portal.baseUrl}/admin/reminder-rules`);
    await settle(page);
    const row = await page.getByRole('row').filter({ hasText: 'Solicitud sin terminar' }).innerText();
    expect(row.normalize('NFC')).toContain('tras 3 días sin cambios'.normalize('NFC'));
    expect(office.errors).toEqual([]);

    // the job looks every 2 s: her reminder comes, in Spanish, with the subject the template's preview shows
    const rule = (await admin<{ id: string; kind: string; templateId: string }[]>('GET', '/reminder-rules')).find(
      (r) => r.kind === 'draft_idle',
    )!;
    const preview = await admin<{ subject: string }>('POST', `/message-templates/${rule.templateId}/preview`, { applicationId: id });
    // (her start e-mail came earlier; the reminder is the one with the rule's template)
    const mail = await sink.waitFor((m) => to(m, email) && m.subject === preview.subject, 30_000);
    expect(mail.text).toMatch(/Lucía/);
    // the delivery log records it once the mail server has answered (a moment after the sink has it)
    const logged = () =>
      db.query(`SELECT status, locale, sent_at FROM outreach_messages WHERE application_id = $1 AND source_kind = 'rule'`, [id]);
    let sent = (await logged()).rows as { status: string; locale: string; sent_at: Date }[];
    for (
      const until = Date.now() + 10_000;
      sent[0]?.status === 'queued' && Date.now() < until;
      await new Promise((r) => setTimeout(r, 200))
    ) {
      sent = (await logged()).rows as typeof sent;
    }
    expect(sent.map((m) => [m.status, m.locale])).toEqual([['sent', 'es']]);
    const hour = DateTime.fromJSDate(sent[0]!.sent_at, { zone }).hour;
    expect(hour).toBeGreaterThanOrEqual(9);
    expect(hour).toBeLessThan(19);

    // the link opens her application where she stopped, in Spanish, on her phone
    const link = new RegExp(`${portal.baseUrl.replace(/[.:/]/g, '\\$&')}/[^\\s>)"]+`).exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const phone = await newUser(browser, { viewport: PHONE, locale: 'es-MX', timezoneId: zone, isMobile: true, hasTouch: true });
    const tab = await phone.context.newPage();
    await tab.goto(link!);
    await tab.waitForURL(/\/application\/6(\?|$)/);
    await tab
      .getByRole('heading', { name: /Referencias/ })
      .first()
      .waitFor();
    await expect(tab.locator('html').getAttribute('lang')).resolves.toMatch(/^es/);

    // once: later runs of the job send nothing more for this idle period
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(sink.messages.filter((m) => to(m, email) && m.subject === preview.subject)).toHaveLength(1);
    expect(phone.errors).toEqual([]);
    await office.context.close();
    await phone.context.close();
  }, 120_000);

  it('the office writes a campaign in English, counts its audience in Spanish, schedules it in Chinese and watches it send', async () => {
    // three applicants, one in each language, found by the segment's search
    const people = [
      { firstName: 'Emma', lastName: 'Brown', email: 'emma.brown@openhouse.example', locale: 'en', subject: 'Open house, Emma' },
      { firstName: 'Ana', lastName: 'Reyes', email: 'ana.reyes@openhouse.example', locale: 'es', subject: 'Jornada abierta, Ana' },
      { firstName: '伟', lastName: '张', email: 'wei.zhang@openhouse.example', locale: 'zh-CN', subject: '开放日：伟' },
    ];
    for (const { firstName, lastName, email, locale } of people) await arrangeMswAtReferences(api, { firstName, lastName, email }, locale);

    const office = await newUser(browser, { locale: 'en-US', timezoneId: 'America/Chicago' });
    const page = await office.context.newPage();
    page.setDefaultTimeout(15_000);
    // a deep link from a colleague's e-mail: the login page brings her back to it
    await page.goto(`${portal.baseUrl}/admin/message-templates/create`);
    await page.waitForURL(/\/login\?redirect=/);
    await typeLikeAPerson(page.getByLabel('E-mail', { exact: true }), E2E_ADMIN.email);
    await typeLikeAPerson(page.getByLabel('Password', { exact: true }), E2E_ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${portal.baseUrl}/admin/message-templates/create`);
    await settle(page);

    // the template, in English: general tab, then one tab a language; a typo in the key is fixed before saving
    await typeLikeAPerson(page.getByLabel(/^Key\b/), 'open-hose');
    await page.getByLabel(/^Key\b/).press('ArrowLeft');
    await page.getByLabel(/^Key\b/).press('ArrowLeft');
    await page.getByLabel(/^Key\b/).pressSequentially('u', { delay: 120 });
    await typeLikeAPerson(page.getByLabel(/^Name\b/), 'Open house invitation');
    await page.getByRole('combobox', { name: /^Kind/ }).click();
    await page.getByRole('option', { name: /^Marketing/ }).click();
    const bodies: Record<string, string> = {
      en: 'Dear {{greetingName}},\n\nCome to our open house.\n\n{{link}}',
      es: 'Hola, {{greetingName}}:\n\nLe esperamos en la jornada abierta.\n\n{{link}}',
      'zh-CN': '{{greetingName}}，您好：\n\n欢迎参加开放日。\n\n{{link}}',
    };
    const subjects: Record<string, string> = {
      en: 'Open house, {{firstName}}',
      es: 'Jornada abierta, {{firstName}}',
      'zh-CN': '开放日：{{firstName}}',
    };
    for (const [tab, locale] of [
      ['English', 'en'],
      ['Spanish', 'es'],
      ['Chinese (Simplified)', 'zh-CN'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      // (every language's tab panel stays in the page: the fields are looked up in the one open)
      const panel = page.getByLabel(tab, { exact: true });
      await typeLikeAPerson(panel.getByLabel(/^Subject\b/), subjects[locale]!);
      await panel.getByLabel(/^Text\b/).fill(bodies[locale]!);
    }
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/message-templates\/[0-9a-f-]{36}$/);
    await settle(page);
    expect(await page.getByLabel(/^Key\b/).inputValue()).toBe('open-house');

    // preview for Ana, in her language: what she will get
    const application = page.getByRole('combobox', { name: 'Application' });
    await typeLikeAPerson(application, 'ana.reyes');
    await page.getByRole('option', { name: /ana\.reyes@openhouse\.example/ }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('template-preview');
    await expect(preview.getByRole('heading', { level: 3 }).textContent()).resolves.toBe('Jornada abierta, Ana');
    await expect(preview.textContent()).resolves.toMatch(/List-Unsubscribe:/);

    // mid-way the office switches the console to Spanish: the segment of who gets it, counted live
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.getByRole('menuitem', { name: 'Segmentos' }).click();
    await page.waitForURL(/\/admin\/segments$/);
    await settle(page);
    await page.getByRole('link', { name: 'Crear' }).first().click();
    await page.waitForURL(/\/admin\/segments\/create$/);
    await typeLikeAPerson(page.getByLabel(/^Nombre\b/), 'Jornada abierta');
    await typeLikeAPerson(page.getByLabel('Buscar nombre, correo o referencia', { exact: true }), 'openhouse.example');
    await page.getByText('3 solicitudes coinciden ahora').waitFor();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL(/\/admin\/segments\/[0-9a-f-]{36}$/);
    await settle(page);

    // then to Chinese: the campaign, at a time in the office's zone named in Chinese, previewed, saved, scheduled
    await page.getByRole('button', { name: 'Idioma: Español' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await page.goto(`${portal.baseUrl}/admin/campaigns/create`);
    await settle(page);
    await typeLikeAPerson(page.getByLabel(/^名称/), '开放日邀请');
    await typeLikeAPerson(page.getByRole('combobox', { name: /^细分群体（发给谁）/ }), 'Jornada');
    await page.getByRole('option', { name: 'Jornada abierta' }).click();
    await typeLikeAPerson(page.getByRole('combobox', { name: /^消息模板（发什么）/ }), 'Open house');
    await page.getByRole('option', { name: /Open house invitation/ }).click();
    await page.getByLabel('按办公室时区', { exact: true }).check();
    const sendAt = page.getByLabel(/^发送时间/);
    // a minute ago in New York: it starts as soon as it is scheduled
    await sendAt.fill(DateTime.now().setZone('America/New_York').minus({ minutes: 1 }).toFormat("yyyy-MM-dd'T'HH:mm"));
    await expect(page.getByText(/所有人在 北美东部时间 的此时间收到/).count()).resolves.toBe(1);
    const perMinute = page.getByLabel(/^每分钟消息数/);
    await perMinute.fill('');
    await perMinute.pressSequentially('600', { delay: 100 });
    const campaignPreview = page.getByTestId('campaign-preview');
    await campaignPreview.getByText('此细分群体当前有 3 份申请').waitFor();
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/admin\/campaigns\/[0-9a-f-]{36}\/show$/);
    await settle(page);
    await page.getByRole('button', { name: '安排发送' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认' }).click();

    // watched: the counts follow every two seconds until all three are sent
    await expect(page.getByTestId('count-sent').filter({ hasText: /^3$/ }).waitFor({ timeout: 30_000 })).resolves.toBeUndefined();
    await page.getByText('已完成', { exact: true }).first().waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('count-total').textContent()).toBe('3');
    expect(office.errors).toEqual([]);
    await office.context.close();

    // each got it once, in her or his language
    for (const person of people) {
      const mail = await sink.waitFor((m) => to(m, person.email) && m.subject === person.subject, 15_000);
      expect(mail.raw.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(true);
      expect(sink.messages.filter((m) => to(m, person.email) && m.subject === person.subject)).toHaveLength(1);
    }
  }, 150_000);

  it('unsubscribing from a marketing message on her phone holds the next campaign back for her, and her receipt still comes', async () => {
    const email = 'sofia.herrera@example.com';
    const app = await arrangeMbaAtPayment(api, { firstName: 'Sofía', lastName: 'Herrera', email }, 'es');
    await db.query(`UPDATE applications SET time_zone = 'America/Mexico_City' WHERE id = $1`, [app.id]);
    const content = {
      en: { subject: 'Open day for {{firstName}}', body: 'Dear {{greetingName}},\n\nCome to our open day.\n\n{{link}}' },
      es: {
        subject: 'Jornada de puertas abiertas para {{firstName}}',
        body: 'Estimada {{greetingName}}:\n\nVenga a conocernos.\n\n{{link}}',
      },
      'zh-CN': { subject: '{{firstName}}，开放日邀请', body: '{{greetingName}}，您好：\n\n欢迎参加开放日。\n\n{{link}}' },
    };
    const template = await admin<{ id: string }>(
      'POST',
      '/message-templates',
      { key: 'open-day', name: 'Open day', kind: 'marketing', content },
      201,
    );
    const segment = await admin<{ id: string }>('POST', '/segments', { name: 'Sofía', filter: { q: email } }, 201);
    const campaign = async (name: string) => {
      const sendAt = DateTime.now().setZone('America/New_York').minus({ minutes: 1 }).toFormat("yyyy-MM-dd'T'HH:mm");
      const created = await admin<{ id: string }>(
        'POST',
        '/campaigns',
        { name, segmentId: segment.id, templateId: template.id, sendAt, zone: 'office', perMinute: 600 },
        201,
      );
      await admin('POST', `/campaigns/${created.id}/schedule`);
      for (const until = Date.now() + 30_000; ; await new Promise((resolve) => setTimeout(resolve, 500))) {
        const now = await admin<{ status: string; counts: Record<string, number> }>('GET', `/campaigns/${created.id}`);
        if (now.status === 'done') return now.counts;
        if (Date.now() > until) throw new Error(`campaign ${name} still ${JSON.stringify(now)}`);
      }
    };

    expect(await campaign('Open day, first call')).toMatchObject({ total: 1, sent: 1 });
    const invitation = await sink.waitFor((m) => to(m, email) && m.subject.startsWith('Jornada'), 15_000);
    const header = invitation.raw.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '';
    const unsubscribe = /<(https?:\/\/[^>]+\/api\/outreach\/unsubscribe\?token=[^>]+)>/.exec(header)?.[1];
    expect(unsubscribe).toBeDefined();
    expect(invitation.raw.headerLines.some((h) => h.key === 'list-unsubscribe-post')).toBe(true);

    // her mail app opens the link in the browser: the preferences page, in Spanish; she keeps only her application's
    const phone = await newUser(browser, {
      viewport: PHONE,
      locale: 'es-MX',
      timezoneId: 'America/Mexico_City',
      isMobile: true,
      hasTouch: true,
    });
    const page = await phone.context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(unsubscribe!.replace(/^https?:\/\/[^/]+/, portal.baseUrl));
    await page.waitForURL(/\/preferences\?token=/);
    await page.getByRole('heading', { name: 'Sus preferencias de correo electrónico' }).waitFor();
    await page.getByLabel('Solo los correos sobre mi solicitud').check();
    await page.getByRole('button', { name: 'Guardar mis preferencias' }).click();
    await expect(page.getByTestId('preferences-saved').textContent()).resolves.toContain('Ya no recibirá noticias ni eventos');
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    // the next campaign is held back for her (suppressed, nothing sent); her payment receipt still comes
    expect(await campaign('Open day, second call')).toMatchObject({ total: 1, sent: 0, suppressed: 1 });
    expect(sink.messages.filter((m) => to(m, email) && m.subject.startsWith('Jornada'))).toHaveLength(1);
    await payWithTestCard(api, app.id, app.token, 'Sofía Herrera');
    const receipt = await sink.waitFor((m) => to(m, email) && !m.subject.startsWith('Jornada') && /recib/i.test(m.subject), 15_000);
    expect(receipt.text).toMatch(/Sofía/);
  }, 120_000);
});
