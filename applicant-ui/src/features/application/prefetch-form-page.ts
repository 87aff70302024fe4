/**
 * The first load of a form page (`/application/:step?token=…`, `/details/:step?token=…`) asks for its data
 * while its code downloads (issue 28): the token check, the option lists, the step's chunk — then, once the
 * token check answers, the program's requirements, the catalogue, when the link names no step (or one not
 * reached yet) the chunk of the step the page will show, and the step's autosave controller. The page takes these answers instead of sending the requests again.
 */
import { earlyRequestsSent } from '../../boot/early-requests';
import { getDropdowns } from '../../shared/api/dropdowns-api';
import { prefetchCatalogue } from '../welcome/catalogue-api';
import { prefetchRequirements, prefetchTokenCheck } from './api/application-api';
import { preloadFormModule } from './form-modules';
import { resolveStep, stepFromValue } from './steps/step-config';

/** The last step whose answers the autosave keeps (7, review, and 8, payment, save nothing of their own). */
const LAST_AUTOSAVED_STEP = 6;

/** The address the page was opened at: only that first load is prefetched. */
const firstUrl = typeof window === 'undefined' ? '' : window.location.href;
let started = false;

/**
 * Starts the requests of a form page's first view when `url` is the page load's own (once per page load;
 * later navigations already hold the application). Never throws: each request's failure is met by the page.
 * @param url the route's URL (the loader's `request.url`)
 * @param stepParam the route's `:step`
 */
export function prefetchFormPage(url: URL, stepParam: string | undefined): void {
  if (started || url.href !== firstUrl) return;
  started = true;
  const token = url.searchParams.get('token');
  if (!token) return;
  const details = url.pathname.startsWith('/details');
  const requested = stepFromValue(stepParam) ?? stepFromValue(url.searchParams.get('step'));
  if (details) preloadFormModule(null, true);
  else {
    getDropdowns().catch(() => undefined);
    if (requested !== null) preloadFormModule(requested);
  }
  // what follows the token check may have been asked for by the early script of index.html: wait for it
  Promise.all([prefetchTokenCheck(token), earlyRequestsSent()]).then(
    ([{ data: record }]) => {
      prefetchRequirements(record.Id, token);
      prefetchCatalogue(record.gender);
      const step = resolveStep(requested, record.stepReached);
      if (details) return;
      if (step !== requested) preloadFormModule(step);
      // steps 1–6 autosave: their controller is made while the page still waits for the step's data, in a
      // task of its own once the step's code is there
      if (step <= LAST_AUTOSAVED_STEP) {
        import('./autosave/leave-step').then(
          (m) => setTimeout(() => m.prepareAutosaveController(record, token), 0),
          () => undefined,
        );
      }
    },
    () => undefined,
  );
}
