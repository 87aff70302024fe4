import { isPlausibleBirthDate, isValidPhone, isValidUsDate } from './field-rules';
import { personalDraftSchema, personalFromRecord, personalSchema } from './personal/personal.schema';
import { createFamilySchema, familyDraftSchema, familyFromRecord } from './family/family.schema';
import { planPatch, toApiValue } from '../autosave/patch';

const changedFields = (fields: string[], current: Record<string, unknown>, acked: Record<string, unknown>, schema: { shape: object }) => {
  const plan = planPatch({ fields, current, acked, schemas: schema.shape as never });
  return { changes: plan.body, heldBack: Object.keys(plan.held) };
};

const validPersonal = {
  fieldOfInterest: 'MSW',
  semesterApplied: 'Spring 2026',
  location: 'Online',
  firstName: 'Ana',
  lastName: 'Diaz',
  email: 'ana@example.com',
  dateOfBirth: '02/29/2000',
  addressCountry: 'United States',
  addressLine1: '1234 Ocean Pkwy',
  addressLine2: '',
  addressCity: 'Brooklyn',
  addressState: 'NY',
  addressRegion: '',
  addressZip: '11219',
  maritalStatus: 'Single',
  contactName: '',
  cellPhone: '(718) 555-0100',
  howHeard: '',
};

describe('field rules', () => {
  it('checks real MM/DD/YYYY dates', () => {
    expect(isValidUsDate('02/29/2000')).toBe(true);
    expect(isValidUsDate('02/29/2001')).toBe(false);
    expect(isValidUsDate('13/01/2000')).toBe(false);
    expect(isValidUsDate('2000-01-01')).toBe(false);
  });
  it('rejects birth dates in the future or before 1900', () => {
    const today = new Date(2026, 0, 15);
    expect(isPlausibleBirthDate('01/15/2026', today)).toBe(true);
    expect(isPlausibleBirthDate('01/16/2026', today)).toBe(false);
    expect(isPlausibleBirthDate('12/31/1899', today)).toBe(false);
  });
  it('checks phone numbers', () => {
    expect(isValidPhone('+1 718 555 0100')).toBe(true);
    expect(isValidPhone('555')).toBe(false);
    expect(isValidPhone('call me')).toBe(false);
  });
});

describe('personal step schema', () => {
  it('accepts a complete step', () => {
    expect(personalSchema.safeParse(validPersonal).success).toBe(true);
  });
  it('requires the core fields on Next, with i18n keys as messages', () => {
    const r = personalSchema.safeParse({ ...validPersonal, dateOfBirth: '', addressZip: '1121' });
    expect(r.success).toBe(false);
    const issues = r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(issues).toEqual(expect.arrayContaining(['dateOfBirth:validation.date_required', 'addressZip:validation.zip']));
  });
  it('lets a draft leave optional fields empty but checks formats', () => {
    expect(personalDraftSchema.safeParse({ ...validPersonal, dateOfBirth: '', cellPhone: '' }).success).toBe(true);
    expect(personalDraftSchema.safeParse({ ...validPersonal, email: 'nope' }).success).toBe(false);
  });
  it('maps a record with nulls and absent answers to empty strings', () => {
    // location is null on the wire when the program has no campus choice; an answer never saved is absent
    const values = personalFromRecord({ firstName: 'A', location: null });
    expect([values.location, values.dateOfBirth]).toEqual(['', '']);
  });
});

describe('family step schema', () => {
  const base = familyFromRecord({
    fatherFirstName: 'J',
    fatherLastName: 'D',
    motherFirstName: 'M',
    motherLastName: 'D',
    emergencyContact: { name: 'Sam', phone: '7185550100', email: '', relationship: 'Brother' },
  });
  it('accepts a complete unmarried step', () => {
    expect(createFamilySchema(false).safeParse(base).success).toBe(true);
  });
  it('requires the spouse names only when married', () => {
    const r = createFamilySchema(true).safeParse(base);
    expect(r.success).toBe(false);
    const paths = r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['SpouseFirstName', 'SpouseLastName']));
  });
  it('reports nested emergency contact paths', () => {
    const r = createFamilySchema(false).safeParse({ ...base, emergencyContact: { ...base.emergencyContact, email: 'x@' } });
    expect(r.success ? [] : r.error.issues.map((i) => i.path.join('.'))).toEqual(['emergencyContact.email']);
  });
  it('draft allows empty answers', () => {
    expect(familyDraftSchema.safeParse(familyFromRecord({})).success).toBe(true);
  });
});

describe('autosave diff', () => {
  it('sends only changed, savable fields, as API values', () => {
    const saved = { ...validPersonal };
    const current = { ...validPersonal, contactName: '  Bob ', email: 'bad', dateOfBirth: '' };
    const { changes, heldBack } = changedFields(Object.keys(saved), current, saved, personalDraftSchema);
    expect(changes).toEqual({ contactName: 'Bob', dateOfBirth: null });
    expect(heldBack).toEqual(['email']);
  });
  it('treats whitespace-only edits as unchanged', () => {
    const { changes } = changedFields(['firstName'], { firstName: 'Ana ' }, { firstName: 'Ana' }, personalDraftSchema);
    expect(changes).toEqual({});
  });
  it('sends whole sub-objects', () => {
    const a = familyFromRecord({});
    const b = { ...a, emergencyContact: { ...a.emergencyContact, name: 'Z' } };
    const { changes } = changedFields(['emergencyContact'], b, a, familyDraftSchema);
    expect(changes).toEqual({ emergencyContact: { name: 'Z', phone: null, email: null, relationship: null } });
  });
  it('normalises values', () => {
    expect(toApiValue(' ')).toBeNull();
    expect(toApiValue(true)).toBe(true);
  });
});
