/**
 * Autosave for one form step (DESIGN §3): ~1 s after typing stops, PATCH /api/applications/{Id}
 * (header X-Application-Token) with `{version, …changed savable fields}`; `saveNow` for Next/Back
 * (optionally raising `stepReached`). Saves run one after another, keep the returned `version`,
 * map 422 `errors` (dotted paths) onto the fields, and expose a 409 APP-409 conflict for the dialog.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { apiErrorBody, apiErrorStatus } from '../../../shared/api/errors';
import { saveApplication } from '../api/application-api';
import type { ApplicationRecord } from '../api/application-types';
import { useApplication } from '../ApplicationContext';
import { changedFields } from './patch';

/** Autosave debounce after the last change, in ms. */
export const AUTOSAVE_DELAY_MS = 1000;

/** What the status line shows. */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error' | 'conflict';

/** Options of {@link useStepAutosave}. */
export interface StepAutosaveOptions<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** Record fields this step edits (top-level names; sub-objects are sent whole). */
  fields: readonly string[];
  /** Formats-only schema: a changed field is sent only when it passes. */
  draftSchema: z.ZodObject;
  /** Maps a record to this step's form values (used when loading the newer version). */
  fromRecord: (record: ApplicationRecord) => T;
  /** Fields to leave out of saves right now (e.g. spouse fields when not married). */
  exclude?: () => readonly string[];
}

/** Autosave state and actions for a step. */
export interface StepAutosave {
  status: SaveStatus;
  /** The record the server holds after a 409, while the conflict dialog is open. */
  conflict: ApplicationRecord | null;
  /** Field errors the server sent for fields not on this step (shown as a list). */
  otherErrors: string[];
  /** Saves now; `force` sends changed fields even if the draft schema rejects them. Resolves true on success. */
  saveNow: (opts?: { stepReached?: number; force?: boolean }) => Promise<boolean>;
  /** Conflict: replace my values with the server's. */
  loadNewer: () => void;
  /** Conflict: keep my values and save them over the server's current version. */
  keepMine: () => Promise<boolean>;
}

/** Autosave hook; see module doc. */
export function useStepAutosave<T extends FieldValues>(opts: StepAutosaveOptions<T>): StepAutosave {
  const { form, fields, draftSchema, fromRecord } = opts;
  const { record, token, updateRecord } = useApplication();
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [conflict, setConflict] = useState<ApplicationRecord | null>(null);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  const saved = useRef<Record<string, unknown>>(form.getValues() as Record<string, unknown>);
  const version = useRef<number>(record?.version ?? 0);
  const stepReached = useRef<number>(Number(record?.stepReached ?? 1) || 1);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<number | undefined>(undefined);
  const optsRef = useRef(opts);
  optsRef.current = opts;

  const doSave = useCallback(
    async (stepReachedTarget: number | undefined, force: boolean): Promise<boolean> => {
      if (!record || !token) return false;
      const current = form.getValues() as Record<string, unknown>;
      const excluded = new Set(optsRef.current.exclude?.() ?? []);
      const { changes } = changedFields(
        fields.filter((f) => !excluded.has(f)),
        current,
        saved.current,
        draftSchema,
        force,
      );
      const raise = stepReachedTarget !== undefined && stepReachedTarget > stepReached.current;
      if (Object.keys(changes).length === 0 && !raise) {
        return true;
      }
      const body: { version: number; stepReached?: string } & Record<string, unknown> = {
        version: version.current,
        ...changes,
      };
      if (raise) body.stepReached = String(stepReachedTarget);
      setStatus('saving');
      try {
        const next = await saveApplication(record.Id, token, body);
        for (const k of Object.keys(changes)) saved.current[k] = current[k];
        version.current = next.version;
        stepReached.current = Math.max(stepReached.current, Number(next.stepReached) || 1);
        updateRecord(next);
        setOtherErrors([]);
        setStatus('saved');
        return true;
      } catch (error) {
        const body_ = apiErrorBody(error);
        const code = apiErrorStatus(error);
        if (code === 409 && body_?.data && typeof body_.data === 'object') {
          setConflict(body_.data as ApplicationRecord);
          setStatus('conflict');
          return false;
        }
        if (body_?.errors) {
          const others: string[] = [];
          for (const [path, messages] of Object.entries(body_.errors)) {
            const top = path.split('.')[0] ?? path;
            const message = messages[0] ?? '';
            if (fields.includes(top)) form.setError(path as Path<T>, { type: 'server', message }, { shouldFocus: false });
            else others.push(message);
          }
          setOtherErrors(others);
        }
        setStatus('error');
        return false;
      }
    },
    [record, token, form, fields, draftSchema, updateRecord],
  );

  const saveNow = useCallback(
    (o: { stepReached?: number; force?: boolean } = {}): Promise<boolean> => {
      window.clearTimeout(timer.current);
      timer.current = undefined;
      const run = queue.current.then(() => doSave(o.stepReached, o.force ?? false));
      queue.current = run.catch(() => false);
      return run;
    },
    [doSave],
  );

  // Debounced autosave on every change.
  useEffect(() => {
    const sub = form.watch((_values, info) => {
      if (info.type !== 'change') return;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        timer.current = undefined;
        void saveNow();
      }, AUTOSAVE_DELAY_MS);
    });
    return () => sub.unsubscribe();
  }, [form, saveNow]);

  // Flush a pending save when the step unmounts or the page is hidden.
  useEffect(() => {
    const flush = () => {
      if (timer.current !== undefined) void saveNow();
    };
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [saveNow]);

  const loadNewer = useCallback(() => {
    if (!conflict) return;
    const values = fromRecord(conflict);
    form.reset(values);
    saved.current = { ...(values as Record<string, unknown>) };
    version.current = conflict.version;
    updateRecord(conflict);
    setConflict(null);
    setStatus('saved');
  }, [conflict, form, fromRecord, updateRecord]);

  const keepMine = useCallback(async () => {
    if (!conflict) return false;
    saved.current = { ...(fromRecord(conflict) as Record<string, unknown>) };
    version.current = conflict.version;
    setConflict(null);
    return saveNow();
  }, [conflict, fromRecord, saveNow]);

  return { status, conflict, otherErrors, saveNow, loadNewer, keepMine };
}
