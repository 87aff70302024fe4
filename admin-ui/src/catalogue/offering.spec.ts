/**
 * Offering form helpers: fees shown in the major unit and sent in integer cents, validation as the server's
 * AdminOfferingDto, defaults computed from today, and the state chip. Instants are built from the current
 * year: nothing here names a year or a term.
 */
import { defaultOfferingValues, offeringFormValues, offeringState, toOfferingPayload, validateOffering } from './offering';
import type { OfferingRecord } from './types';

const year = new Date().getFullYear() + 1;
const at = (monthDay: string) => `${year}-${monthDay}T16:00:00.000Z`;
const labels = { en: 'Priority', es: 'Prioritaria', 'zh-CN': '优先' };

const record: OfferingRecord = {
  id: 7,
  programId: 3,
  termId: 5,
  gender: 'female',
  fieldOfInterest: 'MSW',
  semester: 'intake-a',
  locations: ['Main campus', 'Online'],
  opensAt: at('01-15'),
  closesAt: at('06-30'),
  graceDays: 2,
  rounds: [{ key: 'priority', labels, deadlineAt: at('03-01') }],
  applicationFeeCents: 15050,
  lateFeeCents: 2500,
  lateFeeStartsAt: at('05-01'),
  seats: 40,
  replyDeadlineAt: at('07-15'),
  acceptsDeferrals: true,
  depositCents: 50_000,
  depositRefundable: false,
  depositDueDays: 14,
  lapseUnpaidDeposits: true,
  open: true,
  archived: false,
  acceptingNow: false,
};

const valid = { ...offeringFormValues(record) };

describe('offeringFormValues', () => {
  it('shows the fees in the major unit beside the cents', () => {
    expect(offeringFormValues(record)).toMatchObject({ applicationFee: 150.5, lateFee: 25, applicationFeeCents: 15050 });
  });
});

describe('toOfferingPayload', () => {
  it('converts the major-unit fees to integer cents and keeps only the API fields', () => {
    expect(toOfferingPayload({ ...valid, applicationFee: '99.99', lateFee: 0.1 + 0.2 })).toEqual({
      programId: 3,
      termId: 5,
      locations: ['Main campus', 'Online'],
      opensAt: at('01-15'),
      closesAt: at('06-30'),
      graceDays: 2,
      rounds: [{ key: 'priority', labels, deadlineAt: at('03-01') }],
      applicationFeeCents: 9999,
      lateFeeCents: 30,
      lateFeeStartsAt: at('05-01'),
      seats: 40,
      replyDeadlineAt: at('07-15'),
      acceptsDeferrals: true,
      depositCents: 50_000,
      depositDueDays: 14,
      depositRefundable: false,
      lapseUnpaidDeposits: true,
      open: true,
      archived: false,
    });
  });

  it('round-trips a record unchanged', () => {
    const { id, gender, fieldOfInterest, semester, acceptingNow, ...dto } = record;
    void [id, gender, fieldOfInterest, semester, acceptingNow];
    expect(toOfferingPayload(offeringFormValues(record))).toEqual(dto);
    // without the major-unit fields (a record as read), the cents are kept
    expect(toOfferingPayload(record)).toEqual(dto);
  });

  it('fills empty optional fields, trims, drops empty locations and sorts the rounds by deadline', () => {
    const body = toOfferingPayload({
      ...valid,
      programId: '3',
      locations: [' Main campus ', '', '  '],
      graceDays: '',
      lateFee: '',
      lateFeeStartsAt: '',
      seats: '',
      replyDeadlineAt: '',
      acceptsDeferrals: undefined,
      open: undefined,
      archived: undefined,
      rounds: [
        { key: 'regular', labels, deadlineAt: at('05-01') },
        { key: ' priority ', labels: { ...labels, en: ' Priority ' }, deadlineAt: at('03-01') },
      ],
    });
    expect(body).toMatchObject({
      programId: 3,
      locations: ['Main campus'],
      graceDays: 0,
      lateFeeCents: 0,
      lateFeeStartsAt: null,
      seats: null,
      replyDeadlineAt: null,
      acceptsDeferrals: false,
      open: true,
      archived: false,
    });
    expect(body.rounds.map((r) => r.key)).toEqual(['priority', 'regular']);
    expect(body.rounds[0]?.labels.en).toBe('Priority');
  });

  it('sends the enrollment deposit in integer cents (issue 29 item 2): empty or 0 is none, empty days no deadline', () => {
    expect(offeringFormValues(record)).toMatchObject({ deposit: 500, depositCents: 50_000 });
    expect(toOfferingPayload({ ...valid, deposit: '250.5', depositDueDays: '10', lapseUnpaidDeposits: false })).toMatchObject({
      depositCents: 25_050,
      depositDueDays: 10,
      lapseUnpaidDeposits: false,
      depositRefundable: false,
    });
    expect(toOfferingPayload({ ...valid, deposit: '', depositDueDays: '' })).toMatchObject({ depositCents: null, depositDueDays: null });
    expect(toOfferingPayload({ ...valid, deposit: 0 }).depositCents).toBeNull();
    expect(offeringFormValues({ ...record, depositCents: null }).deposit).toBeNull();
  });

  it('keeps closing and archiving', () => {
    expect(toOfferingPayload({ ...valid, open: false, archived: true })).toMatchObject({ open: false, archived: true });
    expect(toOfferingPayload({ ...valid, seats: 0 }).seats).toBe(0);
  });
});

