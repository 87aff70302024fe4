/**
 * Lets non-React code (API interceptors) navigate with the app's router once the router
 * registers itself; falls back to a full page load before that.
 */
type NavigateFn = (to: string, opts?: { replace?: boolean }) => void;

let navigateImpl: NavigateFn = (to) => window.location.assign(to);

/** Registers the router's navigate function (called once by the app). */
export function setNavigator(fn: NavigateFn): void {
  navigateImpl = fn;
}

/** Navigates within the app (client-side when the router is registered). */
export function appNavigate(to: string, opts?: { replace?: boolean }): void {
  navigateImpl(to, opts);
}
