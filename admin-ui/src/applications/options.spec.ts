/**
 * Filter choices from the public program and semester lists of both genders.
 */
import { programChoices, semesterChoices } from './options';

describe('programChoices', () => {
  it('merges both genders once each, value = name, label shown, sorted by label', () => {
    expect(
      programChoices([
        [
          { name: 'MSW', label: 'Master of Social Work (MSW)' },
          { name: 'MBA', label: 'Business (MBA)' },
        ],
        [{ name: 'MSW', label: 'Other label' }, { name: 'BS' }],
      ]),
    ).toEqual([
      { id: 'BS', name: 'BS' },
      { id: 'MBA', name: 'Business (MBA)' },
      { id: 'MSW', name: 'Master of Social Work (MSW)' },
    ]);
  });
});

describe('semesterChoices', () => {
  it('keeps each term once, in the order the server gave (by first day of classes), labelled in the admin’s language', () => {
    expect(
      semesterChoices([
        [{ name: 'Spring 2026', label: 'Primavera 2026' }, { name: 'Fall 2026' }],
        [{ name: 'Spring 2026', label: 'Other' }, { name: 'Spring 2027' }],
      ]),
    ).toEqual([
      { id: 'Spring 2026', name: 'Primavera 2026' },
      { id: 'Fall 2026', name: 'Fall 2026' },
      { id: 'Spring 2027', name: 'Spring 2027' },
    ]);
  });
});
