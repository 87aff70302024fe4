/**
 * Issue 11 item 3 "every word in three languages": option labels and the program catalogue answered in
 * the caller's `Accept-Language` (fast path and controller), Manage Dropdowns' three-language shape,
 * every seeded option and program translated in the database, e-mails wholly in the application's
 * language with times in its zone (over a real SMTP server), and the migration of stored labels.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { LocalizedLabels1764130000000 } from '../../migrations/1764130000000-localized-labels.js';
import { en } from '../src/common/i18n/messages.en.js';
import { certifyAndPay } from './support/drafts.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, startApplication, startBody, type TestApp } from './support/test-app.js';

let t: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: 'https://apply.example.edu' });
});

afterAll(async () => {
  await t.close();
  await sink.close();
});

type Shown = { key: string; options: { value: string; label: string }[] };
const options = (lists: Shown[], key: string) => lists.find((d) => d.key === key)!.options;
/** GET through the fast path, or through the controller (a cross-origin request, which the fast path leaves to it). */
const get = (path: string, language: string, viaController = false) => {
  const call = t.http().get(path).set('Accept-Language', language);
  return viaController ? call.set('Origin', 'https://apply.example.edu') : call;
};
/** A mail's subject and text without its links (a link may contain English-looking paths). */
const wordsOf = (mail: { subject: string; text: string }) => `${mail.subject}\n${mail.text}`.replace(/https?:\/\/\S+/g, '');

describe('GET /api/dropdowns in the caller’s language', () => {
  it.each([false, true])('answers labels in en, es and zh-CN with the values unchanged (controller: %s)', async (viaController) => {
    const [english, spanish, chinese] = await Promise.all(['en', 'es', 'zh-CN'].map((l) => get('/api/dropdowns', l, viaController)));
    for (const response of [english, spanish, chinese]) expect(response.status).toBe(200);
    expect(options(english.body, 'maritalStatus')).toEqual([
      { value: 'Single', label: 'Single' },
      { value: 'Married', label: 'Married' },
      { value: 'Divorced', label: 'Divorced' },
      { value: 'Widowed', label: 'Widowed' },
    ]);
    expect(options(spanish.body, 'maritalStatus').map((o) => o.label)).toEqual(['Soltero/a', 'Casado/a', 'Divorciado/a', 'Viudo/a']);
    expect(options(chinese.body, 'maritalStatus').map((o) => o.label)).toEqual(['未婚', '已婚', '离异', '丧偶']);
    expect(options(chinese.body, 'yesNo')).toEqual([
      { value: 'Yes', label: '是' },
      { value: 'No', label: '否' },
    ]);
    expect(options(spanish.body, 'countries')[0]).toEqual({ value: 'United States', label: 'Estados Unidos' });
    // the same values in every language: applications keep storing them (lists of names in each
    // language's own order, issue 27; the others in the stored order)
    for (const key of ['maritalStatus', 'howHeard', 'classStatus']) {
      const values = options(english.body, key).map((o) => o.value);
      expect(options(spanish.body, key).map((o) => o.value)).toEqual(values);
      expect(options(chinese.body, key).map((o) => o.value)).toEqual(values);
    }
    for (const key of ['countries', 'states']) {
      const values = options(english.body, key).map((o) => o.value);
      expect(options(spanish.body, key).map((o) => o.value)).toEqual(expect.arrayContaining(values));
      expect(options(chinese.body, key).map((o) => o.value)).toEqual(expect.arrayContaining(values));
      expect(options(chinese.body, key)).toHaveLength(values.length);
    }
  });

  it('varies the cached answer by Accept-Language: its own ETag per language, Vary set, a regional tag mapped', async () => {
    const [english, spanish, chinese, regional] = await Promise.all(
      ['en', 'es', 'zh-CN', 'zh-Hans-CN,zh;q=0.9'].map((l) => get('/api/dropdowns', l)),
    );
    for (const response of [english, spanish, chinese]) expect(response.headers.vary).toMatch(/Accept-Language/);
    expect(new Set([english.headers.etag, spanish.headers.etag, chinese.headers.etag]).size).toBe(3);
    expect(regional.headers.etag).toBe(chinese.headers.etag);
    const revalidated = await t.http().get('/api/dropdowns').set('Accept-Language', 'es').set('If-None-Match', spanish.headers.etag!);
    expect(revalidated.status).toBe(304);
    const otherLanguage = await t.http().get('/api/dropdowns').set('Accept-Language', 'zh-CN').set('If-None-Match', spanish.headers.etag!);
    expect(otherLanguage.status).toBe(200);
    expect(options(otherLanguage.body, 'yesNo')[0]!.label).toBe('是');
  });
});

