/**
 * Dropdown saves that take values away need a confirmation; label changes and reordering do not.
 */
import { lostOptionValues } from './destructiveChange';

const friend = { value: 'Friend', label: 'Friend' };
const web = { value: 'Web', label: 'Web site' };
const radio = { value: 'Radio', label: 'Radio' };
const saved = [friend, web, radio];

describe('lostOptionValues', () => {
  it('is empty when only labels change, options are reordered or added', () => {
    const edited = [
      { value: 'Radio', label: 'Radio ad' },
      { value: 'Friend', label: 'Friend or family' },
      { value: 'Web', label: 'Web site' },
      { value: 'Newspaper', label: 'Newspaper' },
    ];
    expect(lostOptionValues(saved, edited)).toEqual([]);
  });

  it('names a removed option', () => {
    expect(lostOptionValues(saved, [friend, radio])).toEqual(['Web']);
  });

  it('names the old value of an option whose value was changed', () => {
    expect(lostOptionValues(saved, [friend, { value: 'Website', label: 'Web site' }, radio])).toEqual(['Web']);
  });

  it('compares trimmed values, ignores empty rows and lists each value once', () => {
    expect(lostOptionValues(saved, [{ value: ' Friend ', label: 'x' }, undefined, radio])).toEqual(['Web']);
    expect(lostOptionValues([...saved, web], [])).toEqual(['Friend', 'Web', 'Radio']);
    expect(lostOptionValues(undefined, saved)).toEqual([]);
  });
});
