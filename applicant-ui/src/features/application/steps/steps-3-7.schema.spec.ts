import { toApiValue } from '../autosave/patch';
import { createEducationSchema, educationDraftSchema, educationFromRecord, educationSections } from './education/education.schema';
import { employmentFromRecord, employmentSchema } from './employment/employment.schema';
import { createPrerequisitesSchema, prerequisiteSections, prerequisitesFromRecord } from './prerequisites/prerequisites.schema';
import { createReferencesSchema, referencesFromRecord } from './references/references.schema';
import { createCertifySchema, signatureMatchesName } from './review/review.schema';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('education (step 3)', () => {
  const shown = educationSections(['highSchool', 'seminary', 'israelProgram', 'collegeLevelCourses'], ['seminary']);

  it('starts the college-level course list with one blank row', () => {
    expect(educationFromRecord({}).passedCollegeLevelOrAPCourses).toEqual([{ college: '', name: '' }]);
    expect(
      educationFromRecord({ passedCollegeLevelOrAPCourses: [{ college: 'CLEP', name: 'Calculus' }] }).passedCollegeLevelOrAPCourses,
    ).toEqual([{ college: 'CLEP', name: 'Calculus' }]);
  });

  it('requires the shown sections and the conditional answers', () => {
    const values = {
      ...educationFromRecord({}),
      seminary: 'Yes',
      seminaryName: 'Other',
      israelOption: 'Yes',
      haveYouPassedCollegeLevelOrAPCourses: 'Yes',
    };
    expect(issues(createEducationSchema(shown).safeParse(values))).toEqual(
      expect.arrayContaining([
        'highSchoolName:validation.required',
        'highSchoolGraduationDate:validation.date_required',
        'seminaryNameOther:validation.required',
        'attendingSeminary:validation.choose',
        'israelOptionName:validation.choose',
        'passedCollegeLevelOrAPCourses.0.name:validation.required',
      ]),
    );
    expect(issues(createEducationSchema(shown).safeParse(values)).some((i) => i.startsWith('bachelor'))).toBe(false);
  });

  /** A complete step 3 for `shown`, the Israel-program question unanswered. */
  const complete = {
    ...educationFromRecord({}),
    highSchoolName: 'Bais Yaakov',
    highSchoolCityStateCountry: 'Brooklyn, NY, USA',
    highSchoolGraduationDate: '06/15/2020',
    seminary: 'No',
    haveYouPassedCollegeLevelOrAPCourses: 'No',
  };

  it('accepts a complete step and checks CEEB and date formats while drafting', () => {
    const ok = { ...complete, israelOption: 'No' };
    expect(issues(createEducationSchema(shown).safeParse(ok))).toEqual([]);
    expect(educationDraftSchema.shape.seminaryCeeb!.safeParse('12').success).toBe(false);
    expect(educationDraftSchema.shape.seminaryCeeb!.safeParse('123456').success).toBe(true);
    expect(educationDraftSchema.shape.highSchoolGraduationDate!.safeParse('2020-06-15').success).toBe(false);
  });

  it('asks the Israel-program question only when the server rule set does (not for this program)', () => {
    expect(issues(createEducationSchema(shown).safeParse(complete))).toEqual([]);
    expect(issues(createEducationSchema(shown).safeParse({ ...complete, israelOption: 'Yes' }))).toEqual([
      'israelOptionName:validation.choose',
    ]);
  });

  it('drops blank list rows when saving', () => {
    expect(
      toApiValue([
        { college: ' ', name: '' },
        { college: 'Touro', name: 'Bio' },
      ]),
    ).toEqual([{ college: 'Touro', name: 'Bio' }]);
  });
});

describe('employment (step 4)', () => {
  it('asks the details only when employed, dates MM/DD/YYYY not in the future', () => {
    expect(employmentSchema.safeParse({ ...employmentFromRecord({}), currentlyEmployed: 'No' }).success).toBe(true);
    const r = employmentSchema.safeParse({ ...employmentFromRecord({}), currentlyEmployed: 'Yes', employmentDate: '01/01/2999' });
    expect(issues(r)).toEqual(
      expect.arrayContaining(['employer:validation.required', 'employmentDate:validation.date', 'employmentType:validation.choose']),
    );
  });
});

describe('prerequisites (step 5)', () => {
  it('reads course tables and subjects from the requirements', () => {
    const shown = prerequisiteSections(
      ['OTDCourses', 'observation', 'prerequisiteSubjects'],
      ['OTDCourse1.status', 'mathPrerequisite.tookCourse'],
    );
    expect(shown).toEqual({ tables: ['OTDCourse'], requiredTables: ['OTDCourse'], subjects: ['math'], observation: true });
  });

  it('requires every row of a required table, the college of a completed course and the observation date', () => {
    const shown = prerequisiteSections(['OTDCourses', 'observation'], ['OTDCourse1.status']);
    const values = prerequisitesFromRecord({ OTDCourse4: { status: 'Completed' }, completedObservation: { boolean: true } });
    const found = issues(createPrerequisitesSchema(shown).safeParse(values));
    expect(found).toEqual(
      expect.arrayContaining([
        'OTDCourse1.status:validation.choose',
        'OTDCourse4.college:validation.required',
        'OTDCourse4.completion_date:validation.date_required',
        'completedObservation.when:validation.date_required',
      ]),
    );
    expect(found.some((i) => i.startsWith('OTDCourse4.status'))).toBe(false);
  });

  it('follows how a subject was taken', () => {
    const shown = prerequisiteSections(['prerequisiteSubjects'], ['mathPrerequisite.tookCourse']);
    const values = prerequisitesFromRecord({ mathPrerequisite: { tookCourse: 'Yes', howTaken: 'Exam' }, mathInfo: { examTaken: 'Other' } });
    expect(issues(createPrerequisitesSchema(shown).safeParse(values))).toEqual(
      expect.arrayContaining(['mathInfo.examTakenOther:validation.required', 'mathInfo.completion_date:validation.date_required']),
    );
  });
});

describe('references (step 6)', () => {
  it('requires both references and the first two recommenders', () => {
    const found = issues(createReferencesSchema({ references: true, recommenders: true }).safeParse(referencesFromRecord({})));
    expect(found).toEqual(
      expect.arrayContaining([
        'firstReferenceNameAndNumber.phone:validation.phone_required',
        'secondRecommender.email:validation.email_required',
      ]),
    );
    expect(found.some((i) => i.startsWith('thirdRecommender'))).toBe(false);
  });
});

describe('certify (step 7)', () => {
  it('matches the signature case- and space-insensitively', () => {
    expect(signatureMatchesName('  ana   DIAZ ', 'Ana', 'Diaz')).toBe(true);
    expect(signatureMatchesName('Ana Díaz', 'Ana', 'Diaz')).toBe(false);
  });
  it('needs the box, a matching signature and a real date', () => {
    const r = createCertifySchema('Ana', 'Diaz').safeParse({
      certifyAllInformation: false,
      fullNameSignature: 'Ann Diaz',
      dateSignature: '02/30/2026',
    });
    expect(issues(r).sort()).toEqual([
      'certifyAllInformation:validation.certify',
      'dateSignature:validation.date',
      'fullNameSignature:validation.signature_mismatch',
    ]);
  });
});
