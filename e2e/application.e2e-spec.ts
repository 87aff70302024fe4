import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newUser } from './support/browser.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './support/portal.js';
import { waitForSaveState } from './support/save-status.js';
import { typeDate } from './support/date-fields.js';

/**
 * Issue 3 end to end, in chromium: the whole application up to the payment step for three programs with
 * different flag sets — women's OTD (prerequisite course table, observation, recommenders; with a page
 * reload mid-step), men's MSW in Spanish (prerequisite subjects, references and recommenders), and a
 * women's BA Psychology track (high school, college-level courses, no references step; resumed through
 * /continue and the e-mailed link). Every value entered is found again on the review page, then the
 * applicant certifies and lands on step 8.
 */
let portal: RunningPortal;
let browser: Browser;

const here = dirname(fileURLToPath(import.meta.url));
const locale = async (name: string) =>
  JSON.parse(await readFile(join(here, '..', 'applicant-ui', 'src', 'i18n', 'locales', `${name}.json`), 'utf8')) as Record<string, unknown>;
const at = (messages: Record<string, unknown>, key: string): string =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], messages) as string;

type Values = Record<string, string | boolean>;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Fills fields by their `name` (the spec §3 path), in order: selects by value, checkboxes, text. */
async function fill(page: Page, values: Values): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const field = page.locator(`[name="${name}"]`);
    const tag = await field.evaluate((el) => `${el.tagName}:${(el as HTMLInputElement).type}`);
    if (tag.startsWith('SELECT')) await field.selectOption(String(value));
    else if (tag === 'INPUT:checkbox') await field.setChecked(value === true);
    else if (tag === 'INPUT:hidden')
      await typeDate(page, name, String(value)); // a date: day, month, year
    else await field.fill(String(value));
  }
}

/** Expects the fields to hold the values (after a reload). */
async function expectValues(page: Page, values: Values): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const field = page.locator(`[name="${name}"]`);
    if (typeof value === 'boolean') await expect(field.isChecked()).resolves.toBe(value);
    else await expect(field.inputValue()).resolves.toBe(value);
  }
}

/** Clicks Next and waits for step `to`. */
async function next(page: Page, to: number): Promise<void> {
  await page.locator('form.step-form button[type="submit"]').click();
  await page.waitForURL(new RegExp(`/application/${to}\\?token=`));
  await page.locator('form.step-form').waitFor();
}

/** Picks gender, program, semester (and location) on the welcome page and starts. */
async function start(
  page: Page,
  msg: Record<string, unknown>,
  o: { gender: 'female' | 'male'; program: string; semester: string; location?: string; first: string; last: string; email: string },
): Promise<string> {
  await page.goto(`${portal.baseUrl}/`);
  // the program's label in the page's language (issue 11: the catalogue answers in Accept-Language)
  const language = (await page.context().cookies(portal.baseUrl)).find((c) => c.name === 'locale')?.value ?? 'en';
  const programs = (await (
    await fetch(`${portal.baseUrl}/api/programs?gender=${o.gender}`, { headers: { 'accept-language': language } })
  ).json()) as { name: string; label: string }[];
  const label = programs.find((p) => p.name === o.program)!.label;
  await page.getByLabel(at(msg, `gender.${o.gender}`), { exact: true }).check();
  await page.getByLabel(label, { exact: true }).check();
  await page.getByLabel(at(msg, 'welcome.semester')).selectOption(o.semester);
  if (o.location) await page.getByLabel(at(msg, 'welcome.location'), { exact: true }).selectOption(o.location);
  await fill(page, { firstName: o.first, lastName: o.last, email: o.email });
  await page.getByRole('button', { name: at(msg, 'welcome.start') }).click();
  await page.waitForURL(/\/application\/1\?token=/);
  return new URL(page.url()).searchParams.get('token')!;
}

/** On the review page: every entered text value is shown (selects by their shown label), then certify. */
async function reviewAndCertify(page: Page, msg: Record<string, unknown>, entered: string[], signature: string): Promise<void> {
  await page.getByRole('heading', { level: 2, name: at(msg, 'steps.review') }).waitFor();
  const text = (await page.locator('.review').innerText()).replace(/\s+/g, ' ');
  const missing = entered.filter((v) => !text.includes(v));
  expect(missing).toEqual([]);
  // a wrong signature is refused next to the field
  await fill(page, { certifyAllInformation: true, fullNameSignature: 'Somebody Else' });
  await page.getByRole('button', { name: at(msg, 'review.submit') }).click();
  await page.getByText(at(msg, 'validation.signature_mismatch')).waitFor();
  await fill(page, { fullNameSignature: signature });
  await page.getByRole('button', { name: at(msg, 'review.submit') }).click();
  await page.waitForURL(/\/application\/8\?token=/);
}

