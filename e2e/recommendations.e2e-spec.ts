import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../server/src/database/embedded-postgres.js';
import { startSmtpSink, type SmtpSink } from '../server/test/support/smtp-sink.js';
import { apiClient, arrangeMswAtReferences, makePdf, registerAccount } from './support/api.js';
import { launchBrowser, newUser, typeLikeAPerson } from './support/browser.js';
import { recommendationRequestTo } from './support/mail.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './support/portal.js';

/**
 * Issue 15 item 1 in chromium: an applicant (logged in, on the references step of a men's MSW application)
 * names two recommenders and sends each a request; each recommender opens the link e-mailed to them (over an
 * in-process SMTP server) in a browser of their own, sees who asked, and uploads a letter; the applicant's
 * references step and /home turn "Received"; a used link is refused. Then two real server processes (the
 * production build) on one PostgreSQL run the reminder job every second for four rounds of due reminders:
 * the in-process SMTP server receives each reminder and each applicant notice exactly once per round, and
 * none after the third.
 */
let portal: RunningPortal;
let browser: Browser;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  browser = await launchBrowser();
  portal = await startPortal({ SMTP_URL: sink.url, JOBS_POLL_SECONDS: '0.5' });
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await sink?.close();
});

/** The link in the request e-mail to `email`. */
async function linkFor(email: string): Promise<string> {
  const mail = await recommendationRequestTo(sink, email);
  expect(mail.subject).toBe('Yosef Adler asks you for a recommendation');
  return mail.link;
}

