/**
 * React side of the autosave (issue 10; DESIGN §3): connects a step's react-hook-form to the
 * application's one {@link AutosaveController} (shared by every step). Every form change is handed to
 * the controller (deep-copied there); `saveNow` (Save and continue, Back) saves everything valid and
 * answers false — focusing the first unsaved field of the step — when something could not be saved.
 * The form starts from the controller's values, so unsaved answers (held, restored from the local
 * draft) survive step changes and reloads; a conflict resolution reloads the form.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { saveApplication } from '../api/application-api';
import type { ApplicationRecord } from '../api/application-types';
import { useApplication } from '../ApplicationContext';
import { AutosaveController, autosaveControllerFor, existingAutosaveController, type AutosaveSnapshot } from './autosave-controller';
import { browserStorage, readDraft } from './local-draft';
import type { HoldReason } from './patch';
import { ALL_FIELDS, DRAFT_SCHEMAS, formValuesOf } from './step-forms';
import { focusableControl } from '../../../shared/ui/focusable-control';

export { AUTOSAVE_DELAY_MS, type SaveState } from './autosave-controller';

/** Options of {@link useStepAutosave}. */
export interface StepAutosaveOptions<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** Record fields this step edits (top-level names). */
  fields: readonly string[];
  /** Fields not to send right now (e.g. an incomplete program choice); they stay unsaved. */
  exclude?: () => readonly string[];
}

/** Autosave state and actions for a step. */
export interface StepAutosave {
  snapshot: AutosaveSnapshot;
  /** Saves everything valid now (raising `stepReached` when all of this step is saved). True when nothing of this step is unsaved. */
  saveNow: (opts?: { stepReached?: number }) => Promise<boolean>;
  /** Conflict: replace my values with the server's. */
  loadNewer: () => void;
  /** Conflict: keep the answers I changed, take the server's others, and save. */
  keepMine: () => Promise<boolean>;
  /** Why the answer at a dotted path is held back, if it is. */
  heldReason: (path: string) => HoldReason | undefined;
}

/** Focuses (and scrolls to) the first form control named by one of `paths`. */
export function focusFirstUnsaved(paths: readonly string[]): void {
  for (const p of paths) {
    const named =
      document.querySelector<HTMLElement>(`[name="${CSS.escape(p)}"]`) ??
      document.querySelector<HTMLElement>(`[name^="${CSS.escape(p)}."]`);
    const el = named && focusableControl(named);
    if (el) {
      el.scrollIntoView({ block: 'center' });
      el.focus();
      return;
    }
  }
}

/** A new controller of `record`'s application, saving with the token `token()` gives at the time. */
function createController(record: ApplicationRecord, token: () => string): AutosaveController {
  return new AutosaveController({
    applicationId: record.Id,
    record,
    save: (body) => saveApplication(record.Id, token(), body),
    fields: ALL_FIELDS,
    schemas: DRAFT_SCHEMAS,
    toForm: formValuesOf,
    storage: browserStorage(),
  });
}

/**
 * Creates the application's controller ahead of its first step (issue 28: the answers of every step are
 * read into it, phone numbers formatted, while the page waits for the step's data rather than while the
 * step renders). Nothing when the application has one already, or when this device holds unsaved answers
 * of it (restoring them sends a save, whose answer the step's form must see: the step creates it then).
 */
export function prepareAutosaveController(record: ApplicationRecord, token: string): void {
  if (existingAutosaveController(record.Id) || readDraft(browserStorage(), record.Id)) return;
  autosaveControllerFor(record.Id, () => createController(record, () => token));
}

/** The application's controller (created on first use) with the latest token and context setter. */
export function useAutosaveController(
  record: ApplicationRecord,
  token: string,
  updateRecord: (r: ApplicationRecord) => void,
): AutosaveController {
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const controller = autosaveControllerFor(record.Id, () => createController(record, () => tokenRef.current));
  controller.setTransport((body) => saveApplication(record.Id, tokenRef.current, body), updateRecord);
  useEffect(() => controller.adoptRecord(record), [controller, record]);
  return controller;
}

/** Subscribes a component to a controller's snapshot. */
export function useAutosaveSnapshot(controller: AutosaveController): AutosaveSnapshot {
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot, controller.getSnapshot);
}

/** Warns before leaving the page while anything typed is unsaved. */
export function useUnsavedWarning(controller: AutosaveController): void {
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!controller.hasUnsaved()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [controller]);
}

/** The form defaults of a step: the controller's values (unsaved answers included). */
export function useStepDefaults<T extends FieldValues>(
  fields: readonly string[],
): { controller: AutosaveController; defaults: DefaultValues<T> } {
  const { record, token, updateRecord } = useApplication();
  if (!record || !token) throw new Error('useStepDefaults without a loaded application');
  const controller = useAutosaveController(record, token, updateRecord);
  const defaults = useRef<DefaultValues<T> | null>(null);
  defaults.current ??= controller.valuesFor(fields) as DefaultValues<T>;
  return { controller, defaults: defaults.current };
}

/** Autosave hook; see module doc. */
export function useStepAutosave<T extends FieldValues>(controller: AutosaveController, opts: StepAutosaveOptions<T>): StepAutosave {
  const { form, fields } = opts;
  const snapshot = useAutosaveSnapshot(controller);
  const optsRef = useRef(opts);
  optsRef.current = opts;
  useUnsavedWarning(controller);

  // Every change of the form goes to the controller (which deep-copies it).
  useEffect(() => {
    const push = () => {
      const values = form.getValues() as Record<string, unknown>;
      const picked = Object.fromEntries(fields.filter((f) => f in values).map((f) => [f, values[f]]));
      controller.edit(picked, fields, optsRef.current.exclude?.() ?? []);
    };
    const sub = form.watch(() => push());
    push();
    return () => sub.unsubscribe();
  }, [form, fields, controller]);

  // A conflict resolution replaced the values: show them.
  const resetSeq = useRef(snapshot.resetSeq);
  useEffect(() => {
    if (snapshot.resetSeq === resetSeq.current) return;
    resetSeq.current = snapshot.resetSeq;
    form.reset(controller.valuesFor(fields) as T);
  }, [snapshot.resetSeq, form, controller, fields]);

  // Save what is pending when the step unmounts or the page is hidden.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void controller.flush();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      void controller.flush();
    };
  }, [controller]);

  const saveNow = useCallback(
    async (o: { stepReached?: number } = {}): Promise<boolean> => {
      const left = await controller.flush({ stepReached: o.stepReached, fields });
      if (left.length) focusFirstUnsaved(left);
      return left.length === 0;
    },
    [controller, fields],
  );
  const loadNewer = useCallback(() => controller.loadNewer(), [controller]);
  const keepMine = useCallback(async () => (await controller.keepMine()).length === 0, [controller]);
  const heldReason = useCallback((path: string) => snapshot.held[path], [snapshot.held]);
  return { snapshot, saveNow, loadNewer, keepMine, heldReason };
}
