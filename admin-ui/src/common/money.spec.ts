import { formatMoney } from './money';

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
