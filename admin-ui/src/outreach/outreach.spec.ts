import { incompleteLocales, outcomeDetail, segmentBoundErrors, toSegmentFilter, toSegmentPayload, toTemplatePayload } from './outreach';

describe('the segment form’s payload', () => {
  it('sends only the allow-listed fields that filter: empty lists, blank texts and unset values are left out', () => {
    expect(
      toSegmentFilter({
        q: '  levi ',
        status: [],
        fieldOfInterest: ['MSW', ' MSW ', ''],
        semester: 'Fall 2027, Spring 2028\nFall 2027',
        missing: ['resume', 'fee'],
        stepReachedMin: '3',
        stepReachedMax: null,
        idleDaysMin: 7.9,
        idleDaysMax: '',
        feeUnpaid: true,
        decisionReleased: null,
        createdFrom: '2026-01-31',
        updatedTo: '',
        decision: ['none'],
        // what the form may carry besides the filter is never sent
        id: 'x',
        sql: 'DROP TABLE applications',
      }),
    ).toEqual({
      q: 'levi',
      fieldOfInterest: ['MSW'],
      semester: ['Fall 2027', 'Spring 2028'],
      missing: ['resume', 'fee'],
      stepReachedMin: 3,
      idleDaysMin: 7,
      feeUnpaid: true,
      createdFrom: '2026-01-31',
      decision: ['none'],
    });
  });

  it('keeps false (a filter) apart from unset (no filter)', () => {
    expect(toSegmentFilter({ feeUnpaid: false, decisionReleased: undefined })).toEqual({ feeUnpaid: false });
    expect(toSegmentFilter({ idleDaysMin: 0 })).toEqual({ idleDaysMin: 0 });
    expect(toSegmentFilter({})).toEqual({});
  });

  it('the save body is the trimmed name and the filter, nothing else', () => {
    expect(
      toSegmentPayload({ id: 'seg-1', name: ' Idle drafts ', createdAt: 'x', filter: { status: ['draft'], idleDaysMin: '7' } } as never),
    ).toEqual({ name: 'Idle drafts', filter: { status: ['draft'], idleDaysMin: 7 } });
  });

  it('marks a lower bound above its upper bound on the upper bound’s field', () => {
    expect(segmentBoundErrors({ stepReachedMin: 6, stepReachedMax: 2, idleDaysMin: 1, idleDaysMax: 1 })).toEqual({
      'filter.stepReachedMax': 'app.outreach.segments.bound_order',
    });
    expect(segmentBoundErrors({ idleDaysMin: 9, idleDaysMax: 3 })).toEqual({ 'filter.idleDaysMax': 'app.outreach.segments.bound_order' });
    expect(segmentBoundErrors({ stepReachedMin: 2 })).toEqual({});
  });
});

describe('the template form’s payload', () => {
  it('sends key, name, kind and the three languages, and names the languages still incomplete', () => {
    const values = {
      id: 't-1',
      key: ' open-house ',
      name: 'Open house',
      kind: 'marketing' as const,
      content: { en: { subject: ' Hi {{firstName}} ', body: 'Body' }, es: { subject: 'Hola', body: '' } },
      updatedAt: 'x',
    };
    expect(toTemplatePayload(values as never)).toEqual({
      key: 'open-house',
      name: 'Open house',
      kind: 'marketing',
      content: { en: { subject: 'Hi {{firstName}}', body: 'Body' }, es: { subject: 'Hola', body: '' }, 'zh-CN': { subject: '', body: '' } },
    });
    expect(incompleteLocales(values as never)).toEqual(['es', 'zh-CN']);
  });
});

describe('a delivery’s outcome detail', () => {
  it('names the reason of a suppression and the server’s answer of a failure', () => {
    expect(outcomeDetail({ status: 'suppressed', suppressedReason: 'marketing-opt-out', smtpCode: null, error: null })).toBe(
      'marketing-opt-out',
    );
    expect(outcomeDetail({ status: 'bounced', suppressedReason: null, smtpCode: 550, error: '5.1.1 No such user' })).toBe(
      '550 5.1.1 No such user',
    );
    expect(outcomeDetail({ status: 'sent', suppressedReason: null, smtpCode: null, error: null })).toBeNull();
  });
});
