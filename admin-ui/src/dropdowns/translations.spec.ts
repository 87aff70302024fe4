import { describe, expect, it } from '@jest/globals';
import { toDropdownPayload, validateDropdown } from './dropdownPayload';
import { cleanLabel, missingLocalesOf, missingTranslationCount } from './translations';

describe('the three-language option editor (issue 11 item 3)', () => {
  it('sends every option label per language, trimmed, blank languages left out', () => {
    const payload = toDropdownPayload({
      label: ' Marital status ',
      options: [
        { value: ' Married ', label: { en: ' Married ', es: ' Casado/a ', 'zh-CN': ' 已婚 ' } },
        { value: 'Widowed', label: { en: 'Widowed', es: '  ', 'zh-CN': '' } },
      ],
    });
    expect(payload).toEqual({
      label: 'Marital status',
      options: [
        { value: 'Married', label: { en: 'Married', es: 'Casado/a', 'zh-CN': '已婚' } },
        { value: 'Widowed', label: { en: 'Widowed' } },
      ],
    });
  });

  it('reads a text label (a record in the shape before issue 11) as the English one', () => {
    expect(cleanLabel('Single')).toEqual({ en: 'Single' });
    expect(missingLocalesOf('Single')).toEqual(['es', 'zh-CN']);
  });

  it('names the missing languages of each option and counts them for the list', () => {
    expect(missingLocalesOf({ en: 'Yes', es: 'Sí', 'zh-CN': '是' })).toEqual([]);
    expect(missingLocalesOf({ en: 'Yes', es: ' ' })).toEqual(['es', 'zh-CN']);
    expect(missingLocalesOf(undefined)).toEqual(['en', 'es', 'zh-CN']);
    const options = [
      { value: 'Yes', label: { en: 'Yes', es: 'Sí', 'zh-CN': '是' } },
      { value: 'No', label: { en: 'No', 'zh-CN': '否' } },
      { value: 'Maybe', label: { en: 'Maybe' } },
    ];
    expect(missingTranslationCount(options)).toBe(3);
    expect(missingTranslationCount([])).toBe(0);
  });

  it('still refuses duplicate values (a missing translation is flagged, not an error)', () => {
    expect(
      validateDropdown({
        options: [
          { value: 'A', label: { en: 'A' } },
          { value: ' A ', label: { en: 'Again' } },
        ],
      }),
    ).toEqual({ options: { 1: { value: 'app.dropdowns.duplicate_value' } } });
    expect(validateDropdown({ options: [{ value: 'A', label: { en: 'A' } }] })).toEqual({});
  });
});
