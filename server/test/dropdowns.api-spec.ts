import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let adminToken: string;
let applicantToken: string;

const KEYS = [
  'yesNo',
  'transferCredit',
  'employment',
  'maritalStatus',
  'placesClassesTaken',
  'classTypes',
  'classStatus',
  'howHeard',
  'colleges',
  'israelPrograms',
  'examTypes',
  'months',
  'cardYears',
  'countries',
  'states',
  'seminaries',
  'yeshivas',
  'declineReasons',
];

interface Dropdown {
  id: number;
  key: string;
  label: string;
  options: { value: string; label: string }[];
  updated_at: string;
  computed: boolean;
}

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
  const registered = await t.http().post('/api/register').send({
    first_name: 'Dina',
    last_name: 'Applicant',
    email: 'dina@example.com',
    password: 'applicant-pass-1',
    password_confirmation: 'applicant-pass-1',
  });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status}`);
  applicantToken = registered.body.token;
});

afterAll(async () => {
  await t.close();
});

const admin = (token = adminToken) => ({ Authorization: `Bearer ${token}` });

async function list(): Promise<Dropdown[]> {
  const response = await t.http().get('/api/dropdowns/');
  expect(response.status).toBe(200);
  return response.body;
}

async function byKey(key: string): Promise<Dropdown> {
  const found = (await list()).find((d) => d.key === key);
  if (!found) throw new Error(`no dropdown ${key}`);
  return found;
}

async function snapshot(): Promise<unknown[]> {
  const rows = await t.db.query('SELECT id, key, label, options, updated_at FROM dropdowns ORDER BY id');
  return rows.rows;
}

describe('GET /api/dropdowns/', () => {
  it('lists every key of docs/api.md, each {id, key, label, options, updated_at}', async () => {
    const dropdowns = await list();
    expect(dropdowns.map((d) => d.key).sort()).toEqual([...KEYS].sort());
    for (const d of dropdowns) {
      expect(d).toMatchObject({
        id: expect.any(Number),
        key: expect.any(String),
        label: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(new Date(d.updated_at).toISOString()).toBe(d.updated_at);
      expect(Array.isArray(d.options)).toBe(true);
      expect(d.options.length).toBeGreaterThan(0);
      for (const o of d.options) expect(Object.keys(o).sort()).toEqual(['label', 'value']);
    }
  });

  it('is public and also answers without the trailing slash', async () => {
    const response = await t.http().get('/api/dropdowns');
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(KEYS.length);
  });

  it('lists countries starting with United States, 190 to 200 of them, without duplicates', async () => {
    const countries = await byKey('countries');
    expect(countries.options[0]).toEqual({ value: 'United States', label: 'United States' });
    expect(countries.options.length).toBeGreaterThanOrEqual(190);
    expect(countries.options.length).toBeLessThanOrEqual(200);
    expect(new Set(countries.options.map((o) => o.value)).size).toBe(countries.options.length);
  });

  it("lists names in the viewer's language's order, United States first and Other last (issue 27 item 3)", async () => {
    const optionsIn = async (locale: string, key: string) => {
      const response = await t.http().get('/api/dropdowns').set('Accept-Language', locale);
      return (response.body as Dropdown[]).find((d) => d.key === key)!.options;
    };
    const inLocale = async (locale: string, key: string) => (await optionsIn(locale, key)).map((o) => o.label);
    for (const locale of ['en', 'es', 'zh-CN']) {
      const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
      for (const key of ['countries', 'states', 'colleges', 'seminaries']) {
        const options = await optionsIn(locale, key);
        const pinnedFirst = key === 'countries' ? ['United States'] : [];
        expect(options.slice(0, pinnedFirst.length).map((o) => o.value)).toEqual(pinnedFirst);
        if (options.some((o) => o.value === 'Other')) expect(options.at(-1)!.value).toBe('Other');
        const middle = options.filter((o) => !pinnedFirst.includes(o.value) && o.value !== 'Other').map((o) => o.label);
        expect({ locale, key, middle }).toEqual({ locale, key, middle: [...middle].sort(collator.compare) });
      }
    }
    const es = await inLocale('es', 'countries');
    expect(es[0]).toBe('Estados Unidos');
    // Alemania among the A's, not where Germany stands in English; Yibuti (Djibouti) among the Y's
    expect(es.indexOf('Alemania')).toBeLessThan(es.indexOf('Andorra'));
    expect(es.indexOf('Yibuti')).toBeGreaterThan(es.indexOf('Venezuela'));
    const zh = await inLocale('zh-CN', 'countries');
    expect(zh[0]).toBe('美国');
    // by pinyin: 阿尔巴尼亚 (Ā'ěrbāníyà) before 德国 (Déguó) before 中国 (Zhōngguó)
    expect(zh.indexOf('阿尔巴尼亚')).toBeLessThan(zh.indexOf('德国'));
    expect(zh.indexOf('德国')).toBeLessThan(zh.indexOf('中国'));
    // lists whose order means something keep it
    expect(await inLocale('es', 'months')).toEqual((await byKey('months')).options.map((o) => o.label));
    expect((await inLocale('es', 'colleges')).at(-1)).toBe('Otro');
  });

  it('lists 51 states including DC', async () => {
    const states = await byKey('states');
    expect(states.options).toHaveLength(51);
    expect(states.options).toContainEqual({ value: 'DC', label: 'District of Columbia' });
    expect(states.options).toContainEqual({ value: 'NY', label: 'New York' });
  });

  it('computes cardYears: 21 values from the current UTC year, computed: true', async () => {
    const cardYears = await byKey('cardYears');
    const year = new Date().getUTCFullYear();
    expect(cardYears.computed).toBe(true);
    expect(cardYears.options).toHaveLength(21);
    expect(cardYears.options.map((o) => o.value)).toEqual(Array.from({ length: 21 }, (_, i) => String(year + i)));
    expect(cardYears.options[0]).toEqual({ value: String(year), label: String(year) });
    expect((await byKey('states')).computed).toBe(false);
  });
});

describe('POST /api/dropdowns/{id}', () => {
  it('saves as admin, answers the refreshed full list, a later GET shows it, updated_at moves', async () => {
    const before = await byKey('israelPrograms');
    await new Promise((r) => setTimeout(r, 20));
    const options = [
      { value: 'TTI', label: 'TTI' },
      { value: 'Touro', label: 'Touro Israel' },
      { value: 'Machon', label: 'Machon' },
    ];
    const response = await t.http().post(`/api/dropdowns/${before.id}`).set(admin()).send({ label: 'Israel programmes', options });
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    expect(response.body.map((d: Dropdown) => d.key).sort()).toEqual([...KEYS].sort());
    const saved = response.body.find((d: Dropdown) => d.id === before.id);
    expect(saved).toMatchObject({ key: 'israelPrograms', label: 'Israel programmes', options });
    expect(new Date(saved.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime());

    const later = await byKey('israelPrograms');
    expect(later).toMatchObject({ label: 'Israel programmes', options });
    expect(later.updated_at).toBe(saved.updated_at);
    // stored per language (issue 11): a text label is the English one; the seeded es/zh-CN of a kept value stay
    const row = await t.db.query('SELECT label, options FROM dropdowns WHERE id = $1', [before.id]);
    expect(row.rows[0]).toEqual({
      label: 'Israel programmes',
      options: [
        { value: 'TTI', label: { en: 'TTI', es: 'TTI', 'zh-CN': 'TTI' } },
        { value: 'Touro', label: { en: 'Touro Israel', es: 'Touro', 'zh-CN': 'Touro' } },
        { value: 'Machon', label: { en: 'Machon' } },
      ],
    });
  });

  it('trims values and labels, and accepts the read-only fields of a GET echoed back', async () => {
    const before = await byKey('employment');
    const response = await t
      .http()
      .post(`/api/dropdowns/${before.id}`)
      .set(admin())
      .send({
        ...before,
        options: [
          { value: '  Full time ', label: ' Full-time ' },
          { value: 'Part time', label: 'Part time' },
        ],
      });
    expect(response.status).toBe(200);
    const row = await t.db.query('SELECT options FROM dropdowns WHERE id = $1', [before.id]);
    expect(row.rows[0].options).toEqual([
      { value: 'Full time', label: { en: 'Full-time', es: 'Tiempo completo', 'zh-CN': '全职' } },
      { value: 'Part time', label: { en: 'Part time', es: 'Medio tiempo', 'zh-CN': '兼职' } },
    ]);
  });

  it('answers 401 AUTH-401 anonymous and 403 AUTH-403 for an applicant, and changes nothing', async () => {
    const target = await byKey('yesNo');
    const before = await snapshot();
    const body = { options: [{ value: 'Maybe', label: 'Maybe' }] };
    const anonymous = await t.http().post(`/api/dropdowns/${target.id}`).send(body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, code: 'AUTH-401' });
    const applicant = await t.http().post(`/api/dropdowns/${target.id}`).set(admin(applicantToken)).send(body);
    expect(applicant.status).toBe(403);
    expect(applicant.body).toMatchObject({ success: false, code: 'AUTH-403' });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [
      'duplicate option values',
      {
        options: [
          { value: 'A', label: 'A' },
          { value: 'A', label: 'Again' },
        ],
      },
      'options',
    ],
    [
      'duplicate values after trimming',
      {
        options: [
          { value: 'A', label: 'A' },
          { value: ' A ', label: 'Again' },
        ],
      },
      'options',
    ],
    ['an empty value', { options: [{ value: '', label: 'Empty' }] }, 'options.0.value'],
    [
      'an empty label',
      {
        options: [
          { value: 'X', label: 'X' },
          { value: 'Y', label: '' },
        ],
      },
      'options.1.label',
    ],
    ['options not an array', { options: 'Yes,No' }, 'options'],
    ['options missing', { label: 'Only a label' }, 'options'],
    ['an unknown field inside an option', { options: [{ value: 'X', label: 'X', colour: 'red' }] }, 'options.0.colour'],
    ['an unknown top-level field', { options: [{ value: 'X', label: 'X' }], extra: true }, 'extra'],
  ])('answers 422 VAL-001 for %s and changes nothing', async (_name, body, field) => {
    const target = await byKey('classTypes');
    const before = await snapshot();
    const response = await t.http().post(`/api/dropdowns/${target.id}`).set(admin()).send(body);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ success: false, code: 'VAL-001' });
    expect(response.body.errors[field]).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 REQ-400 for a non-integer id', async () => {
    const response = await t
      .http()
      .post('/api/dropdowns/abc')
      .set(admin())
      .send({ options: [{ value: 'X', label: 'X' }] });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'REQ-400' });
  });

  it('answers 404 REQ-404 for an unknown id', async () => {
    const response = await t
      .http()
      .post('/api/dropdowns/999999')
      .set(admin())
      .send({ options: [{ value: 'X', label: 'X' }] });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, code: 'REQ-404' });
  });

  it('refuses to edit the computed cardYears (422) and keeps it computed', async () => {
    const cardYears = await byKey('cardYears');
    const before = await snapshot();
    const response = await t
      .http()
      .post(`/api/dropdowns/${cardYears.id}`)
      .set(admin())
      .send({ options: [{ value: '1999', label: '1999' }] });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('VAL-001');
    expect(response.body.errors.options).toEqual(['This list is computed by the server and cannot be edited.']);
    expect(await snapshot()).toEqual(before);
    expect((await byKey('cardYears')).options).toHaveLength(21);
  });
});

describe('/api/admin/dropdowns (ra-data-simple-rest)', () => {
  it('lists a sorted page with Content-Range', async () => {
    const response = await t.http().get('/api/admin/dropdowns').query({ sort: '["key","ASC"]', range: '[0,4]', filter: '{}' }).set(admin());
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(5);
    const total = (await t.db.query('SELECT count(*)::int AS n FROM dropdowns')).rows[0].n;
    expect(total).toBe(KEYS.length);
    expect(response.headers['content-range']).toBe(`dropdowns 0-4/${total}`);
    const firstFive = [...KEYS].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, 5);
    expect(response.body.map((d: Dropdown) => d.key)).toEqual(firstFive);
    for (const d of response.body) expect(d).toMatchObject({ id: expect.any(Number), options: expect.any(Array) });
  });

  it('answers the second page and a DESC order', async () => {
    const page = await t.http().get('/api/admin/dropdowns').query({ sort: '["id","DESC"]', range: '[5,9]' }).set(admin());
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(5);
    expect(page.headers['content-range']).toBe(`dropdowns 5-9/${KEYS.length}`);
    const ids = page.body.map((d: Dropdown) => d.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
  });

  it('filters with q on key or label', async () => {
    const response = await t.http().get('/api/admin/dropdowns').query({ filter: '{"q":"state"}', range: '[0,24]' }).set(admin());
    expect(response.status).toBe(200);
    const keys = response.body.map((d: Dropdown) => d.key);
    expect(keys).toContain('states');
    expect(keys.length).toBeLessThan(KEYS.length);
    for (const d of response.body as Dropdown[]) expect(`${d.key} ${d.label}`).toMatch(/state/i);
    expect(response.headers['content-range']).toBe(`dropdowns 0-${keys.length - 1}/${keys.length}`);
  });

  it.each([
    ['a malformed range', { range: '[0,' }],
    ['a range that is not two integers', { range: '["a","b"]' }],
    ['a reversed range', { range: '[5,2]' }],
    ['a malformed sort', { sort: 'key,ASC' }],
    ['an unknown sort field', { sort: '["options","ASC"]' }],
    ['a bad sort order', { sort: '["key","UP"]' }],
    ['a filter that is not an object', { filter: '[1]' }],
  ])('answers 400 REQ-400 for %s', async (_name, query) => {
    const response = await t.http().get('/api/admin/dropdowns').query(query).set(admin());
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'REQ-400' });
  });

  it('gets one list, 404 REQ-404 for an unknown id', async () => {
    const states = await byKey('states');
    const one = await t.http().get(`/api/admin/dropdowns/${states.id}`).set(admin());
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: states.id, key: 'states', label: states.label });
    expect(one.body.options).toHaveLength(51);
    const missing = await t.http().get('/api/admin/dropdowns/999999').set(admin());
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('REQ-404');
  });

  it('updates with PUT and answers the record', async () => {
    const target = await byKey('months');
    const options = [
      { value: '01', label: 'January' },
      { value: '02', label: 'February' },
    ];
    const response = await t.http().put(`/api/admin/dropdowns/${target.id}`).set(admin()).send({ label: 'Months (short)', options });
    expect(response.status).toBe(200);
    // the admin shape has every language (issue 11): a text label sets English and keeps the others
    const stored = [
      { value: '01', label: { en: 'January', es: '01', 'zh-CN': '01' } },
      { value: '02', label: { en: 'February', es: '02', 'zh-CN': '02' } },
    ];
    expect(response.body).toMatchObject({ id: target.id, key: 'months', label: 'Months (short)', options: stored, missingTranslations: 0 });
    const row = await t.db.query('SELECT label, options FROM dropdowns WHERE id = $1', [target.id]);
    expect(row.rows[0]).toEqual({ label: 'Months (short)', options: stored });
  });

  it('answers 422 for duplicates on PUT and changes nothing', async () => {
    const target = await byKey('months');
    const before = await snapshot();
    const response = await t
      .http()
      .put(`/api/admin/dropdowns/${target.id}`)
      .set(admin())
      .send({
        options: [
          { value: '01', label: 'January' },
          { value: '01', label: 'Jan' },
        ],
      });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('VAL-001');
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401 anonymous and 403 for an applicant on list, get and update, changing nothing', async () => {
    const target = await byKey('howHeard');
    const before = await snapshot();
    const calls = [
      () => t.http().get('/api/admin/dropdowns'),
      () => t.http().get(`/api/admin/dropdowns/${target.id}`),
      () =>
        t
          .http()
          .put(`/api/admin/dropdowns/${target.id}`)
          .send({ options: [{ value: 'X', label: 'X' }] }),
    ];
    for (const call of calls) {
      const anonymous = await call();
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('AUTH-401');
      const applicant = await call().set(admin(applicantToken));
      expect(applicant.status).toBe(403);
      expect(applicant.body.code).toBe('AUTH-403');
    }
    expect(await snapshot()).toEqual(before);
  });
});
