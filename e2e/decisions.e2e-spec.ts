import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '../server/test/support/smtp-sink.js';
import { apiClient, arrangeMbaAtPayment, makePdf, makePng, payWithTestCard, registerAccount, type ApiCall } from './support/api.js';
import { launchBrowser, logInToAdminConsole, newUser, typeLikeAPerson } from './support/browser.js';
import { recordDecision, releaseDecisionNow } from './support/office.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './support/portal.js';

/**
 * Issue 15 items 3–4 end to end: an MBA application started in Spanish is certified, paid (fake gateway),
 * given every required document and completed through the API, and claimed by the applicant's account.
 * In chromium the admin records "Admitted", previews the Spanish letter and releases it now; the release
 * job e-mails the applicant (in-process SMTP, Spanish subject). The applicant, browsing in Spanish from
 * Madrid, opens /home and sees the checklist (received items, the fee) and the Spanish letter, and
 * downloads its PDF; the e-mailed link opens the letter too. /home is screenshotted on a phone. Then she
 * replies (issue 29) with the keyboard: declines — the reason is asked for first — and, from the e-mailed
 * link, changes her mind and accepts; the answer survives a reload.
 */
let portal: RunningPortal;
let browser: Browser;
let api: ApiCall;
let mail: SmtpSink;

const APPLICANT = { firstName: 'Lucía', lastName: 'Gómez', email: 'lucia.gomez@example.com' };
const PASSWORD = 'applicant-pass-1';

beforeAll(async () => {
  mail = await startSmtpSink();
  portal = await startPortal({ NODE_ENV: 'test', PAYMENT_GATEWAY: 'fake', SMTP_URL: mail.url, DECISION_RELEASE_INTERVAL_SECONDS: '2' });
  api = apiClient(portal.baseUrl);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await mail?.close();
});

/** A complete application started in Spanish, owned by a registered account. */
async function arrangeCompleteSpanishApplication(): Promise<{ id: string; token: string }> {
  const { id, token } = await arrangeMbaAtPayment(api, APPLICANT, 'es');
  const detailsToken = await payWithTestCard(api, id, token, `${APPLICANT.firstName} ${APPLICANT.lastName}`);
  const headers = { 'X-Application-Token': detailsToken };
  const { attachmentSlots } = await api<{ attachmentSlots: string[] }>('GET', `/applications/${id}/requirements`, undefined, headers);
  for (const slot of attachmentSlots) {
    const form = new FormData();
    form.append('parentId', id);
    form.append('field', slot);
    const file =
      slot === 'picture'
        ? new Blob([new Uint8Array(makePng())], { type: 'image/png' })
        : new Blob([new Uint8Array(await makePdf(`Document ${slot}`))], { type: 'application/pdf' });
    form.append('file', file, slot === 'picture' ? 'photo.png' : `${slot}.pdf`);
    const upload = await fetch(`${portal.baseUrl}/api/details/attachments`, { method: 'POST', headers, body: form });
    expect(upload.status).toBe(201);
  }
  await api('POST', `/applications/${id}/complete`, {}, headers);
  // the applicant's account claims the application by presenting its token while logged in
  const registered = await registerAccount(api, APPLICANT, PASSWORD);
  await api('GET', `/applications/${id}/requirements`, undefined, { ...headers, Authorization: `Bearer ${registered}` });
  return { id, token: detailsToken };
}

