import { resolveStep, stepFromValue } from './step-config';

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
  it('never goes past the step reached or the available steps', () => {
    expect(resolveStep(2, '1')).toBe(1);
    expect(resolveStep(9, '8')).toBe(8);
    expect(resolveStep(8, '2')).toBe(2);
    expect(resolveStep(1, '2')).toBe(1);
  });
});
