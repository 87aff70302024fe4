import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AddressCountry1764021000000 } from '../../migrations/1764021000000-address-country.js';
import { parseCsv, requestExport } from './support/csv.js';
import { officeToday, saveDraft, startMba, storedAnswers, type Draft } from './support/drafts.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 11 item 2 "applicants from anywhere": step 1's address and phone follow `addressCountry` — US
 * state + ZIP; elsewhere a region and the country's postal code (postcode-validator); phones stored as
 * E.164 (libphonenumber-js); the one rule set requires per country; the admin list and CSV name the
 * country; existing records migrate to United States where they have a US state.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** Starts a men's MBA application for Moshe Levi (steps 1–4 and 6–8). */
const mba = () => startMba(t);
const save = (draft: Draft, body: Record<string, unknown>, language = 'en') => saveDraft(t, draft, body, language);

function submit(draft: Draft) {
  return t
    .http()
    .post(`/api/applications/${draft.id}/submit`)
    .set('X-Application-Token', draft.token)
    .send({ certifyAllInformation: true, fullNameSignature: 'Moshe Levi', dateSignature: officeToday(), version: draft.version });
}

const answers = (draft: Draft) => storedAnswers(t, draft);

/** The console's Applications list (first 1,000), as the admin `token` reads it. */
async function adminList(token: string): Promise<{ id: string; addressCountry: string; mailingAddress: string | null }[]> {
  const list = await t
    .http()
    .get('/api/admin/applications')
    .set('Authorization', `Bearer ${token}`)
    .query({ range: JSON.stringify([0, 999]) });
  expect(list.status).toBe(200);
  return list.body;
}

/** Every answer of the men's MBA except the address and the cell phone. */
const REST_OF_MBA = {
  dateOfBirth: '02/14/1995',
  maritalStatus: 'Single',
  fatherFirstName: 'Avraham',
  fatherLastName: 'Levi',
  motherFirstName: 'Sarah',
  motherLastName: 'Levi',
  emergencyContact: { name: 'Rivka Levi', phone: '718-555-0199', relationship: 'Sister' },
  bachelorCollege: 'Lander College for Men',
  bachelorDegree: 'BS',
  bachelorCompletionDate: '05/30/2019',
  currentlyEmployed: 'No',
  firstReferenceNameAndNumber: { name: 'Rabbi Katz', phone: '718-555-0120', relationship: 'Teacher' },
  secondReferenceNameAndNumber: { name: 'Mr. Gold', phone: '718-555-0130', relationship: 'Manager' },
};

describe('an applicant outside the United States', () => {
  it('in Toronto: saves country, province and postal code, stores the phone as E.164, and certifies without a US state', async () => {
    const draft = await mba();
    const saved = await save(draft, {
      addressCountry: 'Canada',
      addressRegion: 'Ontario',
      addressZip: 'M5V 3L9',
      cellPhone: '(416) 555-0199',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      addressCountry: 'Canada',
      addressRegion: 'Ontario',
      addressZip: 'M5V 3L9',
      cellPhone: '+14165550199',
    });
    expect(await answers(draft)).toMatchObject({ addressCountry: 'Canada', cellPhone: '+14165550199' });
    expect((await answers(draft)).addressState).toBeUndefined();

    const requirements = await t.http().get(`/api/applications/${draft.id}/requirements`).set('X-Application-Token', draft.token);
    expect(requirements.body.requiredFields).toContain('addressZip');
    expect(requirements.body.requiredFields).not.toContain('addressState');

    expect((await save(draft, { stepReached: '7', ...REST_OF_MBA })).status).toBe(200);
    const certified = await submit(draft);
    expect(certified.status).toBe(200);
    expect(certified.body.data).toMatchObject({ certifyAllInformation: true, addressCountry: 'Canada' });
  });

  it('in Haifa: an Israeli postal code and a national mobile number (stored +972…)', async () => {
    const draft = await mba();
    const saved = await save(draft, {
      addressCountry: 'Israel',
      addressRegion: 'Haifa District',
      addressZip: '3303101',
      cellPhone: '050-123-4567',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ addressZip: '3303101', cellPhone: '+972501234567' });
  });

  it('refuses a postal code that is not the country’s (422 naming the country, in the caller’s language) and stores nothing', async () => {
    const draft = await mba();
    const response = await save(draft, { addressCountry: 'Canada', addressZip: '12345' });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('VAL-001');
    expect(response.body.errors).toEqual({ addressZip: ['Not a valid postal code for Canada.'] });
    expect(await answers(draft)).toEqual({});

    const spanish = await save(draft, { addressCountry: 'Canada', addressZip: '12345' }, 'es');
    expect(spanish.body.errors.addressZip).toEqual(['No es un código postal válido para Canada.']);
  });

  it('refuses a US ZIP that is not one, a phone that is no number of the country, and a US state outside the US', async () => {
    const draft = await mba();
    const us = await save(draft, { addressZip: '8701' });
    expect(us.status).toBe(422);
    expect(us.body.errors).toEqual({ addressZip: ['Must be a ZIP code such as 11230 or 11230-1234.'] });

    const wrong = await save(draft, { addressCountry: 'Israel', addressState: 'NY', cellPhone: '050-123-456' });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['addressState', 'cellPhone']);
    expect(wrong.body.errors.cellPhone[0]).toMatch(/^Not a valid phone number for Israel\./);
  });

  it('accepts a number of another country written with +, and re-checks the postal code at submit after a country change', async () => {
    const draft = await mba();
    expect((await save(draft, { addressState: 'NY', addressZip: '11230', cellPhone: '+44 20 7946 0958', ...REST_OF_MBA })).status).toBe(
      200,
    );
    expect((await answers(draft)).cellPhone).toBe('+442079460958');
    // the country changes; the stale US ZIP is not a Canadian postal code, so certification is refused on it
    expect((await save(draft, { addressCountry: 'Canada', addressState: null, stepReached: '7' })).status).toBe(200);
    const refused = await submit(draft);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ addressZip: ['Not a valid postal code for Canada.'] });
    expect((await save(draft, { addressZip: 'K1A 0B1' })).status).toBe(200);
    expect((await submit(draft)).status).toBe(200);
  });

  it('a country without postal codes requires none', async () => {
    const draft = await mba();
    expect((await save(draft, { addressCountry: 'United Arab Emirates', addressRegion: 'Dubai' })).status).toBe(200);
    const requirements = await t.http().get(`/api/applications/${draft.id}/requirements`).set('X-Application-Token', draft.token);
    expect(requirements.body.requiredFields).not.toContain('addressZip');
    expect(requirements.body.requiredFields).not.toContain('addressState');
  });

  it('refuses a country that is not in the countries list', async () => {
    const draft = await mba();
    const response = await save(draft, { addressCountry: 'Atlantis' });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['addressCountry']);
  });
});

