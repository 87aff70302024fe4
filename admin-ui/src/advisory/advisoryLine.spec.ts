/**
 * Advisory-line form helpers: validation as the server's, the request body, and "shown now".
 */
import { isShownNow, lineTextFor, toAdvisoryLinePayload, validateAdvisoryLine } from './advisoryLine';

const valid = { textEn: 'Apply by May 1.', textEs: 'Solicite antes del 1 de mayo.', textZhCn: '请在5月1日前申请。' };

describe('validateAdvisoryLine', () => {
  it('accepts three texts and an optional order', () => {
    expect(validateAdvisoryLine(valid)).toEqual({});
    expect(validateAdvisoryLine({ ...valid, sortOrder: -1000 })).toEqual({});
  });

  it('requires each text, not only spaces', () => {
    expect(validateAdvisoryLine({ textEn: ' ', textEs: '', textZhCn: undefined })).toEqual({
      textEn: 'ra.validation.required',
      textEs: 'ra.validation.required',
      textZhCn: 'ra.validation.required',
    });
  });

  it('limits each text to 500 characters', () => {
    expect(validateAdvisoryLine({ ...valid, textZhCn: '字'.repeat(501) })).toEqual({
      textZhCn: { message: 'ra.validation.maxLength', args: { max: 500 } },
    });
    expect(validateAdvisoryLine({ ...valid, textZhCn: '字'.repeat(500) })).toEqual({});
  });

  it('takes a whole sort order between -1000 and 1000', () => {
    expect(validateAdvisoryLine({ ...valid, sortOrder: 1001 }).sortOrder).toBe('app.advisory.validation.sort_order');
    expect(validateAdvisoryLine({ ...valid, sortOrder: 1.5 }).sortOrder).toBe('app.advisory.validation.sort_order');
  });
});

describe('toAdvisoryLinePayload', () => {
  it('trims the texts and fills the defaults', () => {
    expect(toAdvisoryLinePayload({ ...valid, textEn: '  Apply by May 1. ', sortOrder: '' })).toEqual({
      ...valid,
      sortOrder: 0,
      active: true,
      showUntil: null,
    });
  });

  it('keeps active false, the order and showUntil', () => {
    expect(toAdvisoryLinePayload({ ...valid, sortOrder: '3', active: false, showUntil: '2026-05-01T04:00:00.000Z' })).toMatchObject({
      sortOrder: 3,
      active: false,
      showUntil: '2026-05-01T04:00:00.000Z',
    });
  });
});

describe('isShownNow', () => {
  const now = new Date('2026-03-04T00:00:00Z');
  it('needs active and a showUntil still ahead (or none)', () => {
    expect(isShownNow({ active: true, showUntil: null }, now)).toBe(true);
    expect(isShownNow({ active: true, showUntil: '2026-03-05T00:00:00Z' }, now)).toBe(true);
    expect(isShownNow({ active: true, showUntil: '2026-03-04T00:00:00Z' }, now)).toBe(false);
    expect(isShownNow({ active: false, showUntil: null }, now)).toBe(false);
  });
});

describe('lineTextFor', () => {
  const line = { textEn: 'Apply by June 1.', textEs: 'Solicite antes del 1 de junio.', textZhCn: '请在6月1日前申请。' };

  it('picks the text of the console language', () => {
    expect(lineTextFor(line, 'en')).toBe('Apply by June 1.');
    expect(lineTextFor(line, 'es')).toBe('Solicite antes del 1 de junio.');
    expect(lineTextFor(line, 'zh-CN')).toBe('请在6月1日前申请。');
    expect(lineTextFor(line, 'es-MX')).toBe('Solicite antes del 1 de junio.');
    expect(lineTextFor(line, 'zh')).toBe('请在6月1日前申请。');
  });

  it('falls back to English for another language or an empty translation', () => {
    expect(lineTextFor(line, 'fr')).toBe('Apply by June 1.');
    expect(lineTextFor({ ...line, textEs: '  ' }, 'es')).toBe('Apply by June 1.');
  });
});
