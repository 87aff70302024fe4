/** The recipient's e-mail preferences (issue 30 item 5; docs/api.md "Outreach"): the token of a marketing e-mail's link. */
import { api, call, type Schema } from '../../shared/api/client';

/** What the link's address receives (contract `PreferencesResponse`): the address masked, marketing on or off, the e-mail's language. */
export type Preferences = Schema<'PreferencesResponse'>;

/**
 * GET /api/outreach/preferences?token=…
 * @throws {ApiError} 404 `TKN-001` for an unknown token
 */
export function fetchPreferences(token: string): Promise<Preferences> {
  return call(api.GET('/api/outreach/preferences', { params: { query: { token } } }), { silent: true });
}

/**
 * PUT /api/outreach/preferences?token=… `{ marketing }`: true receives news and events too; false only the
 * e-mails about the application (those are always sent).
 * @throws {ApiError} 404 `TKN-001`; 429 `AUTH-429`
 */
export function savePreferences(token: string, marketing: boolean): Promise<Preferences> {
  return call(api.PUT('/api/outreach/preferences', { params: { query: { token } }, body: { marketing } }));
}
