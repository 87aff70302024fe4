import { describe, expect, it } from '@jest/globals';
import { familyNameFirst } from './person-name';

describe('the order a form asks for a name', () => {
  it('asks the family name first in zh-CN only', () => {
    expect(familyNameFirst('zh-CN')).toBe(true);
    expect(familyNameFirst('es')).toBe(false);
    expect(familyNameFirst('en')).toBe(false);
  });
});
