/** Pure helpers of the /home list: the next action's label and where its fresh link leads. */
import type { MyApplication } from '../application/api/application-api';

/** i18n key of a next action's button text, or null for `none`. */
export function actionKey(a: Pick<MyApplication, 'nextAction'>): string | null {
  return a.nextAction === 'none' ? null : `home.actions.${a.nextAction}`;
}

/**
 * The in-app path of a fresh link (`url` from POST /api/applications/:id/link): its path and query when
 * it is on this site, so that the router can open `/validation?token=…` without a full page load.
 */
export function linkPath(url: string, origin: string): string {
  const u = new URL(url, origin);
  return `${u.pathname}${u.search}`;
}
