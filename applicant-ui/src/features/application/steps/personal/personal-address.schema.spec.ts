import { describe, expect, it } from '@jest/globals';
import { countryCodeOf, phoneFits, phoneForDisplay, postalCodeAsked, postalCodeFits } from './address-rules';
import { PERSONAL_FIELDS, personalDraftSchema, personalFromRecord, personalSchema } from './personal.schema';
import { ALL_FIELDS, DRAFT_SCHEMAS, formValuesOf } from '../../autosave/step-forms';

/** Issue 11 item 2: step 1's address and phone follow the applicant's country. */

const base = {
  fieldOfInterest: 'MSW',
  semesterApplied: 'Spring 2026',
  location: 'Online',
  firstName: 'Ana',
  lastName: 'Diaz',
  email: 'ana@example.com',
  dateOfBirth: '02/29/2000',
  addressCountry: 'United States',
  addressLine1: '',
  addressLine2: '',
  addressCity: '',
  addressState: 'NY',
  addressRegion: '',
  addressZip: '11219',
  maritalStatus: 'Single',
  contactName: '',
  cellPhone: '(718) 555-0100',
  howHeard: '',
};

const issues = (values: Record<string, unknown>) => {
  const r = personalSchema.safeParse(values);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('country codes of the countries dropdown', () => {
  it('knows the seeded names, short names included', () => {
    expect(countryCodeOf('United States')).toBe('US');
    expect(countryCodeOf('Canada')).toBe('CA');
    expect(countryCodeOf('Israel')).toBe('IL');
    expect(countryCodeOf('Brunei')).toBe('BN');
    expect(countryCodeOf('Atlantis')).toBeUndefined();
  });
});

describe('step 1 address by country', () => {
  it('in the US asks a state and a ZIP code', () => {
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, addressState: '', addressZip: '' })).toEqual(
      expect.arrayContaining(['addressState:validation.choose', 'addressZip:validation.zip_required']),
    );
    expect(issues({ ...base, addressZip: 'M5V 3L9' })).toEqual(['addressZip:validation.zip']);
  });

  it('in Canada (Toronto) takes a province and a Canadian postal code, no state', () => {
    const toronto = {
      ...base,
      addressCountry: 'Canada',
      addressState: '',
      addressRegion: 'Ontario',
      addressZip: 'M5V 3L9',
      cellPhone: '416 555 0199',
    };
    expect(issues(toronto)).toEqual([]);
    expect(issues({ ...toronto, addressZip: '11219' })).toEqual(['addressZip:validation.postal_code']);
    expect(issues({ ...toronto, addressZip: '' })).toEqual(['addressZip:validation.postal_code_required']);
  });

  it('in Israel (Haifa) takes a 7-digit postal code and a national mobile number', () => {
    const haifa = {
      ...base,
      addressCountry: 'Israel',
      addressState: '',
      addressRegion: 'Haifa',
      addressZip: '3303101',
      cellPhone: '050-123-4567',
    };
    expect(issues(haifa)).toEqual([]);
    expect(issues({ ...haifa, cellPhone: '050-123-456' })).toEqual(['cellPhone:validation.phone_country']);
    // another country's number is fine when written with + and its code
    expect(issues({ ...haifa, cellPhone: '+1 718 555 0100' })).toEqual([]);
  });

  it('does not ask a postal code where the country has none', () => {
    expect(postalCodeAsked('United Arab Emirates')).toBe(false);
    expect(postalCodeFits('United Arab Emirates', 'anything')).toBe(true);
    expect(
      issues({ ...base, addressCountry: 'United Arab Emirates', addressState: '', addressZip: '', cellPhone: '+971 50 123 4567' }),
    ).toEqual([]);
  });

  it('lets a draft hold any short postal code (the server checks it against the country while typing)', () => {
    expect(personalDraftSchema.safeParse({ ...base, addressCountry: 'Canada', addressZip: 'M5V 3L9' }).success).toBe(true);
    expect(personalDraftSchema.safeParse({ ...base, addressZip: 'x'.repeat(21) }).success).toBe(false);
  });
});

describe('record ↔ form', () => {
  it('defaults the country to United States and shows a stored E.164 phone the way the country writes it', () => {
    expect(personalFromRecord({}).addressCountry).toBe('United States');
    expect(personalFromRecord({ cellPhone: '+17185550100' }).cellPhone).toBe('(718) 555-0100');
    expect(personalFromRecord({ addressCountry: 'Israel', cellPhone: '+972501234567' }).cellPhone).toBe('050-123-4567');
    expect(personalFromRecord({ addressCountry: 'Israel', cellPhone: '+17185550100' }).cellPhone).toBe('+1 718 555 0100');
    expect(phoneForDisplay('718-555-0100', 'United States')).toBe('718-555-0100');
    expect(phoneFits('Canada', '(416) 555-0199')).toBe(true);
  });

  it('is known to the autosave (fields, draft schemas, record mapping)', () => {
    for (const f of ['addressCountry', 'addressRegion']) {
      expect(PERSONAL_FIELDS).toContain(f);
      expect(ALL_FIELDS).toContain(f);
      expect(DRAFT_SCHEMAS[f]).toBeDefined();
    }
    expect(formValuesOf({ addressCountry: 'Canada', addressRegion: 'Ontario' })).toMatchObject({
      addressCountry: 'Canada',
      addressRegion: 'Ontario',
    });
  });
});
