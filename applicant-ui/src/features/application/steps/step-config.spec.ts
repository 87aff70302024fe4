import { nextStep, previousStep, resolveStep, stepFromValue } from './step-config';

describe('step resolution', () => {
  it('parses integers only', () => {
    expect(stepFromValue('2')).toBe(2);
    expect(stepFromValue(1)).toBe(1);
    expect(stepFromValue('0')).toBeNull();
    expect(stepFromValue('x')).toBeNull();
    expect(stepFromValue('2.5')).toBeNull();
    expect(stepFromValue(undefined)).toBeNull();
  });
  it('defaults to the step reached', () => {
    expect(resolveStep(null, '2')).toBe(2);
    expect(resolveStep(null, undefined)).toBe(1);
  });
  it('never goes past the step reached', () => {
    expect(resolveStep(2, '1')).toBe(1);
    expect(resolveStep(5, '3')).toBe(3);
    expect(resolveStep(5, '5')).toBe(5); // requirements not known yet: every step is accepted
    expect(resolveStep(1, '2')).toBe(1);
    expect(resolveStep(9, '8')).toBe(8);
  });
  it('skips steps that do not apply to the program', () => {
    const steps = [1, 2, 3, 4, 6, 7, 8];
    expect(resolveStep(5, '8', steps)).toBe(4);
    expect(resolveStep(null, '5', steps)).toBe(4);
    expect(nextStep(4, steps)).toBe(6);
    expect(previousStep(6, steps)).toBe(4);
    expect(nextStep(4, [1, 2, 3, 4, 5, 6, 7, 8])).toBe(5);
    expect(nextStep(8, steps)).toBeNull();
    expect(previousStep(1, steps)).toBeNull();
  });
});
