/**
 * What the application page asks of the autosave, loaded with the step chunks (issue 28): leaving a form
 * step (step links, Back, Next; issue 10) — everything valid is saved first, what could not be saved on the
 * step keeps the applicant there, focused on it — and preparing the controller before the first step shows.
 */
import type { AutosaveController } from './autosave-controller';
import { STEP_FORMS } from './step-forms';

export { focusFirstUnsaved, prepareAutosaveController } from './useStepAutosave';

/**
 * Saves every valid answer now.
 * @returns the dotted paths of step `step`'s answers still unsaved (empty: the step may be left)
 */
export function unsavedOnStep(controller: AutosaveController, step: number): Promise<string[]> {
  return controller.flush({ fields: STEP_FORMS[step - 1]?.fields ?? [] });
}
