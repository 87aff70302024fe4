/** GET /api/config: deployment facts the front end needs (docs/api.md "Public configuration"). */
import { api, call, type Schema } from './client';

/** Public configuration of the deployment (contract `PublicConfigResponse`; `oauthProviders` name the OAUTH_PROVIDERS for `POST /api/oauth/{provider}`). */
export type PublicConfig = Schema<'PublicConfigResponse'>;

/** Used when the config call fails: no main-site link, 80 s maintenance interval (spec §9), no OAuth providers. */
export const FALLBACK_CONFIG: PublicConfig = {
  mainSiteUrl: '',
  locales: ['en', 'es', 'zh-CN'],
  sessionMaxMs: 1_800_000,
  maintenanceCheckIntervalMs: 80_000,
  oauthProviders: [],
  currency: 'USD',
};

let cached: Promise<PublicConfig> | null = null;

/** Fetches the config once per page load; never rejects (falls back to {@link FALLBACK_CONFIG}). */
export function getConfig(): Promise<PublicConfig> {
  if (!cached) {
    cached = call(api.GET('/api/config'), { silent: true })
      .then((data) => ({ ...FALLBACK_CONFIG, ...data }))
      .catch(() => {
        cached = null;
        return FALLBACK_CONFIG;
      });
  }
  return cached;
}
