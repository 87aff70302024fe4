import { describe, expect, it } from '@jest/globals';
import { centsToDecimalString, formatCents, fromCents, toCents } from './money.js';

describe('money in integer cents', () => {
  it('converts the major unit to cents without binary noise, half up', () => {
    expect(toCents(150)).toBe(15_000);
    expect(toCents(150.5)).toBe(15_050);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(19.99)).toBe(1999);
    expect(fromCents(15_050)).toBe(150.5);
  });

  it('writes cents as an exact two-decimal string for the gateway', () => {
    expect(centsToDecimalString(30_000)).toBe('300.00');
    expect(centsToDecimalString(1999)).toBe('19.99');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(0)).toBe('0.00');
  });

  it('formats with the currency and the reader’s language', () => {
    expect(formatCents(15_050, 'USD', 'en')).toBe('$150.50');
    expect(formatCents(15_050, 'EUR', 'es')).toBe('150,50\u00a0€');
    expect(formatCents(15_050, 'USD', 'zh-CN')).toBe('US$150.50');
    expect(formatCents(15_000, 'CAD', 'en')).toBe('CA$150.00');
  });
});
