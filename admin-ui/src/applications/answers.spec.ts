/**
 * Show page helpers: answers grouped by the form's sections in form order, unknown fields kept
 * under "other", field labels (message keys with arguments) and values classified for display.
 */
import { describeValue, fieldLabel, groupAnswers, humanizeKey, sectionOf } from './answers';

describe('groupAnswers', () => {
  it('groups spec §3 fields by step in form order and keeps unknown fields under other', () => {
    const sections = groupAnswers({
      howHeard: 'Friend',
      zUnknownField: 1,
      firstName: 'Sarah',
      emergencyContact: { name: 'A' },
      fatherFirstName: 'Moshe',
      OTDCourse10: {},
      OTDCourse2: {},
      mathInfo: {},
      completedObservation: { boolean: true },
      aNewThing: 'x',
      discountCode: 'SPRING25',
      dateSignature: '11/22/2026',
      missing: undefined,
    });
    expect(sections).toEqual([
      { key: 'personal', fields: ['firstName', 'howHeard'] },
      { key: 'family', fields: ['fatherFirstName', 'emergencyContact'] },
      { key: 'prerequisites', fields: ['completedObservation', 'mathInfo', 'OTDCourse2', 'OTDCourse10'] },
      { key: 'review', fields: ['dateSignature'] },
      { key: 'payment', fields: ['discountCode'] },
      { key: 'other', fields: ['aNewThing', 'zUnknownField'] },
    ]);
  });

  it('leaves out sections without answers', () => {
    expect(groupAnswers({})).toEqual([]);
  });

  it('sectionOf knows step 5 families and references', () => {
    expect(sectionOf('MSLPCourse9')).toBe('prerequisites');
    expect(sectionOf('businessLawPrerequisite')).toBe('prerequisites');
    expect(sectionOf('thirdRecommender')).toBe('references');
    expect(sectionOf('mathematicsInfo')).toBe('other');
  });
});

describe('labels', () => {
  it('names plain fields by their resource message and numbered / subject fields by a pattern message', () => {
    expect(fieldLabel('dateOfBirth')).toEqual({ key: 'resources.applications.fields.dateOfBirth' });
    expect(fieldLabel('NutritionCourse4')).toEqual({ key: 'app.applications.answer.course_Nutrition', args: { n: 4 } });
    expect(fieldLabel('introductionToBiologyPrerequisite')).toEqual({
      key: 'app.applications.answer.subject_prerequisite',
      args: { subject: 'app.applications.subject.introductionToBiology' },
    });
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