describe('GET /api/programs and /api/programs/semesters in the caller’s language', () => {
  it.each([false, true])('translates label and popup title, keeps name and college (controller: %s)', async (viaController) => {
    const [english, spanish, chinese] = await Promise.all(
      ['en', 'es', 'zh-CN'].map((l) => get('/api/programs?gender=male', l, viaController)),
    );
    const msw = (response: typeof english) => response.body.find((p: { name: string }) => p.name === 'MSW');
    expect(msw(english)).toMatchObject({ name: 'MSW', label: 'Master of Social Work (MSW)', popup: { title: 'Master of Social Work' } });
    expect(msw(spanish)).toMatchObject({
      name: 'MSW',
      label: 'Maestría en Trabajo Social (MSW)',
      popup: { title: 'Maestría en Trabajo Social' },
    });
    expect(msw(chinese)).toMatchObject({
      name: 'MSW',
      label: '社会工作硕士（MSW）',
      popup: { title: '社会工作硕士', college: msw(english).popup.college },
    });
    expect(spanish.headers.vary).toMatch(/Accept-Language/);
    expect(spanish.headers.etag).not.toBe(english.headers.etag);
  });

  it('labels the semesters', async () => {
    const chinese = await get('/api/programs/semesters?gender=male', 'zh-CN');
    expect(chinese.body).toEqual([
      { name: 'Spring 2026', begins: '2026-01', startsOn: '2026-01-01', label: '2026 年春季' },
      { name: 'Summer 2026', begins: '2026-05', startsOn: '2026-05-01', label: '2026 年夏季' },
      { name: 'Fall 2026', begins: '2026-09', startsOn: '2026-09-01', label: '2026 年秋季' },
    ]);
    const spanish = await get('/api/programs/semesters?gender=female', 'es');
    expect(spanish.body.map((s: { label: string }) => s.label)).toEqual(['Primavera 2026', 'Otoño 2026']);
  });
});

describe('every stored option and program is in three languages', () => {
  it('gives every option of every seeded list a non-empty en, es and zh-CN label in the database', async () => {
    const rows = (await t.db.query(`SELECT key, options FROM dropdowns WHERE key <> 'cardYears'`)).rows as {
      key: string;
      options: { value: string; label: Record<string, string> }[];
    }[];
    expect(rows.length).toBeGreaterThanOrEqual(16);
    const missing = rows.flatMap((row) =>
      row.options.flatMap((o) => ['en', 'es', 'zh-CN'].filter((l) => !o.label[l]?.trim()).map((l) => `${row.key}/${o.value}/${l}`)),
    );
    expect(missing).toEqual([]);
  });

  it('gives every program of both genders a Spanish and a Chinese label and popup title', async () => {
    const rows = (await t.db.query('SELECT gender, name, label, popup, translations FROM programs')).rows as {
      name: string;
      gender: string;
      label: string;
      popup: { title: string };
      translations: Record<string, { label: string; title: string }>;
    }[];
    expect(rows.length).toBeGreaterThanOrEqual(41);
    const missing = rows.flatMap((row) =>
      ['es', 'zh-CN']
        .filter((l) => !row.translations[l]?.label?.trim() || !row.translations[l]?.title?.trim())
        .map((l) => `${row.gender}/${row.name}/${l}`),
    );
    expect(missing).toEqual([]);
    for (const row of rows) expect(row.translations['zh-CN']!.label).toMatch(/\p{Script=Han}/u);
  });
});

describe('Manage Dropdowns in three languages (/api/admin/dropdowns)', () => {
  const admin = async () => ({ Authorization: `Bearer ${await t.login()}` });
  const byKey = async (key: string) => {
    const list = await t
      .http()
      .get('/api/admin/dropdowns')
      .query({ filter: JSON.stringify({ q: key }), range: '[0,49]' })
      .set(await admin());
    return (list.body as { id: number; key: string; missingTranslations: number; options: unknown[] }[]).find((d) => d.key === key)!;
  };

  it('answers every label per language with the count of missing ones; saves {en, es, zh-CN}; the forms get it at once', async () => {
    const before = await byKey('employment');
    expect(before.missingTranslations).toBe(0);
    expect(before.options).toEqual([
      { value: 'Full time', label: { en: 'Full time', es: 'Tiempo completo', 'zh-CN': '全职' } },
      { value: 'Part time', label: { en: 'Part time', es: 'Medio tiempo', 'zh-CN': '兼职' } },
    ]);
    const saved = await t
      .http()
      .put(`/api/admin/dropdowns/${before.id}`)
      .set(await admin())
      .send({
        options: [
          { value: 'Full time', label: { en: 'Full time', es: 'Jornada completa', 'zh-CN': '全职' } },
          { value: 'Part time', label: { en: 'Part time', es: 'Media jornada', 'zh-CN': '兼职' } },
          { value: 'Seasonal', label: { en: 'Seasonal', es: '', 'zh-CN': '  ' } },
        ],
      });
    expect(saved.status).toBe(200);
    expect(saved.body.missingTranslations).toBe(2);
    expect(saved.body.options[2]).toEqual({ value: 'Seasonal', label: { en: 'Seasonal' } });
    await t.changesSeen();
    const spanish = await get('/api/dropdowns', 'es');
    expect(options(spanish.body, 'employment')).toEqual([
      { value: 'Full time', label: 'Jornada completa' },
      { value: 'Part time', label: 'Media jornada' },
      { value: 'Seasonal', label: 'Seasonal' },
    ]);
  });

  it.each([
    ['a label object without English', { en: '', es: 'Sí' }],
    ['a label in an unknown language', { en: 'Yes', fr: 'Oui' }],
    ['a label that is a number', 7],
    ['an over-long Chinese label', { en: 'Yes', 'zh-CN': '是'.repeat(201) }],
  ])('refuses %s (422 VAL-001 on the label) and changes nothing', async (_name, label) => {
    const target = await byKey('yesNo');
    const response = await t
      .http()
      .put(`/api/admin/dropdowns/${target.id}`)
      .set(await admin())
      .send({ options: [{ value: 'Yes', label }] });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ success: false, code: 'VAL-001' });
    expect(response.body.errors['options.0.label']).toBeDefined();
    expect((await byKey('yesNo')).options).toEqual(target.options);
  });
});

