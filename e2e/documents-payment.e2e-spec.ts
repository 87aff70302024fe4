import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DateTime } from 'luxon';
import type { Browser } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '../server/test/support/smtp-sink.js';
import { apiClient, arrangeMbaAtPayment, makePdf, makePng, type ApiCall, type ApplicationRecord } from './support/api.js';
import { launchBrowser, newUser } from './support/browser.js';
import { startPortal, type RunningPortal } from './support/portal.js';

/**
 * Issue 4 end to end: an applicant whose application has reached step 8 (arranged through the API:
 * start, save every required answer, certify and sign) has an unknown discount code refused and a card declined (the form stays), then pays
 * the fee with the fake gateway in chromium, sees the receipt, opens the details form with the thank-you page's button (the
 * payment's details token; the e-mailed link works too), has a wrong-type file refused with the server's
 * message, chooses a real file for every required slot (a PDF made here, a PNG for the picture), each
 * uploading on choice; the network drops one upload, which is announced, makes leaving the step ask
 * first, and is sent with "Try again"; then finishes and lands on the details thank-you page.
 */
let portal: RunningPortal;
let browser: Browser;
let api: ApiCall;
let mail: SmtpSink;

const APPLICANT = { firstName: 'Eli', lastName: 'Cohen', email: 'eli.cohen@example.com' };

beforeAll(async () => {
  // the fake gateway is refused in production: run the built portal as a test deployment
  mail = await startSmtpSink();
  portal = await startPortal({ NODE_ENV: 'test', PAYMENT_GATEWAY: 'fake', SMTP_URL: mail.url });
  api = apiClient(portal.baseUrl);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await mail?.close();
});

/** {@link arrangeMbaAtPayment} for {@link APPLICANT}: the application is at step 8. */
async function arrangeApplicationAtPayment(): Promise<{ id: string; token: string }> {
  const { id, token, record } = await arrangeMbaAtPayment(api, APPLICANT);
  expect(Number(record.stepReached)).toBeGreaterThanOrEqual(8);
  return { id, token };
}

