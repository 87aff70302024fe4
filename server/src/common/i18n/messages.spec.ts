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

describe.each([
  ['es', es],
  ['zh-CN', zhCN],
])('server messages in %s', (_locale, messages) => {
  const translated = leaves(messages);

  it('have exactly the English keys, none empty', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of translated) expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
  });

  it('keep every {{placeholder}} of the English text', () => {
    for (const [key, text] of english) {
      const placeholders = (t: string) => (t.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect({ key, placeholders: placeholders(translated.get(key) ?? '') }).toEqual({ key, placeholders: placeholders(text) });
    }
  });
});