describe('decisions released to applicants', () => {
  it('admin decides and releases; the applicant sees the Spanish letter, the checklist and the PDF on /home', async () => {
    const app = await arrangeCompleteSpanishApplication();

    // before release: nothing to see
    const hidden = await fetch(`${portal.baseUrl}/api/applications/${app.id}/decision`, { headers: { 'X-Application-Token': app.token } });
    expect(hidden.status).toBe(404);

    // the admin records the decision, previews the letter and releases it now
    const adminUser = await newUser(browser, { locale: 'en-US', timezoneId: 'America/New_York' });
    const admin = await adminUser.context.newPage();
    await logInToAdminConsole(admin, portal.baseUrl, E2E_ADMIN);
    await admin.goto(`${portal.baseUrl}/admin/applications/${app.id}/show`);
    const panel = await recordDecision(admin, 'Admitted');
    await panel.getByRole('button', { name: 'Preview letter' }).click();
    const preview = admin.getByTestId('letter-preview');
    await preview.getByText('¡Felicidades!', { exact: false }).waitFor();
    await admin.getByRole('button', { name: 'Close' }).click();
    await releaseDecisionNow(admin);
    await admin.screenshot({ path: '/tmp/decisions-admin-panel.png', fullPage: true });

    // the letter templates screen refuses an unknown merge field with the server's message under the field
    await admin.goto(`${portal.baseUrl}/admin/decision-templates`);
    await admin.getByText('Su decisión de admisión').first().waitFor();
    await admin.goto(`${portal.baseUrl}/admin/decision-templates/${encodeURIComponent('denied:es')}`);
    const body = admin.getByLabel('Letter');
    await body.waitFor();
    await body.fill('Estimado/a {{nombre}}:');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin
      .getByText(/Unknown merge field: nombre/)
      .first()
      .waitFor();
    await admin.screenshot({ path: '/tmp/decisions-admin-template.png', fullPage: true });
    expect(adminUser.errors).toEqual([]);

    const email = await mail.waitFor((m) => m.to.includes(APPLICANT.email) && m.subject === 'Hay una decisión sobre su solicitud', 15_000);
    const link = /https?:\/\/\S+\/validation\?token=\S+/.exec(email.text)?.[0];
    expect(link).toBeDefined();

    // the applicant, in Spanish, on a phone in Madrid
    const applicant = await newUser(browser, {
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      acceptDownloads: true,
    });
    const page = await applicant.context.newPage();
    await page.goto(`${portal.baseUrl}/login`);
    await page.getByLabel('Correo electrónico', { exact: true }).fill(APPLICANT.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await page.waitForURL(`${portal.baseUrl}/home`);
    const letter = page.getByTestId('decision-letter');
    await letter.waitFor({ timeout: 15_000 });
    await expect(letter.textContent()).resolves.toContain('¡Felicidades! Nos complace ofrecerle la admisión');
    await expect(letter.textContent()).resolves.toContain('Lucía Gómez');
    const checklist = page.getByTestId('checklist');
    await expect(checklist.textContent()).resolves.toMatch(/Lista de verificación[\s\S]*Recibido/);
    await expect(checklist.getByTestId('checklist-decision').textContent()).resolves.toContain('Admitido/a');
    // every item says its state in words (not colour only); the MBA asks for references (uploaded letters),
    // not recommenders: a complete file awaits nothing (issue 24 — no recommendation item it does not need)
    const awaiting = await checklist.locator('li[data-state="awaiting"]').allTextContents();
    expect(awaiting).toEqual([]);
    await expect(checklist.getByText(/recomendación/i).count()).resolves.toBe(0);
    const received = await checklist.locator('li[data-state="received"]').allTextContents();
    expect(received).toEqual(expect.arrayContaining(['✓ Información personal: Recibido', '✓ Tarifa de solicitud: Recibido']));
    await page.screenshot({ path: '/tmp/decisions-home-phone.png', fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      letter.getByRole('button', { name: 'Descargar la carta (PDF)' }).click(),
    ]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // the reply (issue 29): with the keyboard, she declines first — the reason is required — then says where she goes
    const reply = page.getByTestId('decision-reply');
    await reply.getByRole('group', { name: '¿Se unirá a nosotros?' }).waitFor();
    const decline = reply.getByLabel('No, rechazo la oferta');
    await decline.focus();
    await page.keyboard.press('Space');
    await expect(decline.isChecked()).resolves.toBe(true);
    await reply.getByRole('button', { name: 'Enviar mi respuesta' }).press('Enter');
    await reply.getByText('Elija un motivo', { exact: true }).waitFor();
    const reason = reply.getByLabel(/¿Por qué rechaza la oferta\?/);
    await reason.selectOption({ label: 'Costo o ayuda financiera' });
    await typeLikeAPerson(reply.getByLabel(/¿A qué institución asistirá en su lugar\?/), 'Universidad Estatal');
    await page.keyboard.press('Enter');
    await reply.getByText('Gracias. Su respuesta quedó registrada: rechazó la oferta.', { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/decisions-reply-phone.png', fullPage: true });

    // the e-mailed link opens the decision page with the letter, and the answer given; she changes her mind
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, portal.baseUrl));
    await page.waitForURL(/\/decision\?token=/);
    await expect(page.getByTestId('decision-letter').textContent()).resolves.toContain('¡Felicidades!');
    const again = page.getByTestId('decision-reply');
    await again.getByText('Su respuesta: rechazó la oferta. Puede cambiarla hasta la fecha límite.', { exact: true }).waitFor();
    await expect(again.getByLabel(/¿Por qué rechaza la oferta\?/).inputValue()).resolves.toBe('Cost or financial aid');
    await again.getByLabel('Sí, acepto la oferta').check();
    await again.getByRole('button', { name: 'Cambiar mi respuesta' }).click();
    await again.getByText('Gracias. Su respuesta quedó registrada: aceptó la oferta.', { exact: true }).waitFor();
    await page.reload();
    await page.getByTestId('decision-reply').getByText('Su respuesta: aceptó la oferta.', { exact: false }).waitFor();
    const stored = await fetch(`${portal.baseUrl}/api/applications/${app.id}/reply`, { headers: { 'X-Application-Token': app.token } });
    expect(await stored.json()).toMatchObject({ reply: 'accepted', reason: null, attendingInstead: null });
    expect(applicant.errors).toEqual([]);
  }, 120_000);
});
