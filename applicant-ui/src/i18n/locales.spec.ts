/**
 * Locale completeness (DESIGN §9): every key of en.json must exist, non-empty, in es.json and
 * zh-CN.json (and no extra keys), with the same {{placeholders}}; every key used in the code must exist in en.
 * Plural groups (i18next `x_one`/`x_other` in English) are expected in each language's own plural
 * categories (Spanish `one`, `many`, `other`; Chinese `other`), and a form answers to English `x_other`.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const here = join(process.cwd(), 'src', 'i18n');
const load = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(here, 'locales', `${name}.json`), 'utf8')) as Record<string, unknown>;

/** Flattens nested messages to dotted keys → string values. */
function flatten(obj: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [kk, vv] of flatten(v as Record<string, unknown>, key)) out.set(kk, vv);
    } else {
      out.set(key, v);
    }
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const en = flatten(load('en'));

/** A plural group of English: `base_one` and `base_other` both there (`details.uploaded_one` alone is no plural). */
const pluralBase = (key: string): string | undefined => {
  const base = /^(.*)_(one|other)$/.exec(key)?.[1];
  return base !== undefined && en.has(`${base}_one`) && en.has(`${base}_other`) ? base : undefined;
};

/** The keys `locale` must have: the English ones, each plural group in the language's plural categories. */
function expectedKeys(locale: string): string[] {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of en.keys()) {
    const base = pluralBase(key);
    if (base === undefined) keys.add(key);
    else for (const category of categories) keys.add(`${base}_${category}`);
  }
  return [...keys];
}

/** The English key a key of `locale` answers to (`x_many` → `x_other`). */
function englishKey(key: string, locale: string): string {
  const plural = /^(.*)_([a-z]+)$/.exec(key);
  const categories: string[] = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  return plural && categories.includes(plural[2]!) && pluralBase(`${plural[1]}_other`) !== undefined ? `${plural[1]}_other` : key;
}

describe.each(['es', 'zh-CN'])('locale %s', (name) => {
  const other = flatten(load(name));
  const expected = expectedKeys(name);

  it('has every English key (plural groups in its own plural categories) with a non-empty string', () => {
    const missing = expected.filter((k) => typeof other.get(k) !== 'string' || (other.get(k) as string).trim() === '');
    expect(missing).toEqual([]);
  });

  it('has no key that English lacks', () => {
    expect([...other.keys()].filter((k) => !expected.includes(k))).toEqual([]);
  });

  it('keeps the same interpolation placeholders', () => {
    const wrong = [...other.entries()].filter(
      ([k, v]) => JSON.stringify(placeholders(String(v))) !== JSON.stringify(placeholders(String(en.get(englishKey(k, name)) ?? ''))),
    );
    expect(wrong.map(([k]) => k)).toEqual([]);
  });
});

describe('English messages', () => {
  it('are all non-empty strings', () => {
    expect([...en.entries()].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it('contain the spec texts', () => {
    expect(en.get('maintenance.message')).toBe(
      'This Application Form will be offline for scheduled Maintenance from {{start}} to {{end}}. Please be sure to Save / Submit your application prior to this time; you will be able to continue later.',
    );
    expect(en.get('tagline.text')).toBe('Affordable. Convenient. Respected.');
    for (const k of ['error_alert_title', 'error_alert_text', 'token_expired_alert_title', 'token_expired_alert_text']) {
      expect(en.has(k)).toBe(true);
    }
  });

  it('cover every literal key the source code uses', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(f) && !/\.spec\.ts$/.test(f)) files.push(p);
      }
    };
    walk(join(process.cwd(), 'src'));
    const used = new Set<string>();
    for (const f of files) {
      const src = readFileSync(f, 'utf8');
      for (const m of src.matchAll(/\bt\(\s*'([a-zA-Z_][\w.-]*)'/g)) used.add(m[1]!);
      for (const m of src.matchAll(/(?:titleKey|textKey):\s*'([\w.]+)'/g)) used.add(m[1]!);
      for (const m of src.matchAll(/'(validation\.[a-z_]+)'/g)) used.add(m[1]!);
    }
    // keys built from data: gender.*, languages.*, steps.*, programs.groups.*, validation.<kind>[_required]
    for (const k of ['gender.female', 'gender.male', 'languages.en', 'languages.es', 'languages.zh-CN']) used.add(k);
    for (const g of ['underGraduate', 'graduate', 'postGraduate', 'preRequisite']) {
      used.add(`programs.groups.${g}.title`);
      used.add(`programs.groups.${g}.description`);
    }
    for (const kind of ['email', 'phone', 'date', 'zip', 'ceeb']) {
      used.add(`validation.${kind}`);
      used.add(`validation.${kind}_required`);
    }
    // a plural key is used without its suffix: t('autosave.invalid', { count })
    expect([...used].filter((k) => !en.has(k) && !en.has(`${k}_other`)).sort()).toEqual([]);
  });
});
