/**
 * The autosave of one application (issue 10 item 1; DESIGN §3): ONE save queue per application shared by
 * every step, so a step change never sends a stale `version` (no self-inflicted 409).
 *
 * - `edit(values)` records the form values typed (deep copies); a save runs {@link AUTOSAVE_DELAY_MS}
 *   after the last edit, or at once on `flush()` (Save and continue, Back, step links).
 * - Every save PATCHes what {@link planPatch} finds against the DEEP snapshot of what the server
 *   acknowledged; held-back answers (format check, server 422) stay unsaved and are reported per path.
 * - Network failure / 5xx: state `offline`, retried with back-off 1 s → 30 s. 503 MAI-002: state
 *   `maintenance` with the server's message, retried 10 s → 60 s. 422 with `errors`: those answers are
 *   held with the server's text, the rest is sent again. 409 APP-409: state `conflict` until
 *   `loadNewer()` / `keepMine()`. More than {@link MAX_ROUNDS} saves in one run, or a 422 that holds
 *   nothing new: state `error` (loop guard). 410 and other answers: state `error` with the server's message.
 * - Unsaved answers live in the local draft (`portal.draft.<id>`) and are restored and sent after a reload.
 * - The state is truthful: `saved` only when every answer equals the acknowledged snapshot.
 */
import { apiErrorBody, apiErrorStatus } from '../../../shared/api/errors';
import type { ApplicationRecord } from '../api/application-types';
import type { SaveBody } from '../api/application-api';
import { readDraft, restorableAnswers, writeDraft, type DraftEntry, type DraftStorage } from './local-draft';
import { keepMineMerge, planPatch, sameAnswer, valueAt, type HoldReason, type PatchPlan, type ServerHold } from './patch';
import type { z } from 'zod';

/** Autosave delay after the last edit, in ms. */
export const AUTOSAVE_DELAY_MS = 1000;
/** Network / 5xx retry back-off: first and longest delay (ms). */
export const RETRY_MS = { first: 1000, max: 30000 } as const;
/** Maintenance (MAI-002) retry back-off: first and longest delay (ms). */
export const MAINTENANCE_RETRY_MS = { first: 10000, max: 60000 } as const;
/** Loop guard: at most this many PATCHes in one run of the queue. */
export const MAX_ROUNDS = 20;

/** What the status line shows (the `data-state` of `[data-testid="save-status"]`). */
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'invalid' | 'offline' | 'maintenance' | 'conflict' | 'error';

/** Every {@link SaveState}, for tests and the status bar. */
export const SAVE_STATES: readonly SaveState[] = [
  'idle',
  'pending',
  'saving',
  'saved',
  'invalid',
  'offline',
  'maintenance',
  'conflict',
  'error',
];

/** An immutable view of the autosave (a new object after every change). */
export interface AutosaveSnapshot {
  state: SaveState;
  /** Number of answers (leaves) not acknowledged by the server: typed, held, queued or in flight. */
  unsaved: number;
  /** Their dotted paths, in step/field order. */
  unsavedPaths: readonly string[];
  /** Answers held back and why (dotted path → reason). */
  held: Readonly<Record<string, HoldReason>>;
  /** When the last save was acknowledged (ms since epoch), or null. */
  savedAt: number | null;
  /** The server's message (maintenance, error), or null. */
  message: string | null;
  /** The server's newer record while a 409 conflict is open. */
  conflict: ApplicationRecord | null;
  /** Server errors that name no answer being saved. */
  otherErrors: readonly string[];
  /** Bumped whenever the controller replaces the form values (conflict resolved): forms reload them. */
  resetSeq: number;
}

/** Body of a PATCH (the contract's guard fields and the planned answers). */
export type { SaveBody };

/** Options of {@link AutosaveController}. */
export interface AutosaveControllerOptions {
  applicationId: string;
  /** The record as loaded (its values are the first acknowledged snapshot). */
  record: ApplicationRecord;
  /** Sends a PATCH; resolves with the saved record, rejects with the ApiError (or the fetch error when no answer arrived). */
  save: (body: SaveBody) => Promise<ApplicationRecord>;
  /** Called with every record the server returns (saved, or newer on conflict). */
  onRecord?: (record: ApplicationRecord) => void;
  /** Autosaved fields (top-level), their draft schemas and record → form-values mapping. */
  fields: readonly string[];
  schemas: Readonly<Record<string, z.ZodType | undefined>>;
  toForm: (record: ApplicationRecord) => Record<string, unknown>;
  storage?: DraftStorage | null;
  now?: () => number;
  delayMs?: number;
}

