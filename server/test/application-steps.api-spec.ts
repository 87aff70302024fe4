import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { saveDraft, storedAnswers, type Draft } from './support/drafts.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

/** Server-side validation of every application step (issue 3): one DTO per step, dropdown options, conditional rules. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** Starts a women's OTD application (no listed courses: any women's semester, no location). */
async function otd(email = `otd-${Math.random().toString(36).slice(2)}@example.com`): Promise<Draft> {
  const started = await startApplication(t, {
    gender: 'Female',
    fieldOfInterest: 'OTD',
    semester: 'Fall 2026',
    location: undefined,
    firstName: 'Sarah',
    email,
  });
  return { id: started.id, token: started.token, version: started.data.version };
}

/** PATCHes a step; on 200 remembers the new version. */
const save = (draft: Draft, body: Record<string, unknown>, language = 'en') => saveDraft(t, draft, body, language);
const answers = (draft: Draft) => storedAnswers(t, draft);

describe('the record on the wire', () => {
  it('carries Id, id, referenceNumber, the time columns and the blank AP-course row by default', async () => {
    const draft = await otd();
    const check = await t.http().get('/api/token/check').query({ token: draft.token });
    expect(check.status).toBe(200);
    expect(check.body.data).toMatchObject({
      Id: draft.id,
      id: draft.id,
      referenceNumber: expect.stringMatching(/^\d{6,}$/),
      status: 'draft',
      version: 1,
      stepReached: '1',
      Payment_Status: 'Unpaid',
      semesterApplied: 'Fall 2026',
      certifiedAt: null,
      submittedAt: null,
      completedAt: null,
      passedCollegeLevelOrAPCourses: [{ college: '', name: '' }],
    });
  });
});

describe('the OpenAPI description of PATCH', () => {
  it('lists every step field, including the generated course and subject fields', async () => {
    const document = (await t.http().get('/api/docs-json')).body;
    const properties = Object.keys(document.components.schemas.SaveApplicationDto.properties);
    for (const name of [
      'version',
      'stepReached',
      'firstName',
      'SpouseCellNumber',
      'seminaryCeeb',
      'employmentType',
      'OTDCourse8',
      'MSLPCourse9',
      'NutritionCourse6',
      'completedObservation',
      'mathPrerequisite',
      'introductionToProgrammingInfo',
      'thirdRecommender',
      'creditCardBillingZip',
    ]) {
      expect(properties).toContain(name);
    }
    for (const name of ['certifyAllInformation', 'Payment_Status', 'amount', 'OTDCourse9']) expect(properties).not.toContain(name);
  });
});

describe('step 1 — personal', () => {
  it('saves good values', async () => {
    const draft = await otd();
    const response = await save(draft, {
      stepReached: '2',
      dateOfBirth: '02/14/1999',
      addressState: 'NJ',
      addressZip: '08701-1234',
      maritalStatus: 'Single',
      cellPhone: '+1 (732) 555-0100',
      howHeard: 'Social media',
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ dateOfBirth: '02/14/1999', addressState: 'NJ', howHeard: 'Social media', stepReached: '2' });
  });

  it('refuses formats (422, in the caller’s language) and stores nothing', async () => {
    const draft = await otd();
    const response = await save(draft, { dateOfBirth: '01/01/2999', cellPhone: '12', lastName: '' }, 'es');
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('VAL-001');
    expect(Object.keys(response.body.errors).sort()).toEqual(['cellPhone', 'dateOfBirth', 'lastName']);
    expect(response.body.errors.dateOfBirth[0]).toBe('Debe ser una fecha real escrita MM/DD/AAAA, no futura.');
    expect(await answers(draft)).toEqual({});
    // the ZIP is checked against the applicant's country (United States here) after the formats
    const zip = await save(draft, { addressZip: '8701' }, 'es');
    expect(zip.status).toBe(422);
    expect(zip.body.errors).toEqual({ addressZip: ['Debe ser un código postal como 11230 o 11230-1234.'] });
    expect(await answers(draft)).toEqual({});
  });

  it('checks option values against the CURRENT dropdown options (an admin’s edit applies at once)', async () => {
    const draft = await otd();
    const unknown = await save(draft, { addressState: 'ZZ', howHeard: 'Billboard' });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors).sort()).toEqual(['addressState', 'howHeard']);
    expect(unknown.body.errors.howHeard[0]).toBe('Must be one of the listed options.');

    const adminToken = await t.login();
    const lists = (await t.http().get('/api/dropdowns/')).body as {
      id: number;
      key: string;
      options: { value: string; label: string }[];
    }[];
    const howHeard = lists.find((d) => d.key === 'howHeard')!;
    const edited = [...howHeard.options.filter((o) => o.value !== 'Friend'), { value: 'Billboard', label: 'Billboard' }];
    await t.http().post(`/api/dropdowns/${howHeard.id}`).set('Authorization', `Bearer ${adminToken}`).send({ options: edited }).expect(200);
    try {
      expect((await save(draft, { howHeard: 'Billboard' })).status).toBe(200);
      const removed = await save(draft, { howHeard: 'Friend' });
      expect(removed.status).toBe(422);
      expect(Object.keys(removed.body.errors)).toEqual(['howHeard']);
    } finally {
      await t
        .http()
        .post(`/api/dropdowns/${howHeard.id}`)
        .set('Authorization', `Bearer ${adminToken}`)
        .send({ options: howHeard.options })
        .expect(200);
    }
  });

  it('never lets PATCH write the certification, fee or payment status', async () => {
    const draft = await otd();
    const response = await save(draft, {
      certifyAllInformation: true,
      fullNameSignature: 'Sarah Levi',
      dateSignature: '01/01/2026',
      amount: 0,
      lateFee: 0,
      Payment_Status: 'Paid',
      gender: 'Male',
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(
      ['Payment_Status', 'amount', 'certifyAllInformation', 'dateSignature', 'fullNameSignature', 'gender', 'lateFee'].sort(),
    );
    const row = (await t.db.query('SELECT payment_status, certified_at, answers FROM applications WHERE id = $1', [draft.id])).rows[0];
    expect(row).toEqual({ payment_status: 'Unpaid', certified_at: null, answers: {} });
  });
});

