import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '../server/test/support/smtp-sink.js';
import { apiClient, arrangeMswAtReferences, makePdf, payWithTestCard, registerAccount, type ApiCall } from './support/api.js';
import { launchBrowser, logInToAdminConsole, newUser, typeLikeAPerson } from './support/browser.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { recommendationRequestTo } from './support/mail.js';
import { recordDecision, releaseDecisionNow } from './support/office.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './support/portal.js';
import { rateWithKeyboard } from './support/reading.js';

/**
 * Issue 15's Done-when and issue 24's held-out journey, in chromium: an applicant browsing in Spanish names
 * two recommenders on the references step of a men's MSW application and sends each a request (waiving her
 * right to see the first letter); each recommender opens the link e-mailed to them (in-process SMTP server)
 * in a browser of their own — the first uploads a PDF letter, the second answers the short form; the
 * applicant's /home checklist turns "Recibido" for both. Her fee is paid, and on a phone she opens her
 * documents: the letters are "De sus recomendantes" — "Recibida (confidencial)" and "Recibida", never an
 * upload task — she uploads only her own documents, the file completes itself as the last one arrives,
 * and "Enviar documentos" is enabled. A reader sees it "Ready to read" in My queue and rates it with the
 * keyboard; the admin records "Admitted" and releases it in the console; the applicant's /home shows the
 * Spanish letter and the checklist. The waived letter is never the applicant's to list or download.
 */
const APPLICANT = { firstName: 'Mateo', lastName: 'Herrera', email: 'mateo.herrera@example.com' };
const PASSWORD = 'mateo-password-1';
const READER = { first_name: 'Raquel', last_name: 'Lectora', email: 'raquel.lectora@example.com', password: 'reader-password-1' };
const RECOMMENDERS = [
  {
    slot: 'first',
    who: 'Primer recomendante',
    name: 'Dra. Elena Ruiz',
    relationship: 'Profesora',
    email: 'elena.ruiz@example.edu',
    waive: true,
    answer: 'letter',
  },
  {
    slot: 'second',
    who: 'Segundo recomendante',
    name: 'Pablo Ortega',
    relationship: 'Supervisor',
    email: 'pablo.ortega@example.org',
    waive: false,
    answer: 'form',
  },
] as const;

let portal: RunningPortal;
let browser: Browser;
let sink: SmtpSink;
let database: TestDatabase;
let api: ApiCall;

beforeAll(async () => {
  sink = await startSmtpSink();
  database = await createTestDatabase();
  portal = await startPortal({ DATABASE_URL: database.url, SMTP_URL: sink.url, DECISION_RELEASE_INTERVAL_SECONDS: '2' });
  api = apiClient(portal.baseUrl);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await database?.drop();
  await sink?.close();
});

/** A person's pause between two things they do (reading the page), not a wait for the app. */
const pause = (page: Page, ms = 300) => page.waitForTimeout(ms);

