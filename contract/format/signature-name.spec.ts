import { describe, expect, it } from '@jest/globals';
import { normalizeName, signatureMatchesName } from './person-name.js';

describe('signatureMatchesName (issue 11 item 4)', () => {
  it('accepts the given + family name in any case and spacing', () => {
    expect(signatureMatchesName('moshe  LEVI', 'Moshe', 'Levi')).toBe(true);
    expect(signatureMatchesName('MosheLevi', 'Moshe', 'Levi')).toBe(true);
  });

  it('accepts a Chinese name family name first without a space, and with one, and given name first', () => {
    expect(signatureMatchesName('王美玲', '美玲', '王')).toBe(true);
    expect(signatureMatchesName('王 美玲', '美玲', '王')).toBe(true);
    expect(signatureMatchesName('美玲 王', '美玲', '王')).toBe(true);
    expect(signatureMatchesName('美玲王', '美玲', '王')).toBe(true);
  });

  it('accepts Korean and Japanese names family name first', () => {
    expect(signatureMatchesName('김민준', '민준', '김')).toBe(true);
    expect(signatureMatchesName('山田太郎', '太郎', '山田')).toBe(true);
  });

  it('folds full-width and compatibility forms (NFKC)', () => {
    expect(normalizeName('ＭＯＳＨＥ　Ｌｅｖｉ')).toBe('moshelevi');
    expect(signatureMatchesName('ＭＯＳＨＥ　Ｌｅｖｉ', 'Moshe', 'Levi')).toBe(true);
  });

  it('refuses another name, an empty signature, and family-first order for a Latin-script name', () => {
    expect(signatureMatchesName('王丽', '美玲', '王')).toBe(false);
    expect(signatureMatchesName('   ', '美玲', '王')).toBe(false);
    expect(signatureMatchesName('Levi Moshe', 'Moshe', 'Levi')).toBe(false);
  });
});
