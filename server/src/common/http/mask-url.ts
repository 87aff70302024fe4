/** Query parameters whose values never reach a log line (application tokens in links, reset tokens, OAuth codes). */
const SECRET_QUERY = /([?&](?:token|access_token|code|state|password)=)[^&#]*/gi;

/** `url` with the values of secret query parameters replaced by `[redacted]` (for logs). */
export function maskUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_QUERY, '$1[redacted]');
}
