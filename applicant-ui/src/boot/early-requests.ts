/**
 * The API reads a page's first view waits for, sent by the early script of index.html while the app's
 * bundle is still downloading (issue 28: on a phone the bundle takes a second or more to arrive and run;
 * these answers then wait for it instead of the other way round). The app's API client takes each answer,
 * once, instead of sending the same request again ({@link takeEarlyAnswer}); everything else about the call
 * (parsing, errors, alerts) is the client's as usual.
 *
 * What is asked for, as the app itself would ask: the root loader's maintenance check and advisory lines,
 * the account (with a login cookie), the public config; on a form page (`/application/…?token=…`,
 * `/details/…?token=…`) the token check, then the application's requirements and its gender's catalogue
 * (and the payment step's fee quote, the documents page's uploads and checklist), and on the application
 * form the option lists. Headers are the app's (`portalHeaders` in
 * `shared/api/client.ts`): an answer is handed out only to a request with the same language, login and
 * application token.
 */
import Cookies from 'js-cookie';
import { startingLocale } from '../i18n/locale-messages';
import { TOKEN_COOKIE } from '../shared/api/token-cookie';
import { formPageOf } from './form-code-preload';

/** The headers an answer depends on, compared before it is handed out. */
const VARYING = ['accept-language', 'authorization', 'x-application-token'] as const;

/** An answer not taken this long after it was asked for is left unused (the app asks afresh), in ms. */
export const EARLY_ANSWER_MAX_AGE_MS = 15_000;

/** One early request: its answer, the headers it was sent with and when (performance.now()). */
interface EarlyRequest {
  answer: Promise<Response>;
  headers: Record<string, string>;
  sentAt: number;
}

const early = new Map<string, EarlyRequest>();
/** Settles once every early request is sent, those that wait for the token check's answer included. */
let allSent: Promise<void> = Promise.resolve();

/** The map key of a URL: path and query (parameters sorted, encoding normalised). */
function keyOf(url: URL): string {
  const query = new URLSearchParams(url.search);
  query.sort();
  const search = query.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}

/** Sends `GET path` with the app's headers (plus `extra`), kept for the app under its URL. */
function earlyGet(path: string, extra: Record<string, string> = {}): Promise<Response> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': startingLocale(),
    'x-requested-with': 'XMLHttpRequest',
    ...extra,
  };
  const token = Cookies.get(TOKEN_COOKIE);
  if (token) headers.authorization = `Bearer ${token}`;
  // the app's client asks every answer to be revalidated (`cache: 'no-cache'`): so does this one
  const answer = fetch(path, { headers, cache: 'no-cache', credentials: 'same-origin' });
  answer.catch(() => undefined);
  early.set(keyOf(new URL(path, window.location.origin)), { answer, headers, sentAt: performance.now() });
  return answer;
}

/** The JSON of an answer (read from a copy: the app reads the answer itself), or null when it failed. */
async function jsonOf(answer: Promise<Response>): Promise<unknown> {
  try {
    const response = await answer;
    return response.ok ? await response.clone().json() : null;
  } catch {
    return null;
  }
}

/**
 * Sends the early requests of the page at `location` (see the module's description). Never throws: a
 * request that fails is sent again by the app when it asks.
 */
export function startEarlyRequests(location: Location): void {
  earlyGet('/api/maintenance/check');
  earlyGet('/api/advisory');
  earlyGet('/api/config');
  if (Cookies.get(TOKEN_COOKIE)) earlyGet('/api/user');
  const url = new URL(location.href);
  const form = formPageOf(url);
  if (!form) return;
  const token = url.searchParams.get('token')!;
  if (form !== 'details') earlyGet('/api/dropdowns');
  allSent = jsonOf(earlyGet(`/api/token/check?token=${encodeURIComponent(token)}`)).then((body) => {
    const record = (body as { data?: { Id?: unknown; gender?: unknown } } | null)?.data;
    if (typeof record?.Id !== 'string') return;
    const id = encodeURIComponent(record.Id);
    const byToken = { 'x-application-token': token };
    earlyGet(`/api/applications/${id}/requirements`, byToken);
    // the payment step's fee quote; the documents page's uploads and checklist
    if (form === 'payment') earlyGet(`/api/payments/quote?applicationId=${id}`, byToken);
    if (form === 'details') {
      earlyGet(`/api/applications/${id}/attachments`, byToken);
      earlyGet(`/api/applications/${id}/checklist`, byToken);
    }
    const gender = typeof record.gender === 'string' ? record.gender.toLowerCase() : '';
    if (gender === 'female' || gender === 'male') {
      earlyGet(`/api/programs?gender=${gender}`);
      earlyGet('/api/programs/terms');
    }
  });
}

/**
 * Settles once the early script has sent every request it sends (at once when it sent none): the app
 * waits for it before asking for what follows the token check, so it takes those answers rather than
 * racing them.
 */
export function earlyRequestsSent(): Promise<void> {
  return allSent;
}

/**
 * The early answer to `request` (once): a GET of the same URL whose language, login and application token
 * are those the early request was sent with, asked for at most {@link EARLY_ANSWER_MAX_AGE_MS} ago;
 * undefined otherwise (the caller sends its own request).
 */
export function takeEarlyAnswer(request: Request): Promise<Response> | undefined {
  if (request.method !== 'GET' || early.size === 0) return undefined;
  const key = keyOf(new URL(request.url, window.location.origin));
  const found = early.get(key);
  if (!found) return undefined;
  if (performance.now() - found.sentAt > EARLY_ANSWER_MAX_AGE_MS) {
    early.delete(key);
    return undefined;
  }
  if (VARYING.some((name) => (request.headers.get(name) ?? undefined) !== found.headers[name])) return undefined;
  early.delete(key);
  return found.answer;
}
