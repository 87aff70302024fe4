import { describe, expect, it } from '@jest/globals';
import { csvSafe } from './csv-safe.js';

describe('csvSafe', () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+1 555', `'+1 555`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tcmd', `'\tcmd`],
    ['\rcmd', `'\rcmd`],
    ['Cohen', 'Cohen'],
    ['a=b', 'a=b'],
    [null, ''],
    [undefined, ''],
    [42, '42'],
  ])('%j → %j', (input, output) => {
    expect(csvSafe(input)).toBe(output);
  });
});
