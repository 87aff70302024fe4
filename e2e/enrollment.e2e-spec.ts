import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DateTime } from 'luxon';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../server/test/support/smtp-sink.js';
import {
  apiClient,
  arrangeMbaAtPayment,
  makePdf,
  makePng,
  payWithTestCard,
  storedRecord,
  type Applicant,
  type ApiCall,
} from './support/api.js';
import { launchBrowser, logInToAdminConsole, newUser, settle, typeLikeAPerson } from './support/browser.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { recordDecision, releaseDecisionNow } from './support/office.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './support/portal.js';

/**
 * Issue 29, after the decision, end to end in chromium — the applicants on a phone, the office in the console:
 * 1. The office asks an enrollment deposit of the men's MBA offering and gives it one seat (the offering's form,
 *    "After the decision"). It admits Lucía (Spanish, Madrid) and releases the letter; she opens the e-mailed link,
 *    accepts with the keyboard, and pays the deposit with the fake gateway's test card; the paid deposit holds her
 *    answer and survives a reload; the receipt is e-mailed in Spanish. The console's Class view counts her
 *    accepted and deposited.
 * 2. 王伟 (Chinese, Shanghai) is waitlisted and stays on the waitlist; the office admits him from the offering's
 *    Waitlist page — past the one seat, so the confirmation dialog warns and is confirmed only once the office
 *    acknowledges it; the admit letter is e-mailed again in Chinese and he accepts; his deposit is asked for.
 * 3. Javier (Spanish) is admitted in the console past the seats (acknowledged), asks to start in the next term that
 *    takes deferrals; the office approves it in the Deferrals queue; he is e-mailed in Spanish, sees the approval and
 *    the new term, and confirms his place there. The Class view: the first offering over capacity with one deferred,
 *    the later one with his admit. The API and the database agree.
 */
let portal: RunningPortal;
let browser: Browser;
let api: ApiCall;
let mail: SmtpSink;
let database: TestDatabase;
let adminAuth: Record<string, string>;

const LUCIA: Applicant = { firstName: 'Lucía', lastName: 'Gómez', email: 'lucia.gomez@example.com' };
const WEI: Applicant = { firstName: '伟', lastName: '王', email: 'wang.wei@example.cn' };
const JAVIER: Applicant = { firstName: 'Javier', lastName: 'Morales', email: 'javier.morales@example.com' };

/** A complete application and its details token. */
type Arranged = { id: string; token: string; referenceNumber: string };
const apps: Record<'lucia' | 'wei' | 'javier', Arranged> = {} as never;
/** The men's MBA offering the three applied to, and the next one (a later term) that will take deferrals. */
type OfferingSeen = { id: number; termKey: string; en: string; es: string };
let offering: OfferingSeen;
let laterOffering: OfferingSeen;

/** The phone the applicants hold. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

beforeAll(async () => {
  mail = await startSmtpSink();
  database = await createTestDatabase();
  portal = await startPortal({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    PAYMENT_GATEWAY: 'fake',
    SMTP_URL: mail.url,
    DECISION_RELEASE_INTERVAL_SECONDS: '2',
  });
  api = apiClient(portal.baseUrl);
  browser = await launchBrowser();
  const login = await api<{ token: string }>('POST', '/login', E2E_ADMIN);
  adminAuth = { Authorization: `Bearer ${login.token}` };
  const [lucia, wei, javier] = await Promise.all([
    arrangeComplete(LUCIA, 'es', 'Europe/Madrid'),
    arrangeComplete(WEI, 'zh-CN', 'Asia/Shanghai'),
    arrangeComplete(JAVIER, 'es', 'America/Mexico_City'),
  ]);
  Object.assign(apps, { lucia, wei, javier });
  await findOfferings((await storedRecord(api, lucia.token)).semesterApplied as string);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await database?.drop();
  await mail?.close();
});

/**
 * A men's MBA application started in `locale` from `timeZone` (as the applicant's browser starts it), paid, given
 * every document and completed through the API.
 */
async function arrangeComplete(person: Applicant, locale: string, timeZone: string): Promise<Arranged> {
  const { id, token, record } = await arrangeMbaAtPayment(api, { ...person, timeZone } as Applicant, locale);
  const detailsToken = await payWithTestCard(api, id, token, `${person.firstName} ${person.lastName}`);
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
  return { id, token: detailsToken, referenceNumber: String(record.referenceNumber) };
}

