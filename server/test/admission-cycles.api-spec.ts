import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { ProgramsService } from '../src/modules/programs/programs.service.js';
import { UpcomingTermsService } from '../src/modules/programs/cycle/upcoming-terms.service.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 25: admission cycles as data, through the API, with a fake clock (only `Date` is faked: timers,
 * I/O and PostgreSQL run for real). The database is the migrated one (windows as the migration set them).
 */

/** Fixed seed of the model test (printed by fast-check on failure). */
const SEED = 2_025_1128;

let t: TestApp;
let sink: SmtpSink;
let adminToken = '';
let adminClock = Number.NaN;

/** The admin's bearer header, logging in again whenever the fake clock moved (tokens expire by `Date`). */
async function admin(): Promise<{ Authorization: string }> {
  if (adminClock !== Date.now()) {
    adminToken = await t.login();
    adminClock = Date.now();
  }
  return bearer(adminToken);
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const three = (text: string) => ({ en: `${text} (en)`, es: `${text} (es)`, 'zh-CN': `${text}（中文）` });

/** Fakes `Date` only, at `instant`. */
function clockAt(instant: Date | string): void {
  jest.useFakeTimers({
    now: new Date(instant),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

/** The wall time `wall` in `zone`, as an instant. */
const wallClock = (zone: string, wall: string) => DateTime.fromISO(wall, { zone }).toJSDate();

async function programs(gender: 'female' | 'male', locale = 'en') {
  const response = await t.http().get('/api/programs').query({ gender }).set('Accept-Language', locale);
  expect(response.status).toBe(200);
  return response.body as {
    name: string;
    courses: { semester: string; label: string; locations: string[]; closesAt: string; deadlineAt: string | null }[];
    nextOpensAt: string | null;
  }[];
}

async function start(body: Record<string, unknown>) {
  return t
    .http()
    .post('/api/applications')
    .set('Accept-Language', String(body.locale ?? 'en'))
    .send({ gender: 'Female', firstName: 'Li', lastName: 'Wang', email: `li${Math.random()}@example.com`, locale: 'en', ...body });
}

/** Creates a term and a women's MSW offering for it through the console API; answers their ids. */
async function createCycle(key: string, window: { opensAt: string; closesAt: string }, extra: Record<string, unknown> = {}) {
  const term = await t
    .http()
    .post('/api/admin/terms')
    .set(await admin())
    .send({ key, labels: three(key), startsOn: DateTime.fromISO(window.closesAt).plus({ days: 30 }).toISODate() });
  expect(term.status).toBe(201);
  const { rows } = await t.db.query(`SELECT id FROM programs WHERE gender = 'female' AND name = 'MSW'`);
  const offering = await t
    .http()
    .post('/api/admin/offerings')
    .set(await admin())
    .send({ programId: rows[0].id, termId: term.body.id, locations: ['Online'], applicationFeeCents: 10_000, ...window, ...extra });
  expect(offering.status).toBe(201);
  return { termId: term.body.id as number, offeringId: offering.body.id as number, programId: rows[0].id as number };
}

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url }, { openSeededTerms: false });
});

