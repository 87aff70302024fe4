import { DEFERRAL_NOTE_MAX, noteAccepted } from './deferrals';

describe('the note of a deferral answer', () => {
  it('is optional to approve, required (not only spaces) to deny, and at most 1000 characters either way', () => {
    expect(noteAccepted('approve', '')).toBe(true);
    expect(noteAccepted('approve', 'Welcome next year')).toBe(true);
    expect(noteAccepted('deny', '')).toBe(false);
    expect(noteAccepted('deny', '   ')).toBe(false);
    expect(noteAccepted('deny', 'No places left')).toBe(true);
    expect(noteAccepted('deny', 'x'.repeat(DEFERRAL_NOTE_MAX))).toBe(true);
    expect(noteAccepted('deny', 'x'.repeat(DEFERRAL_NOTE_MAX + 1))).toBe(false);
    expect(noteAccepted('approve', 'x'.repeat(DEFERRAL_NOTE_MAX + 1))).toBe(false);
  });
});
