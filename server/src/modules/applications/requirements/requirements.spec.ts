import { describe, expect, it } from '@jest/globals';
import { ADMISSION_CATALOGUE_SEED as CATALOGUE } from '../../../../../migrations/seed/admission-catalogue.seed.js';
import type { Gender } from '../../programs/program.entity.js';
import { computeRequirements, missingFields, type RequirementsInput } from './requirements.js';

/** Rule-set input for a catalogue program with the given answers. */
function input(gender: Gender, name: string, answers: Record<string, unknown> = {}): RequirementsInput {
  const entry = CATALOGUE.find((e) => e.gender === gender && e.name === name);
  if (!entry) throw new Error(`no ${gender} program ${name}`);
  return {
    gender: gender === 'female' ? 'Female' : 'Male',
    fieldOfInterest: entry.name,
    program: entry.program,
    flags: entry.flags,
    answers: { firstName: 'A', lastName: 'B', ...answers },
  };
}

const range = (prefix: string, n: number, suffix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}${suffix}`);

describe('requirements rule set: a women’s graduate program with prerequisite courses (OTD)', () => {
  const otd = computeRequirements(input('female', 'OTD'));

  it('applies every step, with the OTD course table and observation', () => {
    expect(otd.steps).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(otd.sections).toEqual(
      expect.arrayContaining(['bachelor', 'OTDCourses', 'observation', 'recommenders', 'seminary', 'gre', 'essay']),
    );
    expect(otd.sections).not.toContain('MSLPCourses');
    expect(otd.sections).not.toContain('highSchool');
  });

  it('requires the status of all 8 OTD courses, the observation, the bachelor and two recommenders', () => {
    expect(otd.requiredFields).toEqual(expect.arrayContaining(range('OTDCourse', 8, '.status')));
    expect(otd.requiredFields).toEqual(
      expect.arrayContaining([
        'completedObservation.boolean',
        'bachelorCollege',
        'seminary',
        'firstRecommender.email',
        'secondRecommender.name',
      ]),
    );
    expect(otd.requiredFields).not.toContain('OTDCourse9.status');
    expect(otd.requiredFields).not.toContain('firstReferenceNameAndNumber.name');
  });

  it('asks college and completion date of a completed course, and the observation date when observed', () => {
    const answered = computeRequirements(
      input('female', 'OTD', {
        OTDCourse3: { status: 'Completed' },
        OTDCourse5: { status: 'Currently taking' },
        completedObservation: { boolean: true },
      }),
    );
    expect(answered.requiredFields).toEqual(
      expect.arrayContaining(['OTDCourse3.college', 'OTDCourse3.completion_date', 'OTDCourse5.college', 'completedObservation.when']),
    );
    expect(answered.requiredFields).not.toContain('OTDCourse5.completion_date');
    expect(otd.requiredFields).not.toContain('OTDCourse3.completion_date');
  });

  it('requires the graduate documents plus the clinical essay, and statistics once OTDCourse4 is completed', () => {
    expect(otd.attachmentSlots).toEqual(
      expect.arrayContaining(['picture', 'undergraduateTranscript', 'gre', 'essay', 'ClinicalEssay', 'personalStatement', 'resume']),
    );
    // the letters of recommendation are the recommenders' to send, never the applicant's uploads (issue 24)
    expect(otd.recommenderSlots).toEqual(['firstLetterOfRecommendation', 'secondLetterOfRecommendation']);
    expect(otd.attachmentSlots).not.toContain('firstLetterOfRecommendation');
    expect(otd.attachmentSlots).not.toContain('hsTranscript');
    expect(otd.attachmentSlots).not.toContain('statistics');
    expect(computeRequirements(input('female', 'OTD', { OTDCourse4: { status: 'Completed' } })).attachmentSlots).toContain('statistics');
  });
});

describe('requirements rule set: Master of Speech-Language Pathology', () => {
  it('requires the 9 MSLP courses and the speech documents of completed courses', () => {
    const mslp = computeRequirements(input('female', 'Master of Speech-Language Pathology', { MSLPCourse2: { status: 'Completed' } }));
    expect(mslp.requiredFields).toEqual(expect.arrayContaining(range('MSLPCourse', 9, '.status')));
    expect(mslp.requiredFields).not.toContain('OTDCourse1.status');
    expect(mslp.attachmentSlots).toContain('audiology');
    expect(mslp.attachmentSlots).not.toContain('phonetics');
    expect(mslp.steps).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('requirements rule set: a men’s graduate program (MSW)', () => {
  const msw = computeRequirements(input('male', 'MSW'));

  it('asks references and recommenders (step 6) and the psychology and biology prerequisites (step 5)', () => {
    expect(msw.steps).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(msw.requiredFields).toEqual(
      expect.arrayContaining([
        'firstReferenceNameAndNumber.name',
        'secondReferenceNameAndNumber.phone',
        'firstRecommender.email',
        'introductionToPsychologyPrerequisite.tookCourse',
        'introductionToBiologyPrerequisite.tookCourse',
        'bachelorCompletionDate',
      ]),
    );
    expect(msw.requiredFields).not.toContain('mathPrerequisite.tookCourse');
  });

  it('does not require the seminary question of a man, nor any course table', () => {
    expect(msw.requiredFields).not.toContain('seminary');
    expect(msw.requiredFields.some((f) => /Course\d/.test(f))).toBe(false);
  });

  it('requires the reference and recommendation letters', () => {
    expect(msw.attachmentSlots).toEqual(
      expect.arrayContaining(['firstLetterOfReference', 'secondLetterOfReference', 'resume', 'personalStatement']),
    );
    expect(msw.recommenderSlots).toEqual(['firstLetterOfRecommendation', 'secondLetterOfRecommendation']);
    expect(msw.attachmentSlots).not.toEqual(expect.arrayContaining(['firstLetterOfRecommendation']));
    expect(msw.attachmentSlots).not.toContain('secondLetterOfRecommendation');
    expect(msw.attachmentSlots).not.toContain('gre');
  });
});

describe('requirements rule set: a women’s bachelor track (BA Psychology – Data Science)', () => {
  const ds = computeRequirements(input('female', 'BA Psychology - Data Science Track'));

  it('skips the references step and asks high school, AP courses and the subject prerequisites', () => {
    expect(ds.steps).toEqual([1, 2, 3, 4, 5, 7, 8]);
    expect(ds.sections).toEqual(expect.arrayContaining(['highSchool', 'collegeLevelCourses', 'prerequisiteSubjects']));
    expect(ds.requiredFields).toEqual(
      expect.arrayContaining([
        'highSchoolName',
        'highSchoolGraduationDate',
        'haveYouPassedCollegeLevelOrAPCourses',
        'mathPrerequisite.tookCourse',
        'introductionToProgrammingPrerequisite.tookCourse',
        'seminary',
      ]),
    );
    expect(ds.requiredFields).not.toContain('bachelorCollege');
    expect(ds.attachmentSlots).toEqual(['picture', 'hsTranscript']);
  });

  it('follows how a subject was taken: college (and its Other text), exam, completion date and proof', () => {
    const r = computeRequirements(
      input('female', 'BA Psychology - Data Science Track', {
        mathPrerequisite: { tookCourse: 'Yes', howTaken: 'College' },
        mathInfo: { college: 'Other' },
        introductionToEnglishPrerequisite: { tookCourse: 'In Progress', howTaken: 'Exam' },
        introductionToBiologyPrerequisite: { tookCourse: 'No' },
        haveYouPassedCollegeLevelOrAPCourses: 'Yes',
        passedCollegeLevelOrAPCourses: [
          { college: 'Touro University', name: 'Calculus' },
          { college: 'Brooklyn College', name: 'Chemistry' },
        ],
      }),
    );
    expect(r.requiredFields).toEqual(
      expect.arrayContaining([
        'mathPrerequisite.howTaken',
        'mathInfo.college',
        'mathInfo.collegeOther',
        'mathInfo.completion_date',
        'introductionToEnglishInfo.examTaken',
        'passedCollegeLevelOrAPCourses',
      ]),
    );
    expect(r.requiredFields).not.toContain('introductionToEnglishInfo.completion_date');
    expect(r.requiredFields).not.toContain('introductionToBiologyPrerequisite.howTaken');
    expect(r.attachmentSlots).toEqual([
      'picture',
      'passedCollegeLevelOrAPCoursesFiles1',
      'passedCollegeLevelOrAPCoursesFiles2',
      'math',
      'hsTranscript',
    ]);
  });
});

describe('requirements rule set: prerequisite course sets', () => {
  it('Nutrition prerequisites show the nutrition table (optional), require the bachelor, and have no references step', () => {
    const r = computeRequirements(input('female', 'Nutrition Prereq Courses'));
    expect(r.steps).toEqual([1, 2, 3, 4, 5, 7, 8]);
    expect(r.sections).toContain('NutritionCourses');
    expect(r.requiredFields.some((f) => f.startsWith('NutritionCourse'))).toBe(false);
    expect(r.requiredFields).toContain('bachelorCollege');
  });

  it('MS Nutrition requires the 6 nutrition courses', () => {
    const r = computeRequirements(input('female', 'MS Nutrition'));
    expect(r.requiredFields).toEqual(expect.arrayContaining(range('NutritionCourse', 6, '.status')));
    expect(r.requiredFields).not.toContain('NutritionCourse7.status');
  });

  it('Medical prerequisites (men) skip steps 5 and 6', () => {
    const r = computeRequirements(input('male', 'Medical Prereq Courses'));
    expect(r.steps).toEqual([1, 2, 3, 4, 7, 8]);
  });

  it('MBA (no prerequisites) applies steps 1–4 and 6–8, as in contract 2', () => {
    expect(computeRequirements(input('female', 'MBA')).steps).toEqual([1, 2, 3, 4, 6, 7, 8]);
  });

  it('the ABA certificate requires the master’s degree and the graduate transcript', () => {
    const r = computeRequirements(input('male', 'ABA Advance Certificate'));
    expect(r.requiredFields).toEqual(expect.arrayContaining(['masterCollege', 'masterMajor']));
    expect(r.attachmentSlots).toContain('graduateTranscript');
  });
});

describe('requirements rule set: conditional answers', () => {
  it('requires the spouse only when married, the employment details only when employed, the seminary details only after Yes', () => {
    const plain = computeRequirements(input('female', 'MSW'));
    expect(plain.requiredFields).not.toContain('SpouseFirstName');
    expect(plain.requiredFields).not.toContain('employer');
    expect(plain.requiredFields).not.toContain('seminaryName');
    const r = computeRequirements(
      input('female', 'MSW', {
        maritalStatus: 'Married',
        currentlyEmployed: 'Yes',
        seminary: 'Yes',
        seminaryName: 'Other',
        israelOption: 'Yes',
      }),
    );
    expect(r.sections).toContain('spouse');
    expect(r.requiredFields).toEqual(
      expect.arrayContaining([
        'SpouseFirstName',
        'SpouseLastName',
        'employer',
        'jobTitle',
        'employmentDate',
        'employmentType',
        'seminaryName',
        'seminaryNameOther',
        'israelOptionName',
      ]),
    );
    expect(r.attachmentSlots).toContain('seminary');
  });

  it('lists each missing field with its step', () => {
    const r = computeRequirements(input('female', 'OTD'));
    const missing = missingFields(r, {
      firstName: 'A',
      lastName: 'B',
      emergencyContact: { name: 'C', phone: '' },
      OTDCourse1: { status: 'Completed' },
      fatherDeceased: false,
    });
    expect(missing).toEqual(
      expect.arrayContaining([
        { field: 'dateOfBirth', step: 1 },
        { field: 'emergencyContact.phone', step: 2 },
        { field: 'bachelorCollege', step: 3 },
        { field: 'currentlyEmployed', step: 4 },
        { field: 'OTDCourse2.status', step: 5 },
        { field: 'firstRecommender.name', step: 6 },
        { field: 'fullNameSignature', step: 7 },
      ]),
    );
    expect(missing.map((m) => m.field)).not.toContain('firstName');
    expect(missing.map((m) => m.field)).not.toContain('emergencyContact.name');
    expect(missing.map((m) => m.field)).not.toContain('OTDCourse1.status');
  });
});
