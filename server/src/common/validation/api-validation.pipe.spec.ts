import { describe, expect, it } from '@jest/globals';
import { IsNumber } from 'class-validator';
import { ApiException } from '../errors/api.exception.js';
import { ApiValidationPipe, unsafeInputAt } from './api-validation.pipe.js';
import { decimalPlaces, MaxDecimalPlaces } from './formats.js';
import { ParseBigSerialIdPipe, ParseSerialIdPipe } from './parse-serial-id.pipe.js';

class Duration {
  @IsNumber({ allowNaN: false, allowInfinity: false }) @MaxDecimalPlaces(4) duration: number;
}

/** Nests `value` `depth` objects deep. */
const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: nested(depth - 1) });

describe('decimalPlaces', () => {
  it.each([
    [12.3456, 4],
    [5e-323, 323],
    [1.25e-2, 4],
    [1e21, 0],
    [-0.5, 1],
    [3, 0],
  ])('%p has %p decimal places', (value, places) => expect(decimalPlaces(value)).toBe(places));
});

describe('unsafeInputAt', () => {
  it('finds prototype keys, NUL, lone surrogates and nesting deeper than 16, with their path', () => {
    expect(unsafeInputAt(JSON.parse('{"a":{"__proto__":{"x":1}}}'))).toEqual(['a.__proto__', 'validation.prototypeKey']);
    expect(unsafeInputAt({ list: [{ constructor: 1 }] })).toEqual(['list.0.constructor', 'validation.prototypeKey']);
    expect(unsafeInputAt({ name: 'a\u0000b' })).toEqual(['name', 'validation.unstorableText']);
    expect(unsafeInputAt({ name: 'x\ud800' })).toEqual(['name', 'validation.unstorableText']);
    expect(unsafeInputAt(nested(16))).toBeUndefined();
    expect(unsafeInputAt(nested(17))?.[1]).toBe('validation.tooDeep');
  });

  it('lets ordinary unicode through (emoji pairs, CJK, RTL marks)', () => {
    expect(unsafeInputAt({ name: '🙂👩‍👩‍👧 中文 \u202e', list: [1, null, true] })).toBeUndefined();
  });
});

describe('ApiValidationPipe', () => {
  const pipe = new ApiValidationPipe();
  const body = { type: 'body' as const, metatype: Duration, data: undefined };

  it('answers 422 VAL-001 for 5e-323 (a maxDecimalPlaces error, not a thrown exception)', async () => {
    const error = await pipe.transform({ duration: 5e-323 }, body).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422 });
    expect(JSON.stringify((error as { validationErrors: unknown }).validationErrors)).toContain('maxDecimalPlaces');
  });

  it("turns an exception thrown while validating (class-validator's own maxDecimalPlaces on 5e-323) into 422 VAL-001", async () => {
    class Throwing {
      @IsNumber({ maxDecimalPlaces: 4 }) duration: number;
    }
    const error = await pipe
      .transform({ duration: 5e-323 }, { type: 'body', metatype: Throwing, data: undefined })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiException);
    expect(error).toMatchObject({ code: 'VAL-001', status: 422, details: { errors: { body: [{ key: 'validation.unknown' }] } } });
  });

  it('refuses a prototype key in a query with 422 at its path', async () => {
    const error = await pipe.transform({ constructor: 'x' }, { type: 'query', metatype: Object, data: undefined }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'VAL-001', details: { errors: { constructor: [{ key: 'validation.prototypeKey' }] } } });
  });
});

describe('ParseSerialIdPipe', () => {
  const pipe = new ParseSerialIdPipe();
  it('parses serial ids and answers 400 for non-integers, 404 for integers out of range', () => {
    expect(pipe.transform('42')).toBe(42);
    expect(pipe.transform('2147483647')).toBe(2147483647);
    for (const id of ['abc', '1.5', '1e3', '0x10', ''])
      expect(() => pipe.transform(id)).toThrow(expect.objectContaining({ code: 'REQ-400' }));
    for (const id of ['0', '-1', '2147483648', '99999999999999999999']) {
      expect(() => pipe.transform(id)).toThrow(expect.objectContaining({ code: 'REQ-404' }));
    }
  });
});

describe('ParseBigSerialIdPipe', () => {
  const pipe = new ParseBigSerialIdPipe();
  it('keeps bigint ids as strings and answers 404 past 2^63-1', () => {
    expect(pipe.transform('9223372036854775807')).toBe('9223372036854775807');
    expect(() => pipe.transform('99999999999999999999')).toThrow(expect.objectContaining({ code: 'REQ-404' }));
    expect(() => pipe.transform('1e3')).toThrow(expect.objectContaining({ code: 'REQ-400' }));
  });
});
