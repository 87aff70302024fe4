/**
 * Every language has every message: es and zh-CN are compared with English (react-admin's own
 * `ra.*` English plus en.json). A key that is missing, empty, extra, or that loses a placeholder
 * (`%{name}`) or a plural form (` |||| `) fails. Also checks that every literal `app.*` /
 * `resources.*` key used in the source exists in en.json.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import englishRa from 'ra-language-english';
import { LOCALES } from '../config';
import { toAppLocale } from './locales';

const here = fileURLToPath(new URL('.', import.meta.url));
const srcDir = join(here, '..');
type Tree = { [key: string]: string | Tree };

const load = (locale: string): Tree => JSON.parse(readFileSync(join(here, `${locale}.json`), 'utf8')) as Tree;

/** Flattens a message tree to `dotted.key → text`. */
function flatten(tree: Tree, prefix = '', out: Map<string, unknown> = new Map()): Map<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/%\{([\w-]+)\}/g)].map((m) => m[1]).sort();
const pluralForms = (text: string) => text.split(' |||| ').length;

const en = load('en');
const english = flatten({ ...(englishRa as unknown as Tree), ...en });

describe('message files', () => {
  it('en.json has only app and resources messages (ra.* comes from ra-language-english)', () => {
    expect(Object.keys(en).sort()).toEqual(['app', 'resources']);
    for (const [key, text] of flatten(en)) {
      expect(typeof text === 'string' && text.trim() !== '' ? key : `${key} is empty`).toBe(key);
    }
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    describe(locale, () => {
      const messages = flatten(load(locale));

      it('has every English key, non-empty', () => {
        const missing = [...english.keys()].filter((k) => !messages.has(k));
        const empty = [...messages.entries()]
          .filter(([k, v]) => typeof v !== 'string' || (v.trim() === '' && String(english.get(k) ?? '').trim() !== ''))
          .map(([k]) => k);
        expect({ missing, empty }).toEqual({ missing: [], empty: [] });
      });

      it('has no key that English lacks', () => {
        expect([...messages.keys()].filter((k) => !english.has(k))).toEqual([]);
      });

      it('keeps the placeholders and plural forms of each message', () => {
        const wrong: string[] = [];
        for (const [key, enText] of english) {
          const text = messages.get(key);
          if (typeof text !== 'string' || typeof enText !== 'string') continue;
          if (placeholders(text).join() !== placeholders(enText).join()) wrong.push(`${key}: placeholders`);
          if (pluralForms(text) !== pluralForms(enText)) wrong.push(`${key}: plural forms`);
        }
        expect(wrong).toEqual([]);
      });
    });
  }

  it('defines every literal app.* / resources.* key used in the source', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !name.endsWith('.spec.ts')) files.push(path);
      }
    };
    walk(srcDir);
    const used = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`]((?:app|resources)\.[\w.-]+)['"`]/g)) {
        if (m[1] && !m[1].endsWith('.')) used.add(m[1]);
      }
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((k) => !english.has(k) && !english.has(`${k}_one`))).toEqual([]);
  });
});

describe('toAppLocale', () => {
  it('accepts the supported locales and their close variants', () => {
    expect(toAppLocale('en')).toBe('en');
    expect(toAppLocale('es-MX')).toBe('es');
    expect(toAppLocale('zh-cn')).toBe('zh-CN');
    expect(toAppLocale('zh')).toBe('zh-CN');
    expect(toAppLocale('fr')).toBeUndefined();
    expect(toAppLocale(undefined)).toBeUndefined();
  });
});