describe('validateOffering', () => {
  it('accepts a complete offering, and one without rounds, locations, late fee or seats', () => {
    expect(validateOffering(valid)).toEqual({});
    expect(validateOffering({ ...valid, rounds: [], locations: [], lateFee: '', seats: null, graceDays: '' })).toEqual({});
  });

  it('requires program, term, window and application fee', () => {
    expect(validateOffering({})).toEqual({
      programId: 'ra.validation.required',
      termId: 'ra.validation.required',
      opensAt: 'ra.validation.required',
      closesAt: 'ra.validation.required',
      applicationFee: 'ra.validation.required',
    });
  });

  it('wants the window to close after it opens', () => {
    expect(validateOffering({ ...valid, closesAt: valid.opensAt }).closesAt).toBe('app.offerings.validation.window');
    expect(validateOffering({ ...valid, closesAt: at('01-01') }).closesAt).toBe('app.offerings.validation.window');
  });

  it('checks fees: 0 or more, at most two decimals', () => {
    expect(validateOffering({ ...valid, applicationFee: 0 })).toEqual({});
    expect(validateOffering({ ...valid, applicationFee: -1 }).applicationFee).toBe('app.offerings.validation.fee');
    expect(validateOffering({ ...valid, applicationFee: 10.005 }).applicationFee).toBe('app.offerings.validation.fee');
    expect(validateOffering({ ...valid, lateFee: 'abc' }).lateFee).toBe('app.offerings.validation.fee');
    expect(validateOffering({ ...valid, applicationFee: 1_000_001 }).applicationFee).toBe('app.offerings.validation.fee');
  });

  it('checks the deposit: an amount of 0 or more with two decimals, due 1 to 365 whole days after accepting', () => {
    expect(validateOffering({ ...valid, deposit: '', depositDueDays: '' })).toEqual({});
    expect(validateOffering({ ...valid, deposit: -5 }).deposit).toBe('app.offerings.validation.fee');
    expect(validateOffering({ ...valid, deposit: 1.234 }).deposit).toBe('app.offerings.validation.fee');
    expect(validateOffering({ ...valid, depositDueDays: 0 }).depositDueDays).toBe('app.offerings.validation.deposit_due_days');
    expect(validateOffering({ ...valid, depositDueDays: 366 }).depositDueDays).toBe('app.offerings.validation.deposit_due_days');
    expect(validateOffering({ ...valid, depositDueDays: 2.5 }).depositDueDays).toBe('app.offerings.validation.deposit_due_days');
  });

  it('checks grace days, seats and locations', () => {
    expect(validateOffering({ ...valid, graceDays: 366 }).graceDays).toBe('app.offerings.validation.grace_days');
    expect(validateOffering({ ...valid, graceDays: 1.5 }).graceDays).toBe('app.offerings.validation.grace_days');
    expect(validateOffering({ ...valid, seats: -1 }).seats).toBe('app.offerings.validation.seats');
    expect(validateOffering({ ...valid, locations: ['Online', 'online'] }).locations).toBe('app.offerings.validation.locations');
    expect(validateOffering({ ...valid, locations: ['x'.repeat(61)] }).locations).toBe('app.offerings.validation.locations');
  });

  it('checks each round: key pattern, unique key, three names, deadline', () => {
    const errors = validateOffering({
      ...valid,
      rounds: [
        { key: 'priority', labels, deadlineAt: at('03-01') },
        { key: 'Priority Round', labels, deadlineAt: at('03-02') },
        { key: 'priority', labels: { ...labels, es: '' }, deadlineAt: null },
        { key: 'regular', labels, deadlineAt: at('04-01') },
      ],
    });
    expect(errors).toEqual({
      rounds: [
        {},
        { key: 'app.offerings.validation.round_key' },
        {
          key: 'app.offerings.validation.round_key_unique',
          labels: { es: 'ra.validation.required' },
          deadlineAt: 'ra.validation.required',
        },
        {},
      ],
    });
    expect(
      validateOffering({ ...valid, rounds: Array.from({ length: 11 }, (_, i) => ({ key: `r${i}`, labels, deadlineAt: at('03-01') })) })
        .rounds,
    ).toBe('app.offerings.validation.rounds_max');
  });
});

describe('defaultOfferingValues', () => {
  it('opens today at midnight in the admin’s zone and closes three months later, open, with nothing else set', () => {
    const now = new Date(`${year}-03-10T15:30:00.000Z`);
    const values = defaultOfferingValues(now, 'America/New_York');
    expect(values.opensAt).toBe(`${year}-03-10T05:00:00.000Z`);
    expect(values.closesAt).toBe(`${year}-06-10T04:00:00.000Z`);
    expect(values).toMatchObject({ graceDays: 0, locations: [], rounds: [], lateFee: 0, seats: null, open: true, archived: false });
    expect(values.applicationFee).toBeUndefined();
    expect(validateOffering({ ...values, programId: 1, termId: 1, applicationFee: 50 })).toEqual({});
  });
});

describe('offeringState', () => {
  const now = new Date(at('03-01'));
  it('says why an offering takes applications or not', () => {
    expect(offeringState({ ...record, acceptingNow: true }, now)).toBe('accepting');
    expect(offeringState({ ...record, archived: true, open: false }, now)).toBe('archived');
    expect(offeringState({ ...record, open: false }, now)).toBe('closed');
    expect(offeringState({ ...record, opensAt: at('04-01') }, now)).toBe('upcoming');
    expect(offeringState({ ...record, closesAt: at('03-01') }, now)).toBe('ended');
  });
});
