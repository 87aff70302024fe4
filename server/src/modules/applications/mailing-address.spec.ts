import { describe, expect, it } from '@jest/globals';
import { formatMailingAddress } from './mailing-address.js';

describe('formatMailingAddress (issue 27 item 4)', () => {
  it('lays a US address out as the USPS expects: street, then city, state and ZIP on one line', () => {
    const text = formatMailingAddress({
      addressLine1: '1234 Ocean Pkwy',
      addressLine2: 'Apt 5',
      addressCity: 'Brooklyn',
      addressState: 'NY',
      addressZip: '11219',
      addressCountry: 'United States',
    });
    expect(text?.split('\n')).toEqual(['1234 Ocean Pkwy, Apt 5', 'Brooklyn, NY 11219', 'United States of America']);
  });

  it('puts a Mexican postal code before the city, and a Chinese address from the country down', () => {
    const mexico = formatMailingAddress({
      addressLine1: 'Av. Paseo de la Reforma 222',
      addressCity: 'Ciudad de México',
      addressRegion: 'CDMX',
      addressZip: '06600',
      addressCountry: 'Mexico',
    });
    expect(mexico?.split('\n')).toEqual(['Av. Paseo de la Reforma 222', '06600 Ciudad de México, CDMX', 'Mexico']);
    const china = formatMailingAddress({
      addressLine1: '建国路88号',
      addressCity: '北京',
      addressRegion: '北京市',
      addressZip: '100022',
      addressCountry: 'China',
    });
    const lines = china!.split('\n');
    expect(lines.at(-1)).toBe('建国路88号');
    expect(lines[0]).toContain('100022');
  });

  it('is null without a street or a city (older applications asked neither)', () => {
    expect(formatMailingAddress({ addressState: 'NY', addressZip: '11219' })).toBeNull();
    expect(formatMailingAddress({})).toBeNull();
  });
});
