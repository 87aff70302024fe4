import { decisionPhase } from './decisions';
import { toTemplatePayload } from './types';

describe('decision phase', () => {
  it('tells what the panel offers', () => {
    expect(decisionPhase({ decision: null, decisionReleaseAt: null, decisionReleasedAt: null })).toBe('undecided');
    expect(decisionPhase({ decision: 'admitted', decisionReleaseAt: null, decisionReleasedAt: null })).toBe('decided');
    expect(decisionPhase({ decision: 'denied', decisionReleaseAt: '2026-05-01T12:00:00Z', decisionReleasedAt: null })).toBe('scheduled');
    expect(
      decisionPhase({ decision: 'waitlisted', decisionReleaseAt: '2026-05-01T12:00:00Z', decisionReleasedAt: '2026-05-01T12:00:01Z' }),
    ).toBe('released');
  });
});

describe('template payload', () => {
  it('sends only subject and body', () => {
    expect(toTemplatePayload({ id: 'admitted:es', decision: 'admitted', locale: 'es', subject: 'S', body: 'B', updatedAt: 'x' })).toEqual({
      subject: 'S',
      body: 'B',
    });
  });
});
