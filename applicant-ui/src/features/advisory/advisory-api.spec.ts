import { advisoryText, type AdvisoryLine } from './advisory-api';

const line: AdvisoryLine = {
  id: 1,
  text: 'Server choice',
  texts: { en: 'Apply by Nov 11', es: 'Solicite antes del 11 de nov.', 'zh-CN': '11月11日前申请' },
};

describe('advisoryText', () => {
  it('picks the text of the UI language', () => {
    expect(advisoryText(line, 'en')).toBe('Apply by Nov 11');
    expect(advisoryText(line, 'es')).toBe('Solicite antes del 11 de nov.');
    expect(advisoryText(line, 'zh-CN')).toBe('11月11日前申请');
  });

  it('treats zh variants as zh-CN and es-MX as es', () => {
    expect(advisoryText(line, 'zh')).toBe('11月11日前申请');
    expect(advisoryText(line, 'es-MX')).toBe('Solicite antes del 11 de nov.');
  });

  it("falls back to the server's text, then English, when the language's text is blank", () => {
    expect(advisoryText({ ...line, texts: { en: 'Apply by Nov 11', es: '  ' } }, 'es')).toBe('Server choice');
    expect(advisoryText({ ...line, text: '', texts: { en: 'Apply by Nov 11' } }, 'zh-CN')).toBe('Apply by Nov 11');
  });
});