describe('the admin list and the CSV', () => {
  it('name the applicant’s country (United States when none is given)', async () => {
    const abroad = await mba();
    expect((await save(abroad, { addressCountry: 'Canada' })).status).toBe(200);
    const home = await mba();
    const adminToken = await t.login();
    const byId = new Map((await adminList(adminToken)).map((a) => [a.id, a.addressCountry]));
    expect(byId.get(abroad.id)).toBe('Canada');
    expect(byId.get(home.id)).toBe('United States');

    const rows = parseCsv(((await requestExport(t, adminToken, {})).body as string).slice(1));
    const column = rows[0]!.indexOf('addressCountry');
    expect(column).toBeGreaterThan(0);
    expect(rows.find((r) => r[1] === abroad.id)?.[column]).toBe('Canada');
  });
});

describe('a full mailing address (issue 27 item 4)', () => {
  const street = { addressLine1: 'Av. Paseo de la Reforma 222', addressLine2: 'Piso 3', addressCity: 'Ciudad de México' };

  it('saves street lines and city, shows them laid out for the country in the admin list and the CSV', async () => {
    const draft = await mba();
    const saved = await save(draft, { ...street, addressCountry: 'Mexico', addressRegion: 'CDMX', addressZip: '06600' });
    expect(saved.status).toBe(200);
    expect(await answers(draft)).toMatchObject(street);
    const adminToken = await t.login();
    const row = (await adminList(adminToken)).find((a) => a.id === draft.id)!;
    expect(row.mailingAddress).toBe('Av. Paseo de la Reforma 222, Piso 3\n06600 Ciudad de México, CDMX\nMexico');
    const rows = parseCsv(((await requestExport(t, adminToken, {})).body as string).slice(1));
    const column = rows[0]!.indexOf('mailingAddress');
    expect(rows.find((r) => r[1] === draft.id)?.[column]).toBe(row.mailingAddress);
  });

  it('refuses a street line longer than 200 characters (422) and keeps the earlier one', async () => {
    const draft = await mba();
    expect((await save(draft, { addressLine1: '1 Main St' })).status).toBe(200);
    const refused = await save(draft, { addressLine1: 'x'.repeat(201) });
    expect([refused.status, refused.body.code]).toEqual([422, 'VAL-001']);
    expect(refused.body.errors.addressLine1).toEqual(expect.any(Array));
    expect(await answers(draft)).toMatchObject({ addressLine1: '1 Main St' });
  });

  it('is required only where the office mails to applicants (MAILING_ADDRESS_REQUIRED)', async () => {
    const requiredOf = async (app: TestApp) => {
      const draft = await startMba(app);
      const answer = await app.http().get(`/api/applications/${draft.id}/requirements`).set('X-Application-Token', draft.token);
      return answer.body.requiredFields as string[];
    };
    expect(await requiredOf(t)).not.toContain('addressLine1');
    const mailing = await createTestApp({ MAILING_ADDRESS_REQUIRED: 'true' }, { sameDatabaseAs: t });
    try {
      const required = await requiredOf(mailing);
      expect(required).toEqual(expect.arrayContaining(['addressLine1', 'addressCity']));
      expect(required).not.toContain('addressLine2');
    } finally {
      await mailing.close();
    }
  });
});

describe('existing records (migration)', () => {
  it('gain addressCountry = United States where a US state is present, and nothing else changes', async () => {
    const withState = await mba();
    const without = await mba();
    const abroad = await mba();
    await t.db.query(`UPDATE applications SET answers = '{"addressState": "NY", "addressZip": "11230"}' WHERE id = $1`, [withState.id]);
    await t.db.query(`UPDATE applications SET answers = '{"maritalStatus": "Single"}' WHERE id = $1`, [without.id]);
    await t.db.query(`UPDATE applications SET answers = '{"addressCountry": "Canada", "addressZip": "K1A 0B1"}' WHERE id = $1`, [
      abroad.id,
    ]);
    await new AddressCountry1764021000000().up({ query: (sql: string) => t.db.query(sql) } as never);
    expect(await answers(withState)).toEqual({ addressState: 'NY', addressZip: '11230', addressCountry: 'United States' });
    expect(await answers(without)).toEqual({ maritalStatus: 'Single' });
    expect(await answers(abroad)).toEqual({ addressCountry: 'Canada', addressZip: 'K1A 0B1' });
  });
});
