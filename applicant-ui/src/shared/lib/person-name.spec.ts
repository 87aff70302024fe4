import { describe, expect, it } from '@jest/globals';
import { displayName, familyNameFirst, normaliseName, signatureMatches } from './person-name';

describe('signatureMatches (the server’s rule, issue 11 item 4)', () => {
  it('accepts the given + family name in any case and spacing, and full-width forms', () => {
    expect(signatureMatches('  ana   DIAZ ', 'Ana', 'Diaz')).toBe(true);
    expect(signatureMatches('ＡＮＡ　ＤＩＡＺ', 'Ana', 'Diaz')).toBe(true);
    expect(normaliseName('ＡＮＡ')).toBe('ana');
  });

  it('accepts CJK names family name first, with or without a space', () => {
    expect(signatureMatches('王美玲', '美玲', '王')).toBe(true);
    expect(signatureMatches('王 美玲', '美玲', '王')).toBe(true);
    expect(signatureMatches('美玲 王', '美玲', '王')).toBe(true);
    expect(signatureMatches('山田太郎', '太郎', '山田')).toBe(true);
  });

  it('refuses another name, an empty one, and family-first order for a Latin-script name', () => {
    expect(signatureMatches('王丽', '美玲', '王')).toBe(false);
    expect(signatureMatches(' ', '美玲', '王')).toBe(false);
    expect(signatureMatches('Diaz Ana', 'Ana', 'Diaz')).toBe(false);
    expect(signatureMatches('Ana Díaz', 'Ana', 'Diaz')).toBe(false);
  });
});

describe('name order by locale', () => {
  it('puts the family name first in zh-CN only', () => {
    expect(familyNameFirst('zh-CN')).toBe(true);
    expect(familyNameFirst('es')).toBe(false);
    expect(displayName('美玲', '王', 'zh-CN')).toBe('王美玲');
    expect(displayName('Moshe', 'Levi', 'zh-CN')).toBe('Levi Moshe');
    expect(displayName('美玲', '王', 'en')).toBe('美玲 王');
    expect(displayName('Moshe', 'Levi', 'es')).toBe('Moshe Levi');
  });
});