afterEach(() => {
  jest.useRealTimers();
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('the migrated catalogue keeps what the code said', () => {
  it('has the former terms, one offering per former course, and the former fees and late-fee start', async () => {
    const terms = await t.db.query(`SELECT key, starts_on::text FROM terms ORDER BY starts_on`);
    expect(terms.rows.map((r) => r.key)).toEqual(['Fall 2025', 'Spring 2026', 'Summer 2026', 'Fall 2026']);
    const fees = await t.db.query(`SELECT DISTINCT application_fee_cents, late_fee_cents, late_fee_starts_at FROM offerings`);
    expect(fees.rows).toEqual([
      { application_fee_cents: 15_000, late_fee_cents: 15_000, late_fee_starts_at: new Date('2025-07-30T04:01:00Z') },
    ]);
    const msw = await t.db.query(
      `SELECT o.locations, o.rounds FROM offerings o JOIN programs p ON p.id = o.program_id JOIN terms t ON t.id = o.term_id
        WHERE p.gender = 'male' AND p.name = 'MSW' AND t.key = 'Spring 2026'`,
    );
    expect(msw.rows[0].locations).toEqual(['Boro Park', 'Online', 'Lakewood']);
    // the former application_deadlines row became the round's deadline
    expect(msw.rows[0].rounds[0].deadlineAt).toBe('2025-11-12T04:59:59.000Z');
  });

  it('names every term, open or not, in the caller’s language (a closed draft’s term keeps its name)', async () => {
    const response = await t.http().get('/api/programs/terms').set('Accept-Language', 'es');
    expect(response.status).toBe(200);
    expect(response.body.map((term: { name: string; label: string }) => [term.name, term.label])).toEqual([
      ['Fall 2025', 'Otoño 2025'],
      ['Spring 2026', 'Primavera 2026'],
      ['Summer 2026', 'Verano 2026'],
      ['Fall 2026', 'Otoño 2026'],
    ]);
  });

  it('offers nothing on the day the issue was measured (every former term has begun), and says nothing is planned', async () => {
    clockAt('2026-11-28T15:00:00Z');
    const women = await programs('female');
    expect(women.every((p) => p.courses.length === 0 && p.nextOpensAt === null)).toBe(true);
    const response = await start({ fieldOfInterest: 'MSW', semester: 'Fall 2026', location: 'Boro Park' });
    expect(response.status).toBe(422);
    expect(response.body.errors.semester[0]).toMatch(/closed/i);
  });
});

describe('windows, deadlines and fees on a fake clock across time zones', () => {
  let ids: { termId: number; offeringId: number; programId: number };
  const opensAt = '2031-03-01T00:00:00.000Z'; // 08:00 in Shanghai, 16:00 the day before in Los Angeles
  const closesAt = '2031-06-01T00:00:00.000Z';
  const priority = '2031-04-15T03:59:59.000Z';

  beforeAll(async () => {
    ids = await createCycle(
      'Window 2031',
      { opensAt, closesAt },
      {
        rounds: [
          { key: 'priority', labels: three('Priority'), deadlineAt: priority },
          { key: 'regular', labels: three('Regular'), deadlineAt: closesAt },
        ],
        lateFeeCents: 2_500,
        lateFeeStartsAt: priority,
        graceDays: 3,
      },
    );
  });

  it('refuses a start one millisecond before the window opens — saying when it opens, in her language and zone — and takes it at the opening', async () => {
    clockAt(wallClock('Asia/Shanghai', '2031-03-01T07:59:59.999'));
    const early = await start({
      fieldOfInterest: 'MSW',
      semester: 'Window 2031',
      location: 'Online',
      locale: 'zh-CN',
      timeZone: 'Asia/Shanghai',
    });
    expect(early.status).toBe(422);
    expect(early.body.errors.semester[0]).toContain('2031');
    expect(early.body.errors.semester[0]).toMatch(/开放/);
    const before = await programs('female', 'zh-CN');
    expect(before.find((p) => p.name === 'MSW')!.nextOpensAt).toBe(opensAt);

    clockAt(wallClock('America/Los_Angeles', '2031-02-28T16:00:00'));
    const onTime = await start({
      fieldOfInterest: 'MSW',
      semester: 'Window 2031',
      location: 'Online',
      timeZone: 'America/Los_Angeles',
      email: 'li.la@example.com',
    });
    expect(onTime.status).toBe(201);
    // her start e-mail says by when to submit: the priority round's deadline, in her own zone (20:59 the day before in LA)
    const mail = await sink.waitFor((m) => m.to.includes('li.la@example.com'));
    expect(mail.text).toContain('Please submit your application by');
    expect(mail.text).toMatch(/April 14, 2031.*8:59/);
    const shown = (await programs('female', 'es')).find((p) => p.name === 'MSW')!;
    expect(shown.courses).toEqual([
      { semester: 'Window 2031', label: 'Window 2031 (es)', locations: ['Online'], closesAt, deadlineAt: priority },
    ]);
  });

  it('shows the next round once the priority deadline passes, and adds the late fee only after its start', async () => {
    clockAt('2031-04-01T00:00:00Z');
    const started = await start({ fieldOfInterest: 'MSW', semester: 'Window 2031', location: 'Online' });
    expect(started.status).toBe(201);
    const { id, token } = started.body as { id: string; token: string };
    const quote = async () =>
      (await t.http().get('/api/payments/quote').query({ applicationId: id }).set('X-Application-Token', token)).body.data;
    expect(await quote()).toMatchObject({ amount: 100, lateFee: 0, total: 100, lateFeeAfter: priority });
    const checklist = async () => (await t.http().get(`/api/applications/${id}/checklist`).set('X-Application-Token', token)).body;

    expect((await checklist()).deadline).toBe(priority);
    clockAt(new Date(Date.parse(priority)));
    expect(await quote()).toMatchObject({ lateFee: 0, total: 100 });
    clockAt(new Date(Date.parse(priority) + 1));
    expect(await quote()).toMatchObject({ lateFee: 25, total: 125 });
    expect((await checklist()).deadline).toBe(closesAt);
    expect((await programs('female')).find((p) => p.name === 'MSW')!.courses[0]!.deadlineAt).toBe(closesAt);
  });

  it('closes at closesAt for new starts, keeps saving drafts in their term, and takes submissions until the grace ends', async () => {
    clockAt('2031-05-31T23:00:00Z');
    const draft = (await start({ fieldOfInterest: 'MSW', semester: 'Window 2031', location: 'Online' })).body as {
      id: string;
      token: string;
      data: { version: number };
    };
    clockAt(closesAt);
    const late = await start({ fieldOfInterest: 'MSW', semester: 'Window 2031', location: 'Online' });
    expect(late.status).toBe(422);
    expect(late.body.errors.semester[0]).toMatch(/closed/i);
    expect((await programs('female')).find((p) => p.name === 'MSW')!.courses).toEqual([]);
    // the draft still saves, its term unchanged (nothing typed is lost)
    const saved = await t
      .http()
      .patch(`/api/applications/${draft.id}`)
      .set('X-Application-Token', draft.token)
      .send({ version: draft.data.version, semesterApplied: 'Window 2031', location: 'Online', firstName: 'Lin' });
    expect(saved.status).toBe(200);
    const { rows } = await t.db.query(`SELECT offering_id FROM applications WHERE id = $1`, [draft.id]);
    expect(rows[0].offering_id).toBe(ids.offeringId);
    // submission (payment) stays possible for the offering's three grace days, counted in office days
    const catalogue = t.app.get(ProgramsService);
    expect(await catalogue.acceptsSubmission(ids.offeringId, new Date('2031-06-03T23:59:59Z'))).toBe(true);
    expect(await catalogue.acceptsSubmission(ids.offeringId, new Date('2031-06-04T00:00:00Z'))).toBe(false);
  });
});

describe('roll-over, the office’s yearly job', () => {
  it('previews without writing, then creates next year’s term with every date moved and the labels in three languages', async () => {
    const source = await createCycle(
      'Roll 2032',
      { opensAt: '2031-09-01T04:00:00Z', closesAt: '2032-01-15T04:59:00Z' },
      {
        rounds: [{ key: 'regular', labels: three('Regular'), deadlineAt: '2032-01-15T04:59:00Z' }],
        lateFeeStartsAt: '2031-12-01T04:59:00Z',
        seats: 40,
      },
    );
    const before = await t.db.query(`SELECT count(*)::int AS n FROM offerings`);
    const preview = await t
      .http()
      .post(`/api/admin/terms/${source.termId}/roll-over`)
      .set(await admin())
      .send({ dryRun: true });
    expect(preview.status).toBe(201);
    expect(preview.body.term).toMatchObject({ id: 0, key: 'Roll 2033', labels: three('Roll 2033') });
    expect(preview.body.offerings).toHaveLength(1);
    expect(preview.body.offerings[0]).toMatchObject({
      opensAt: '2032-09-01T04:00:00.000Z',
      closesAt: '2033-01-15T04:59:00.000Z',
      lateFeeStartsAt: '2032-12-01T04:59:00.000Z',
      seats: 40,
      semester: 'Roll 2033',
    });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM offerings`)).rows[0].n).toBe(before.rows[0].n);

    const made = await t
      .http()
      .post(`/api/admin/terms/${source.termId}/roll-over`)
      .set(await admin())
      .send({});
    expect(made.status).toBe(201);
    expect(made.body.term.id).toBeGreaterThan(0);
    const again = await t
      .http()
      .post(`/api/admin/terms/${source.termId}/roll-over`)
      .set(await admin())
      .send({});
    expect(again.status).toBe(409);
    const audit = await t.db.query(`SELECT action FROM audit_log WHERE resource = 'terms' AND record_id = $1`, [String(source.termId)]);
    expect(audit.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['create', 'roll-over']));
    // the new term is offered once its window opens
    clockAt('2032-10-01T00:00:00Z');
    expect((await programs('female')).find((p) => p.name === 'MSW')!.courses.map((c) => c.semester)).toContain('Roll 2033');
  });

  it('never renames what applications use, and never deletes (archive instead)', async () => {
    const { rows } = await t.db.query(`SELECT id, key, labels, starts_on::text AS "startsOn" FROM terms WHERE key = 'Window 2031'`);
    const term = rows[0];
    const renamed = await t
      .http()
      .put(`/api/admin/terms/${term.id}`)
      .set(await admin())
      .send({ key: 'Other', labels: term.labels, startsOn: term.startsOn });
    expect(renamed.status).toBe(409);
    expect(renamed.body.code).toBe('CAT-409-in-use');
    expect(
      (
        await t
          .http()
          .delete(`/api/admin/terms/${term.id}`)
          .set(await admin())
      ).status,
    ).toBe(404);
    const archived = await t
      .http()
      .put(`/api/admin/terms/${term.id}`)
      .set(await admin())
      .send({ key: term.key, labels: term.labels, startsOn: term.startsOn, archived: true });
    expect(archived.status).toBe(200);
  });

  it('validates every write with the DTOs: field errors in the caller’s language, unknown fields refused, nothing written', async () => {
    const before = (await t.db.query(`SELECT count(*)::int AS n FROM offerings`)).rows[0].n;
    const bad = await t
      .http()
      .post('/api/admin/offerings')
      .set(await admin())
      .set('Accept-Language', 'es')
      .send({ programId: 1, termId: 1, opensAt: 'tomorrow', applicationFeeCents: -1, rounds: [{ key: 'Bad Key' }], surprise: true });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('VAL-001');
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['opensAt', 'closesAt', 'applicationFeeCents', 'surprise']));
    const window = await t
      .http()
      .post('/api/admin/offerings')
      .set(await admin())
      .send({ programId: 1, termId: 1, opensAt: '2040-01-02T00:00:00Z', closesAt: '2040-01-01T00:00:00Z', applicationFeeCents: 100 });
    expect(window.status).toBe(422);
    expect(window.body.errors.closesAt[0]).toMatch(/close after it opens/);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM offerings`)).rows[0].n).toBe(before);
  });

  it('lets an API key with catalogue:read read the catalogue and nothing else', async () => {
    const made = await t
      .http()
      .post('/api/admin/api-keys')
      .set(await admin())
      .send({ name: 'SIS', scopes: ['catalogue:read'] });
    expect(made.status).toBe(201);
    const key = made.body.key as string;
    for (const path of ['/api/admin/terms', '/api/admin/offerings', '/api/admin/programs']) {
      const read = await t.http().get(path).set(bearer(key));
      expect(read.status).toBe(200);
      expect(read.headers['content-range']).toMatch(/\/\d+$/);
    }
    expect(
      (
        await t
          .http()
          .post('/api/admin/terms')
          .set(bearer(key))
          .send({ key: 'X', labels: three('X'), startsOn: '2040-01-01' })
      ).status,
    ).toBe(403);
    expect((await t.http().get('/api/admin/applications').set(bearer(key))).status).toBe(403);
    const other = await t
      .http()
      .post('/api/admin/api-keys')
      .set(await admin())
      .send({ name: 'CRM', scopes: ['applications:read'] });
    expect((await t.http().get('/api/admin/terms').set(bearer(other.body.key))).status).toBe(403);
  });
});

