/**
 * The early script of index.html (a second, `async` module entry, see vite.config.ts): asks at once for the
 * page's messages, for a form page's code (`form-code-preload.ts`) and for the API reads its first view waits
 * for (`early-requests.ts`), so they download beside the app's bundle instead of after it has run (issue 28),
 * and sets up the browser's date formatting meanwhile. Small on purpose: it loads nothing of the app.
 */
import { MESSAGE_LOADERS, startingLocale } from '../i18n/locale-messages';
import { prepareDateFormats } from '../shared/lib/idle';
import { startEarlyRequests } from './early-requests';
import { preloadFormCode } from './form-code-preload';

const locale = startingLocale();
// first the messages (the first paint waits for them; their import goes out in a microtask)…
MESSAGE_LOADERS[locale]().catch(() => undefined);
// …then the API reads, behind them in the browser's queue…
queueMicrotask(() => startEarlyRequests(window.location));
// …and a form page's code (its chunks download beside the bundle; the app runs them when it imports them)
queueMicrotask(() => preloadFormCode(new URL(window.location.href), document));
// the browser's Intl set-up in a task of its own, while the network is busy (see prepareDateFormats)
setTimeout(() => prepareDateFormats(locale), 0);