const texts = (...groups: Values[]) =>
  groups
    .flatMap((g) => Object.values(g))
    .filter((v): v is string => typeof v === 'string' && v.length > 2 && !['Yes', 'No', 'Sí', 'Other'].includes(v));

const personal = (zip: string): Values => ({
  dateOfBirth: '04/12/1996',
  maritalStatus: 'Single',
  addressState: 'NY',
  addressZip: zip,
  cellPhone: '(718) 555-0142',
  contactName: 'Devorah Klein',
  howHeard: 'Friend',
});
const family = (last: string): Values => ({
  fatherFirstName: 'Yaakov',
  fatherLastName: last,
  motherFirstName: 'Leah',
  motherLastName: last,
  motherMaidenName: 'Gold',
  'emergencyContact.name': 'Miriam Stern',
  'emergencyContact.relationship': 'Aunt',
  'emergencyContact.phone': '718-555-0177',
  'emergencyContact.email': 'miriam.stern@example.com',
});

describe('the whole application up to payment', () => {
  it('a logged-in applicant without applications sees the empty state on /home', async () => {
    const en = await locale('en');
    const register = await fetch(`${portal.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Nora',
        last_name: 'New',
        email: 'nora.new@example.com',
        password: 'Str0ng-passw0rd!',
        password_confirmation: 'Str0ng-passw0rd!',
      }),
    });
    const { token } = (await register.json()) as { token: string };
    const { context, errors } = await newUser(browser, { locale: 'en-US' });
    await context.addCookies([{ name: 'token', value: token, url: portal.baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/home`);
    await page.getByTestId('home-empty').getByText(at(en, 'home.no_applications')).waitFor();
    await page.getByRole('link', { name: at(en, 'home.apply') }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('women’s OTD: prerequisite course table and observation, recommenders, a reload mid-step', async () => {
    const en = await locale('en');
    const { context, errors } = await newUser(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await start(page, en, {
      gender: 'female',
      program: 'OTD',
      semester: 'Fall 2026',
      first: 'Chana',
      last: 'Weiss',
      email: 'chana.otd@example.com',
    });
    // the program and semester may be changed on step 1: choose Spring, then back to Fall
    await fill(page, { semesterApplied: 'Spring 2026' });
    const p1 = personal('11230');
    await fill(page, { ...p1, semesterApplied: 'Fall 2026' });
    await next(page, 2);
    const f2 = family('Weiss');
    await fill(page, f2);
    await next(page, 3);
    const e3: Values = {
      bachelorCollege: 'Lander College for Women',
      bachelorDegree: 'BS Biology',
      bachelorMajor: 'Biology',
      bachelorCompletionDate: '05/30/2019',
      seminary: 'Yes',
      seminaryName: 'Other',
      seminaryNameOther: 'Machon Bais Yaakov',
      seminaryCityStateCountry: 'Jerusalem, Israel',
      seminaryCeeb: '12345',
      attendingSeminary: 'No',
      priorToSeminary: 'Bais Yaakov of Brooklyn',
      israelOption: 'Yes',
      israelOptionName: 'Touro',
      israelOptionCollege: 'Touro University',
    };
    await fill(page, e3);
    await next(page, 4);
    const w4: Values = {
      currentlyEmployed: 'Yes',
      employer: 'Bright Kids Therapy',
      jobTitle: 'Therapy aide',
      employmentDate: '09/01/2022',
      employmentType: 'Part time',
    };
    await fill(page, w4);
    await next(page, 5);
    const courses: Values = {};
    for (let i = 1; i <= 8; i++) {
      Object.assign(courses, {
        [`OTDCourse${i}.status`]: 'Completed',
        [`OTDCourse${i}.college`]: `Brooklyn College ${i}`,
        [`OTDCourse${i}.completion_date`]: `05/1${i}/2020`,
      });
    }
    const half = Object.fromEntries(Object.entries(courses).slice(0, 12));
    await fill(page, half);
    await waitForSaveState(page, 'saved');
    await page.reload();
    await page.locator('[name="OTDCourse1.status"]').waitFor();
    await expectValues(page, half);
    const observation: Values = { 'completedObservation.boolean': true, 'completedObservation.when': '08/15/2024' };
    await fill(page, { ...courses, ...observation });
    await next(page, 6);
    const r6: Values = {};
    ['firstRecommender', 'secondRecommender'].forEach((who, i) =>
      Object.assign(r6, {
        [`${who}.name`]: `Dr. Recommender ${i + 1}`,
        [`${who}.relationship`]: 'Professor',
        [`${who}.email`]: `rec${i + 1}@example.com`,
        [`${who}.phone`]: `212-555-010${i}`,
      }),
    );
    await fill(page, r6);
    await next(page, 7);
    await reviewAndCertify(
      page,
      en,
      [...texts(p1, f2, e3, w4, courses, r6), '08/15/2024', 'New York', 'chana.otd@example.com', 'Fall 2026'].filter((v) => v !== 'NY'),
      ' chana  WEISS ',
    );
    const record = (await (
      await fetch(`${portal.baseUrl}/api/token/check?token=${new URL(page.url()).searchParams.get('token')}`)
    ).json()) as {
      data: Record<string, unknown>;
    };
    expect(record.data).toMatchObject({
      semesterApplied: 'Fall 2026',
      stepReached: '8',
      OTDCourse8: { status: 'Completed', college: 'Brooklyn College 8' },
    });
    expect(record.data.certifiedAt).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('men’s MSW in Spanish: prerequisite subjects, references and recommenders; a missing answer linked from the review; session warning, renew and end', async () => {
    const es = await locale('es');
    const { context, errors } = await newUser(browser, { locale: 'es-ES' });
    await context.addCookies([{ name: 'locale', value: 'es', url: portal.baseUrl }]);
    const page = await context.newPage();
    const sessions: Record<string, unknown>[] = [];
    const timeLogs: { body: Record<string, unknown>; status: number }[] = [];
    page.on('requestfinished', (request) => {
      void (async () => {
        const url = request.url();
        const status = (await request.response())?.status() ?? 0;
        if (url.endsWith('/api/session/upsert')) sessions.push(request.postDataJSON() as Record<string, unknown>);
        if (url.endsWith('/api/timelog')) timeLogs.push({ body: request.postDataJSON() as Record<string, unknown>, status });
      })();
    });
    await page.clock.install();
    await start(page, es, {
      gender: 'male',
      program: 'MSW',
      semester: 'Spring 2026',
      location: 'Boro Park',
      first: 'Moshe',
      last: 'Cohen',
      email: 'moshe.msw@example.com',
    });
    await page.getByRole('heading', { level: 2, name: at(es, 'steps.personal') }).waitFor();
    const p1 = personal('08701');
    await fill(page, p1);
    await next(page, 2);
    const f2 = family('Cohen');
    await fill(page, f2);
    await next(page, 3);
    const e3: Values = {
      bachelorCollege: 'Lander College for Men',
      bachelorDegree: 'BA Psychology',
      bachelorCompletionDate: '06/01/2020',
      seminary: 'No',
      israelOption: 'No',
    };
    await fill(page, e3);
    await next(page, 4);
    await fill(page, { currentlyEmployed: 'No' });
    await next(page, 5);
    const s5: Values = {
      'introductionToPsychologyPrerequisite.tookCourse': 'Yes',
      'introductionToPsychologyPrerequisite.howTaken': 'College',
      'introductionToPsychologyInfo.college': 'Touro University',
      'introductionToPsychologyInfo.completion_date': '12/20/2018',
      'introductionToBiologyPrerequisite.tookCourse': 'Yes',
      'introductionToBiologyPrerequisite.howTaken': 'Exam',
      'introductionToBiologyInfo.examTaken': 'CLEP',
      'introductionToBiologyInfo.completion_date': '03/10/2019',
    };
    await fill(page, s5);
    await next(page, 6);
    const r6: Values = {};
    ['firstReferenceNameAndNumber', 'secondReferenceNameAndNumber', 'firstRecommender', 'secondRecommender'].forEach((who, i) =>
      Object.assign(r6, {
        [`${who}.name`]: `Rabbi Persona ${i + 1}`,
        [`${who}.relationship`]: 'Mentor',
        [`${who}.phone`]: `646-555-011${i}`,
        [`${who}.email`]: `persona${i + 1}@example.com`,
      }),
    );
    await fill(page, r6);
    await next(page, 7);
    await page.locator('.review').waitFor();

    // Someone clears an answer elsewhere (API, same token): the submit lists it as a link to its step and field.
    const token = new URL(page.url()).searchParams.get('token')!;
    const current = (await (await fetch(`${portal.baseUrl}/api/token/check?token=${token}`)).json()) as {
      data: { Id: string; version: number };
    };
    const cleared = await fetch(`${portal.baseUrl}/api/applications/${current.data.Id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-application-token': token },
      body: JSON.stringify({ version: current.data.version, emergencyContact: { ...f2Contact(f2), phone: null } }),
    });
    expect(cleared.status).toBe(200);
    await page.reload();
    await fill(page, { certifyAllInformation: true, fullNameSignature: 'Moshe Cohen' });
    await page.getByRole('button', { name: at(es, 'review.submit') }).click();
    const missingLink = page.getByTestId('missing-list').getByRole('link');
    await missingLink.first().waitFor();
    await expect(missingLink.count()).resolves.toBe(1);
    await missingLink.click();
    await page.waitForURL(/\/application\/2\?token=.*focus=emergencyContact\.phone/);
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'emergencyContact.phone');
    await fill(page, { 'emergencyContact.phone': '718-555-0177' });
    await waitForSaveState(page, 'saved');
    await page.goto(`${portal.baseUrl}/application/7?token=${token}`);

    await reviewAndCertify(
      page,
      es,
      // option answers show their Spanish labels (issue 11): the state NY is "Nueva York"
      [...texts(p1, f2, e3, s5, r6).filter((v) => v !== 'NY' && v !== 'Single' && v !== 'Friend'), 'Nueva York'],
      'Moshe Cohen',
    );
    await page
      .getByRole('heading', { name: at(es, 'steps.payment') })
      .first()
      .waitFor();

    // A time-log record per step left: seconds with at most 4 decimals and the step's name. The records are
    // read back from the server (as an admin): a keepalive request that outlives a reload shows as aborted
    // in the page's own request events although the server received it.
    await waitUntil(() => timeLogs.length >= 5);
    for (const { body, status } of timeLogs) {
      expect(status).toBe(201);
      expect(String(body.duration)).toMatch(/^\d+(\.\d{1,4})?$/);
    }
    const adminToken = await adminLogin();
    const stored = async () => {
      const filter = encodeURIComponent(JSON.stringify({ applicationId: current.data.Id }));
      const answer = await fetch(`${portal.baseUrl}/api/admin/time-logs?filter=${filter}&range=[0,99]`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      return ((await answer.json()) as { step: string; duration: number | string }[]).map((r) => r.step);
    };
    const steps = ['personal', 'family', 'education', 'employment', 'prerequisites', 'references', 'review'];
    let storedSteps: string[] = [];
    for (let i = 0; i < 100 && !steps.every((step) => storedSteps.includes(step)); i++) {
      storedSteps = await stored();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(storedSteps).toEqual(expect.arrayContaining(steps));
    // The session: stored with renewed false, warned two minutes before 30 minutes, renewed in one click, ended.
    expect(sessions[0]).toMatchObject({ parentModule: 'application', parentId: current.data.Id, renewed: false });
    await page.clock.fastForward('28:05');
    const dialog = page.getByRole('alertdialog', { name: at(es, 'session.warning_title') });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: at(es, 'session.renew') }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitUntil(() => sessions.some((s) => s.renewed === true && typeof s.newStartTime === 'string'));
    await page.route('https://www.example.edu/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Main site</h1>' }),
    );
    await page.clock.fastForward('30:05');
    await page.waitForURL('https://www.example.edu/');
    expect(sessions.some((s) => typeof s.endTime === 'string' && /[+-]\d{2}:\d{2}$/.test(s.endTime as string))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('women’s BA Psychology track: high school and college-level courses, no references step, resumed through /continue, both answers of the 409 dialog, then /home', async () => {
    const en = await locale('en');
    const email = 'rivka.ba@example.com';
    const first = await newUser(browser, { locale: 'en-US' });
    const page = await first.context.newPage();
    await start(page, en, {
      gender: 'female',
      program: 'BA Psychology - Social Work Track',
      semester: 'Spring 2026',
      location: 'Boro Park',
      first: 'Rivka',
      last: 'Adler',
      email,
    });
    const p1 = personal('07701');
    await fill(page, p1);
    await next(page, 2);
    const f2 = family('Adler');
    await fill(page, f2);
    await next(page, 3);
    const e3: Values = {
      highSchoolName: 'Bais Yaakov of Lakewood',
      highSchoolCityStateCountry: 'Lakewood, NJ, USA',
      highSchoolGraduationDate: '06/20/2024',
      seminary: 'Yes',
      seminaryName: 'Bnos Chava',
      seminaryCityStateCountry: 'Jerusalem, Israel',
      attendingSeminary: 'Yes',
      israelOption: 'No',
      haveYouPassedCollegeLevelOrAPCourses: 'Yes',
      'passedCollegeLevelOrAPCourses.0.name': 'AP Calculus',
      'passedCollegeLevelOrAPCourses.0.college': 'College Board',
    };
    await fill(page, e3);
    await page.getByRole('button', { name: 'Add another course' }).click();
    const row2: Values = {
      'passedCollegeLevelOrAPCourses.1.name': 'Intro Sociology',
      'passedCollegeLevelOrAPCourses.1.college': 'Touro University',
    };
    await fill(page, row2);
    await waitForSaveState(page, 'saved');
    await next(page, 4);
    await first.context.close();

    // another device: /continue, the e-mailed link, back at the step reached
    const second = await newUser(browser, { locale: 'en-US' });
    const page2 = await second.context.newPage();
    await page2.goto(`${portal.baseUrl}/continue`);
    await fill(page2, { email });
    await page2.getByRole('button', { name: at(en, 'continue.submit') }).click();
    await page2.getByTestId('continue-sent').waitFor();
    const sentText = await page2.getByTestId('continue-sent').innerText();
    // an unknown address gets the very same confirmation
    await page2.goto(`${portal.baseUrl}/continue`);
    await fill(page2, { email: 'nobody.here@example.com' });
    await page2.getByRole('button', { name: at(en, 'continue.submit') }).click();
    await page2.getByTestId('continue-sent').waitFor();
    expect((await page2.getByTestId('continue-sent').innerText()).replace('nobody.here@example.com', email)).toBe(sentText);

    const link = await mailedLink(email);
    await page2.goto(link);
    await page2.waitForURL(/\/application\/4\?token=/);
    // Saved elsewhere meanwhile (another device): my next autosave gets 409 and the dialog; "load the newer version".
    const token2 = new URL(page2.url()).searchParams.get('token')!;
    await patchElsewhere(token2, { currentlyEmployed: 'Yes', employer: 'Elsewhere Inc', jobTitle: 'Clerk' });
    await fill(page2, { currentlyEmployed: 'No' });
    const conflict = page2.getByRole('dialog', { name: at(en, 'conflict.title') });
    await conflict.waitFor();
    await conflict.getByRole('button', { name: at(en, 'conflict.load_newer') }).click();
    await conflict.waitFor({ state: 'detached' });
    await expectValues(page2, { currentlyEmployed: 'Yes', employer: 'Elsewhere Inc', jobTitle: 'Clerk' });
    const w4: Values = { currentlyEmployed: 'No' };
    await fill(page2, w4);
    await next(page2, 5);
    // …and "keep my values" saves mine over the newer version.
    await patchElsewhere(token2, { introductionToPsychologyPrerequisite: { tookCourse: 'Yes', howTaken: 'College' } });
    await fill(page2, { 'introductionToPsychologyPrerequisite.tookCourse': 'No' });
    await conflict.waitFor();
    await conflict.getByRole('button', { name: at(en, 'conflict.keep_mine') }).click();
    await conflict.waitFor({ state: 'detached' });
    await waitForSaveState(page2, 'saved');
    expect((await record(token2)).introductionToPsychologyPrerequisite).toMatchObject({ tookCourse: 'No' });
    const s5: Values = {
      'mathPrerequisite.tookCourse': 'Yes',
      'mathPrerequisite.howTaken': 'High School',
      'mathInfo.typeClass': 'AP',
      'mathInfo.completion_date': '05/15/2023',
      'introductionToPsychologyPrerequisite.tookCourse': 'No',
      'introductionToBiologyPrerequisite.tookCourse': 'No',
      'introductionToEnglishPrerequisite.tookCourse': 'In Progress',
      'introductionToEnglishPrerequisite.howTaken': 'College',
      'introductionToEnglishInfo.college': 'Other',
      'introductionToEnglishInfo.collegeOther': 'Lakewood Community College',
    };
    await fill(page2, s5);
    await next(page2, 7); // no references for this program: step 6 is skipped
    await expect(page2.locator('.step-indicator').innerText()).resolves.not.toContain(at(en, 'steps.references'));
    await page2.locator('.review').waitFor();
    await expect(page2.locator('.review').innerText()).resolves.toContain('Bais Yaakov of Lakewood');
    // Edit goes back to a step; its values are there
    await page2.getByRole('link', { name: `Edit ${at(en, 'steps.education')}` }).click();
    await page2.waitForURL(/\/application\/3\?token=/);
    await expectValues(page2, { ...e3, ...row2 });
    await page2.goto(page2.url().replace('/application/3', '/application/7'));
    await reviewAndCertify(page2, en, [...texts(p1, f2, e3, row2, s5).filter((v) => v !== 'NY'), 'New York', 'Spring 2026'], 'Rivka Adler');

    // Logged in with the same e-mail, /home lists the application with its next action: pay.
    const register = await fetch(`${portal.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Rivka',
        last_name: 'Adler',
        email,
        password: 'Str0ng-passw0rd!',
        password_confirmation: 'Str0ng-passw0rd!',
      }),
    });
    expect(register.status).toBe(201);
    const { token: bearer } = (await register.json()) as { token: string };
    await second.context.addCookies([{ name: 'token', value: bearer, url: portal.baseUrl }]);
    // the account claims applications by e-mail once the address is verified (issue 11): open the e-mailed link
    await page2.goto(await mailedLink(email, /https?:\/\/[^\s"<>]+\/email\/verify\/[A-Za-z0-9_-]+/));
    await page2.getByTestId('email-verified').waitFor();
    await page2.goto(`${portal.baseUrl}/home`);
    const item = page2.getByTestId('home-application');
    await item.waitFor();
    await expect(item.innerText()).resolves.toContain('BA in Psychology - Social Work Track'); // the label, not the key (issue 11)
    await expect(item.innerText()).resolves.toContain(at(en, 'home.statuses.draft'));
    await item.getByRole('button', { name: at(en, 'home.actions.pay') }).click();
    await page2.waitForURL(/\/application\/8\?token=/);
    expect([...first.errors, ...second.errors]).toEqual([]);
    await second.context.close();
  });
});

/** The record of an application token (GET /api/token/check). */
async function record(token: string): Promise<Record<string, unknown> & { Id: string; version: number }> {
  const answer = (await (await fetch(`${portal.baseUrl}/api/token/check?token=${encodeURIComponent(token)}`)).json()) as {
    data: Record<string, unknown> & { Id: string; version: number };
  };
  return answer.data;
}

/** Saves `changes` as another device would (PATCH with the current version). */
async function patchElsewhere(token: string, changes: Record<string, unknown>): Promise<void> {
  const current = await record(token);
  const response = await fetch(`${portal.baseUrl}/api/applications/${current.Id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'x-application-token': token },
    body: JSON.stringify({ version: current.version, ...changes }),
  });
  expect(response.status).toBe(200);
}

/** The emergency contact of a family value set. */
function f2Contact(values: Values): Record<string, string> {
  return {
    name: String(values['emergencyContact.name']),
    phone: String(values['emergencyContact.phone']),
    email: String(values['emergencyContact.email']),
    relationship: String(values['emergencyContact.relationship']),
  };
}

/** Polls `check` every 50 ms for up to 5 s. */
/** Logs the portal's admin in through the API and answers the bearer token. */
async function adminLogin(): Promise<string> {
  const answer = await fetch(`${portal.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  return ((await answer.json()) as { token: string }).token;
}

async function waitUntil(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(check()).toBe(true);
}

/** The newest continue link (or link matching `pattern`) e-mailed to `to` (from the portal's .eml files; quoted-printable decoded). */
async function mailedLink(to: string, pattern = /https?:\/\/[^\s"<>]+\/validation\?token=[A-Za-z0-9._~%-]+/): Promise<string> {
  const dir = join(portal.dataDir, 'mail');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    for (const f of files) {
      const raw = (await readFile(join(dir, f), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      if (!raw.includes(to)) continue;
      const m = pattern.exec(raw);
      if (m && /continue|link/i.test(raw)) return m[0];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail with a link to ${to}`);
}
