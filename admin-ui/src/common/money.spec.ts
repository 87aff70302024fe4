import { formatCents, formatMoney, fromCents, isWholeCents, toCents } from './money';

describe('formatMoney', () => {
  const nbsp = '\u00a0';
  it('formats an amount in its currency for each console locale', () => {
    expect(formatMoney(750000, 'USD', 'en')).toBe('$750,000.00');
    expect(formatMoney(150, 'USD', 'es')).toBe(`150,00${nbsp}US$`);
    expect(formatMoney(150, 'EUR', 'es')).toBe(`150,00${nbsp}€`);
    expect(formatMoney(150.5, 'EUR', 'en')).toBe('€150.50');
    expect(formatMoney(150, 'CNY', 'zh-CN')).toBe('¥150.00');
  });

  it('writes the code after the number for a code Intl does not accept', () => {
    expect(formatMoney(25, 'usd!', 'en')).toBe('25.00 usd!');
  });
});

describe('toCents and fromCents', () => {
  it('turns a major-unit amount (number or typed text) into integer cents, rounded to the cent', () => {
    expect(toCents(150)).toBe(15000);
    expect(toCents(150.5)).toBe(15050);
    expect(toCents('12.34')).toBe(1234);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(0)).toBe(0);
  });

  it('answers null for an empty or unreadable value', () => {
    expect(toCents('')).toBeNull();
    expect(toCents('  ')).toBeNull();
    expect(toCents(null)).toBeNull();
    expect(toCents(undefined)).toBeNull();
    expect(toCents('abc')).toBeNull();
  });

  it('gives back the major unit', () => {
    expect(fromCents(15050)).toBe(150.5);
    expect(fromCents(0)).toBe(0);
    expect(fromCents(null)).toBeNull();
    for (const cents of [1, 99, 1999, 123456789]) expect(toCents(fromCents(cents))).toBe(cents);
  });
});

describe('isWholeCents', () => {
  it('accepts at most two decimals', () => {
    expect(isWholeCents(12)).toBe(true);
    expect(isWholeCents(12.5)).toBe(true);
    expect(isWholeCents(0.29)).toBe(true);
    expect(isWholeCents(12.345)).toBe(false);
  });
});

describe('formatCents', () => {
  it('formats cents in the currency, or the bare number while it is unknown', () => {
    expect(formatCents(15050, 'USD', 'en')).toBe('$150.50');
    expect(formatCents(15000, 'EUR', 'es')).toBe('150,00\u00a0€');
    expect(formatCents(15000, undefined, 'en')).toBe('150.00');
  });
});
