/**
 * The upload state per file slot (spec §3 {file, name, errors, validated}, §4 "File upload", §5
 * attachment validation, §8, §9) as a small store with no React in it, so that it can be tested with
 * fake timers:
 * - choose a file → `{file, name}`, errors cleared, validated false;
 * - validate (through the server) → validated true, errors cleared; or invalid → validated false, the
 *   response's errors stored on the slot, focus moves to that slot's control after
 *   {@link FIELD_FOCUS_DELAY_MS}, loading cleared and the whole operation rejects;
 * - on success the loading indicator stays on for {@link LOADING_HOLD_MS} before the operation completes;
 * - upload first validates every chosen-but-unvalidated file, then uploads each with progress;
 * - upload on choice (issue 10 item 3): {@link UploadStore.chooseAndUpload} queues the slot; the queue
 *   checks then uploads one file at a time, in the order chosen; a failure stays on its slot (with the
 *   chosen file, marked `retryable` when the network or server failed rather than the file being
 *   refused) and the queue goes on; {@link UploadStore.unsent} tells what is not on the server yet.
 */
import { apiErrorBody, apiErrorStatus } from '../../shared/api/errors';
import type { AttachmentInfo } from './details-api';

/** Field focus delay after an attachment error (spec §9: 1.5 s). */
export const FIELD_FOCUS_DELAY_MS = 1500;

/** Loading delay after validation or upload (spec §9: 3 s). */
export const LOADING_HOLD_MS = 3000;

/** A chosen file (a browser `File`; tests pass any Blob with a name). */
export type ChosenFile = Blob & { name: string };

/** State of one slot. */
export interface SlotState {
  /** The chosen, not yet uploaded file. */
  file: ChosenFile | null;
  /** Name of the chosen file ('' when none). */
  name: string;
  /** Messages to show on the slot. */
  errors: string[];
  /** The chosen file passed the server's check. */
  validated: boolean;
  /** Upload progress 0–100 while uploading, else null. */
  progress: number | null;
  /** The stored upload of this slot, if any. */
  uploaded: AttachmentInfo | null;
  /** The last failure was the network's or the server's (trying again may work), not a refusal of the file. */
  retryable: boolean;
}

/** Chosen files not on the server yet (see {@link UploadStore.unsent}). */
export interface UnsentFiles {
  /** Slots queued or being checked/uploaded right now. */
  inFlight: string[];
  /** Slots whose chosen file failed (refused or not sent) and is not queued. */
  failed: string[];
}

/** Whole store state. */
export interface UploadState {
  slots: Record<string, SlotState>;
  /** The loading indicator (validation or upload in progress, or held after success). */
  loading: boolean;
}

/** What the store needs from the outside world. */
export interface UploadDeps {
  /** Server check of one file; rejects with the ApiError on refusal. */
  validate: (slot: string, file: ChosenFile) => Promise<unknown>;
  /** Stores one file; reports progress 0–100; resolves with the stored attachment. */
  upload: (slot: string, file: ChosenFile, onProgress: (percent: number) => void) => Promise<AttachmentInfo | null>;
  /** Moves focus to the slot's control. */
  focus: (slot: string) => void;
  /** Fallback message when a failure carries no field errors (already translated). */
  fallbackMessage: () => string;
}

/** An empty slot. */
export const emptySlot = (): SlotState => ({
  file: null,
  name: '',
  errors: [],
  validated: false,
  progress: null,
  uploaded: null,
  retryable: false,
});

/** True when a failed call may work if tried again: no answer (network), a 5xx, 408 or 429. */
export function isRetryable(error: unknown): boolean {
  const status = apiErrorStatus(error);
  return status === 0 || status >= 500 || status === 408 || status === 429;
}

