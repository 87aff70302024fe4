/**
 * The typed API client of the console's own calls (outside react-admin's data provider): `openapi-fetch`
 * over the committed contract (`contract/openapi.d.ts`; issue 14 item 5), with the headers every request
 * carries ({@link apiHeaders}) and the API's errors turned into react-admin `HttpError`s
 * ({@link mapServerError}), as {@link httpClient} does for react-admin.
 */
import createClient from 'openapi-fetch';
import { HttpError } from 'react-admin';
import type { paths } from './contract-types';
import { apiHeaders } from './httpClient';
import { mapServerError } from './serverErrors';

/**
 * The client: `api.GET('/api/admin/stats')`, `api.PUT('/api/admin/applications/{id}/decision', { params:
 * { path: { id } }, body })`, … Paths, parameters, bodies and answers are typed by the contract.
 * Same-origin, and `no-cache` as {@link httpClient} (an admin sees an edit made a moment ago).
 */
export const api = createClient<paths>({ credentials: 'same-origin', cache: 'no-cache' });

api.use({
  onRequest({ request }) {
    apiHeaders(request.headers);
    return request;
  },
});

/** What every `api` call answers. */
interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The answer's data, or a react-admin `HttpError` (message, status and field errors from the API's error
 * body, DESIGN §4) for a status outside 2xx.
 * @throws HttpError on a non-2xx answer
 */
export async function unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) {
    const mapped = mapServerError(response.status, error, response.statusText);
    throw new HttpError(mapped.message, mapped.status, mapped.body);
  }
  return data as T;
}