type Mode = 'ok' | 'offline' | 'maintenance' | 'conflict' | 'error';

/** The autosave of one application; see module doc. */
export class AutosaveController {
  private acked: Record<string, unknown>;
  private current: Record<string, unknown>;
  private version: number;
  private stepReached: number;
  private wantStep = 0;
  private blocked = new Set<string>();
  private serverHolds: Record<string, ServerHold> = {};
  private mode: Mode = 'ok';
  private message: string | null = null;
  private conflict: ApplicationRecord | null = null;
  private otherErrors: string[] = [];
  private savedAt: number | null = null;
  private saving = false;
  private failures = 0;
  private resetSeq = 0;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private listeners = new Set<() => void>();
  private snap: AutosaveSnapshot;

  constructor(private readonly opts: AutosaveControllerOptions) {
    this.acked = structuredClone(opts.toForm(opts.record));
    this.current = structuredClone(this.acked);
    this.version = opts.record.version;
    this.stepReached = Number(opts.record.stepReached) || 1;
    const restored = restorableAnswers(readDraft(opts.storage ?? null, opts.applicationId), this.acked);
    Object.assign(this.current, structuredClone(restored));
    this.snap = this.compute();
    this.persist();
    if (Object.keys(restored).length) this.schedule(0);
  }

  /** Replaces how saves are sent and records reported (latest token and context setter). */
  setTransport(save: AutosaveControllerOptions['save'], onRecord?: AutosaveControllerOptions['onRecord']): void {
    this.opts.save = save;
    this.opts.onRecord = onRecord;
  }

  /**
   * Takes a record saved by someone else on this page (e.g. certification on the review step, a fresh
   * token check) when it is newer than the last one acknowledged here: its values become the
   * acknowledged snapshot, answers changed here and not yet saved are kept. No-op while a save is in
   * flight (its answer brings the newer version) or for an older/equal version.
   */
  adoptRecord(record: ApplicationRecord): void {
    if (this.running || this.saving || this.mode === 'conflict' || record.version <= this.version) return;
    const server = this.opts.toForm(record);
    const merged = keepMineMerge(this.opts.fields, this.current, this.acked, server);
    const replaced = this.opts.fields.some((f) => !sameAnswer(merged[f], this.current[f]));
    this.current = merged;
    this.acked = structuredClone(server);
    this.version = record.version;
    this.stepReached = Math.max(this.stepReached, Number(record.stepReached) || 1);
    if (replaced) this.resetSeq += 1;
    this.persist();
    this.emit();
  }

  /** Subscribes to snapshot changes; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The current snapshot (same object until something changes). */
  getSnapshot = (): AutosaveSnapshot => this.snap;

  /** The values of `fields` as the forms should show them (unsaved answers included; deep copies). */
  valuesFor(fields: readonly string[]): Record<string, unknown> {
    return Object.fromEntries(fields.filter((f) => f in this.current).map((f) => [f, structuredClone(this.current[f])]));
  }

  /**
   * Records typed values (top-level field → form value; deep-copied). `blocked` lists fields of `scope`
   * that must not be sent right now (e.g. an incomplete program choice); the other fields of `scope`
   * are unblocked. Schedules a save.
   */
  edit(values: Readonly<Record<string, unknown>>, scope: readonly string[] = Object.keys(values), blocked: readonly string[] = []): void {
    let changed = false;
    for (const [f, v] of Object.entries(values)) {
      if (!this.opts.fields.includes(f)) continue;
      if (JSON.stringify(v) !== JSON.stringify(this.current[f])) changed = true;
      this.current[f] = structuredClone(v);
    }
    for (const f of scope) {
      const was = this.blocked.has(f);
      if (blocked.includes(f)) this.blocked.add(f);
      else this.blocked.delete(f);
      changed ||= was !== this.blocked.has(f);
    }
    if (!changed) return;
    if (this.mode === 'error') this.mode = 'ok';
    this.persist();
    if (this.mode === 'ok') this.schedule(this.opts.delayMs ?? AUTOSAVE_DELAY_MS);
    this.emit();
  }