describe('recommenders answer by link, with no account', () => {
  it("opens in the request's language in a recommender's English browser, and follows the switcher (issue 27 item 5)", async () => {
    const api = apiClient(portal.baseUrl);
    const person = { firstName: 'María José', lastName: 'Pérez', email: 'maria.jose.rec@example.com' };
    const { id, token } = await arrangeMswAtReferences(api, person, 'es');
    await api(
      'POST',
      `/applications/${id}/recommendations`,
      { slot: 'first', name: 'Dra. Ana Ruiz', email: 'ana.ruiz@example.edu', relationship: 'Profesora', waived: false },
      { 'X-Application-Token': token },
      201,
    );
    const { link } = await recommendationRequestTo(sink, 'ana.ruiz@example.edu');
    const recommender = await newUser(browser, { locale: 'en-US' });
    const page = await recommender.context.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Recomendación para María José Pérez' }).waitFor();
    await page.getByText('Maestría en Trabajo Social (MSW)').waitFor();
    // the recommender switches to English: the page, the program and the term follow
    const banner = page.getByRole('banner');
    await banner.getByRole('combobox').selectOption('en');
    await banner.getByRole('button').click();
    await page.getByRole('heading', { name: 'Recommendation for María José Pérez' }).waitFor();
    await page.getByText('Master of Social Work (MSW)').waitFor();
    expect(recommender.errors).toEqual([]);
    await recommender.context.close();
  });

  it('two requests from the references step; each recommender uploads a letter; the step and /home turn Received', async () => {
    const api = apiClient(portal.baseUrl);
    const person = { firstName: 'Yosef', lastName: 'Adler', email: 'yosef.adler@example.com' };
    const { id, token } = await arrangeMswAtReferences(api, person);
    const password = 'yosef-password-1';
    await registerAccount(api, person, password);

    // The applicant logs in, then opens the application's link: presenting the token makes the account its owner.
    const { context, errors } = await newUser(browser);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/login`);
    await typeLikeAPerson(page.getByLabel('E-mail', { exact: true }), person.email);
    await typeLikeAPerson(page.getByLabel('Password', { exact: true }), password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(`${portal.baseUrl}/home`);
    await page.goto(`${portal.baseUrl}/application/6?token=${encodeURIComponent(token)}`);
    await page.getByRole('group', { name: 'First recommender' }).waitFor();

    const recommenders = [
      {
        slot: 'first',
        who: 'First recommender',
        name: 'Dr. Miriam Gold',
        relationship: 'Professor',
        email: 'miriam.gold@example.edu',
        waive: false,
      },
      {
        slot: 'second',
        who: 'Second recommender',
        name: 'Rabbi Eli Stein',
        relationship: 'Supervisor',
        email: 'eli.stein@example.org',
        waive: true,
      },
    ];
    for (const r of recommenders) {
      const group = page.getByRole('group', { name: r.who });
      await typeLikeAPerson(group.getByLabel(`${r.who}: name`), r.name);
      await typeLikeAPerson(group.getByLabel(`${r.who}: relationship to you`), r.relationship);
      await typeLikeAPerson(group.getByLabel(`${r.who}: e-mail`), r.email);
      const panel = page.getByTestId(`recommender-${r.slot}`);
      if (r.waive) await panel.getByLabel('I waive my right to see this letter').check();
      await panel.getByRole('button', { name: 'Send request' }).click();
      await panel.getByRole('status').getByText(`Request e-mailed to ${r.email}.`).waitFor();
      await panel.getByTestId('recommendation-status').getByText('Requested').waitFor();
    }
    const statusOf = (slot: string) => page.getByTestId(`recommender-${slot}`).getByTestId('recommendation-status');

    // Each recommender opens the e-mailed link in a browser of their own and uploads a letter.
    const links = [await linkFor(recommenders[0]!.email), await linkFor(recommenders[1]!.email)];
    for (const [i, r] of recommenders.entries()) {
      const recommender = await newUser(browser);
      const recPage: Page = await recommender.context.newPage();
      await recPage.goto(links[i]!);
      await recPage.getByRole('heading', { name: 'Recommendation for Yosef Adler' }).waitFor();
      await recPage.getByText('Master of Social Work (MSW)').waitFor();
      // someone who needs no account is offered none (issue 27 item 5); the language switcher stays
      expect(
        await recPage
          .getByRole('banner')
          .getByRole('link', { name: /Log in|Register/ })
          .count(),
      ).toBe(0);
      await recPage.getByRole('banner').getByRole('combobox').waitFor();
      await recPage.getByText(r.waive ? /has waived the right to see your letter/ : /has not waived the right/).waitFor();
      if (i === 0) {
        // the applicant sees that the link was opened
        await page.reload();
        await statusOf('first').getByText('Opened').waitFor();
      }
      await recPage.getByLabel('Your letter').setInputFiles({
        name: `letter-${r.slot}.pdf`,
        mimeType: 'application/pdf',
        buffer: await makePdf(`Letter for Yosef from ${r.name}`),
      });
      await recPage.getByRole('button', { name: 'Send recommendation' }).click();
      await recPage.getByRole('heading', { name: 'Thank you' }).waitFor();
      await recPage.getByTestId('recommender-done').waitFor();
      // the link has ended
      await recPage.goto(links[i]!);
      await recPage.getByTestId('recommender-refused').getByText('This recommendation has already been sent').waitFor();
      expect(recommender.errors).toEqual([]);
      await recommender.context.close();
    }

    // The references step turns Received for both, with nothing left to send.
    await page.reload();
    await statusOf('first').getByText('Received').waitFor();
    await statusOf('second').getByText('Received').waitFor();
    expect(await page.getByTestId('recommender-first').getByRole('button').count()).toBe(0);

    // /home lists both recommenders as Received.
    await page.goto(`${portal.baseUrl}/home`);
    const list = page.getByTestId('home-application').getByTestId('recommendation-list');
    await list.waitFor();
    await expect(list.getByRole('listitem').allTextContents()).resolves.toEqual(['Dr. Miriam Gold Received', 'Rabbi Eli Stein Received']);

    // The statuses the office sees followed the events.
    const admin = await api<{ token: string }>('POST', '/login', E2E_ADMIN);
    const detail = await api<Record<string, unknown>>('GET', `/admin/applications/${id}`, undefined, {
      authorization: `Bearer ${admin.token}`,
    });
    expect(JSON.stringify(detail)).toMatch(/"firstReferenceStatus":"Received","secondReferenceStatus":"Received"/);
    await page.screenshot({ path: '/tmp/i15-rec-home.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('reminders on two real server processes sharing one database (issue 15 Done-when)', () => {
  it('e-mails each waiting recommender once per round, at most 3 times, and tells the applicant; never twice', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-e2e-shared-db-'));
    const database: EmbeddedDatabase = await startEmbeddedPostgres(dir);
    const env = {
      SMTP_URL: sink.url,
      DATABASE_URL: database.url,
      JOBS_POLL_SECONDS: '0.5',
      RECOMMENDATION_REMINDER_INTERVAL_SECONDS: '1',
      RECOMMENDATION_REMINDER_DAYS: '7',
    };
    const replicas = [await startPortal(env)];
    replicas.push(await startPortal(env)); // after the first has migrated the database
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const recommenders = ['ruth.r@example.com', 'dan.r@example.com', 'gila.r@example.com'];
      for (const [i, email] of recommenders.entries()) {
        const api = apiClient(replicas[i % 2]!.baseUrl);
        const { id, token } = await arrangeMswAtReferences(api, {
          firstName: `Applicant${i}`,
          lastName: 'Shared',
          email: `applicant${i}.shared@example.com`,
        });
        await api(
          'POST',
          `/applications/${id}/recommendations`,
          { slot: 'first', name: `Recommender ${i}`, email, relationship: 'Teacher', waived: false },
          { 'X-Application-Token': token },
          201,
        );
        await sink.waitFor((m) => m.to.includes(email), 15_000);
      }
      const count = (to: string, subject: RegExp) => sink.messages.filter((m) => m.to.includes(to) && subject.test(m.subject)).length;
      const reminders = () => recommenders.map((r) => count(r, /^Reminder:/));
      const notices = () => recommenders.map((_, i) => count(`applicant${i}.shared@example.com`, /^We reminded/));
      for (let round = 1; round <= 4; round++) {
        // every request (and its last reminder) 8 days older: due again
        await db.query(
          `UPDATE recommendations SET requested_at = requested_at - interval '8 days', last_sent_at = last_sent_at - interval '8 days',
                  last_reminded_at = last_reminded_at - interval '8 days'`,
        );
        const expected = Math.min(round, 3);
        const deadline = Date.now() + 15_000;
        while (reminders().some((n) => n < expected) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
        await new Promise((r) => setTimeout(r, 3000)); // several more periods on both processes: nothing more may arrive
        expect(reminders()).toEqual([expected, expected, expected]);
        expect(notices()).toEqual([expected, expected, expected]);
      }
      // the periodic job kept running (one job per period across both processes), sending nothing more
      const runs = await db.query(
        `SELECT count(*)::int AS n FROM (SELECT name FROM pgboss.job UNION ALL SELECT name FROM pgboss.archive) j WHERE name = 'recommendation-reminders'`,
      );
      expect(runs.rows[0].n).toBeGreaterThan(4);
    } finally {
      await db.end();
      for (const replica of replicas) await replica.stop();
      await database.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
