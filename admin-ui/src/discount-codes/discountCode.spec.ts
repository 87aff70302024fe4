/**
 * Discount-code form helpers: validation as strict as the server's DiscountCodeDto, the request body,
 * the "Expire now" body and the state chip.
 */
import {
  codeState,
  expireNowPayload,
  formatDiscountValue,
  normaliseCode,
  toDiscountCodePayload,
  usageText,
  validateDiscountCode,
} from './discountCode';
import type { DiscountCodeRecord } from './types';

const record: DiscountCodeRecord = {
  id: '6f1c2d4e-0000-4000-8000-000000000001',
  code: 'SPRING25',
  kind: 'percent',
  value: 25,
  appliesTo: 'application_fee',
  description: 'Spring open day',
  expiresAt: null,
  maxUses: 10,
  usageCount: 3,
  active: true,
  usable: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('normaliseCode', () => {
  it('trims and upper-cases', () => {
    expect(normaliseCode('  spring-25_a ')).toBe('SPRING-25_A');
    expect(normaliseCode(undefined)).toBe('');
  });
});

describe('validateDiscountCode', () => {
  it('accepts a valid fixed, percent and waiver code', () => {
    expect(validateDiscountCode({ code: 'abc', kind: 'fixed', value: 12.5 })).toEqual({});
    expect(validateDiscountCode({ code: 'HALF_OFF-2026', kind: 'percent', value: 100, maxUses: 5 })).toEqual({});
    expect(validateDiscountCode({ code: 'FREE', kind: 'waiver', value: null })).toEqual({});
  });

  it('requires code and kind', () => {
    expect(validateDiscountCode({})).toEqual({ code: 'ra.validation.required', kind: 'ra.validation.required' });
  });

  it('refuses codes shorter than 3, longer than 40 or with other characters', () => {
    for (const code of ['AB', 'A'.repeat(41), 'SPRING 25', 'ÉTÉ25', 'A+B']) {
      expect(validateDiscountCode({ code, kind: 'waiver' })).toEqual({ code: 'app.discount_codes.validation.code' });
    }
    expect(validateDiscountCode({ code: 'A'.repeat(40), kind: 'waiver' })).toEqual({});
  });

  it('requires a positive value with at most two decimals, a percentage at most 100', () => {
    expect(validateDiscountCode({ code: 'ABC', kind: 'fixed', value: '' }).value).toBe('ra.validation.required');
    expect(validateDiscountCode({ code: 'ABC', kind: 'fixed', value: 0 }).value).toBe('app.discount_codes.validation.value_positive');
    expect(validateDiscountCode({ code: 'ABC', kind: 'fixed', value: 1.005 }).value).toBe('app.discount_codes.validation.value_cents');
    expect(validateDiscountCode({ code: 'ABC', kind: 'percent', value: 100.5 }).value).toBe('app.discount_codes.validation.value_percent');
    expect(validateDiscountCode({ code: 'ABC', kind: 'fixed', value: 250 })).toEqual({});
  });

  it('ignores the value of a waiver', () => {
    expect(validateDiscountCode({ code: 'ABC', kind: 'waiver', value: -3 })).toEqual({});
  });

  it('takes maxUses empty or a whole number of at least 1', () => {
    expect(validateDiscountCode({ code: 'ABC', kind: 'waiver', maxUses: '' })).toEqual({});
    expect(validateDiscountCode({ code: 'ABC', kind: 'waiver', maxUses: 0 }).maxUses).toBe('app.discount_codes.validation.max_uses');
    expect(validateDiscountCode({ code: 'ABC', kind: 'waiver', maxUses: 2.5 }).maxUses).toBe('app.discount_codes.validation.max_uses');
  });

  it('limits the description to 500 characters', () => {
    expect(validateDiscountCode({ code: 'ABC', kind: 'waiver', description: 'x'.repeat(501) }).description).toBe(
      'app.discount_codes.validation.description',
    );
  });
});

describe('toDiscountCodePayload', () => {
  it('keeps only the API fields, upper-cases the code and turns empty optional fields into null', () => {
    const body = toDiscountCodePayload({ ...record, code: 'spring25', description: '  ', maxUses: '', value: '25' } as never);
    expect(body).toEqual({
      code: 'SPRING25',
      kind: 'percent',
      value: 25,
      appliesTo: 'application_fee',
      description: null,
      expiresAt: null,
      maxUses: null,
      active: true,
    });
  });

  it('keeps a code for the enrollment deposit as such (issue 29 item 2), and anything else as the application fee', () => {
    expect(toDiscountCodePayload({ code: 'DEPFREE', kind: 'waiver', appliesTo: 'enrollment_deposit' }).appliesTo).toBe(
      'enrollment_deposit',
    );
    expect(toDiscountCodePayload({ code: 'FEE', kind: 'waiver', appliesTo: 'other' }).appliesTo).toBe('application_fee');
  });

  it('sends 0 for a waiver whatever the value field holds', () => {
    expect(toDiscountCodePayload({ code: 'FREE', kind: 'waiver', value: 40 }).value).toBe(0);
  });

  it('keeps active false', () => {
    expect(toDiscountCodePayload({ code: 'OFF', kind: 'waiver', active: false }).active).toBe(false);
  });
});

describe('expireNowPayload', () => {
  it('deactivates the code and sets expiresAt to now, keeping the rest', () => {
    const now = new Date('2026-03-04T05:06:07.000Z');
    expect(expireNowPayload(record, now)).toEqual({
      code: 'SPRING25',
      kind: 'percent',
      value: 25,
      appliesTo: 'application_fee',
      description: 'Spring open day',
      expiresAt: '2026-03-04T05:06:07.000Z',
      maxUses: 10,
      active: false,
    });
  });
});

describe('codeState and usageText', () => {
  const now = new Date('2026-03-04T00:00:00.000Z');
  it('names why a code is refused', () => {
    expect(codeState(record, now)).toBe('usable');
    expect(codeState({ ...record, active: false, expiresAt: '2026-01-01T00:00:00Z' }, now)).toBe('inactive');
    expect(codeState({ ...record, expiresAt: '2026-03-04T00:00:00.000Z' }, now)).toBe('expired');
    expect(codeState({ ...record, expiresAt: '2026-03-05T00:00:00.000Z' }, now)).toBe('usable');
    expect(codeState({ ...record, usageCount: 10 }, now)).toBe('used_up');
    expect(codeState({ ...record, maxUses: null, usageCount: 1000 }, now)).toBe('usable');
  });

  it('shows the usage against the limit', () => {
    expect(usageText(record)).toBe('3 / 10');
    expect(usageText({ usageCount: 0, maxUses: null })).toBe('0 / ∞');
  });
});

describe('formatDiscountValue', () => {
  const nbsp = '\u00a0';
  it('formats a fixed amount in the deployment’s currency for each console locale', () => {
    expect(formatDiscountValue({ kind: 'fixed', value: 25 }, 'es', 'EUR')).toBe(`25,00${nbsp}€`);
    expect(formatDiscountValue({ kind: 'fixed', value: 25 }, 'en', 'CAD')).toBe('CA$25.00');
    // before GET /api/config has answered: the number alone, never a guessed currency
    expect(formatDiscountValue({ kind: 'fixed', value: 25 }, 'en', undefined)).toBe('25.00');
    expect(formatDiscountValue({ kind: 'fixed', value: 25 }, 'en', 'USD')).toBe('$25.00');
    expect(formatDiscountValue({ kind: 'fixed', value: 1234.5 }, 'en', 'USD')).toBe('$1,234.50');
    expect(formatDiscountValue({ kind: 'fixed', value: 25 }, 'es', 'USD')).toBe(`25,00${nbsp}US$`);
    expect(formatDiscountValue({ kind: 'fixed', value: 25 }, 'zh-CN', 'USD')).toBe('US$25.00');
  });

  it('formats a percentage with up to two decimals in the locale', () => {
    expect(formatDiscountValue({ kind: 'percent', value: 25 }, 'en', 'USD')).toBe('25%');
    expect(formatDiscountValue({ kind: 'percent', value: 12.34 }, 'en', 'USD')).toBe('12.34%');
    expect(formatDiscountValue({ kind: 'percent', value: 12.5 }, 'es', 'USD')).toBe(`12,5${nbsp}%`);
    expect(formatDiscountValue({ kind: 'percent', value: 100 }, 'zh-CN', 'USD')).toBe('100%');
  });

  it('has no number for a waiver', () => {
    expect(formatDiscountValue({ kind: 'waiver', value: 0 }, 'en', 'USD')).toBeNull();
  });
});
