/**
 * The autosave controllers of this page, one per application (see `autosave-controller.ts`). Kept apart
 * from the controller's code, so the application page can ask whether a step has one without loading the
 * form machinery (zod, the step schemas) that only the step chunks need (issue 28).
 */
import type { AutosaveController } from './autosave-controller';

const controllers = new Map<string, AutosaveController>();

/**
 * The controller of an application (created on first use with `create`); one per application id for
 * the page's lifetime, shared by all steps.
 */
export function autosaveControllerFor(applicationId: string, create: () => AutosaveController): AutosaveController {
  let c = controllers.get(applicationId);
  if (!c) {
    c = create();
    controllers.set(applicationId, c);
  }
  return c;
}

/** The existing controller of an application, if any. */
export function existingAutosaveController(applicationId: string): AutosaveController | undefined {
  return controllers.get(applicationId);
}
