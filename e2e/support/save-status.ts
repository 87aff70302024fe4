/**
 * Reads the applicant form's save status the way a test can trust it (issue 10).
 *
 * Contract (the rebuilt autosave): one element `[data-testid="save-status"]` with
 * `data-state` ∈ idle | pending | saving | saved | invalid | offline | maintenance | conflict | error and
 * `data-unsaved` = how many typed answers are not on the server. When the element has no `data-state`
 * (the status line before the rebuild), the state is read from its text, compared with the `autosave.*`
 * messages of all three locales (the language may change mid-way): "Saving…" → saving,
 * "All changes saved" → saved, "Could not save" → error, empty → idle.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** The states of the contract, plus `unknown` for a text no locale knows. */
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'invalid' | 'offline' | 'maintenance' | 'conflict' | 'error' | 'unknown';

/** One reading of the status line. */
export interface SaveStatusReading {
  state: SaveState;
  /** `data-unsaved` (null when the page does not say). */
  unsaved: number | null;
  /** The visible text (trimmed). */
  text: string;
  /** Whether the page speaks the contract (`data-state`) or the state was guessed from the text. */
  source: 'contract' | 'text' | 'absent';
}

const STATES = new Set<SaveState>(['idle', 'pending', 'saving', 'saved', 'invalid', 'offline', 'maintenance', 'conflict', 'error']);

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'applicant-ui', 'src', 'i18n', 'locales');

/** Text → state, from the `autosave` messages of en, es and zh-CN. */
const TEXT_STATES: Map<string, SaveState> = (() => {
  const map = new Map<string, SaveState>();
  for (const locale of ['en', 'es', 'zh-CN']) {
    const messages = JSON.parse(readFileSync(join(localesDir, `${locale}.json`), 'utf8')) as { autosave?: Record<string, string> };
    const autosave = messages.autosave ?? {};
    if (autosave.saving) map.set(autosave.saving.trim(), 'saving');
    if (autosave.saved) map.set(autosave.saved.trim(), 'saved');
    if (autosave.failed) map.set(autosave.failed.trim(), 'error');
  }
  return map;
})();

/** Reads the first `[data-testid="save-status"]` of the page (state `idle`, source `absent` when there is none). */
export async function readSaveStatus(page: Page): Promise<SaveStatusReading> {
  const raw = await page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="save-status"]');
    if (!el) return null;
    return { state: el.dataset.state ?? null, unsaved: el.dataset.unsaved ?? null, text: (el.textContent ?? '').trim() };
  });
  if (!raw) return { state: 'idle', unsaved: null, text: '', source: 'absent' };
  const unsaved = raw.unsaved === null || raw.unsaved === '' || Number.isNaN(Number(raw.unsaved)) ? null : Number(raw.unsaved);
  if (raw.state !== null) {
    const state = STATES.has(raw.state as SaveState) ? (raw.state as SaveState) : 'unknown';
    return { state, unsaved, text: raw.text, source: 'contract' };
  }
  const state: SaveState = raw.text === '' ? 'idle' : (TEXT_STATES.get(raw.text) ?? 'unknown');
  return { state, unsaved, text: raw.text, source: 'text' };
}

/** True when the reading tells the applicant that everything typed is saved. */
export const claimsSaved = (r: SaveStatusReading): boolean => r.state === 'saved' && !(r.unsaved !== null && r.unsaved > 0);

/** True while a save is waiting or running. */
export const isBusy = (r: SaveStatusReading): boolean => r.state === 'pending' || r.state === 'saving';

/**
 * Waits like a person who watches the status line until it stops moving: at least `minMs`
 * (the old status line shows nothing while its 1 s debounce runs, so 1.5 s there), then until no save
 * is pending or running, at most `maxMs`.
 * @returns the last reading
 */
export async function waitForQuietStatus(page: Page, maxMs = 15_000): Promise<SaveStatusReading> {
  const started = Date.now();
  let reading = await readSaveStatus(page);
  const minMs = reading.source === 'contract' ? 250 : 1500;
  for (;;) {
    const elapsed = Date.now() - started;
    if (elapsed >= minMs && !isBusy(reading)) return reading;
    if (elapsed > maxMs) return reading;
    await new Promise((r) => setTimeout(r, 100));
    reading = await readSaveStatus(page);
  }
}

/**
 * Waits until the status line is in `state` (and, when given, has exactly `unsaved` answers not on the
 * server).
 * @param timeout ms (default 15,000)
 * @throws playwright's TimeoutError when the status never gets there
 */
export async function waitForSaveState(page: Page, state: SaveState, unsaved?: number, timeout = 15_000): Promise<void> {
  const count = unsaved === undefined ? '' : `[data-unsaved="${unsaved}"]`;
  await page.locator(`[data-testid="save-status"][data-state="${state}"]${count}`).waitFor({ timeout });
}