  /**
   * Saves everything valid now (and raises `stepReached` to `stepReached` once nothing of `fields` is
   * unsaved). Resolves with the dotted paths among `fields` (all fields when omitted) still unsaved:
   * empty means everything typed there is on the server.
   */
  async flush(opts: { stepReached?: number; fields?: readonly string[] } = {}): Promise<string[]> {
    if (this.mode === 'conflict') return this.unsavedIn(opts.fields);
    clearTimeout(this.debounce);
    this.debounce = undefined;
    clearTimeout(this.retry);
    this.retry = undefined;
    if (this.mode !== 'ok') this.mode = 'ok';
    await this.pump();
    let left = this.unsavedIn(opts.fields);
    if (left.length === 0 && opts.stepReached && opts.stepReached > this.stepReached && this.mode === 'ok') {
      this.wantStep = Math.max(this.wantStep, opts.stepReached);
      await this.pump();
      left = this.unsavedIn(opts.fields);
      if (this.wantStep > this.stepReached) left = left.length ? left : ['stepReached'];
    }
    return left;
  }

  /** True while any typed answer is not acknowledged (for the beforeunload warning). */
  hasUnsaved(): boolean {
    return this.snap.unsaved > 0;
  }

  /** Conflict: take the server's newer record and drop the local changes. */
  loadNewer(): void {
    const server = this.conflict;
    if (!server) return;
    this.acked = structuredClone(this.opts.toForm(server));
    this.current = structuredClone(this.acked);
    this.afterConflict(server);
  }

  /** Conflict: take the server's newer record, but keep the answers the user changed here; save them. */
  keepMine(): Promise<string[]> {
    const server = this.conflict;
    if (!server) return Promise.resolve(this.unsavedIn());
    const serverValues = this.opts.toForm(server);
    this.current = keepMineMerge(this.opts.fields, this.current, this.acked, serverValues);
    this.acked = structuredClone(serverValues);
    this.afterConflict(server);
    return this.flush();
  }

  /** Stops the timers (tests, leaving the application). */
  dispose(): void {
    clearTimeout(this.debounce);
    clearTimeout(this.retry);
    this.listeners.clear();
  }

  private afterConflict(server: ApplicationRecord): void {
    this.version = server.version;
    this.stepReached = Math.max(this.stepReached, Number(server.stepReached) || 1);
    this.serverHolds = {};
    this.conflict = null;
    this.mode = 'ok';
    this.resetSeq += 1;
    this.opts.onRecord?.(server);
    this.persist();
    this.emit();
  }

  private unsavedIn(fields?: readonly string[]): string[] {
    const paths = this.plan().unsaved;
    if (!fields) return paths;
    return paths.filter((p) => fields.includes(p.split('.')[0] ?? p));
  }

  private plan(): PatchPlan {
    return planPatch({
      fields: this.opts.fields,
      current: this.current,
      acked: this.acked,
      schemas: this.opts.schemas,
      serverHolds: this.serverHolds,
      blocked: this.blocked,
    });
  }