describe('step 2 — family', () => {
  it('refuses spouse fields unless the applicant is married (in the record or in the same save)', async () => {
    const draft = await otd();
    await save(draft, { maritalStatus: 'Single' });
    const refused = await save(draft, { SpouseFirstName: 'David', SpouseEmail: 'david@example.com', fatherFirstName: 'Avraham' });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['SpouseEmail', 'SpouseFirstName']);
    expect(refused.body.errors.SpouseFirstName[0]).toBe('Only asked when the marital status is Married.');
    expect(await answers(draft)).toEqual({ maritalStatus: 'Single' });

    const married = await save(draft, {
      maritalStatus: 'Married',
      SpouseFirstName: 'David',
      SpouseLastName: 'Levi',
      SpouseCellNumber: '718-555-0101',
    });
    expect(married.status).toBe(200);
    expect(married.body.data).toMatchObject({ SpouseFirstName: 'David', SpouseLastName: 'Levi' });
    // Clearing is always allowed.
    await save(draft, { maritalStatus: 'Divorced' });
    expect((await save(draft, { SpouseFirstName: '' })).status).toBe(200);
  });

  it('validates the emergency contact sub-object by dotted path', async () => {
    const draft = await otd();
    const bad = await save(draft, {
      emergencyContact: { name: 'Rivka', phone: 'call me', email: 'rivka@', relationship: 'Sister' },
      motherDeceased: 'no',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['emergencyContact.email', 'emergencyContact.phone', 'motherDeceased']);
    const good = await save(draft, {
      emergencyContact: { name: 'Rivka', phone: '718-555-0199', email: 'rivka@example.com', relationship: 'Sister' },
      motherDeceased: false,
    });
    expect(good.status).toBe(200);
    expect(good.body.data.emergencyContact).toEqual({
      name: 'Rivka',
      phone: '718-555-0199',
      email: 'rivka@example.com',
      relationship: 'Sister',
    });
  });
});

describe('step 3 — education', () => {
  it('saves high school, bachelor, seminary (with Other), Israel program and the AP-course list', async () => {
    const draft = await otd();
    const body = {
      bachelorCollege: 'Touro University',
      bachelorDegree: 'BA',
      bachelorMajor: 'Psychology',
      bachelorCompletionDate: '06/01/2027',
      seminary: 'Yes',
      seminaryName: 'Other',
      seminaryNameOther: 'Small Seminary',
      seminaryCityStateCountry: 'Jerusalem, Israel',
      seminaryCeeb: '123456',
      attendingSeminary: 'No',
      priorToSeminary: 'High school',
      israelOption: 'Yes',
      israelOptionName: 'TTI',
      israelOptionCollege: 'Touro University',
      haveYouPassedCollegeLevelOrAPCourses: 'Yes',
      passedCollegeLevelOrAPCourses: [
        { college: 'Brooklyn College', name: 'Calculus I' },
        { college: '', name: '' },
      ],
    };
    const response = await save(draft, body);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject(body);
  });

  it('refuses a bad CEEB code, an unknown program, an Other text without Other, and a too-long course name', async () => {
    const draft = await otd();
    const formats = await save(draft, {
      seminaryCeeb: '12ab',
      passedCollegeLevelOrAPCourses: [{ college: 'x', name: 'n'.repeat(201) }, { college: 3 }],
    });
    expect(formats.status).toBe(422);
    expect(Object.keys(formats.body.errors).sort()).toEqual([
      'passedCollegeLevelOrAPCourses.0.name',
      'passedCollegeLevelOrAPCourses.1.college',
      'passedCollegeLevelOrAPCourses.1.name',
      'seminaryCeeb',
    ]);
    const rules = await save(draft, {
      seminaryName: 'Bnos Chava',
      seminaryNameOther: 'Typed',
      israelOptionName: 'Yeshiva U',
      seminary: 'Maybe',
    });
    expect(rules.status).toBe(422);
    expect(Object.keys(rules.body.errors).sort()).toEqual(['israelOptionName', 'seminary', 'seminaryNameOther']);
    expect(rules.body.errors.seminaryNameOther[0]).toBe('Only asked when “Other” is chosen.');
  });
});