describe('e-mails wholly in the application’s language, times in its zone (issue 11 item 3)', () => {
  /** The fixed words of an English mail template: its text between the {{placeholders}}, words of 4+ letters. */
  const englishWords = (...keys: (keyof typeof en.mail)[]) =>
    keys.flatMap((key) => (en.mail[key] as string).split(/\{\{\w+\}\}/)).flatMap((part) => part.match(/[A-Za-z]{4,}/g) ?? []);

  it('refuses a time zone that is not an IANA name (422) and stores a valid one', async () => {
    const bad = await t
      .http()
      .post('/api/applications')
      .send(await startBody(t, { email: `${randomUUID().slice(0, 8)}@example.com`, timeZone: 'Mars/Olympus' }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors.timeZone).toBeDefined();
    const started = await startApplication(t, { email: `${randomUUID().slice(0, 8)}@example.com`, timeZone: 'America/Toronto' });
    expect(started.data.timeZone).toBe('America/Toronto');
    const moved = await t
      .http()
      .patch(`/api/applications/${started.id}`)
      .set('X-Application-Token', started.token)
      .send({ version: started.data.version, timeZone: 'Asia/Jerusalem' });
    expect(moved.status).toBe(200);
    expect(moved.body.data.timeZone).toBe('Asia/Jerusalem');
    const row = (await t.db.query('SELECT time_zone, answers FROM applications WHERE id = $1', [started.id])).rows[0];
    expect(row.time_zone).toBe('Asia/Jerusalem');
    expect(row.answers.timeZone).toBeUndefined();
  });

  it('sends the start e-mail and the receipt of a zh-CN applicant in Asia/Shanghai in Chinese, with the local time and zone', async () => {
    const email = `li.${randomUUID().slice(0, 8)}@example.com`;
    const started = await startApplication(t, { email, locale: 'zh-CN', firstName: '美玲', lastName: '王', timeZone: 'Asia/Shanghai' });
    const start = await sink.waitFor((m) => m.to.includes(email));
    expect(start.subject).toContain('社会工作硕士（MSW）');
    expect(start.text).toContain('2026 年春季');
    expect(start.text).not.toContain('Spring 2026');
    for (const word of englishWords('startSubject', 'startText')) expect(wordsOf(start)).not.toContain(word);

    const paid = await certifyAndPay(t, started, 'Wang Meiling');
    expect(paid.status).toBe(201);
    const receipt = await sink.waitFor((m) => m.to.includes(email) && m !== start);
    const at = (await t.db.query('SELECT updated_at FROM payments WHERE application_id = $1', [started.id])).rows[0].updated_at as Date;
    const shanghai = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(at)
      .replace(/^0/, '');
    expect(receipt.text).toContain('(中国标准时间)'); // the zone's name in Chinese, never its id (issue 27)
    expect(receipt.text).toContain(shanghai);
    expect(receipt.text).not.toContain('UTC');
    expect(receipt.text).toContain('社会工作硕士（MSW）');
    expect(receipt.text).toContain('2026 年春季');
    const receiptKeys = Object.keys(en.mail).filter((k) => k.startsWith('receipt')) as (keyof typeof en.mail)[];
    for (const word of englishWords(...receiptKeys)) expect(wordsOf(receipt)).not.toContain(word);
    for (const english of ['Master of Social Work', 'Spring 2026']) expect(receipt.text).not.toContain(english);
  });
});

describe('migration 1764130000000: stored labels move to {en} without loss', () => {
  it('turns a text label into {en: text} (values and order kept), and back on down', async () => {
    const migration = new LocalizedLabels1764130000000();
    const runner = { query: (sql: string) => t.db.query(sql) } as never;
    await t.db.query(
      `UPDATE dropdowns SET options = '[{"value":"B","label":"Bee"},{"value":"A","label":"Ay"}]' WHERE key = 'israelPrograms'`,
    );
    await migration.down(runner);
    await migration.up(runner);
    const row = (await t.db.query(`SELECT options FROM dropdowns WHERE key = 'israelPrograms'`)).rows[0];
    expect(row.options).toEqual([
      { value: 'B', label: { en: 'Bee' } },
      { value: 'A', label: { en: 'Ay' } },
    ]);
    const converted = (await t.db.query(`SELECT options FROM dropdowns WHERE key = 'maritalStatus'`)).rows[0].options;
    expect(converted[1]).toEqual({ value: 'Married', label: { en: 'Married' } });
  });
});
