import { DateTime } from 'luxon';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';

/**
 * Calls the portal's API and parses the JSON answer (null for an empty body).
 * @param method HTTP method
 * @param path path below `/api`, e.g. `/applications`
 * @param body JSON body (omitted when undefined)
 * @param headers extra headers (e.g. `X-Application-Token`)
 * @param expected the status the call must answer (default 200)
 * @throws Error with the status and body when the status is not `expected`
 */
export type ApiCall = <T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
  expected?: number,
) => Promise<T>;

/** An {@link ApiCall} on the portal at `baseUrl` (e.g. `http://127.0.0.1:41234`), in English. */
export function apiClient(baseUrl: string): ApiCall {
  return async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, expected = 200): Promise<T> => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
}

/**
 * The record the server holds for the application an application or details token opens
 * (`GET /api/token/check`): the answers plus `Id`, `version`, `stepReached`…
 * @throws Error when the token check does not answer 200
 */
export async function storedRecord(api: ApiCall, token: string): Promise<Record<string, unknown>> {
  return (await api<{ data: Record<string, unknown> }>('GET', `/token/check?token=${encodeURIComponent(token)}`)).data;
}

/** A one-page US-letter PDF with `text` on it, made with pdf-lib. */
export async function makePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText(text, { x: 72, y: 700, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

/** A small PNG made with pngjs. */
export function makePng(size = 32): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 40;
    png.data[i + 1] = 90;
    png.data[i + 2] = 160;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

/** Who starts an application. */
export interface Applicant {
  firstName: string;
  lastName: string;
  email: string;
}

/** The application record fields the e2e tests read. */
export type ApplicationRecord = { Id: string; version: number; stepReached: string; status: string; referenceNumber: string };

/** Answer of `POST /api/applications`. */
export interface StartedApplication {
  token: string;
  id: string;
  data: ApplicationRecord;
}

/**
 * Starts an application (`POST /api/applications`, in `locale`, default English) for `program`'s first
 * course, or the gender's first program when `program` is not given; the first semester offered when the
 * program lists no course.
 * @throws Error when a named program is not offered to `gender`
 */
export async function startApplication(
  api: ApiCall,
  person: Applicant,
  gender: 'Male' | 'Female',
  program?: string,
  locale = 'en',
): Promise<StartedApplication> {
  const g = gender.toLowerCase();
  const programs = await api<{ name: string; courses: { semester: string; locations: string[] }[] }[]>('GET', `/programs?gender=${g}`);
  const chosen = program === undefined ? programs[0] : programs.find((p) => p.name === program);
  if (!chosen) throw new Error(`no ${program ?? 'program'} for ${g}`);
  const course = chosen.courses[0];
  const semesters = await api<{ name: string }[]>('GET', `/programs/semesters?gender=${g}`);
  return api<StartedApplication>(
    'POST',
    '/applications',
    {
      gender,
      fieldOfInterest: chosen.name,
      semester: course?.semester ?? semesters[0]!.name,
      ...(course?.locations[0] ? { location: course.locations[0] } : {}),
      ...person,
      locale,
    },
    {},
    201,
  );
}

/**
 * A men's MBA application with every answer of steps 1–7 saved through the API (a bachelor's degree,
 * two references), `stepReached` 7, not yet certified: each of steps 1–7 opens with its token.
 * @returns the application's id, token and the saved record
 */
export async function arrangeMbaAnswered(
  api: ApiCall,
  person: Applicant,
  locale = 'en',
): Promise<{ id: string; token: string; record: ApplicationRecord }> {
  const started = await startApplication(api, person, 'Male', 'MBA', locale);
  const { token, id } = started;
  const saved = await api<{ data: ApplicationRecord }>(
    'PATCH',
    `/applications/${id}`,
    {
      version: started.data.version,
      stepReached: '7',
      ...(await answersOfSteps1To4(api, 'Cohen', 'Economics')),
      firstReferenceNameAndNumber: { name: 'Dr. Ruth Stein', phone: '718-555-0102', email: 'ruth@example.com', relationship: 'Professor' },
      secondReferenceNameAndNumber: { name: 'Avi Katz', phone: '718-555-0103', email: 'avi@example.com', relationship: 'Employer' },
    },
    { 'X-Application-Token': token },
  );
  return { id, token, record: saved.data };
}

/** Answers of steps 1–4 of a man's graduate application (a bachelor's degree in `major`, not employed). */
async function answersOfSteps1To4(api: ApiCall, familyName: string, major: string): Promise<Record<string, unknown>> {
  const lists = await api<{ key: string; options: { value: string }[] }[]>('GET', '/dropdowns/');
  const first = (key: string) => lists.find((l) => l.key === key)?.options[0]?.value ?? '';
  return {
    dateOfBirth: '04/12/1998',
    addressState: first('states'),
    addressZip: '11219',
    maritalStatus: 'Single',
    cellPhone: '718-555-0100',
    fatherFirstName: 'Moshe',
    fatherLastName: familyName,
    motherFirstName: 'Rivka',
    motherLastName: familyName,
    emergencyContact: { name: `Moshe ${familyName}`, phone: '718-555-0101', email: 'moshe@example.com', relationship: 'Father' },
    bachelorCollege: 'Lander College for Men',
    bachelorDegree: 'BS',
    bachelorMajor: major,
    bachelorCompletionDate: '05/30/2024',
    currentlyEmployed: 'No',
  };
}

/**
 * A men's MSW application (references and recommendation letters) with steps 1–5 answered through the API
 * and `stepReached` 6, started in `locale` (default English): its link opens the references step, with nobody
 * named there yet.
 * @returns the application's id and token
 */
export async function arrangeMswAtReferences(api: ApiCall, person: Applicant, locale = 'en'): Promise<{ id: string; token: string }> {
  const started = await startApplication(api, person, 'Male', 'MSW', locale);
  const { token, id } = started;
  await api(
    'PATCH',
    `/applications/${id}`,
    {
      version: started.data.version,
      stepReached: '6',
      ...(await answersOfSteps1To4(api, 'Adler', 'Psychology')),
      introductionToPsychologyPrerequisite: { tookCourse: 'No' },
      introductionToBiologyPrerequisite: { tookCourse: 'No' },
    },
    { 'X-Application-Token': token },
  );
  return { id, token };
}

/**
 * A men's MBA application brought to step 8 through the API: {@link arrangeMbaAnswered}, then
 * certified and signed as `person` today (America/New_York).
 * @returns the application's id, token and the certified record
 */
export async function arrangeMbaAtPayment(
  api: ApiCall,
  person: Applicant,
  locale = 'en',
): Promise<{ id: string; token: string; record: ApplicationRecord }> {
  const { id, token, record } = await arrangeMbaAnswered(api, person, locale);
  const submitted = await api<{ data: ApplicationRecord }>(
    'POST',
    `/applications/${id}/submit`,
    {
      certifyAllInformation: true,
      fullNameSignature: `${person.firstName} ${person.lastName}`,
      dateSignature: DateTime.now().setZone('America/New_York').toFormat('MM/dd/yyyy'),
      version: record.version,
    },
    { 'X-Application-Token': token },
  );
  return { id, token, record: submitted.data };
}

/** A maintenance window scheduled through the admin API (see {@link scheduleMaintenanceNow}). */
export interface ScheduledMaintenance {
  id: number;
  /** Its end, America/New_York, whole minutes. */
  end: DateTime;
  /** Deletes the window (`DELETE /api/admin/maintenance-windows/:id`). */
  remove: () => Promise<void>;
}

/**
 * Schedules, as the admissions office would (`POST /api/admin/maintenance-windows`, Eastern wall clock,
 * whole minutes), a window in progress now: from five minutes ago to an hour from now.
 * @param admin the admin's e-mail and password
 */
export async function scheduleMaintenanceNow(api: ApiCall, admin: { email: string; password: string }): Promise<ScheduledMaintenance> {
  const login = await api<{ token: string }>('POST', '/login', admin);
  const auth = { Authorization: `Bearer ${login.token}` };
  const now = DateTime.now().setZone('America/New_York').startOf('minute');
  const from = now.minus({ minutes: 5 });
  const end = now.plus({ hours: 1 });
  const window = await api<{ id: number }>(
    'POST',
    '/admin/maintenance-windows',
    { startDate: from.toISODate(), startTime: from.toFormat('HH:mm'), endDate: end.toISODate(), endTime: end.toFormat('HH:mm') },
    auth,
    201,
  );
  return { id: window.id, end, remove: () => api('DELETE', `/admin/maintenance-windows/${window.id}`, undefined, auth) };
}

/**
 * Pays an application at step 8 through `POST /api/payments` with the built-in fake gateway's test
 * card (a token made as the applicant app's fake tokeniser makes it: last four digits, expiry, nonce).
 * @returns the `details` token the approved payment answers (opens `/details/1?token=…`)
 * @throws Error when the payment is not approved
 */
export async function payWithTestCard(api: ApiCall, id: string, token: string, cardholder: string): Promise<string> {
  const payload = { cardNumber: '1111', exp: `12/${DateTime.now().year + 2}`, nonce: crypto.randomUUID() };
  const answer = await api<Record<string, unknown> & { data?: Record<string, unknown> }>(
    'POST',
    '/payments',
    {
      applicationId: id,
      requestId: crypto.randomUUID(),
      opaqueData: { descriptor: 'FAKE.TEST.PAYMENT', value: Buffer.from(JSON.stringify(payload)).toString('base64') },
      creditCardFullName: cardholder,
      creditCardBillingZip: '11219',
    },
    { 'X-Application-Token': token },
    201,
  );
  const detailsToken = (answer.data ?? answer).detailsToken;
  if (typeof detailsToken !== 'string') throw new Error(`payment not approved: ${JSON.stringify(answer)}`);
  return detailsToken;
}

/**
 * Registers an account for `person` with `password` (`POST /api/register`, 201).
 * @returns the new account's bearer token
 */
export async function registerAccount(api: ApiCall, person: Applicant, password: string): Promise<string> {
  const registered = await api<{ token: string }>(
    'POST',
    '/register',
    { first_name: person.firstName, last_name: person.lastName, email: person.email, password, password_confirmation: password },
    {},
    201,
  );
  return registered.token;
}
