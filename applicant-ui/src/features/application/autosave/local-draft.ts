/**
 * Local draft (issue 10 items 1 and 4): the answers typed but not yet acknowledged by the server are kept
 * in localStorage under `portal.draft.<applicationId>`, each with the acknowledged value it was typed
 * over (`base`), so that after a reload, a lost connection or a maintenance window they are restored and
 * sent again. A draft answer is restored only when the server still holds its `base` (otherwise the
 * server has a newer value — saved by this draft already, or by another tab — and the server wins).
 */
import { sameAnswer } from './patch';

/** Storage key of an application's draft. */
export const draftKey = (applicationId: string): string => `portal.draft.${applicationId}`;

/** One unsaved answer: the typed form value and the acknowledged value it replaces. */
export interface DraftEntry {
  value: unknown;
  base: unknown;
}

/** The stored draft: top-level field → entry. */
export interface LocalDraft {
  v: 1;
  savedAt: number;
  fields: Record<string, DraftEntry>;
}

/** Minimal storage interface (window.localStorage, or a map in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's localStorage, or null where it is unavailable (private mode, tests). */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Reads an application's draft (null when none or unreadable). */
export function readDraft(storage: DraftStorage | null, applicationId: string): LocalDraft | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(draftKey(applicationId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as LocalDraft;
    return parsed && parsed.v === 1 && parsed.fields && typeof parsed.fields === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/** Writes the draft (removes the key when `fields` is empty). Storage errors (quota) are ignored. */
export function writeDraft(storage: DraftStorage | null, applicationId: string, fields: Record<string, DraftEntry>, now: number): void {
  if (!storage) return;
  try {
    if (Object.keys(fields).length === 0) storage.removeItem(draftKey(applicationId));
    else storage.setItem(draftKey(applicationId), JSON.stringify({ v: 1, savedAt: now, fields } satisfies LocalDraft));
  } catch {
    /* a full or blocked storage only loses the local copy; the server copy is unaffected */
  }
}

/**
 * The draft answers to restore over the server's values `acked` (form values): those whose `base` still
 * equals the server's value and whose value differs from it.
 */
export function restorableAnswers(draft: LocalDraft | null, acked: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!draft) return out;
  for (const [field, entry] of Object.entries(draft.fields)) {
    if (!(field in acked)) continue;
    if (sameAnswer(entry.base, acked[field]) && !sameAnswer(entry.value, acked[field])) out[field] = entry.value;
  }
  return out;
}
