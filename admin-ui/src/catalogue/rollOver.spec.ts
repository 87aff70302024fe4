/**
 * Roll-over helpers: the dry-run and confirmation bodies, the proposal taken from a dry run, when the
 * preview is current, the preview table's rows and the 409 check. Instants are built from the current
 * year: nothing here names a year or a term.
 */
import {
  confirmationKey,
  initialRollOverForm,
  isKeyTaken,
  previewRows,
  rollOverRequest,
  validateRollOver,
  withProposal,
  type ProposalField,
} from './rollOver';
import type { OfferingRecord, RollOverResult } from './types';

const year = new Date().getFullYear() + 1;
const labels = { en: 'Next intake', es: 'Próxima admisión', 'zh-CN': '下一批招生' };
const offering = (over: Partial<OfferingRecord>): OfferingRecord => ({
  id: 0,
  programId: 1,
  termId: 0,
  gender: 'female',
  fieldOfInterest: 'MSW',
  semester: 'intake-b',
  locations: [],
  opensAt: `${year}-01-15T05:00:00.000Z`,
  closesAt: `${year}-06-30T04:00:00.000Z`,
  graceDays: 0,
  rounds: [],
  applicationFeeCents: 10000,
  lateFeeCents: 0,
  lateFeeStartsAt: null,
  seats: null,
  replyDeadlineAt: null,
  acceptsDeferrals: false,
  depositCents: null,
  depositRefundable: false,
  depositDueDays: null,
  lapseUnpaidDeposits: false,
  open: true,
  archived: false,
  acceptingNow: false,
  ...over,
});
const result: RollOverResult = {
  dryRun: true,
  term: { id: 0, key: 'intake-b', labels, startsOn: `${year}-09-01`, archived: false },
  offerings: [
    offering({
      programId: 2,
      fieldOfInterest: 'Nursing',
      gender: 'male',
      locations: ['Main campus', 'Online'],
      rounds: [
        { key: 'priority', labels: { en: 'Priority', es: 'Prioritaria', 'zh-CN': '优先' }, deadlineAt: `${year}-03-01T16:00:00.000Z` },
      ],
      lateFeeCents: 2500,
      lateFeeStartsAt: `${year}-05-01T04:00:00.000Z`,
      seats: 30,
    }),
    offering({}),
  ],
};
const none = new Set<ProposalField>();

describe('rollOverRequest', () => {
  it('sends only the months and the changed fields in a dry run', () => {
    const form = { ...initialRollOverForm(), months: '24' };
    expect(rollOverRequest(form, none, true)).toEqual({ months: 24, dryRun: true });
    expect(rollOverRequest({ ...form, key: ' mine ' }, new Set<ProposalField>(['key']), true)).toEqual({
      months: 24,
      key: 'mine',
      dryRun: true,
    });
  });

  it('sends the whole proposal to confirm', () => {
    const form = withProposal(initialRollOverForm(), none, result);
    expect(rollOverRequest(form, none, false)).toEqual({ months: 12, key: 'intake-b', labels, startsOn: `${year}-09-01`, dryRun: false });
  });

  it('falls back to twelve months for an unreadable value', () => {
    expect(rollOverRequest({ ...initialRollOverForm(), months: 'x' }, none, true).months).toBe(12);
  });
});

describe('withProposal and confirmationKey', () => {
  it('takes the server’s proposal for the fields the admin did not change', () => {
    const typed = { ...initialRollOverForm(), months: '12', key: 'my-key', startsOn: 'typed' };
    expect(withProposal(typed, new Set<ProposalField>(['key']), result)).toEqual({
      months: '12',
      key: 'my-key',
      labels,
      startsOn: `${year}-09-01`,
    });
  });

  it('changes when anything the confirmation sends changes', () => {
    const form = withProposal(initialRollOverForm(), none, result);
    expect(confirmationKey(form)).toBe(confirmationKey({ ...form, key: ' intake-b ' }));
    expect(confirmationKey(form)).not.toBe(confirmationKey({ ...form, months: '24' }));
    expect(confirmationKey(form)).not.toBe(confirmationKey({ ...form, labels: { ...labels, es: 'Otra' } }));
  });
});

describe('validateRollOver', () => {
  it('checks months 1–36 and, of the proposal, what was changed', () => {
    const form = withProposal(initialRollOverForm(), none, result);
    expect(validateRollOver(form)).toEqual({});
    for (const months of ['0', '37', '1.5', '']) {
      expect(validateRollOver({ ...form, months }, none)).toEqual({ months: 'app.terms.roll_over.validation.months' });
    }
    const blank = { ...initialRollOverForm() };
    expect(validateRollOver(blank, none)).toEqual({});
    expect(validateRollOver(blank, new Set<ProposalField>(['key', 'startsOn']))).toEqual({
      key: 'ra.validation.required',
      startsOn: 'app.catalogue.validation.date',
    });
  });
});

describe('previewRows', () => {
  it('lists the offerings by program, in the admin’s zone, language and currency', () => {
    const rows = previewRows(result, { locale: 'en', zone: 'America/New_York', currency: 'USD' });
    expect(rows).toEqual([
      {
        key: '1-0',
        program: 'MSW',
        gender: 'female',
        locations: [],
        opens: `Jan 15, ${year}, 12:00 AM EST`,
        closes: `Jun 30, ${year}, 12:00 AM EDT`,
        rounds: [],
        fee: '$100.00',
        lateFee: null,
        lateFeeFrom: '',
        seats: null,
      },
      {
        key: '2-1',
        program: 'Nursing',
        gender: 'male',
        locations: ['Main campus', 'Online'],
        opens: `Jan 15, ${year}, 12:00 AM EST`,
        closes: `Jun 30, ${year}, 12:00 AM EDT`,
        rounds: [{ key: 'priority', label: 'Priority', deadline: `Mar 1, ${year}, 11:00 AM EST` }],
        fee: '$100.00',
        lateFee: '$25.00',
        lateFeeFrom: `May 1, ${year}, 12:00 AM EDT`,
        seats: 30,
      },
    ]);
  });

  it('names rounds in the console language and shows bare amounts while the currency is unknown', () => {
    const [, nursing] = previewRows(result, { locale: 'es', zone: 'UTC', currency: undefined });
    expect(nursing?.rounds[0]?.label).toBe('Prioritaria');
    expect(nursing?.fee).toBe('100,00');
  });
});

describe('isKeyTaken', () => {
  it('recognises 409 CAT-409-taken only', () => {
    expect(isKeyTaken({ status: 409, body: { code: 'CAT-409-taken' } })).toBe(true);
    expect(isKeyTaken({ status: 409, body: { code: 'CAT-409-in-use' } })).toBe(false);
    expect(isKeyTaken({ status: 422 })).toBe(false);
    expect(isKeyTaken(null)).toBe(false);
  });
});
