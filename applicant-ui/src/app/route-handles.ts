/**
 * Route `handle`s: what a route tells the layout around it (react-router's `useMatches`).
 */

/** Handle of a page for someone who needs no account (a recommender's link): the header shows no account links. */
export const NO_ACCOUNT_NAV = { accountNav: false } as const;

/** True when a matched route's `handle` is {@link NO_ACCOUNT_NAV}'s kind. */
export function isAccountless(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as { accountNav?: unknown }).accountNav === false;
}
