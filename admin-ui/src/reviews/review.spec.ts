/**
 * Reading-queue helpers: labels per language, the review form's values, checks and body, assignment bodies.
 */
import { assignmentPayload, criterionLabel, formatAverage, initialValues, reviewErrors, reviewPayload } from './review';
import type { Review, ReviewCriterion } from './types';

const criteria: ReviewCriterion[] = [
  { id: 1, labelEn: 'Essay', labelEs: 'Ensayo', labelZhCn: '论文', position: 1, active: true },
  { id: 2, labelEn: 'Fit', labelEs: 'Adecuación', labelZhCn: '契合度', position: 2, active: true },
  { id: 3, labelEn: 'Old', labelEs: 'Viejo', labelZhCn: '旧', position: 3, active: false },
];

describe('criterionLabel', () => {
  it('answers the label of the language, English otherwise', () => {
    expect(criterionLabel(criteria[0]!, 'es')).toBe('Ensayo');
    expect(criterionLabel(criteria[0]!, 'zh-CN')).toBe('论文');
    expect(criterionLabel(criteria[0]!, 'fr')).toBe('Essay');
  });
});

describe('the review form', () => {
  const mine: Review = {
    id: 'r',
    applicationId: 'a',
    readerId: 'u',
    readerName: 'Ruth',
    readerEmail: 'r@x',
    ratings: [{ criterionId: 1, rating: 4 }],
    recommendation: 'admit',
    comments: 'Good',
    createdAt: '',
    updatedAt: '',
  };

  it('starts from the saved review, active criteria only, unrated at 0', () => {
    expect(initialValues(criteria, mine)).toEqual({ ratings: { 1: 4, 2: 0 }, recommendation: 'admit', comments: 'Good' });
    expect(initialValues(criteria, null)).toEqual({ ratings: { 1: 0, 2: 0 }, recommendation: '', comments: '' });
  });

  it('asks for every active rating 1–5 and a recommendation, and bounds the comments', () => {
    expect(reviewErrors({ ratings: { 1: 0, 2: 6 }, recommendation: '', comments: 'x'.repeat(10001) }, criteria)).toEqual({
      'rating.1': 'app.reviews.error_rating',
      'rating.2': 'app.reviews.error_rating',
      recommendation: 'app.reviews.error_recommendation',
      comments: 'app.reviews.error_comments',
    });
    expect(reviewErrors({ ratings: { 1: 5, 2: 1 }, recommendation: 'deny', comments: '' }, criteria)).toEqual({});
  });

  it('sends the active ratings, the recommendation and trimmed comments', () => {
    expect(reviewPayload({ ratings: { 1: 5, 2: 2, 3: 4 }, recommendation: 'discuss', comments: ' ok ' }, criteria)).toEqual({
      ratings: [
        { criterionId: 1, rating: 5 },
        { criterionId: 2, rating: 2 },
      ],
      recommendation: 'discuss',
      comments: 'ok',
    });
  });
});

describe('assignmentPayload', () => {
  it('sends chosen ids, or the list filter without empty values', () => {
    expect(assignmentPayload({ applicationIds: ['a'] }, ['r'])).toEqual({ applicationIds: ['a'], readerIds: ['r'] });
    expect(assignmentPayload({ filter: { status: 'complete', q: '' } }, ['r'])).toEqual({
      filter: { status: 'complete' },
      readerIds: ['r'],
    });
  });
});

describe('formatAverage', () => {
  it('formats in the language, a dash without a value', () => {
    expect(formatAverage(4.5, 'en')).toBe('4.5');
    expect(formatAverage(4.5, 'es')).toBe('4,5');
    expect(formatAverage(null, 'en')).toBe('–');
  });
});
