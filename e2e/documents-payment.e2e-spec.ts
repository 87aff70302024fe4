import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DateTime } from 'luxon';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';
import type { Browser } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '../server/test/support/smtp-sink.js';
import { launchBrowser, newUser } from './support/browser.js';
import { startPortal, type RunningPortal } from './support/portal.js';

/**
 * Issue 4 end to end: an applicant whose application has reached step 8 (arranged through the API:
 * start, save every required answer, certify and sign) has an unknown discount code refused and a card declined (the form stays), then pays
 * the fee with the fake gateway in chromium, sees the receipt, opens the details form with the thank-you page's button (the
 * payment's details token; the e-mailed link works too), has a wrong-type file refused with the server's
 * message, uploads a real file to every required slot (a PDF made here, a PNG for the picture),
 * finishes and lands on the details thank-you page.
 */
let portal: RunningPortal;
let browser: Browser;
let mail: SmtpSink;

const APPLICANT = { firstName: 'Eli', lastName: 'Cohen', email: 'eli.cohen@example.com' };
const PROGRAM = 'MBA';

beforeAll(async () => {
  // the fake gateway is refused in production: run the built portal as a test deployment
  mail = await startSmtpSink();
  portal = await startPortal({ NODE_ENV: 'test', PAYMENT_GATEWAY: 'fake', SMTP_URL: mail.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await mail?.close();
});

/** Calls the API and parses the JSON answer; fails with the body when the status is not `expect`. */
async function api<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, expected = 200): Promise<T> {
  const response = await fetch(`${portal.baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A one-page PDF made with pdf-lib. */
async function makePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText(text, { x: 72, y: 700, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/** A small PNG made with pngjs. */
function makePng(size = 32): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 40;
    png.data[i + 1] = 90;
    png.data[i + 2] = 160;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

type Record_ = { Id: string; version: number; stepReached: string; status: string };

/** Starts an application for {@link PROGRAM}, answers every required field and certifies it: it is at step 8. */
async function arrangeApplicationAtPayment(): Promise<{ id: string; token: string }> {
  const programs = await api<{ name: string; courses: { semester: string; locations: string[] }[] }[]>('GET', '/programs?gender=male');
  const program = programs.find((p) => p.name === PROGRAM);
  if (!program) throw new Error(`no ${PROGRAM} for men`);
  const course = program.courses[0];
  const semesters = await api<{ name: string }[]>('GET', '/programs/semesters?gender=male');
  const started = await api<{ token: string; id: string; data: Record_ }>(
    'POST',
    '/applications',
    {
      gender: 'Male',
      fieldOfInterest: PROGRAM,
      semester: course?.semester ?? semesters[0]!.name,
      ...(course?.locations[0] ? { location: course.locations[0] } : {}),
      ...APPLICANT,
      locale: 'en',
    },
    {},
    201,
  );
  const { token, id } = started;
  const headers = { 'X-Application-Token': token };
  const lists = await api<{ key: string; options: { value: string }[] }[]>('GET', '/dropdowns/');
  const first = (key: string) => lists.find((l) => l.key === key)?.options[0]?.value ?? '';
  const saved = await api<{ data: Record_ }>(
    'PATCH',
    `/applications/${id}`,
    {
      version: started.data.version,
      stepReached: '7',
      dateOfBirth: '04/12/1998',
      addressState: first('states'),
      addressZip: '11219',
      maritalStatus: 'Single',
      cellPhone: '718-555-0100',
      fatherFirstName: 'Moshe',
      fatherLastName: 'Cohen',
      motherFirstName: 'Rivka',
      motherLastName: 'Cohen',
      emergencyContact: { name: 'Moshe Cohen', phone: '718-555-0101', email: 'moshe@example.com', relationship: 'Father' },
      bachelorCollege: 'Lander College for Men',
      bachelorDegree: 'BS',
      bachelorMajor: 'Economics',
      bachelorCompletionDate: '05/30/2024',
      currentlyEmployed: 'No',
      firstReferenceNameAndNumber: { name: 'Dr. Ruth Stein', phone: '718-555-0102', email: 'ruth@example.com', relationship: 'Professor' },
      secondReferenceNameAndNumber: { name: 'Avi Katz', phone: '718-555-0103', email: 'avi@example.com', relationship: 'Employer' },
    },
    headers,
  );
  const submitted = await api<{ data: Record_ }>(
    'POST',
    `/applications/${id}/submit`,
    {
      certifyAllInformation: true,
      fullNameSignature: `${APPLICANT.firstName} ${APPLICANT.lastName}`,
      dateSignature: DateTime.now().setZone('America/New_York').toFormat('MM/dd/yyyy'),
      version: saved.data.version,
    },
    headers,
  );
  expect(Number(submitted.data.stepReached)).toBeGreaterThanOrEqual(8);
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

    // The way on to the details form: a button here (with the details token the payment answered: the
    // application token no longer opens the submitted application), and the link in the receipt e-mail.
    const detailsButton = page.getByRole('link', { name: 'Upload documents now' });
    const href = (await detailsButton.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/details\/1\?token=[\w%-]+$/);
    const detailsToken = new URL(href, portal.baseUrl).searchParams.get('token')!;
    expect(detailsToken).not.toBe(token);
    await api('GET', `/token/check?token=${encodeURIComponent(token)}`, undefined, {}, 410);
    const checked = await api<{ purpose: string; data: Record_ }>('GET', `/token/check?token=${encodeURIComponent(detailsToken)}`);
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

    // Choose a real file for every required slot: a PNG for the picture, PDFs for the others.
    for (const slot of slots) {
      const file =
        slot === 'picture'
          ? { name: 'photo.png', mimeType: 'image/png', buffer: makePng() }
          : { name: `${slot}.pdf`, mimeType: 'application/pdf', buffer: await makePdf(`${slot} of Eli Cohen`) };
      await page.locator(`#file-${slot}`).setInputFiles(file);
      await page.locator(`#file-${slot}-status`).filter({ hasText: 'is ready to upload' }).waitFor({ timeout: 15000 });
    }
    await expect(pictureErrors.count()).resolves.toBe(0);
    const upload = page.getByRole('button', { name: /^Upload chosen files/ });
    await upload.waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 15000 });
    await upload.click();
    await page.getByText(`Files uploaded: ${slots.length}.`).waitFor({ timeout: 30000 });
    for (const slot of slots) {
      await page
        .locator(`[data-slot="${slot}"]`)
        .getByText(/Uploaded: /)
        .waitFor();
    }
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

    expect(errors).toEqual([]);
    await context.close();
  });
});