/** The offering of `semester` for the men's MBA, and the first later one (by the term's first day). */
async function findOfferings(semester: string): Promise<void> {
  type Offering = {
    id: number;
    termId: number;
    gender: string;
    fieldOfInterest: string;
    semester: string;
    archived: boolean;
    open: boolean;
  };
  type Term = { id: number; key: string; startsOn: string; labels: Record<string, string> };
  const range = encodeURIComponent('[0,499]');
  const offerings = await api<Offering[]>('GET', `/admin/offerings?range=${range}`, undefined, adminAuth);
  const terms = await api<Term[]>('GET', `/admin/terms?range=${range}`, undefined, adminAuth);
  const termOf = (o: Offering) => terms.find((t) => t.id === o.termId)!;
  const mba = offerings
    .filter((o) => o.fieldOfInterest === 'MBA' && o.gender === 'male' && !o.archived && o.open)
    .sort((a, b) => termOf(a).startsOn.localeCompare(termOf(b).startsOn));
  const own = mba.find((o) => o.semester === semester)!;
  const later = mba.find((o) => termOf(o).startsOn > termOf(own).startsOn)!;
  const described = (o: Offering): OfferingSeen => ({
    id: o.id,
    termKey: termOf(o).key,
    en: termOf(o).labels.en!,
    es: termOf(o).labels.es!,
  });
  offering = described(own);
  laterOffering = described(later);
}

/** The next e-mail to `to` with `subject` that is not among `seen` (waits up to 15 s). */
function nextMail(to: string, subject: string, seen: ReceivedMail[] = []): Promise<ReceivedMail> {
  return mail.waitFor((m) => m.to.includes(to) && m.subject === subject && !seen.includes(m), 15_000);
}

/** `text` as a literal in a regular expression. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The letter's link in an e-mail, on this portal. */
function linkIn(email: ReceivedMail): string {
  const link = /https?:\/\/\S+\/validation\?token=[\w%-]+/.exec(email.text)?.[0];
  if (!link) throw new Error(`no link in the e-mail "${email.subject}":\n${email.text}`);
  return link.replace(/^https?:\/\/[^/]+/, portal.baseUrl);
}

/** Chooses the radio `label` of the reply with the keyboard (focus, Space) and sends the form with Enter. */
async function replyWithKeyboard(page: Page, reply: Locator, label: string): Promise<void> {
  const radio = reply.getByLabel(label, { exact: true });
  await radio.focus();
  await page.keyboard.press('Space');
  await expect(radio.isChecked()).resolves.toBe(true);
  await reply.getByRole('button').last().press('Enter');
}

/** The console's Class view row of the men's MBA in `termLabel` (English), as { column header: cell text }. */
async function classRow(admin: Page, termLabel: string): Promise<Record<string, string>> {
  await admin.goto(`${portal.baseUrl}/admin/class-shape`);
  const row = admin.getByRole('row').filter({ hasText: 'Master of Business Administration' }).filter({ hasText: termLabel });
  await row.waitFor();
  await settle(admin);
  const headers = await row.locator('xpath=ancestor::table[1]').locator('thead th').allTextContents();
  const cells = await row.locator('td').allTextContents();
  return Object.fromEntries(headers.map((h, i) => [h.trim(), (cells[i] ?? '').trim()]));
}

/** A screenshot of the console once its dialog's fade and the buttons' colour transitions (MUI: up to 300 ms) are over. */
async function dialogScreenshot(admin: Page, path: string): Promise<void> {
  await admin.waitForTimeout(350);
  await admin.screenshot({ path });
}

/** A phone of an applicant in `locale` and `timezoneId`. */
async function phone(locale: string, timezoneId: string): Promise<{ context: BrowserContext; errors: string[]; page: Page }> {
  const user = await newUser(browser, { locale, timezoneId, ...PHONE });
  return { ...user, page: await user.context.newPage() };
}

