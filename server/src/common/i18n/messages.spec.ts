import { describe, expect, it } from '@jest/globals';
import { en } from './messages.en.js';
import { es } from './messages.es.js';
import { zhCN } from './messages.zh-cn.js';

/** Every leaf key of a nested message object, as dotted paths. */
function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value as object, path)) out.set(k, v);
  }
  return out;
}

const english = leaves(en);

/** E-mail strings that are the same words in a language as in English (checked by hand, not forgotten). */
const SAME_AS_ENGLISH: Record<string, string[]> = { es: ['mail.receiptTotal'], 'zh-CN': [] };

describe.each([
  ['es', es],
  ['zh-CN', zhCN],
])('server messages in %s', (locale, messages) => {
  const translated = leaves(messages);

  it('have exactly the English keys, none empty', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of translated) expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
  });

  it('have every e-mail string (mail.*) and semester name, translated: none missing, blank or left in English (issue 11 item 3)', () => {
    const mailKeys = [...english.keys()].filter((key) => key.startsWith('mail.') || key.startsWith('semesters.'));
    expect(mailKeys.length).toBeGreaterThan(20);
    for (const key of mailKeys) {
      const text = translated.get(key);
      expect({ key, present: typeof text === 'string' && text.trim() !== '' }).toEqual({ key, present: true });
      if (!SAME_AS_ENGLISH[locale]!.includes(key)) expect({ key, english: text === english.get(key) }).toEqual({ key, english: false });
    }
  });

  it('keep every {{placeholder}} of the English text', () => {
    for (const [key, text] of english) {
      const placeholders = (t: string) => (t.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect({ key, placeholders: placeholders(translated.get(key) ?? '') }).toEqual({ key, placeholders: placeholders(text) });
    }
  });
});