describe('payment and documents', () => {
  it('pays with the fake gateway, shows the receipt, uploads every required document and completes the application', async () => {
    const { id, token } = await arrangeApplicationAtPayment();
    const requirements = await api<{ attachmentSlots: string[]; data?: { attachmentSlots: string[] } }>(
      'GET',
      `/applications/${id}/requirements`,
      undefined,
      { 'X-Application-Token': token },
    );
    const slots = requirements.attachmentSlots ?? requirements.data?.attachmentSlots ?? [];
    expect(slots).toContain('picture');

    const { context, errors } = await newUser(browser, { locale: 'en-US' });
    const page = await context.newPage();

    // Step 8: the quote, the test-mode card form, pay.
    await page.goto(`${portal.baseUrl}/application/8?token=${encodeURIComponent(token)}`);
    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    const quote = page.getByTestId('quote');
    await quote.waitFor();
    await expect(quote.getByRole('row', { name: /Application fee/ }).textContent()).resolves.toContain('$150.00');
    await expect(quote.getByRole('row', { name: /Total due/ }).textContent()).resolves.toMatch(/\$\d+\.\d\d/);
    await page.getByText('Test mode — no real card is charged').waitFor();

    // An unknown discount code is refused on its field; the quote stays as it was.
    await page.getByLabel('Discount code (optional)').fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText('This discount code is not valid.').waitFor();
    await expect(page.getByLabel('Discount code (optional)').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByLabel('Discount code (optional)').fill('');
    await expect(page.getByLabel('Name on the card').inputValue()).resolves.toBe('Eli Cohen');
    // ZIP 46282 makes the (sandbox-like) fake gateway decline: the message shows, the form stays.
    await page.getByLabel('Billing ZIP code').fill('46282');
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiry month').selectOption('12');
    await page.getByLabel('Expiry year').selectOption(String(DateTime.now().year + 2));
    await page.getByLabel('Security code (CVV)').fill('123');
    const pay = page.getByRole('button', { name: /^Pay / });
    await pay.click();
    const message = page.getByTestId('payment-message');
    await message.waitFor();
    await expect(message.textContent()).resolves.toContain('You have not been charged.');
    expect(page.url()).toContain('/application/8');
    await expect(page.getByLabel('Card number').inputValue()).resolves.toBe('4111 1111 1111 1111');

    // A new attempt with a good ZIP is approved.
    await page.getByLabel('Billing ZIP code').fill('11219');
    await pay.click();

    // The thank-you page with the receipt.
    await page.waitForURL(`${portal.baseUrl}/application/thank-you`);
    await page.getByRole('heading', { name: 'Thank you — your application is submitted' }).waitFor();
    const receipt = page.getByTestId('receipt');
    const receiptText = (await receipt.textContent()) ?? '';
    expect(receiptText).toContain('Reference number');
    expect(receiptText).toContain('$150.00');
    expect(receiptText).toContain('ending in 1111');
    expect(receiptText).toContain('Transaction ID');
    expect(receiptText).toContain('Paid');

    // The way on to the details form: a button here (with the details token the payment answered), and the
    // link in the receipt e-mail; the first application link now opens the details form too (issue 11: no dead end).
    const detailsButton = page.getByRole('link', { name: 'Upload documents now' });
    const href = (await detailsButton.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/details\/1\?token=[\w%-]+$/);
    const detailsToken = new URL(href, portal.baseUrl).searchParams.get('token')!;
    expect(detailsToken).not.toBe(token);
    const old = await api<{ purpose: string }>('GET', `/token/check?token=${encodeURIComponent(token)}`);
    expect(old.purpose).toBe('details');
    const checked = await api<{ purpose: string; data: ApplicationRecord }>(
      'GET',
      `/token/check?token=${encodeURIComponent(detailsToken)}`,
    );
    expect(checked).toMatchObject({ purpose: 'details', data: { Id: id, status: 'submitted' } });

    const receiptMail = await mail.waitFor((m) => m.to.includes(APPLICANT.email) && m.subject.startsWith('Application received'), 10000);
    expect(receiptMail.text).toContain('1111');
    const link = /https?:\/\/\S+\/validation\?token=[\w%-]+/.exec(receiptMail.text)?.[0];
    expect(link).toBeDefined();
    // the e-mailed link opens the documents step too (in another tab)
    const mailPage = await context.newPage();
    await mailPage.goto(link!);
    await mailPage.waitForURL(/\/details\/1\?token=/);
    await mailPage.getByRole('heading', { name: 'Documents' }).waitFor();
    await mailPage.close();

    // The details form (documents step), entered with the thank-you page's button.
    await detailsButton.click();
    await page.waitForURL(/\/details\/1\?token=/);
    expect(new URL(page.url()).searchParams.get('token')).toBe(detailsToken);
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    for (const slot of slots) await page.locator(`#file-${slot}`).waitFor();

    // A wrong-type file is refused with the server's message, and focus moves to that control.
    await page
      .locator('#file-picture')
      .setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: await makePdf('Not a picture') });
    const pictureErrors = page.getByTestId('errors-picture');
    await pictureErrors.waitFor();
    await expect(pictureErrors.textContent()).resolves.toContain('JPEG or PNG');
    await page.waitForFunction(() => document.activeElement?.id === 'file-picture', undefined, { timeout: 5000 });

    // Upload on choice: every chosen file is checked and sent at once, one after another; there is no
    // separate upload button. The network drops the first file's upload: the failure is announced, the
    // file stays chosen, and leaving the step asks first.
    await expect(page.getByRole('button', { name: /^Upload chosen files/ }).count()).resolves.toBe(0);
    let dropNextUpload = true;
    await page.route('**/api/details/attachments', (route) => {
      if (!dropNextUpload) return route.fallback();
      dropNextUpload = false;
      return route.abort('internetdisconnected');
    });
    for (const slot of slots) {
      const file =
        slot === 'picture'
          ? { name: 'photo.png', mimeType: 'image/png', buffer: makePng() }
          : { name: `${slot}.pdf`, mimeType: 'application/pdf', buffer: await makePdf(`${slot} of Eli Cohen`) };
      await page.locator(`#file-${slot}`).setInputFiles(file);
    }
    const [dropped, ...sent] = slots;
    for (const slot of sent) {
      await page
        .locator(`[data-slot="${slot}"]`)
        .getByText(/Uploaded: /)
        .waitFor({ timeout: 30000 });
    }
    // the refused photo.pdf was replaced by photo.png; the dropped file's slot says it was not sent
    await expect(pictureErrors.filter({ hasText: 'JPEG or PNG' }).count()).resolves.toBe(0);
    await expect(page.getByTestId(`errors-${dropped}`).textContent()).resolves.toContain('could not be sent');
    const alert = page.getByRole('alert').filter({ hasText: 'could not be sent' });
    await alert.waitFor();
    const retry = page.getByRole('button', { name: 'Try again (1)' });
    await retry.waitFor();
    await page.getByRole('button', { name: 'Continue to finish' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave with documents not uploaded?' });
    await leave.waitFor();
    await expect(leave.textContent()).resolves.toContain('Chosen files not sent: 1.');
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/details\/1\?token=/);

    // Trying again sends it; now every required document is stored.
    await retry.click();
    await page
      .locator(`[data-slot="${dropped}"]`)
      .getByText(/Uploaded: /)
      .waitFor({ timeout: 30000 });
    await expect(retry.count()).resolves.toBe(0);
    await page.getByText('Every required document is uploaded. You can finish.').waitFor();

    const stored = await api<{ data: { field: string; name: string }[] }>('GET', `/applications/${id}/attachments`, undefined, {
      'X-Application-Token': detailsToken,
    });
    expect(stored.data.map((a) => a.field).sort()).toEqual([...slots].sort());

    // Finish: the checklist is complete; submit → details thank-you.
    await page.getByRole('button', { name: 'Continue to finish' }).click();
    await page.waitForURL(/\/details\/2\?token=/);
    const checklist = page.getByTestId('checklist');
    await checklist.waitFor();
    await expect(checklist.locator('.is-missing').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Submit documents' }).click();
    await page.waitForURL(`${portal.baseUrl}/details/thank-you`);
    await page.getByRole('heading', { name: 'Thank you — your application is complete' }).waitFor();

    // The first e-mailed link of the now complete application leads to its details form, not a dead end (issue 11).
    await page.goto(`${portal.baseUrl}/validation?token=${encodeURIComponent(token)}`);
    await page.waitForURL(/\/details\/1\?token=/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