  private schedule(ms: number): void {
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      void this.pump();
    }, ms);
  }

  /** Runs the queue: saves until nothing sendable is left or a save fails. One run at a time. */
  private pump(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let rounds = 0;
      for (;;) {
        this.again = false;
        const result = await this.saveOnce();
        if (result !== 'sent' && !this.again) break;
        if (++rounds >= MAX_ROUNDS) {
          this.mode = 'error';
          this.message = null;
          break;
        }
      }
    })().finally(() => {
      this.running = null;
      this.emit();
    });
    this.emit();
    return this.running;
  }

  private async saveOnce(): Promise<'sent' | 'nothing' | 'failed'> {
    if (this.mode === 'conflict' || this.mode === 'error') return 'failed';
    const plan = this.plan();
    const raise = this.wantStep > this.stepReached;
    if (Object.keys(plan.body).length === 0 && !raise) {
      if (this.mode !== 'ok' && plan.unsaved.length === 0) this.mode = 'ok';
      return 'nothing';
    }
    const body: SaveBody = { version: this.version, ...plan.body };
    if (raise) body.stepReached = String(this.wantStep);
    this.saving = true;
    this.emit();
    try {
      const record = await this.opts.save(body);
      for (const [f, v] of Object.entries(plan.sent)) this.acked[f] = v;
      this.version = record.version;
      this.stepReached = Math.max(this.stepReached, Number(record.stepReached) || 1, raise ? this.wantStep : 0);
      this.failures = 0;
      this.mode = 'ok';
      this.message = null;
      this.otherErrors = [];
      this.savedAt = (this.opts.now ?? Date.now)();
      this.saving = false;
      this.persist();
      this.opts.onRecord?.(record);
      this.emit();
      return 'sent';
    } catch (error) {
      this.saving = false;
      return this.failed(error, plan);
    }
  }

  private failed(error: unknown, plan: PatchPlan): 'sent' | 'failed' {
    const status = apiErrorStatus(error);
    const body = apiErrorBody(error);
    if (status === 409 && body?.data && typeof body.data === 'object') {
      this.mode = 'conflict';
      this.conflict = body.data as ApplicationRecord;
    } else if (status === 503 && body?.code?.includes('MAI-002')) {
      this.mode = 'maintenance';
      this.message = body.message || null;
      this.retryLater(MAINTENANCE_RETRY_MS);
    } else if (status === 0 || status >= 500) {
      this.mode = 'offline';
      this.message = null;
      this.retryLater(RETRY_MS);
    } else if (status === 422 && body?.errors && this.holdServerErrors(body.errors, plan)) {
      this.emit();
      return 'sent'; // progress: the rest goes in the next round
    } else {
      this.mode = 'error';
      this.message = body?.message ?? null;
    }
    this.emit();
    return 'failed';
  }

  /** Holds the answers a 422 names; true when at least one new answer is held (progress). */
  private holdServerErrors(errors: Record<string, string[]>, plan: PatchPlan): boolean {
    const others: string[] = [];
    let progress = false;
    for (const [path, messages] of Object.entries(errors)) {
      const text = String(messages[0] ?? '');
      const targets = plan.unsaved.filter((p) => !plan.held[p] && (p === path || p.startsWith(`${path}.`)));
      if (targets.length === 0) {
        others.push(text);
        continue;
      }
      for (const p of targets) {
        const value = valueAt(plan.sent, p);
        if (this.serverHolds[p] && sameAnswer(this.serverHolds[p].value, value)) continue;
        this.serverHolds[p] = { value: structuredClone(value), text };
        progress = true;
      }
    }
    this.otherErrors = others;
    if (!progress) this.mode = 'error';
    return progress;
  }

  private retryLater(backoff: { first: number; max: number }): void {
    const delay = Math.min(backoff.first * 2 ** this.failures, backoff.max);
    this.failures += 1;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.mode = 'ok';
      void this.pump();
    }, delay);
  }

  private persist(): void {
    const fields: Record<string, DraftEntry> = {};
    for (const f of this.opts.fields) {
      if (f in this.current && !sameAnswer(this.current[f], this.acked[f])) fields[f] = { value: this.current[f], base: this.acked[f] };
    }
    writeDraft(this.opts.storage ?? null, this.opts.applicationId, fields, (this.opts.now ?? Date.now)());
  }

  private compute(): AutosaveSnapshot {
    const plan = this.plan();
    const unsaved = plan.unsaved.length;
    const raise = this.wantStep > this.stepReached;
    const sendable = Object.keys(plan.body).length > 0 || raise;
    let state: SaveState;
    if (this.mode === 'conflict') state = 'conflict';
    else if (this.mode === 'error') state = 'error';
    else if (this.mode === 'maintenance' && (unsaved > 0 || raise)) state = 'maintenance';
    else if (this.mode === 'offline' && (unsaved > 0 || raise)) state = 'offline';
    else if (this.saving) state = 'saving';
    else if (unsaved === 0) state = this.savedAt === null ? 'idle' : 'saved';
    else if (sendable || this.debounce !== undefined || this.running) state = 'pending';
    else state = 'invalid';
    return {
      state,
      unsaved,
      unsavedPaths: plan.unsaved,
      held: plan.held,
      savedAt: this.savedAt,
      message: this.message,
      conflict: this.conflict,
      otherErrors: this.otherErrors,
      resetSeq: this.resetSeq,
    };
  }

  private emit(): void {
    this.snap = this.compute();
    for (const l of this.listeners) l();
  }
}

export { autosaveControllerFor, existingAutosaveController } from './controller-registry';