describe('step 4 — employment', () => {
  it('accepts employment details only when currently employed', async () => {
    const draft = await otd();
    const refused = await save(draft, { employer: 'Acme', jobTitle: 'Clerk' });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['employer', 'jobTitle']);
    expect(refused.body.errors.employer[0]).toBe('Only asked when you are currently employed.');
    const employed = await save(draft, {
      currentlyEmployed: 'Yes',
      employer: 'Acme',
      jobTitle: 'Clerk',
      employmentDate: '09/01/2020',
      employmentType: 'Part time',
    });
    expect(employed.status).toBe(200);
    expect(employed.body.data).toMatchObject({ currentlyEmployed: 'Yes', employer: 'Acme', employmentType: 'Part time' });
  });

  it('refuses a future start date and an unknown employment type', async () => {
    const draft = await otd();
    const response = await save(draft, { currentlyEmployed: 'Yes', employmentDate: '09/01/2999', employmentType: 'Contract' });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['employmentDate']);
    const option = await save(draft, { currentlyEmployed: 'Yes', employmentType: 'Contract' });
    expect(Object.keys(option.body.errors)).toEqual(['employmentType']);
  });
});

describe('step 5 — prerequisites', () => {
  it('saves course entries, the observation and a subject with its info object', async () => {
    const draft = await otd();
    const body = {
      OTDCourse3: { status: 'Completed', college: 'Touro University', completion_date: '05/30/2024' },
      MSLPCourse9: { status: 'Scheduled to take', college: 'Brooklyn College', completion_date: '01/15/2027' },
      NutritionCourse6: { status: 'Currently taking', college: 'Queens College' },
      completedObservation: { boolean: true, when: '03/01/2025' },
      mathPrerequisite: { tookCourse: 'Yes', howTaken: 'Exam' },
      mathInfo: { examTaken: 'Other', examTakenOther: 'Regents', completion_date: '06/20/2019' },
    };
    const response = await save(draft, body);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject(body);
  });

  it('names nested errors by dotted path, refuses OTDCourse9 and unknown options', async () => {
    const draft = await otd();
    const formats = await save(draft, {
      OTDCourse3: { status: 'Completed', completion_date: '13/01/2020' },
      OTDCourse9: { status: 'Completed' },
      completedObservation: { boolean: 'yes' },
    });
    expect(formats.status).toBe(422);
    expect(Object.keys(formats.body.errors).sort()).toEqual(['OTDCourse3.completion_date', 'OTDCourse9', 'completedObservation.boolean']);
    const options = await save(draft, {
      OTDCourse1: { status: 'Done' },
      mathPrerequisite: { tookCourse: 'Yes', howTaken: 'Osmosis' },
      mathInfo: { examTaken: 'SAT', college: 'Touro University', collegeOther: 'x' },
    });
    expect(options.status).toBe(422);
    expect(Object.keys(options.body.errors).sort()).toEqual([
      'OTDCourse1.status',
      'mathInfo.collegeOther',
      'mathInfo.examTaken',
      'mathPrerequisite.howTaken',
    ]);
  });
});

describe('step 6 — references and recommenders', () => {
  it('saves the {name, phone, email, relationship} objects and validates each part', async () => {
    const draft = await otd();
    const person = { name: 'Dr. Cohen', phone: '212-555-0110', email: 'cohen@example.edu', relationship: 'Professor' };
    const good = await save(draft, { firstReferenceNameAndNumber: person, secondRecommender: person, thirdRecommender: null });
    expect(good.status).toBe(200);
    expect(good.body.data).toMatchObject({ firstReferenceNameAndNumber: person, secondRecommender: person });
    const bad = await save(draft, {
      firstRecommender: { ...person, email: 'not-mail', name: 'x'.repeat(101) },
      firstReferenceStatus: 'Received',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['firstRecommender.email', 'firstRecommender.name', 'firstReferenceStatus']);
  });
});

describe('step 8 — payment form fields', () => {
  it('saves the card holder name, billing zip and discount code; refuses a bad zip', async () => {
    const draft = await otd();
    expect((await save(draft, { creditCardFullName: 'Sarah Levi', creditCardBillingZip: '11230', discountCode: 'WELCOME' })).status).toBe(
      200,
    );
    const bad = await save(draft, { creditCardBillingZip: 'ABCDE' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['creditCardBillingZip']);
  });
});
