/**
 * Autosave controller (issue 10) against an in-memory server that behaves like PATCH /api/applications/{id}
 * (version guard, whole top-level values replaced, null clears), with fake timers:
 * retries and back-off, MAI-002, 422 holds, 409 conflict, local draft — and a fast-check model test
 * (fixed seed, 300 runs) that random edits, acknowledgements and failures never lose a valid answer and
 * that the status never says `saved` while something is not on the server.
 */
import { jest } from '@jest/globals';
import fc from 'fast-check';
import type { ApplicationRecord } from '../api/application-types';
import { apiError } from '../../../shared/api/api-answer.fixture';
import { AutosaveController, MAINTENANCE_RETRY_MS, RETRY_MS, type SaveBody } from './autosave-controller';
import { draftKey, type DraftStorage } from './local-draft';
import { toApiValue, valueAt } from './patch';
import { ALL_FIELDS, DRAFT_SCHEMAS, formValuesOf } from './step-forms';

type Failure = 'network' | '500' | 'maintenance' | null;

/** What the server rejects with 422 (a value no option list offers). */
const REJECTED_RELATIONSHIP = 'Enemy';

/** What a save rejects with: the fetch `TypeError` when no answer arrived (status 0), else the {@link ApiError}. */
function axiosError(status: number, data?: unknown): Error {
  return status ? apiError(status, data) : new TypeError('Failed to fetch');
}

/** In-memory PATCH endpoint (applications.service.save semantics). */
class FakeServer {
  // as the server answers a new record (its defaults included: no country saved = United States)
  // only what the autosave reads: the answers, the version and stepReached (the other columns do not take part)
  record = { Id: 'app-1', version: 1, status: 'draft', stepReached: '1', addressCountry: 'United States' } as ApplicationRecord;
  failures: Failure[] = [];
  latencyMs = 100;
  calls: SaveBody[] = [];
  save = (body: SaveBody): Promise<ApplicationRecord> =>
    new Promise((resolve, reject) => {
      this.calls.push(structuredClone(body));
      setTimeout(() => {
        const failure = this.failures.shift() ?? null;
        if (failure === 'network') return reject(axiosError(0));
        if (failure === '500') return reject(axiosError(500, { success: false, code: 'SRV-500', message: 'Oops' }));
        if (failure === 'maintenance')
          return reject(axiosError(503, { success: false, code: 'MAI-002', message: 'Offline for maintenance until 3:00 PM.' }));
        if (body.version !== this.record.version)
          return reject(axiosError(409, { success: false, code: 'APP-409', message: 'Conflict', data: structuredClone(this.record) }));
        const ec = body.emergencyContact as { relationship?: string } | undefined;
        if (ec?.relationship === REJECTED_RELATIONSHIP)
          return reject(
            axiosError(422, {
              success: false,
              code: 'VAL-001',
              message: 'Invalid',
              errors: { 'emergencyContact.relationship': ['Not an option.'] },
            }),
          );
        const { version: _v, stepReached, ...fields } = body;
        const next: ApplicationRecord = { ...this.record, version: this.record.version + 1 };
        for (const [k, v] of Object.entries(fields)) {
          if (v === null) delete next[k];
          else next[k] = structuredClone(v);
        }
        if (stepReached) next.stepReached = String(Math.max(Number(next.stepReached), Number(stepReached)));
        this.record = next;
        resolve(structuredClone(next));
      }, this.latencyMs);
    });
}

class MapStorage implements DraftStorage {
  map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
}

function makeController(server: FakeServer, storage: DraftStorage = new MapStorage()) {
  return new AutosaveController({
    applicationId: server.record.Id,
    record: structuredClone(server.record),
    save: server.save,
    fields: ALL_FIELDS,
    schemas: DRAFT_SCHEMAS,
    toForm: formValuesOf,
    storage,
  });
}

