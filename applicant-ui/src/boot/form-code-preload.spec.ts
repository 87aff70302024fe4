/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * The early script's preload of a form page's code (issue 28): which page a URL opens, and the
 * `modulepreload` links it adds from the build's `<meta>` lists — for a form page's first load only.
 */
import { FORM_CODE_META, formPageOf, preloadFormCode } from './form-code-preload';

const url = (path: string) => new URL(path, 'https://portal.example');

describe('formPageOf', () => {
  it.each([
    ['/application/2?token=abc', 'steps'],
    ['/application?token=abc', 'steps'],
    ['/application/?token=abc', 'steps'],
    ['/application/7?token=abc', 'steps'],
    ['/application/8?token=abc', 'payment'],
    ['/details/1?token=abc', 'details'],
    ['/details?token=abc', 'details'],
  ])('%s opens %s', (path, form) => {
    expect(formPageOf(url(path))).toBe(form);
  });

  it.each([
    '/',
    '/application/2',
    '/application/thank-you?token=abc',
    '/details/thank-you?token=abc',
    '/applications/2?token=abc',
    '/home',
  ])('%s opens no form code', (path) => {
    expect(formPageOf(url(path))).toBeNull();
  });
});

describe('preloadFormCode', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    for (const [name, files] of [
      [FORM_CODE_META.steps, '/assets/ApplicationPage-a.js /assets/application-steps-b.js'],
      [FORM_CODE_META.payment, '/assets/ApplicationPage-a.js /assets/PaymentStep-c.js'],
      [FORM_CODE_META.details, ' /assets/DetailsForm-d.js  '],
    ]) {
      const meta = document.createElement('meta');
      meta.name = name!;
      meta.content = files!;
      document.head.append(meta);
    }
  });

  const preloads = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link')].map((link) => ({
      rel: link.rel,
      href: new URL(link.href).pathname,
      // `crossorigin` present with no value: the anonymous mode of vite's own modulepreload links
      crossorigin: link.getAttribute('crossorigin'),
    }));

  it('adds a modulepreload link for each chunk of the page’s list, as the build’s own preloads (crossorigin)', () => {
    preloadFormCode(url('/application/8?token=abc'), document);
    expect(preloads()).toEqual([
      { rel: 'modulepreload', href: '/assets/ApplicationPage-a.js', crossorigin: '' },
      { rel: 'modulepreload', href: '/assets/PaymentStep-c.js', crossorigin: '' },
    ]);
  });

  it('reads a list with extra spaces', () => {
    preloadFormCode(url('/details/1?token=abc'), document);
    expect(preloads().map((p) => p.href)).toEqual(['/assets/DetailsForm-d.js']);
  });

  it('adds nothing on another page, or when the build wrote no list', () => {
    preloadFormCode(url('/'), document);
    preloadFormCode(url('/application/2'), document);
    expect(preloads()).toEqual([]);
    document.head.innerHTML = '';
    preloadFormCode(url('/application/2?token=abc'), document);
    expect(preloads()).toEqual([]);
  });
});
