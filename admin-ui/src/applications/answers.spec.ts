/**
 * Show page helpers: answers grouped by the form's sections in form order, unknown fields kept
 * under "other", field labels (message keys with arguments) and values classified for display.
 */
import { describeValue, fieldLabel, groupAnswers, humanizeKey, sectionOf, type ApplicationFields } from './answers';

/** A slice of the server's registry (`GET /api/admin/application-fields`), in its shape and form order. */
const REGISTRY: ApplicationFields = {
  steps: (['personal', 'family', 'education', 'employment', 'prerequisites', 'references', 'review', 'payment'] as const).map((key, i) => ({
    number: i + 1,
    key,
  })),
  fields: [
    { name: 'firstName', step: 1 },
    { name: 'dateOfBirth', step: 1 },
    { name: 'howHeard', step: 1 },
    { name: 'fatherFirstName', step: 2 },
    { name: 'emergencyContact', step: 2 },
    { name: 'OTDCourse2', step: 5, family: { kind: 'course', table: 'OTDCourse', row: 2 } },
    { name: 'OTDCourse8', step: 5, family: { kind: 'course', table: 'OTDCourse', row: 8 } },
    { name: 'NutritionCourse4', step: 5, family: { kind: 'course', table: 'NutritionCourse', row: 4 } },
    { name: 'completedObservation', step: 5 },
    { name: 'mathPrerequisite', step: 5, family: { kind: 'subject', subject: 'math', part: 'prerequisite' } },
    { name: 'mathInfo', step: 5, family: { kind: 'subject', subject: 'math', part: 'info' } },
    {
      name: 'introductionToBiologyPrerequisite',
      step: 5,
      family: { kind: 'subject', subject: 'introductionToBiology', part: 'prerequisite' },
    },
    { name: 'thirdRecommender', step: 6 },
    { name: 'certifyAllInformation', step: 7 },
    { name: 'dateSignature', step: 7 },
    { name: 'discountCode', step: 8 },
  ],
};

describe('groupAnswers', () => {
  it("groups answers by the registry's steps in form order and keeps unknown fields under other", () => {
    const sections = groupAnswers(
      {
        howHeard: 'Friend',
        zUnknownField: 1,
        firstName: 'Sarah',
        emergencyContact: { name: 'A' },
        fatherFirstName: 'Moshe',
        OTDCourse8: {},
        OTDCourse2: {},
        mathInfo: {},
        completedObservation: { boolean: true },
        aNewThing: 'x',
        OTDCourse10: {},
        OTDCourse9: {},
        discountCode: 'SPRING25',
        dateSignature: '11/22/2026',
        missing: undefined,
      },
      REGISTRY,
    );
    expect(sections).toEqual([
      { key: 'personal', fields: ['firstName', 'howHeard'] },
      { key: 'family', fields: ['fatherFirstName', 'emergencyContact'] },
      { key: 'prerequisites', fields: ['OTDCourse2', 'OTDCourse8', 'completedObservation', 'mathInfo'] },
      { key: 'review', fields: ['dateSignature'] },
      { key: 'payment', fields: ['discountCode'] },
      { key: 'other', fields: ['aNewThing', 'OTDCourse9', 'OTDCourse10', 'zUnknownField'] },
    ]);
  });

  it('leaves out sections without answers', () => {
    expect(groupAnswers({}, REGISTRY)).toEqual([]);
  });

  it('puts every answer under other without a registry (it could not be loaded)', () => {
    expect(groupAnswers({ firstName: 'Sarah', fatherFirstName: 'Moshe' }, { steps: [], fields: [] })).toEqual([
      { key: 'other', fields: ['fatherFirstName', 'firstName'] },
    ]);
  });

  it('sectionOf answers the step key the registry gives a field, other for a field it lacks', () => {
    expect(sectionOf('NutritionCourse4', REGISTRY)).toBe('prerequisites');
    expect(sectionOf('introductionToBiologyPrerequisite', REGISTRY)).toBe('prerequisites');
    expect(sectionOf('thirdRecommender', REGISTRY)).toBe('references');
    expect(sectionOf('certifyAllInformation', REGISTRY)).toBe('review');
    expect(sectionOf('mathematicsInfo', REGISTRY)).toBe('other');
  });
});

describe('labels', () => {
  it('names plain fields by their resource message and course rows / subject halves by their family', () => {
    expect(fieldLabel('dateOfBirth', REGISTRY)).toEqual({ key: 'resources.applications.fields.dateOfBirth' });
    expect(fieldLabel('NutritionCourse4', REGISTRY)).toEqual({ key: 'app.applications.answer.course_Nutrition', args: { n: 4 } });
    expect(fieldLabel('introductionToBiologyPrerequisite', REGISTRY)).toEqual({
      key: 'app.applications.answer.subject_prerequisite',
      args: { subject: 'app.applications.subject.introductionToBiology' },
    });
    expect(fieldLabel('mathInfo', REGISTRY)).toEqual({
      key: 'app.applications.answer.subject_info',
      args: { subject: 'app.applications.subject.math' },
    });
    expect(fieldLabel('OTDCourse10', REGISTRY)).toEqual({ key: 'resources.applications.fields.OTDCourse10' });
  });

  it('humanizes keys as an English fallback', () => {
    expect(humanizeKey('fatherFirstName')).toBe('Father first name');
    expect(humanizeKey('OTDCourse3')).toBe('OTD course 3');
    expect(humanizeKey('Payment_Status')).toBe('Payment status');
    expect(humanizeKey('completion_date')).toBe('Completion date');
    expect(humanizeKey('passedCollegeLevelOrAPCoursesFiles1')).toBe('Passed college level or AP courses files 1');
  });
});

describe('describeValue', () => {
  it('classifies empties, booleans and text', () => {
    expect(describeValue(null)).toEqual({ kind: 'empty' });
    expect(describeValue('  ')).toEqual({ kind: 'empty' });
    expect(describeValue(false)).toEqual({ kind: 'boolean', value: false });
    expect(describeValue(3)).toEqual({ kind: 'text', value: '3' });
  });

  it('keeps objects with an answer and lists of non-empty rows', () => {
    expect(describeValue({ name: '', phone: null })).toEqual({ kind: 'empty' });
    expect(describeValue({ name: 'Ann', phone: '' })).toEqual({
      kind: 'object',
      entries: [
        ['name', { kind: 'text', value: 'Ann' }],
        ['phone', { kind: 'empty' }],
      ],
    });
    expect(describeValue([{ college: '', name: '' }])).toEqual({ kind: 'empty' });
    expect(
      describeValue([
        { college: 'Touro', name: '' },
        { college: '', name: '' },
      ]),
    ).toEqual({
      kind: 'list',
      items: [
        {
          kind: 'object',
          entries: [
            ['college', { kind: 'text', value: 'Touro' }],
            ['name', { kind: 'empty' }],
          ],
        },
      ],
    });
  });
});