/** A value as the server would hold it, with "nothing" (null, false, all-empty groups, no rows) as null. */
function canon(v: unknown): unknown {
  const a = toApiValue(v);
  if (Array.isArray(a)) return a.length ? a : null;
  if (a && typeof a === 'object') return Object.values(a).every((x) => x === null || x === false) ? null : a;
  return a === false ? null : a;
}
const sameOnServer = (server: FakeServer, values: Record<string, unknown>, field: string) =>
  JSON.stringify(canon(values[field])) === JSON.stringify(canon(server.record[field]));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('AutosaveController', () => {
  it('saves a group edited in place after its first save (the lost emergency contact)', async () => {
    const server = new FakeServer();
    const c = makeController(server);
    const form = formValuesOf(server.record) as { emergencyContact: Record<string, string> };
    form.emergencyContact.name = 'Miriam';
    c.edit({ emergencyContact: form.emergencyContact });
    expect(c.getSnapshot().state).toBe('pending');
    await jest.advanceTimersByTimeAsync(1500); // pause 1.5 s: first save acknowledged
    expect(c.getSnapshot().state).toBe('saved');
    form.emergencyContact.relationship = 'Mother'; // same live object
    form.emergencyContact.phone = '718-555-0100';
    c.edit({ emergencyContact: form.emergencyContact });
    expect(c.getSnapshot()).toMatchObject({ state: 'pending', unsaved: 2 });
    await jest.advanceTimersByTimeAsync(1500);
    expect(server.record.emergencyContact).toEqual({ name: 'Miriam', phone: '718-555-0100', email: null, relationship: 'Mother' });
    expect(c.getSnapshot()).toMatchObject({ state: 'saved', unsaved: 0 });
  });

  it('saves valid neighbours of an invalid e-mail and says 1 answer is not saved', async () => {
    const server = new FakeServer();
    const c = makeController(server);
    c.edit({ emergencyContact: { name: 'Miriam', relationship: 'Mother', phone: '718-555-0100', email: 'miriam.g@example' } });
    await jest.advanceTimersByTimeAsync(1500);
    expect(server.record.emergencyContact).toEqual({ name: 'Miriam', phone: '718-555-0100', email: null, relationship: 'Mother' });
    expect(c.getSnapshot()).toMatchObject({
      state: 'invalid',
      unsaved: 1,
      held: { 'emergencyContact.email': { key: 'validation.email' } },
    });
    expect(await c.flush({ fields: ['emergencyContact'] })).toEqual(['emergencyContact.email']);
  });

  it('retries network failures with back-off 1 s, 2 s, 4 s … up to 30 s', async () => {
    const server = new FakeServer();
    server.failures = Array(8).fill('network');
    const c = makeController(server);
    c.edit({ employer: 'Acme' });
    await jest.advanceTimersByTimeAsync(1000 + server.latencyMs);
    expect(c.getSnapshot().state).toBe('offline');
    const times: number[] = [];
    let last = server.calls.length;
    for (let t = 0; t < 200_000 && server.calls.length < 9; t += 100) {
      await jest.advanceTimersByTimeAsync(100);
      if (server.calls.length !== last) {
        times.push(t + 100);
        last = server.calls.length;
      }
    }
    const gaps = times.map((t, i) => t - (i ? times[i - 1]! : 0) - (i ? server.latencyMs : 0));
    expect(gaps.slice(0, 6)).toEqual([RETRY_MS.first, 2000, 4000, 8000, 16000, RETRY_MS.max]);
    await jest.advanceTimersByTimeAsync(RETRY_MS.max + 1000);
    expect(server.record.employer).toBe('Acme');
    expect(c.getSnapshot().state).toBe('saved');
  });

  it('treats MAI-002 as maintenance (server message, 10 s back-off) and saves when it ends', async () => {
    const server = new FakeServer();
    server.failures = ['maintenance', 'maintenance'];
    const c = makeController(server);
    c.edit({ employer: 'Acme' });
    await jest.advanceTimersByTimeAsync(1000 + server.latencyMs);
    expect(c.getSnapshot()).toMatchObject({ state: 'maintenance', message: 'Offline for maintenance until 3:00 PM.', unsaved: 1 });
    await jest.advanceTimersByTimeAsync(MAINTENANCE_RETRY_MS.first - 1);
    expect(server.calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1 + server.latencyMs);
    expect(server.calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(20000 + server.latencyMs);
    expect(server.record.employer).toBe('Acme');
    expect(c.getSnapshot()).toMatchObject({ state: 'saved', message: null });
  });

  it('holds the answer a 422 names and saves the rest', async () => {
    const server = new FakeServer();
    const c = makeController(server);
    c.edit({ emergencyContact: { name: 'Ann', relationship: REJECTED_RELATIONSHIP, phone: '', email: '' }, employer: 'Acme' });
    await jest.advanceTimersByTimeAsync(3000);
    expect(server.record.employer).toBe('Acme');
    expect(server.record.emergencyContact).toEqual({ name: 'Ann', phone: null, email: null, relationship: null });
    expect(c.getSnapshot()).toMatchObject({ state: 'invalid', held: { 'emergencyContact.relationship': { text: 'Not an option.' } } });
  });

  it('keeps unsaved answers in the local draft and sends them after a reload', async () => {
    const server = new FakeServer();
    const storage = new MapStorage();
    server.failures = ['network'];
    const c = makeController(server, storage);
    c.edit({ employer: 'Acme', jobTitle: 'Nurse' });
    expect(JSON.parse(storage.getItem(draftKey('app-1'))!).fields.employer.value).toBe('Acme');
    await jest.advanceTimersByTimeAsync(1000 + server.latencyMs);
    c.dispose(); // the page is reloaded before the retry
    const again = makeController(server, storage);
    expect(again.getSnapshot().unsaved).toBe(2);
    await jest.advanceTimersByTimeAsync(1000);
    expect(server.record).toMatchObject({ employer: 'Acme', jobTitle: 'Nurse' });
    expect(storage.getItem(draftKey('app-1'))).toBeNull();
  });

  it('does not restore a draft answer the server changed since (the server wins)', () => {
    const server = new FakeServer();
    const storage = new MapStorage();
    storage.setItem(draftKey('app-1'), JSON.stringify({ v: 1, savedAt: 0, fields: { employer: { value: 'Mine', base: '' } } }));
    server.record.employer = 'Other tab';
    expect(makeController(server, storage).valuesFor(['employer'])).toEqual({ employer: 'Other tab' });
  });

  it('on a 409 "keep mine" keeps only the answers changed here', async () => {
    const server = new FakeServer();
    const c = makeController(server);
    server.record = { ...server.record, version: 2, employer: 'Theirs', jobTitle: 'Theirs too' };
    c.edit({ jobTitle: 'Mine' });
    await jest.advanceTimersByTimeAsync(1500);
    expect(c.getSnapshot().state).toBe('conflict');
    const kept = c.keepMine();
    await jest.advanceTimersByTimeAsync(500);
    expect(await kept).toEqual([]);
    expect(server.record).toMatchObject({ employer: 'Theirs', jobTitle: 'Mine' });
    expect(c.getSnapshot().state).toBe('saved');
  });

  it('adopts a newer record saved elsewhere on the page (no 409 on the next save), keeping unsaved answers', async () => {
    const server = new FakeServer();
    const c = makeController(server);
    c.edit({ jobTitle: 'Mine' });
    server.record = { ...server.record, version: 5, employer: 'Certified' }; // e.g. the review step's submit
    c.adoptRecord(structuredClone(server.record));
    expect(c.valuesFor(['employer', 'jobTitle'])).toEqual({ employer: 'Certified', jobTitle: 'Mine' });
    await jest.advanceTimersByTimeAsync(1500);
    expect(server.record).toMatchObject({ version: 6, employer: 'Certified', jobTitle: 'Mine' });
    expect(c.getSnapshot().state).toBe('saved');
  });

  it('raises stepReached on flush only when the step has nothing unsaved', async () => {
    const server = new FakeServer();
    const c = makeController(server);
    c.edit({ emergencyContact: { name: 'A', phone: '', email: 'bad@', relationship: '' } });
    const left = c.flush({ stepReached: 3, fields: ['emergencyContact'] });
    await jest.advanceTimersByTimeAsync(500);
    expect(await left).toEqual(['emergencyContact.email']);
    expect(server.record.stepReached).toBe('1');
    c.edit({ emergencyContact: { name: 'A', phone: '', email: 'a@example.com', relationship: '' } });
    const ok = c.flush({ stepReached: 3, fields: ['emergencyContact'] });
    await jest.advanceTimersByTimeAsync(500);
    expect(await ok).toEqual([]);
    expect(server.record.stepReached).toBe('3');
  });
});

/** Leaves the model test types into, with valid and invalid values. */
const LEAVES: { path: string; valid: string[]; invalid: string[] }[] = [
  { path: 'employer', valid: ['', 'Acme', 'Beth Israel'], invalid: ['x'.repeat(151)] },
  { path: 'employmentDate', valid: ['', '03/15/1998'], invalid: ['03/15', '13/45/1999'] },
  { path: 'emergencyContact.name', valid: ['', 'Miriam', 'Miriam Gold'], invalid: ['y'.repeat(101)] },
  { path: 'emergencyContact.relationship', valid: ['', 'Mother'], invalid: [REJECTED_RELATIONSHIP] },
  { path: 'emergencyContact.phone', valid: ['', '718-555-0100'], invalid: ['12'] },
  { path: 'emergencyContact.email', valid: ['', 'miriam@example.com'], invalid: ['miriam.g@example'] },
  { path: 'passedCollegeLevelOrAPCourses.0.college', valid: ['', 'Touro'], invalid: ['z'.repeat(101)] },
  { path: 'passedCollegeLevelOrAPCourses.0.name', valid: ['', 'Biology'], invalid: ['w'.repeat(151)] },
  { path: 'firstReferenceNameAndNumber.email', valid: ['', 'ref@example.com'], invalid: ['ref@'] },
];

type Command =
  | { kind: 'type'; leaf: number; value: string; valid: boolean }
  | { kind: 'wait'; ms: number }
  | { kind: 'fail'; failure: Exclude<Failure, null>; times: number }
  | { kind: 'flush' };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.integer({ min: 0, max: LEAVES.length - 1 }).chain((leaf) =>
      fc.oneof(
        fc.constantFrom(...LEAVES[leaf]!.valid).map((value) => ({ kind: 'type' as const, leaf, value, valid: true })),
        fc.constantFrom(...LEAVES[leaf]!.invalid).map((value) => ({ kind: 'type' as const, leaf, value, valid: false })),
      ),
    ),
  },
  { weight: 3, arbitrary: fc.integer({ min: 50, max: 4000 }).map((ms) => ({ kind: 'wait' as const, ms })) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('fail' as const),
      failure: fc.constantFrom('network' as const, '500' as const, 'maintenance' as const),
      times: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'flush' as const }) },
);