describe('after the decision (issue 29)', () => {
  let adminUser: Awaited<ReturnType<typeof newUser>>;
  let admin: Page;

  beforeAll(async () => {
    adminUser = await newUser(browser, { locale: 'en-US', timezoneId: 'America/New_York' });
    admin = await adminUser.context.newPage();
    await logInToAdminConsole(admin, portal.baseUrl, E2E_ADMIN);
  });

  it('released admit → she accepts → pays the deposit on a phone in Spanish → the Class view counts it', async () => {
    // the office: one seat and a refundable deposit of 250.00 due 14 days after accepting, in the offering's form
    await admin.goto(`${portal.baseUrl}/admin/offerings/${offering.id}`);
    const seats = admin.locator('input[name="seats"]');
    await seats.waitFor();
    await typeLikeAPerson(seats, '1');
    await typeLikeAPerson(admin.locator('input[name="deposit"]'), '250');
    await typeLikeAPerson(admin.locator('input[name="depositDueDays"]'), '14');
    const refundable = admin.getByRole('switch', { name: 'Deposit refundable' });
    await refundable.focus();
    await admin.keyboard.press('Space');
    await expect(refundable.isChecked()).resolves.toBe(true);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(/\/admin\/offerings\/?(\?|$)/);
    const saved = await api<Record<string, unknown>>('GET', `/admin/offerings/${offering.id}`, undefined, adminAuth);
    expect(saved).toMatchObject({
      seats: 1,
      depositCents: 25_000,
      depositDueDays: 14,
      depositRefundable: true,
      lapseUnpaidDeposits: false,
    });

    // the office admits Lucía and releases the letter now
    await admin.goto(`${portal.baseUrl}/admin/applications/${apps.lucia.id}/show`);
    await recordDecision(admin, 'Admitted');
    await releaseDecisionNow(admin);
    const letterMail = await nextMail(LUCIA.email, 'Hay una decisión sobre su solicitud');

    // Lucía, in Spanish on a phone in Madrid, opens the link and accepts with the keyboard
    const lucia = await phone('es-ES', 'Europe/Madrid');
    const page = lucia.page;
    await page.goto(linkIn(letterMail));
    await page.waitForURL(/\/decision\?token=/);
    await expect(page.getByTestId('decision-letter').textContent()).resolves.toContain('¡Felicidades!');
    const reply = page.getByTestId('decision-reply');
    await reply.getByRole('group', { name: '¿Se unirá a nosotros?' }).waitFor();
    await replyWithKeyboard(page, reply, 'Sí, acepto la oferta');
    await reply.getByText('Gracias. Su respuesta quedó registrada: aceptó la oferta.', { exact: true }).waitFor();

    // the deposit follows: amount, deadline, refundable, the test-mode card form
    const deposit = page.getByTestId('deposit');
    await deposit.getByRole('heading', { name: 'Depósito de matrícula' }).waitFor();
    // due 14 days after her answer, written in her zone (Madrid), as the server says it
    const { dueAt } = await api<{ dueAt: string }>('GET', `/applications/${apps.lucia.id}/deposit`, undefined, {
      'X-Application-Token': apps.lucia.token,
    });
    expect(Date.parse(dueAt) - Date.now()).toBeGreaterThan(14 * 86_400_000 - 60_000);
    const due = DateTime.fromISO(dueAt, { zone: 'Europe/Madrid' }).setLocale('es');
    const dueText = `${due.toLocaleString(DateTime.DATE_FULL)} ${due.toLocaleString(DateTime.TIME_SIMPLE)} (${due.offsetNameLong})`;
    await expect(deposit.getByTestId('deposit-due').textContent()).resolves.toMatch(
      new RegExp(`^Para confirmar su plaza, pague el depósito de matrícula de 250,00\\sUS\\$ antes del ${escape(dueText)}\\.$`),
    );
    await deposit.getByText('El depósito es reembolsable.', { exact: true }).waitFor();
    await deposit.getByText('Modo de prueba: no se cobra ninguna tarjeta real').waitFor();
    await typeLikeAPerson(deposit.getByLabel('Nombre en la tarjeta', { exact: true }), 'Lucía Gómez');
    await deposit.getByLabel('País de facturación', { exact: true }).selectOption({ label: 'España' });
    await typeLikeAPerson(deposit.getByLabel('Código postal de facturación', { exact: true }), '28013');
    await typeLikeAPerson(deposit.getByLabel('Número de tarjeta', { exact: true }), '4111 1111 1111 1111');
    await deposit.getByLabel('Mes de vencimiento', { exact: true }).selectOption('12');
    await deposit.getByLabel('Año de vencimiento', { exact: true }).selectOption(String(DateTime.now().year + 2));
    await typeLikeAPerson(deposit.getByLabel('Código de seguridad (CVV)', { exact: true }), '123');
    await page.screenshot({ path: '/tmp/enrollment-deposit-form-es.png', fullPage: true });
    await deposit.getByRole('button', { name: /^Pagar el depósito de 250,00\sUS\$$/ }).click();

    // paid: the receipt, and her answer now stands
    const paid = deposit.getByTestId('deposit-paid');
    await paid.getByText('Gracias. Su depósito de matrícula está pagado: su plaza está confirmada.', { exact: true }).waitFor();
    await expect(paid.getByTestId('deposit-receipt').textContent()).resolves.toMatch(/250,00\sUS\$[\s\S]*terminada en 1111/);
    await reply
      .getByTestId('reply-closed')
      .getByText(/Su depósito de matrícula está pagado, por lo que su respuesta es definitiva/)
      .waitFor();
    await expect(reply.getByRole('radio').count()).resolves.toBe(0);
    await page.screenshot({ path: '/tmp/enrollment-deposit-paid-es.png', fullPage: true });
    await page.reload();
    await page
      .getByTestId('deposit-paid')
      .getByText('Su depósito de matrícula está pagado: su plaza está confirmada.', { exact: true })
      .waitFor();
    await page.getByTestId('reply-current').getByText('Su respuesta: aceptó la oferta.', { exact: true }).waitFor();
    await expect(
      api('GET', `/applications/${apps.lucia.id}/deposit`, undefined, { 'X-Application-Token': apps.lucia.token }),
    ).resolves.toMatchObject({ phase: 'paid', payable: false, totalCents: 25_000, payment: { last4: '1111' } });
    const receipt = await nextMail(LUCIA.email, `Depósito de matrícula recibido — referencia ${apps.lucia.referenceNumber}`);
    expect(receipt.text).toContain('1111');
    expect(lucia.errors).toEqual([]);
    await lucia.context.close();

    // the office's Class view counts her accepted (of the one seat) and her deposit paid
    const row = await classRow(admin, offering.en);
    expect(row).toMatchObject({ Seats: '1', Admitted: '1', Accepted: '1 of 1', 'Deposit paid': '1', 'No reply yet': '0' });
    await admin.screenshot({ path: '/tmp/enrollment-class-after-deposit.png', fullPage: true });

    const { rows } = await database.db.query<{
      reply: string;
      deposit_status: string;
      purpose: string;
      status: string;
      total_cents: string;
    }>(
      `SELECT a.reply, a.deposit_status, p.purpose, p.status, p.total_cents FROM applications a
         JOIN payments p ON p.application_id = a.id AND p.purpose = 'enrollment_deposit' WHERE a.id = $1`,
      [apps.lucia.id],
    );
    expect(rows).toEqual([
      { reply: 'accepted', deposit_status: 'paid', purpose: 'enrollment_deposit', status: 'approved', total_cents: '25000' },
    ]);
    expect(adminUser.errors).toEqual([]);
  });

  it('王伟 stays on the waitlist, is admitted from it past the seat (acknowledged) and accepts, in Chinese', async () => {
    // arranged: the office waitlisted him and released the letter
    await api('PUT', `/admin/applications/${apps.wei.id}/decision`, { decision: 'waitlisted' }, adminAuth);
    await api('POST', '/admin/decisions/release', { ids: [apps.wei.id] }, adminAuth);
    const waitlistMail = await nextMail(WEI.email, '您的申请已有决定');

    const wei = await phone('zh-CN', 'Asia/Shanghai');
    const page = wei.page;
    await page.goto(linkIn(waitlistMail));
    await page.waitForURL(/\/decision\?token=/);
    await expect(page.getByTestId('decision-letter').textContent()).resolves.toContain('您的申请已被列入候补名单');
    const reply = page.getByTestId('decision-reply');
    await reply.getByRole('group', { name: '您希望继续留在候补名单上吗？' }).waitFor();
    await replyWithKeyboard(page, reply, '是，请保留我在候补名单上');
    await reply.getByText('谢谢。您的回复已记录：您继续留在候补名单上。', { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/enrollment-waitlist-zh.png', fullPage: true });

    // the office: the offering's Waitlist page, choose him, admit — past the seat, acknowledged in the dialog
    await admin.goto(`${portal.baseUrl}/admin/offerings/${offering.id}/waitlist`);
    const figures = admin.getByTestId('waitlist-seats');
    await figures.waitFor();
    await expect(figures.textContent()).resolves.toMatch(/Seats1Accepted1Offers awaiting a reply0Seats left0On the waitlist1/);
    await admin.getByTestId(`waitlist-row-${apps.wei.id}`).getByText('Staying').waitFor();
    await admin.getByRole('checkbox', { name: 'Choose 王伟' }).check();
    await admin.getByRole('button', { name: 'Admit from waitlist (1)' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Admit 1 applicant from the waitlist' });
    await expect(dialog.getByTestId('admit-names').textContent()).resolves.toBe('1. 王伟');
    await dialog
      .getByTestId('admit-over-capacity')
      .getByText('This passes the seats: 1 accepted and 0 offers awaiting a reply, plus 1 now, for 1 seats.')
      .waitFor();
    const confirm = dialog.getByRole('button', { name: 'Admit and release the letter' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('I understand: admit past the seats').check();
    await expect(confirm.isEnabled()).resolves.toBe(true);
    await dialogScreenshot(admin, '/tmp/enrollment-admit-dialog.png');
    await confirm.click();
    await admin.getByText('1 admitted; the letter is on its way.').first().waitFor();
    await admin.getByTestId('waitlist-empty').waitFor();

    // the admit letter, e-mailed again in Chinese; he opens it and accepts; his deposit is asked for
    const admitMail = await nextMail(WEI.email, '您的申请已有决定', [waitlistMail]);
    await page.goto(linkIn(admitMail));
    await page.waitForURL(/\/decision\?token=/);
    await expect(page.getByTestId('decision-letter').textContent()).resolves.toContain('恭喜您！');
    await reply.getByRole('group', { name: '您会加入我们吗？' }).waitFor();
    await replyWithKeyboard(page, reply, '是，我接受录取');
    await reply.getByText('谢谢。您的回复已记录：您已接受录取。', { exact: true }).waitFor();
    const deposit = page.getByTestId('deposit');
    await deposit.getByRole('heading', { name: '入学押金' }).waitFor();
    await expect(deposit.getByTestId('deposit-due').textContent()).resolves.toMatch(
      /^为确认您的名额，请在 \d{4}年\d{1,2}月\d{1,2}日 .+ \(中国标准时间\) 之前支付入学押金 US\$250\.00。$/,
    );
    await page.screenshot({ path: '/tmp/enrollment-admitted-zh.png', fullPage: true });
    expect(wei.errors).toEqual([]);
    await wei.context.close();

    const stored = await fetch(`${portal.baseUrl}/api/applications/${apps.wei.id}/reply`, {
      headers: { 'X-Application-Token': apps.wei.token },
    });
    expect(await stored.json()).toMatchObject({ decision: 'admitted', reply: 'accepted' });
    const { rows } = await database.db.query('SELECT decision, reply, waitlist_rank FROM applications WHERE id = $1', [apps.wei.id]);
    expect(rows).toEqual([{ decision: 'admitted', reply: 'accepted', waitlist_rank: null }]);
    expect(adminUser.errors).toEqual([]);
  });

  it('Javier is admitted past the seats, asks to defer; the office approves it in the queue; his term moves', async () => {
    // arranged: the later term of the program takes deferrals
    const later = await api<Record<string, unknown>>('GET', `/admin/offerings/${laterOffering.id}`, undefined, adminAuth);
    const { id: _i, gender: _g, fieldOfInterest: _f, semester: _s, acceptingNow: _a, ...dto } = later;
    await api('PUT', `/admin/offerings/${laterOffering.id}`, { ...dto, acceptsDeferrals: true }, adminAuth);

    // the office admits him past the one seat: the console asks first
    await admin.goto(`${portal.baseUrl}/admin/applications/${apps.javier.id}/show`);
    const panel = admin.getByTestId('decision-panel');
    await panel.getByRole('combobox', { name: 'Decision' }).click();
    await admin.getByRole('option', { name: 'Admitted' }).click();
    await panel.getByRole('button', { name: 'Record decision' }).click();
    const over = admin.getByRole('dialog', { name: 'Admit past the seats?' });
    await over.getByText(/This passes the seats: 2 accepted and 0 offers awaiting a reply, plus 1 now, for 1 seats\./).waitFor();
    const record = over.getByRole('button', { name: 'Record decision' });
    await expect(record.isDisabled()).resolves.toBe(true);
    await over.getByLabel('I understand: admit past the seats').check();
    await expect(record.isEnabled()).resolves.toBe(true);
    await dialogScreenshot(admin, '/tmp/enrollment-decision-over-capacity.png');
    await record.click();
    await panel.getByText('Not released: the applicant cannot see it.').waitFor();
    await releaseDecisionNow(admin);
    const letterMail = await nextMail(JAVIER.email, 'Hay una decisión sobre su solicitud');

    // Javier, in Spanish on a phone, asks to start in the later term, saying why
    const javier = await phone('es-MX', 'America/Mexico_City');
    const page = javier.page;
    await page.goto(linkIn(letterMail));
    await page.waitForURL(/\/decision\?token=/);
    const reply = page.getByTestId('decision-reply');
    await reply.getByRole('group', { name: '¿Se unirá a nosotros?' }).waitFor();
    await reply.getByLabel('Quisiera comenzar en un semestre posterior', { exact: true }).check();
    await reply.getByLabel(/Semestre en que desea comenzar/).selectOption({ label: laterOffering.es });
    await typeLikeAPerson(reply.getByLabel(/¿Por qué desea comenzar más tarde\?/), 'Termino un proyecto en mi trabajo.');
    await reply.getByRole('button', { name: 'Enviar mi respuesta' }).click();
    await reply.getByText('Gracias. Su respuesta quedó registrada: pidió comenzar en un semestre posterior.', { exact: true }).waitFor();

    // the office approves it in the Deferrals queue, with a note
    await admin.goto(`${portal.baseUrl}/admin/deferrals`);
    const row = admin.getByRole('row').filter({ hasText: 'Javier Morales' });
    await expect(row.textContent()).resolves.toContain(laterOffering.en);
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = admin.getByRole('dialog', { name: "Approve Javier Morales's deferral?" });
    await dialog.getByText("The applicant's reason: Termino un proyecto en mi trabajo.").waitFor();
    await typeLikeAPerson(dialog.getByLabel('Note to the applicant (optional)'), 'Le esperamos.');
    await admin.screenshot({ path: '/tmp/enrollment-deferral-dialog.png' });
    await dialog.getByRole('button', { name: 'Approve deferral' }).click();
    await admin.getByText(`Deferral approved: Javier Morales now starts in ${laterOffering.en}.`).first().waitFor();
    await admin.getByText('No deferral request is waiting.').waitFor();

    // he is told in Spanish; the page shows the approval and the new term, and he confirms his place there
    const approved = await nextMail(JAVIER.email, `Se aprobó su solicitud de comenzar en ${laterOffering.es}`);
    expect(approved.text).toContain('Le esperamos.');
    await page.reload();
    await page
      .getByTestId('reply-deferral-decision')
      .getByText(`Se aprobó su solicitud de comenzar en ${laterOffering.es}. Confirme a continuación su plaza para ese semestre.`)
      .waitFor();
    await page.getByTestId('reply-deferral-decision').getByText('Nota de la oficina de admisiones: Le esperamos.').waitFor();
    await expect(page.locator('.app-list__title').textContent()).resolves.toContain(laterOffering.es);
    await replyWithKeyboard(page, page.getByTestId('decision-reply'), 'Sí, acepto la oferta');
    await page.getByText('Gracias. Su respuesta quedó registrada: aceptó la oferta.', { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/enrollment-deferral-es.png', fullPage: true });
    expect(javier.errors).toEqual([]);
    await javier.context.close();

    // the class: the first offering over its seat with one deferred out; the later one has his accepted admit
    const first = await classRow(admin, offering.en);
    expect(first).toMatchObject({ Seats: '1', Admitted: '2', 'Deposit paid': '1', Deferred: '1' });
    expect(first.Accepted).toMatch(/^2 of 1/);
    await admin.getByTestId('class-over-capacity').waitFor();
    const second = await classRow(admin, laterOffering.en);
    expect(second).toMatchObject({ Admitted: '1', Accepted: '1', 'Deposit paid': '0' });
    await admin.screenshot({ path: '/tmp/enrollment-class-final.png', fullPage: true });

    const moved = await database.db.query(
      'SELECT offering_id, deferred_from_offering_id, semester, reply, deferral_decision FROM applications WHERE id = $1',
      [apps.javier.id],
    );
    expect(moved.rows).toEqual([
      {
        offering_id: laterOffering.id,
        deferred_from_offering_id: offering.id,
        semester: laterOffering.termKey,
        reply: 'accepted',
        deferral_decision: 'approved',
      },
    ]);
    const shape = await api<{ id: number; accepted: number; deposited: number; deferred: number; admitted: number }[]>(
      'GET',
      `/admin/class-shape?filter=${encodeURIComponent(JSON.stringify({ id: [offering.id, laterOffering.id] }))}`,
      undefined,
      adminAuth,
    );
    expect(shape.find((r) => r.id === offering.id)).toMatchObject({ admitted: 2, accepted: 2, deposited: 1, deferred: 1 });
    expect(shape.find((r) => r.id === laterOffering.id)).toMatchObject({ admitted: 1, accepted: 1, deposited: 0 });
    expect(adminUser.errors).toEqual([]);
  });
});
