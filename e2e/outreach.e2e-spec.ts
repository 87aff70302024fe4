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