/** The messages to store on a slot from a failed validate/upload call: `errors.file`, else all field errors, else the message. */
export function slotErrorsFrom(error: unknown, fallback: string): string[] {
  const body = apiErrorBody(error);
  if (body?.errors) {
    const file = body.errors.file;
    if (file && file.length) return file;
    const all = Object.values(body.errors).flat();
    if (all.length) return all;
  }
  if (body?.message) return [body.message];
  return [fallback];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Error thrown when validation or upload of a slot fails (after the slot's errors are stored). */
export class SlotUploadError extends Error {
  constructor(
    readonly slot: string,
    readonly errors: string[],
    readonly cause?: unknown,
  ) {
    super(`${slot}: ${errors.join(' ')}`);
  }
}

/** The store; subscribe for changes (React reads it with useSyncExternalStore). */
export class UploadStore {
  private state: UploadState = { slots: {}, loading: false };
  private readonly listeners = new Set<() => void>();
  /** Slots whose file is being checked right now (not picked twice). */
  private readonly checking = new Set<string>();
  /** Entries per slot waiting in, or being processed by, the upload-on-choice queue. */
  private readonly queued = new Map<string, number>();
  /** Tail of the upload-on-choice queue (one file at a time). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: UploadDeps) {}

  /** Current state (a new object after each change). */
  getState = (): UploadState => this.state;

  /** Adds a change listener; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** State of a slot (an empty one when untouched). */
  slot(slot: string): SlotState {
    return this.state.slots[slot] ?? emptySlot();
  }

  private patch(slot: string, change: Partial<SlotState>): void {
    this.state = { ...this.state, slots: { ...this.state.slots, [slot]: { ...this.slot(slot), ...change } } };
    this.emit();
  }

  private setLoading(loading: boolean): void {
    if (this.state.loading === loading) return;
    this.state = { ...this.state, loading };
    this.emit();
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }

  /** Loads the stored uploads (clears nothing the user chose). */
  setUploaded(list: readonly AttachmentInfo[]): void {
    const slots = { ...this.state.slots };
    for (const key of Object.keys(slots)) slots[key] = { ...slots[key]!, uploaded: null };
    for (const a of list) slots[a.field] = { ...(slots[a.field] ?? emptySlot()), uploaded: a };
    this.state = { ...this.state, slots };
    this.emit();
  }

  /** A file was chosen (or cleared with null): errors cleared, not validated. */
  choose(slot: string, file: ChosenFile | null): void {
    this.patch(slot, { file, name: file?.name ?? '', errors: [], validated: false, progress: null, retryable: false });
  }

  /** The slot's upload was removed on the server. */
  removed(slot: string): void {
    this.patch(slot, { uploaded: null });
  }

  /** Slots with a chosen file that is not yet validated. */
  pending(only?: readonly string[]): string[] {
    return Object.entries(this.state.slots)
      .filter(([name, s]) => s.file && !s.validated && !this.checking.has(name) && (!only || only.includes(name)))
      .map(([name]) => name);
  }

  /** Slots with a chosen file (validated or not). */
  chosen(): string[] {
    return Object.entries(this.state.slots)
      .filter(([, s]) => s.file)
      .map(([name]) => name);
  }

  /** Stores a slot's failure, schedules the focus, clears loading (unless `keepLoading`) and returns the error to throw. */
  private fail(slot: string, error: unknown, keepLoading = false): SlotUploadError {
    const errors = slotErrorsFrom(error, this.deps.fallbackMessage());
    this.patch(slot, { validated: false, errors, progress: null, retryable: isRetryable(error) });
    setTimeout(() => this.deps.focus(slot), FIELD_FOCUS_DELAY_MS);
    if (!keepLoading) this.setLoading(false);
    return new SlotUploadError(slot, errors, error);
  }

  /** Checks the not-yet-validated files (all, or `only` these slots) through the server; see module doc. */
  private async validateSlots(only?: readonly string[]): Promise<void> {
    for (const slot of this.pending(only)) {
      const file = this.slot(slot).file!;
      this.checking.add(slot);
      try {
        await this.deps.validate(slot, file);
      } catch (error) {
        this.checking.delete(slot);
        // a newer choice replaced the file while we waited: its own validation decides
        if (this.slot(slot).file !== file) continue;
        throw this.fail(slot, error);
      }
      this.checking.delete(slot);
      if (this.slot(slot).file === file) this.patch(slot, { validated: true, errors: [] });
    }
  }

  /**
   * Validates the chosen-but-unvalidated files (spec §5), holding the loading indicator for
   * {@link LOADING_HOLD_MS} after success. Rejects with {@link SlotUploadError} on the first refusal.
   */
  async validate(only?: readonly string[]): Promise<void> {
    if (this.pending(only).length === 0) return;
    this.setLoading(true);
    await this.validateSlots(only);
    await sleep(LOADING_HOLD_MS);
    this.setLoading(false);
  }

  /** Chooses a file and validates it at once (spec: validate on choice). */
  async chooseAndValidate(slot: string, file: ChosenFile | null): Promise<void> {
    this.choose(slot, file);
    if (file) await this.validate([slot]);
  }

  /**
   * The upload step (spec §5): validates every chosen-but-unvalidated file, then uploads every chosen
   * file with progress; the loading indicator is held {@link LOADING_HOLD_MS} after success.
   * @returns the stored attachments
   */
  async upload(): Promise<AttachmentInfo[]> {
    const slots = this.chosen();
    if (slots.length === 0) return [];
    this.setLoading(true);
    await this.validateSlots();
    const stored: AttachmentInfo[] = [];
    for (const slot of slots) {
      const file = this.slot(slot).file;
      if (!file) continue;
      try {
        const info = await this.send(slot, file);
        if (info) stored.push(info);
      } catch (error) {
        throw this.fail(slot, error);
      }
    }
    await sleep(LOADING_HOLD_MS);
    this.setLoading(false);
    return stored;
  }

  /** Uploads one validated file with progress; on success the slot holds the stored upload and no chosen file. */
  private async send(slot: string, file: ChosenFile): Promise<AttachmentInfo | null> {
    this.patch(slot, { progress: 0 });
    const info = await this.deps.upload(slot, file, (percent) => this.patch(slot, { progress: percent }));
    this.patch(slot, {
      file: null,
      name: '',
      validated: false,
      errors: [],
      progress: null,
      retryable: false,
      uploaded: info ?? this.slot(slot).uploaded,
    });
    return info;
  }

  /**
   * Chooses a file and queues it for upload at once (issue 10 item 3): the queue checks it (spec §5),
   * then uploads it with progress, one file at a time in the order chosen. Choosing null only clears
   * the slot. Resolves with the stored attachment (null when the slot's file was replaced or cleared
   * meanwhile); rejects with {@link SlotUploadError} when this file is refused or cannot be sent (the
   * error stays on the slot, the file stays chosen, the queue goes on with the next file).
   */
  chooseAndUpload(slot: string, file: ChosenFile | null): Promise<AttachmentInfo | null> {
    this.choose(slot, file);
    return file ? this.enqueue(slot, file) : Promise.resolve(null);
  }

  /**
   * Queues again every chosen file whose last failure was the network's or the server's.
   * @returns one promise per queued slot, as {@link chooseAndUpload} returns
   */
  retry(): Promise<AttachmentInfo | null>[] {
    return this.retryable().map((slot) => {
      const file = this.slot(slot).file!;
      this.patch(slot, { errors: [], retryable: false });
      return this.enqueue(slot, file);
    });
  }

  /** Slots whose chosen file failed for a reason trying again may fix (and are not queued). */
  retryable(): string[] {
    return Object.entries(this.state.slots)
      .filter(([name, s]) => s.file && s.retryable && !this.queued.has(name))
      .map(([name]) => name);
  }

  /** The chosen files not on the server yet: queued or in flight, and failed (see {@link UnsentFiles}). */
  unsent(): UnsentFiles {
    return { inFlight: [...this.queued.keys()], failed: this.chosen().filter((slot) => !this.queued.has(slot)) };
  }

  private enqueue(slot: string, file: ChosenFile): Promise<AttachmentInfo | null> {
    this.queued.set(slot, (this.queued.get(slot) ?? 0) + 1);
    this.setLoading(true);
    this.emit();
    const run = this.queue.then(() => this.process(slot, file));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** One queue entry: check then upload `file`, unless the slot was given another file meanwhile. */
  private async process(slot: string, file: ChosenFile): Promise<AttachmentInfo | null> {
    const current = () => this.slot(slot).file === file;
    try {
      if (!current()) return null;
      if (!this.slot(slot).validated) {
        this.checking.add(slot);
        try {
          await this.deps.validate(slot, file);
        } finally {
          this.checking.delete(slot);
        }
        if (!current()) return null;
        this.patch(slot, { validated: true, errors: [] });
      }
      return await this.send(slot, file);
    } catch (error) {
      if (!current()) return null;
      throw this.fail(slot, error, true);
    } finally {
      const left = (this.queued.get(slot) ?? 1) - 1;
      if (left > 0) this.queued.set(slot, left);
      else this.queued.delete(slot);
      this.emit();
      if (this.queued.size === 0) void this.holdThenIdle();
    }
  }

  /** After the queue drains, keeps the loading indicator {@link LOADING_HOLD_MS} (spec §9) unless more was queued. */
  private async holdThenIdle(): Promise<void> {
    await sleep(LOADING_HOLD_MS);
    if (this.queued.size === 0) this.setLoading(false);
  }
}
