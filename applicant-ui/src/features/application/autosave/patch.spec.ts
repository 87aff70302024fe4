/** Unit tests of the autosave diff (issue 10): deep snapshots, nested groups per sub-field, rows per cell, held-back leaves. */
import { familyFromRecord } from '../steps/family/family.schema';
import { educationFromRecord } from '../steps/education/education.schema';
import { keepMineMerge, planPatch, toApiValue } from './patch';
import { DRAFT_SCHEMAS } from './step-forms';

const plan = (current: Record<string, unknown>, acked: Record<string, unknown>, extra: Partial<Parameters<typeof planPatch>[0]> = {}) =>
  planPatch({ fields: Object.keys(current), current, acked, schemas: DRAFT_SCHEMAS, ...extra });

describe('planPatch: nested groups', () => {
  const acked = { emergencyContact: familyFromRecord({}).emergencyContact };

  it('sends a group edited after a first save (no live reference to compare against)', () => {
    const current = { emergencyContact: { ...acked.emergencyContact, name: 'Miriam' } };
    const first = plan(current, acked);
    expect(first.body).toEqual({ emergencyContact: { name: 'Miriam', phone: null, email: null, relationship: null } });
    // the applicant keeps typing in the same (live) object after the first save was acknowledged
    const snapshot = { emergencyContact: first.sent.emergencyContact };
    current.emergencyContact.relationship = 'Mother';
    current.emergencyContact.phone = '718-555-0100';
    const second = plan(current, snapshot);
    expect(second.body).toEqual({ emergencyContact: { name: 'Miriam', phone: '718-555-0100', email: null, relationship: 'Mother' } });
    expect(second.unsaved).toEqual(['emergencyContact.phone', 'emergencyContact.relationship']);
  });

  it('holds an invalid sub-field at its acknowledged value and sends its valid neighbours', () => {
    const ack = { emergencyContact: { name: '', phone: '', email: 'old@example.com', relationship: '' } };
    const current = { emergencyContact: { name: 'Miriam', phone: '718-555-0100', email: 'miriam.g@example', relationship: 'Mother' } };
    const p = plan(current, ack);
    expect(p.body).toEqual({
      emergencyContact: { name: 'Miriam', phone: '718-555-0100', email: 'old@example.com', relationship: 'Mother' },
    });
    expect(p.held).toEqual({ 'emergencyContact.email': { key: 'validation.email' } });
    expect(p.unsaved).toContain('emergencyContact.email');
    // once acknowledged, only the e-mail is still unsaved
    const after = plan(current, { emergencyContact: p.sent.emergencyContact });
    expect(after.body).toEqual({});
    expect(after.unsaved).toEqual(['emergencyContact.email']);
  });

  it('does not send a group whose only change is held', () => {
    const current = { emergencyContact: { ...acked.emergencyContact, email: 'x@' } };
    const p = plan(current, acked);
    expect(p.body).toEqual({});
    expect(Object.keys(p.held)).toEqual(['emergencyContact.email']);
  });

  it('holds a leaf the server rejected while its value is unchanged', () => {
    const current = { emergencyContact: { ...acked.emergencyContact, name: 'A', relationship: 'B' } };
    const holds = { 'emergencyContact.relationship': { value: 'B', text: 'No.' } };
    const p = plan(current, acked, { serverHolds: holds });
    expect(p.body).toEqual({ emergencyContact: { name: 'A', phone: null, email: null, relationship: null } });
    expect(p.held['emergencyContact.relationship']).toEqual({ text: 'No.' });
    const changed = plan({ emergencyContact: { ...current.emergencyContact, relationship: 'C' } }, acked, { serverHolds: holds });
    expect(changed.held).toEqual({});
  });

  it('never mutates or aliases its input', () => {
    const current = { emergencyContact: { ...acked.emergencyContact, name: 'Z' } };
    const p = plan(current, acked);
    current.emergencyContact.name = 'changed later';
    expect((p.sent.emergencyContact as { name: string }).name).toBe('Z');
    expect(acked.emergencyContact.name).toBe('');
  });
});

describe('planPatch: row lists', () => {
  const acked = { passedCollegeLevelOrAPCourses: educationFromRecord({}).passedCollegeLevelOrAPCourses };

  it('diffs per row cell and drops blank rows', () => {
    const current = {
      passedCollegeLevelOrAPCourses: [
        { college: 'Touro', name: 'Biology' },
        { college: '', name: '' },
      ],
    };
    const p = plan(current, acked);
    expect(p.body).toEqual({ passedCollegeLevelOrAPCourses: [{ college: 'Touro', name: 'Biology' }] });
    expect(p.unsaved).toEqual(['passedCollegeLevelOrAPCourses.0.college', 'passedCollegeLevelOrAPCourses.0.name']);
  });

  it('sends a half-filled row with the server row shape (strings)', () => {
    const current = { passedCollegeLevelOrAPCourses: [{ college: 'Touro', name: '' }] };
    expect(plan(current, acked).body).toEqual({ passedCollegeLevelOrAPCourses: [{ college: 'Touro', name: '' }] });
  });

  it('holds a too-long cell and sends the other cells', () => {
    const current = { passedCollegeLevelOrAPCourses: [{ college: 'x'.repeat(101), name: 'Chemistry' }] };
    const p = plan(current, acked);
    expect(p.body).toEqual({ passedCollegeLevelOrAPCourses: [{ college: '', name: 'Chemistry' }] });
    expect(Object.keys(p.held)).toEqual(['passedCollegeLevelOrAPCourses.0.college']);
  });

  it('sends a removed row', () => {
    const two = {
      passedCollegeLevelOrAPCourses: [
        { college: 'A', name: 'B' },
        { college: 'C', name: 'D' },
      ],
    };
    const p = plan({ passedCollegeLevelOrAPCourses: [{ college: 'A', name: 'B' }] }, two);
    expect(p.body).toEqual({ passedCollegeLevelOrAPCourses: [{ college: 'A', name: 'B' }] });
    expect(p.unsaved).toEqual(['passedCollegeLevelOrAPCourses.1']);
  });
});

describe('planPatch: top-level answers', () => {
  it('holds a blocked field whole and sends nothing of it', () => {
    const p = plan(
      { fieldOfInterest: 'MSW', employer: 'Acme' },
      { fieldOfInterest: 'OTD', employer: '' },
      { blocked: new Set(['fieldOfInterest']) },
    );
    expect(p.body).toEqual({ employer: 'Acme' });
    expect(p.held).toEqual({ fieldOfInterest: { key: 'autosave.reason_incomplete' } });
  });
  it('treats whitespace-only differences as saved and clears with null', () => {
    expect(plan({ employer: 'Acme ' }, { employer: 'Acme' }).unsaved).toEqual([]);
    expect(plan({ employer: '' }, { employer: 'Acme' }).body).toEqual({ employer: null });
    expect(toApiValue(undefined)).toBeNull();
  });
});

describe('keepMineMerge', () => {
  it('keeps only the leaves the user changed and takes the server for the rest', () => {
    const old = { emergencyContact: { name: 'A', phone: '', email: '', relationship: '' }, employer: 'X' };
    const mine = { emergencyContact: { name: 'A', phone: '718-555-0100', email: '', relationship: '' }, employer: 'X' };
    const server = { emergencyContact: { name: 'B', phone: '', email: '', relationship: 'Aunt' }, employer: 'Y' };
    expect(keepMineMerge(['emergencyContact', 'employer'], mine, old, server)).toEqual({
      emergencyContact: { name: 'B', phone: '718-555-0100', email: '', relationship: 'Aunt' },
      employer: 'Y',
    });
  });
});