describe('model: the office’s edits against what an applicant of each gender may start', () => {
  it('agrees with a model over random creates, date moves, closes, archives and roll-overs', async () => {
    const base = Date.parse('2035-01-01T00:00:00Z');
    const day = 86_400_000;
    const { rows } = await t.db.query(`SELECT id, gender, name FROM programs WHERE name IN ('MSW', 'MBA') ORDER BY gender, name`);
    const progs = rows as { id: number; gender: 'female' | 'male'; name: string }[];
    let counter = 0;

    type Model = Map<number, { programId: number; termKey: string; opensAt: number; closesAt: number; open: boolean; archived: boolean }>;
    const command = fc.oneof(
      fc.record({
        kind: fc.constant('create' as const),
        program: fc.nat(progs.length - 1),
        opens: fc.integer({ min: -20, max: 20 }),
        length: fc.integer({ min: 1, max: 40 }),
      }),
      fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), shift: fc.integer({ min: -30, max: 30 }) }),
      fc.record({ kind: fc.constant('close' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('archive' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('rollOver' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('tick' as const), days: fc.integer({ min: 1, max: 15 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 10 }), async (commands) => {
        const model: Model = new Map();
        let now = base + counter * 10_000 * day; // each run far from the others
        const runTag = ++counter;
        clockAt(new Date(now));
        adminClock = Number.NaN;
        for (const c of commands) {
          const ids = [...model.keys()];
          if (c.kind === 'create') {
            const program = progs[c.program]!;
            const key = `Model ${runTag}-${model.size}`;
            const term = await t
              .http()
              .post('/api/admin/terms')
              .set(await admin())
              .send({ key, labels: three(key), startsOn: '2099-01-01' });
            const opensAt = now + c.opens * day;
            const closesAt = opensAt + c.length * day;
            const made = await t
              .http()
              .post('/api/admin/offerings')
              .set(await admin())
              .send({
                programId: program.id,
                termId: term.body.id,
                opensAt: new Date(opensAt).toISOString(),
                closesAt: new Date(closesAt).toISOString(),
                applicationFeeCents: 100,
              });
            expect(made.status).toBe(201);
            model.set(made.body.id, { programId: program.id, termKey: key, opensAt, closesAt, open: true, archived: false });
          } else if (c.kind === 'tick') {
            now += c.days * day;
            clockAt(new Date(now));
          } else if (ids.length) {
            const id = ids[c.pick % ids.length]!;
            const row = model.get(id)!;
            const current = (
              await t
                .http()
                .get(`/api/admin/offerings/${id}`)
                .set(await admin())
            ).body;
            const { id: _id, gender: _g, fieldOfInterest: _f, semester: _s, acceptingNow: _a, ...dto } = current;
            if (c.kind === 'move') {
              row.opensAt += c.shift * day;
              row.closesAt += c.shift * day;
              Object.assign(dto, { opensAt: new Date(row.opensAt).toISOString(), closesAt: new Date(row.closesAt).toISOString() });
            } else if (c.kind === 'close') {
              row.open = false;
              dto.open = false;
            } else if (c.kind === 'archive') {
              row.archived = true;
              dto.archived = true;
            }
            if (c.kind === 'rollOver') {
              const termId = current.termId as number;
              const rolled = await t
                .http()
                .post(`/api/admin/terms/${termId}/roll-over`)
                .set(await admin())
                .send({ months: 12, key: `${row.termKey} next` });
              if (rolled.status === 201)
                for (const o of rolled.body.offerings as { id: number; programId: number }[]) {
                  const from = [...model.values()].find((m) => m.termKey === row.termKey && m.programId === o.programId && !m.archived)!;
                  model.set(o.id, {
                    programId: o.programId,
                    termKey: `${row.termKey} next`,
                    opensAt: DateTime.fromMillis(from.opensAt, { zone: 'America/New_York' }).plus({ months: 12 }).toMillis(),
                    closesAt: DateTime.fromMillis(from.closesAt, { zone: 'America/New_York' }).plus({ months: 12 }).toMillis(),
                    open: true,
                    archived: false,
                  });
                }
              else expect(rolled.status).toBe(409);
            } else {
              const put = await t
                .http()
                .put(`/api/admin/offerings/${id}`)
                .set(await admin())
                .send(dto);
              expect(put.status).toBe(200);
            }
          }
          // what each gender may start now, by the model and by the API
          for (const program of progs) {
            const expected = [...model.values()]
              .filter((m) => m.programId === program.id && m.open && !m.archived && m.opensAt <= now && now < m.closesAt)
              .map((m) => m.termKey)
              .sort();
            const shown = (await programs(program.gender)).find((p) => p.name === program.name)!;
            const actual = shown.courses
              .map((course) => course.semester)
              .filter((key) => key.startsWith(`Model ${runTag}-`))
              .sort();
            expect(actual).toEqual(expected);
          }
        }
      }),
      { seed: SEED, numRuns: 6 },
    );
  });
});

describe('never rots: a fresh start of the embedded default or the demo offers the next terms on any day', () => {
  it('offers, on days spread over the next three years, only terms that begin ahead, with open windows, future deadlines and no late fee yet', async () => {
    for (const day of ['2026-11-28T12:00:00Z', '2027-06-30T23:30:00Z', '2028-02-29T03:00:00Z', '2029-09-15T12:00:00Z']) {
      clockAt(day);
      const fresh = await createTestApp({ CATALOGUE_UPCOMING_TERMS: 'true' }, { openSeededTerms: false });
      try {
        const catalogue = fresh.app.get(ProgramsService);
        for (const gender of ['female', 'male'] as const) {
          const list = await catalogue.list(gender, 'en');
          const semesters = new Set(list.flatMap((p) => p.courses.map((c) => c.semester)));
          expect(semesters.size).toBeGreaterThanOrEqual(2);
          for (const term of await catalogue.semesters(gender)) expect(Date.parse(term.startsOn)).toBeGreaterThan(Date.now());
          for (const course of list.flatMap((p) => p.courses)) {
            expect(Date.parse(course.closesAt)).toBeGreaterThan(Date.now());
            expect(Date.parse(course.deadlineAt!)).toBeGreaterThan(Date.now());
          }
        }
        const msw = (await catalogue.list('female', 'en')).find((p) => p.name === 'MSW')!;
        const started = await fresh.http().post('/api/applications').send({
          gender: 'Female',
          fieldOfInterest: 'MSW',
          semester: msw.courses[0]!.semester,
          location: msw.courses[0]!.locations[0],
          firstName: 'Ana',
          lastName: 'Ruiz',
          email: 'ana@example.com',
          locale: 'es',
        });
        expect(started.status).toBe(201);
        const quote = await fresh
          .http()
          .get('/api/payments/quote')
          .query({ applicationId: started.body.id })
          .set('X-Application-Token', started.body.token);
        expect(quote.body.data).toMatchObject({ lateFee: 0 });
        expect(Date.parse(quote.body.data.lateFeeAfter)).toBeGreaterThan(Date.now());
        // a second start of the same day creates nothing more
        expect(await fresh.app.get(UpcomingTermsService).ensure()).toEqual([]);
      } finally {
        jest.useRealTimers();
        await fresh.close();
      }
    }
  });
});
