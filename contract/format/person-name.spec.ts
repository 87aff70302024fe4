import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { formatPersonName, isFamilyNameFirst, salutationName } from './person-name.js';

describe('formatPersonName (issue 27 item 2)', () => {
  it.each([
    [{ firstName: '芳', lastName: '王' }, 'en', '王芳'],
    [{ firstName: '芳', lastName: '王' }, 'es', '王芳'],
    [{ firstName: '美玲', lastName: '欧阳' }, 'zh-CN', '欧阳美玲'],
    [{ firstName: '민준', lastName: '김' }, 'en', '김민준'],
    [{ firstName: '太郎', lastName: '山田' }, 'en', '山田太郎'],
    [{ firstName: 'Fang', lastName: '王' }, 'en', '王 Fang'],
    [{ firstName: 'María José', lastName: 'Pérez' }, 'es', 'María José Pérez'],
    [{ firstName: 'Fang', lastName: 'Wang' }, 'zh-CN', 'Fang Wang'],
    [{ firstName: ' Ana ', lastName: ' Díaz ' }, 'en', 'Ana Díaz'],
    [{ firstName: 'Ana', lastName: null }, 'en', 'Ana'],
    [{ firstName: '', lastName: '王' }, 'zh-CN', '王'],
    [{}, 'en', ''],
  ])('%j in %s is %s', (name, locale, expected) => {
    expect(formatPersonName(name, locale)).toBe(expected);
  });

  it('orders a name with no letter by the language it is written for', () => {
    expect(isFamilyNameFirst({ firstName: '2', lastName: '1' }, 'zh-CN')).toBe(true);
    expect(formatPersonName({ firstName: '2', lastName: '1' }, 'zh-CN')).toBe('1 2');
    expect(formatPersonName({ firstName: '2', lastName: '1' }, 'es')).toBe('2 1');
  });

  it('keeps both parts, each once, in any script and language (fast-check, seed 27)', () => {
    const part = fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom('王', '芳', '민준', 'José', 'Ng'));
    fc.assert(
      fc.property(part, part, fc.constantFrom('en', 'es', 'zh-CN'), (firstName, lastName, locale) => {
        const out = formatPersonName({ firstName, lastName }, locale);
        const given = firstName.trim();
        const family = lastName.trim();
        if (given && family) {
          expect(out.length).toBeGreaterThanOrEqual(given.length + family.length);
          const familyFirst = isFamilyNameFirst({ firstName, lastName }, locale);
          expect(out.startsWith(familyFirst ? family : given)).toBe(true);
          expect(out.endsWith(familyFirst ? given : family)).toBe(true);
        } else {
          expect(out).toBe(given || family);
        }
      }),
      { seed: 27, numRuns: 300 },
    );
  });
});

describe('salutationName', () => {
  it('greets a given-name-first person by the given name and a family-first one by the full name', () => {
    expect(salutationName({ firstName: 'María José', lastName: 'Pérez' }, 'es')).toBe('María José');
    expect(salutationName({ firstName: '芳', lastName: '王' }, 'zh-CN')).toBe('王芳');
    expect(salutationName({ firstName: '芳', lastName: '王' }, 'en')).toBe('王芳');
    expect(salutationName({ firstName: '', lastName: 'Pérez' }, 'es')).toBe('Pérez');
  });
});
