import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { en } from '../../server/src/common/i18n/messages.en.js';
import { es } from '../../server/src/common/i18n/messages.es.js';
import { zhCN } from '../../server/src/common/i18n/messages.zh-cn.js';

/**
 * The glossary (issue 27 item 7, `docs/glossary.json`): every locale file of the applicant app, the
 * console and the server's messages (e-mails, receipts, errors) calls each thing by one name — the
 * synonyms the glossary bans for a language appear nowhere in that language's texts.
 */
interface Entry {
  term: string;
  use: string;
  avoid: string[];
}
type Glossary = Record<'en' | 'es' | 'zh-CN', Entry[]>;

const root = new URL('../../', import.meta.url);
const glossary = JSON.parse(readFileSync(new URL('docs/glossary.json', root), 'utf8')) as Glossary & { $comment: string };
const json = (path: string): unknown => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

/** Every string in a nested messages object, with its dotted key. */
function strings(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
  return [];
}

/** A banned synonym as a pattern: case-insensitive, at the start of a word (anywhere in Chinese). */
function pattern(avoid: string, locale: string): RegExp {
  const escaped = avoid.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(locale === 'zh-CN' ? escaped : `(?<![\\p{L}\\p{N}])${escaped}`, 'iu');
}

const LOCALES = ['en', 'es', 'zh-CN'] as const;
const serverMessages = { en, es, 'zh-CN': zhCN };

describe('the glossary', () => {
  it('has an entry list per language, each naming the word to use and the synonyms to avoid', () => {
    for (const locale of LOCALES) {
      expect(glossary[locale].length).toBeGreaterThan(0);
      for (const entry of glossary[locale]) {
        expect(entry.use.trim()).not.toBe('');
        expect(entry.avoid.length).toBeGreaterThan(0);
        // the word to use is never itself banned
        expect(entry.avoid.filter((a) => pattern(a, locale).test(entry.use))).toEqual([]);
      }
    }
  });

  it.each(LOCALES)('is followed by every %s text of the applicant app, the console and the server', (locale) => {
    const files: Record<string, unknown> = {
      [`applicant-ui/src/i18n/locales/${locale}.json`]: json(`applicant-ui/src/i18n/locales/${locale}.json`),
      [`admin-ui/src/i18n/${locale}.json`]: json(`admin-ui/src/i18n/${locale}.json`),
      [`server messages (${locale})`]: serverMessages[locale],
    };
    const found: string[] = [];
    for (const [file, messages] of Object.entries(files)) {
      const texts = strings(messages);
      expect(texts.length).toBeGreaterThan(50);
      for (const entry of glossary[locale]) {
        for (const avoid of entry.avoid) {
          const banned = pattern(avoid, locale);
          for (const [key, text] of texts) if (banned.test(text)) found.push(`${file} ${key}: "${avoid}" (use "${entry.use}")`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('catches a banned synonym (the check can fail)', () => {
    expect(pattern('cuota', 'es').test('Cuota de solicitud')).toBe(true);
    expect(pattern('cuota', 'es').test('Tarifa de solicitud')).toBe(false);
    expect(pattern('报名费', 'zh-CN').test('请支付报名费')).toBe(true);
  });
});
