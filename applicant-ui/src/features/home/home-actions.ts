/** Pure helpers of the /home list: where each application's next action leads. */
import type { MyApplication } from '../application/api/application-api';

/** i18n key of a next action's link text, or null for `none`. */
export function actionKey(a: Pick<MyApplication, 'nextAction'>): string | null {
  return a.nextAction === 'none' ? null : `home.actions.${a.nextAction}`;
}

/**
 * Link of a next action: the server's `link` when given; else, with a `token`, the application form
 * (continue / pay at step 8) or the details form; the receipt has no page of its own without a link.
 */
export function actionHref(a: Pick<MyApplication, 'nextAction' | 'link' | 'token' | 'stepReached'>): string | null {
  if (a.nextAction === 'none') return null;
  if (a.link) return a.link;
  if (!a.token) return null;
  const token = encodeURIComponent(a.token);
  if (a.nextAction === 'continue') return `/application/${a.stepReached || '1'}?token=${token}`;
  if (a.nextAction === 'pay') return `/application/8?token=${token}`;
  if (a.nextAction === 'details') return `/details/1?token=${token}`;
  return `/validation?token=${token}`;
}