/** Writes `value` at a dotted path of the live form values (rows added as needed), in place. */
function setAt(values: Record<string, unknown>, path: string, value: string): void {
  const parts = path.split('.');
  let o = values as Record<string, unknown> | unknown[];
  parts.slice(0, -1).forEach((p, i) => {
    const next = parts[i + 1]!;
    const key = p as never;
    if (Array.isArray(o)) while (o.length <= Number(p)) o.push({ college: '', name: '' });
    (o as Record<string, unknown>)[key] ??= /^\d+$/.test(next) ? [] : {};
    o = (o as Record<string, unknown>)[key] as Record<string, unknown>;
    if (Array.isArray(o)) while (o.length <= Number(next)) o.push({ college: '', name: '' });
  });
  (o as Record<string, unknown>)[parts.at(-1)!] = value;
}

describe('AutosaveController model test (fast-check, fixed seed)', () => {
  const seed = Number(process.env.AUTOSAVE_SEED ?? 20261125);
  const numRuns = Number(process.env.AUTOSAVE_RUNS ?? 300);

  it(`never loses a valid answer and never says saved while something is unsaved (seed ${seed}, ${numRuns} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 30 }), async (commands) => {
        const server = new FakeServer();
        const c = makeController(server);
        const form = formValuesOf(server.record); // one live object, mutated in place like react-hook-form's
        const lastValid = new Map<string, string>(); // leaf → last valid value typed
        const typedInvalid = new Map<string, string>(); // leaf → invalid value currently in the field
        const truthful = () => {
          const s = c.getSnapshot();
          const allOnServer = ALL_FIELDS.every((f) => sameOnServer(server, form, f));
          if (s.state === 'saved' && !allOnServer) throw new Error(`status says saved but ${JSON.stringify(server.record)} ≠ form`);
          if ((s.unsaved === 0) !== allOnServer && !(s.state === 'saving' || s.state === 'pending'))
            throw new Error(`data-unsaved=${s.unsaved} but allOnServer=${allOnServer} (${s.state})`);
        };
        for (const cmd of commands) {
          if (cmd.kind === 'type') {
            const leaf = LEAVES[cmd.leaf]!;
            setAt(form, leaf.path, cmd.value);
            if (cmd.valid) {
              lastValid.set(leaf.path, cmd.value);
              typedInvalid.delete(leaf.path);
            } else typedInvalid.set(leaf.path, cmd.value);
            const top = leaf.path.split('.')[0]!;
            c.edit({ [top]: form[top] });
          } else if (cmd.kind === 'wait') await jest.advanceTimersByTimeAsync(cmd.ms);
          else if (cmd.kind === 'fail') server.failures.push(...Array<Failure>(cmd.times).fill(cmd.failure));
          else {
            const done = c.flush();
            await jest.advanceTimersByTimeAsync(1000);
            await done;
          }
          truthful();
        }
        // the network comes back; time passes
        server.failures = [];
        await jest.advanceTimersByTimeAsync(200_000);
        truthful();
        for (const [path, value] of lastValid) {
          if (typedInvalid.has(path)) continue;
          const onServer = valueAt(server.record, path);
          if ((toApiValue(value) ?? null) !== (onServer ?? null) && !(value === '' && onServer === ''))
            throw new Error(`lost ${path}: typed ${JSON.stringify(value)}, server has ${JSON.stringify(onServer)}`);
        }
        for (const [path, value] of typedInvalid) {
          if (valueAt(server.record, path) === value) throw new Error(`invalid ${path} was sent`);
          if (!c.getSnapshot().held[path]) throw new Error(`${path} not reported as held`);
        }
        const s = c.getSnapshot();
        if (typedInvalid.size > 0 && s.state !== 'invalid') throw new Error(`state ${s.state} with invalid answers`);
        if (typedInvalid.size === 0 && s.unsaved === 0 && s.state !== 'saved' && s.state !== 'idle') throw new Error(`state ${s.state}`);
        c.dispose();
      }),
      { numRuns, seed, verbose: 1 },
    );
  }, 120_000);
});