describe('the admissions journey (issue 15 Done-when)', () => {
  it('recommendations by link → checklist Recibido → a reader rates → admitted and released → the Spanish letter on /home', async () => {
    // The application, started in Spanish, with steps 1–5 answered through the API; the applicant's account.
    const { id, token } = await arrangeMswAtReferences(api, APPLICANT, 'es');
    await registerAccount(api, APPLICANT, PASSWORD);

    // The applicant, in Spanish (locale cookie), logs in and opens the application's link: it becomes theirs.
    const applicant = await newUser(browser, { locale: 'es-ES', timezoneId: 'Europe/Madrid' });
    await applicant.context.addCookies([{ name: 'locale', value: 'es', url: portal.baseUrl }]);
    const page = await applicant.context.newPage();
    await page.goto(`${portal.baseUrl}/login`);
    await typeLikeAPerson(page.getByLabel('Correo electrónico', { exact: true }), APPLICANT.email);
    await typeLikeAPerson(page.getByLabel('Contraseña', { exact: true }), PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await page.waitForURL(`${portal.baseUrl}/home`);
    await page.goto(`${portal.baseUrl}/application/6?token=${encodeURIComponent(token)}`);
    await page.getByRole('group', { name: RECOMMENDERS[0]!.who }).waitFor();

    // On the references step: name each recommender, then "Enviar solicitud".
    for (const r of RECOMMENDERS) {
      const group = page.getByRole('group', { name: r.who });
      await typeLikeAPerson(group.getByLabel(`${r.who}: nombre`), r.name);
      await typeLikeAPerson(group.getByLabel(`${r.who}: relación con usted`), r.relationship);
      await typeLikeAPerson(group.getByLabel(`${r.who}: correo electrónico`), r.email);
      const panel = page.getByTestId(`recommender-${r.slot}`);
      if (r.waive) await panel.getByLabel('Renuncio a mi derecho a ver esta carta').check();
      await pause(page);
      await panel.getByRole('button', { name: 'Enviar solicitud' }).click();
      await panel.getByRole('status').getByText(`Solicitud enviada por correo a ${r.email}.`).waitFor();
      await panel.getByTestId('recommendation-status').getByText('Solicitada').waitFor();
    }
    await page.screenshot({ path: '/tmp/i15-journey-references.png', fullPage: true });

    // Each recommender opens the link of their (Spanish) e-mail in a browser of their own: a letter, or the short form.
    for (const r of RECOMMENDERS) {
      const mail = await recommendationRequestTo(sink, r.email);
      expect(mail.subject).toBe('Mateo Herrera le pide una recomendación');
      // a Spanish-speaking recommender: the page follows the browser's language
      const recommender = await newUser(browser, { locale: 'es-ES' });
      const recPage = await recommender.context.newPage();
      await recPage.goto(mail.link);
      await recPage.getByRole('heading', { name: 'Recomendación para Mateo Herrera' }).waitFor();
      await pause(recPage);
      if (r.answer === 'letter') {
        await recPage.getByLabel('Su carta').setInputFiles({
          name: `carta-${r.slot}.pdf`,
          mimeType: 'application/pdf',
          buffer: await makePdf(`Carta para Mateo de ${r.name}`),
        });
      } else {
        await recPage.getByLabel('Responder un breve formulario').check();
        await typeLikeAPerson(
          recPage.getByLabel('¿Desde cuándo y en qué función conoce a la persona solicitante?'),
          'Dos años, su supervisor',
        );
        await typeLikeAPerson(recPage.getByLabel('¿Cuáles son sus principales cualidades?'), 'Constancia y empatía');
        await recPage.getByLabel('Su recomendación general').selectOption({ label: 'La recomiendo firmemente' });
      }
      await recPage.getByRole('button', { name: 'Enviar recomendación' }).click();
      await recPage.getByRole('heading', { name: 'Gracias' }).waitFor();
      expect(recommender.errors).toEqual([]);
      await recommender.context.close();
    }

    // The applicant's /home checklist: both recommendations received (in Spanish).
    await page.goto(`${portal.baseUrl}/home`);
    const checklist = page.getByTestId('checklist');
    await checklist.getByText('Primera recomendación: Recibido').waitFor();
    await checklist.getByText('Segunda recomendación: Recibido').waitFor();
    await page.screenshot({ path: '/tmp/i15-journey-home-received.png', fullPage: true });

    // A waived letter is never the applicant's to see (light API check, as its logged-in owner): no letter
    // is listed (the second recommender answered the form), and the first letter's download is unknown to them.
    const owner = await api<{ token: string }>('POST', '/login', { email: APPLICANT.email, password: PASSWORD });
    const applicantHeaders = { authorization: `Bearer ${owner.token}`, 'accept-language': 'es' };
    const files = await api<{ data: { field: string }[] }>('GET', `/applications/${id}/attachments`, undefined, applicantHeaders);
    expect(files.data.map((f) => f.field)).toEqual([]);
    const waived = await database.db.query(
      `SELECT id FROM attachments WHERE application_id = $1 AND slot = 'firstLetterOfRecommendation'`,
      [id],
    );
    expect(waived.rows).toHaveLength(1);
    const download = await fetch(`${portal.baseUrl}/api/details/attachments/${waived.rows[0].id}/download`, { headers: applicantHeaders });
    expect(download.status).toBe(404);

    // Certification (step 7) has e2e tests of its own: it is set in the database; the fee is paid through the API.
    await database.db.query('UPDATE applications SET certified_at = now(), step_reached = 8 WHERE id = $1', [id]);
    const detailsToken = await payWithTestCard(api, id, token, 'Mateo Herrera');

    // On a phone, the documents step: the letters are the recommenders', received; only her own documents are asked.
    const phone = await newUser(browser, {
      locale: 'es-MX',
      timezoneId: 'America/Mexico_City',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.context.addCookies([{ name: 'locale', value: 'es', url: portal.baseUrl }]);
    const docs = await phone.context.newPage();
    await docs.goto(`${portal.baseUrl}/details/1?token=${encodeURIComponent(detailsToken)}`);
    const fromRecommenders = docs.getByTestId('recommenders-section');
    await fromRecommenders.getByRole('heading', { name: 'De sus recomendantes' }).waitFor();
    await fromRecommenders.getByTestId('recommendation-state-first').getByText('Recibida (confidencial)').waitFor();
    await expect(fromRecommenders.getByTestId('recommendation-state-second').textContent()).resolves.toMatch(/Recibida$/);
    await expect(docs.locator('#file-firstLetterOfRecommendation, #file-secondLetterOfRecommendation').count()).resolves.toBe(0);
    const own = await docs
      .locator('li.slot[data-slot] input[type=file]:not([id^="file-passedCollege"])')
      .evaluateAll((inputs) => inputs.map((i) => i.id));
    expect(own.length).toBeGreaterThan(0);
    await docs.screenshot({ path: '/tmp/i24-documents-phone.png', fullPage: true });
    for (const [n, inputId] of own.entries()) {
      const slot = inputId.replace(/^file-/, '');
      await docs
        .locator(`#${inputId}`)
        .setInputFiles(
          slot === 'picture'
            ? { name: 'foto.png', mimeType: 'image/png', buffer: PNG.sync.write(new PNG({ width: 24, height: 24 })) }
            : { name: `${slot}.pdf`, mimeType: 'application/pdf', buffer: await makePdf(`Documento ${n} de Mateo`) },
        );
      await docs
        .locator(`[data-slot="${slot}"]`)
        .getByText(/Subido/)
        .waitFor({ timeout: 30_000 });
      await pause(docs);
    }
    // the last of her documents completed the file by itself, before she pressed anything
    const status = async () => (await database.db.query('SELECT status FROM applications WHERE id = $1', [id])).rows[0].status as string;
    for (let i = 0; i < 50 && (await status()) !== 'complete'; i++) await pause(docs, 200);
    expect(await status()).toBe('complete');
    await docs.getByRole('button', { name: 'Continuar para finalizar' }).click();
    const send = docs.getByRole('button', { name: 'Enviar documentos' });
    await send.waitFor();
    await expect(send.isEnabled()).resolves.toBe(true);
    await docs.screenshot({ path: '/tmp/i24-finish-phone.png', fullPage: true });
    await send.click();
    await docs.waitForURL(/\/details\/thank-you/);
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    // The API makes the reader's account (PUT /api/admin/users/:id, as the Users screen does); the admin
    // assigns the application through the API too (reading-queue.e2e-spec.ts does both in the console).
    await api('POST', '/register', { ...READER, password_confirmation: READER.password }, {}, 201);
    const adminAuth = { authorization: `Bearer ${(await api<{ token: string }>('POST', '/login', E2E_ADMIN)).token}` };
    const readerId: string = (await database.db.query(`SELECT id FROM users WHERE email = $1`, [READER.email])).rows[0].id;
    await api('PUT', `/admin/users/${readerId}`, { role: 'reader' }, adminAuth);
    await api('POST', '/admin/assignments', { applicationIds: [id], readerIds: [readerId] }, adminAuth);

    // The reader logs in, opens the application from My queue and rates every criterion with the keyboard.
    const reader = await newUser(browser, { locale: 'en-US' });
    const readerPage = await reader.context.newPage();
    await logInToAdminConsole(readerPage, portal.baseUrl, READER, '/admin/queue');
    await readerPage.getByText('Ready to read').first().waitFor();
    const { referenceNumber } = (
      await database.db.query(`SELECT reference_number AS "referenceNumber" FROM applications WHERE id = $1`, [id])
    ).rows[0];
    await readerPage.getByRole('link', { name: referenceNumber }).click();
    await readerPage.getByTestId('review-form').waitFor();
    await rateWithKeyboard(readerPage, 'Academic preparation', [5, 4, 5, 4], 'Cartas sólidas.');
    await readerPage.keyboard.press('Enter');
    await readerPage.getByText('Your review is saved.').waitFor();
    const review = await database.db.query(`SELECT ratings, recommendation FROM application_reviews WHERE application_id = $1`, [id]);
    expect(review.rows).toHaveLength(1);
    expect(Object.values(review.rows[0].ratings).sort()).toEqual([4, 4, 5, 5]);
    expect(review.rows[0].recommendation).toBe('admit');
    expect(reader.errors).toEqual([]);
    await reader.context.close();

    // The admin records "Admitted" and releases it in the console.
    const office = await newUser(browser, { locale: 'en-US', timezoneId: 'America/New_York' });
    const admin = await office.context.newPage();
    await logInToAdminConsole(admin, portal.baseUrl, E2E_ADMIN);
    await admin.goto(`${portal.baseUrl}/admin/applications/${id}/show`);
    await recordDecision(admin, 'Admitted');
    await releaseDecisionNow(admin);
    await admin.screenshot({ path: '/tmp/i15-journey-admin-released.png', fullPage: true });
    expect(office.errors).toEqual([]);
    await office.context.close();
    await sink.waitFor((m) => m.to.includes(APPLICANT.email) && m.subject === 'Hay una decisión sobre su solicitud', 15_000);

    // The applicant's /home in Spanish: the letter and the checklist with the decision.
    await page.goto(`${portal.baseUrl}/home`);
    const letter = page.getByTestId('decision-letter');
    await letter.waitFor({ timeout: 15_000 });
    await expect(letter.textContent()).resolves.toContain('¡Felicidades! Nos complace ofrecerle la admisión');
    await expect(letter.textContent()).resolves.toContain('Mateo Herrera');
    await expect(checklist.getByTestId('checklist-decision').textContent()).resolves.toContain('Admitido/a');
    const received = await checklist.locator('li[data-state="received"]').allTextContents();
    expect(received).toEqual(expect.arrayContaining(['✓ Primera recomendación: Recibido', '✓ Segunda recomendación: Recibido']));
    await page.screenshot({ path: '/tmp/i15-journey-home-letter.png', fullPage: true });
    expect(applicant.errors).toEqual([]);
    await applicant.context.close();
  }, 150_000);
});
