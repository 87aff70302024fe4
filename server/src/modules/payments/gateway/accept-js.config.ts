import { PRODUCTION_AUTHNET_HOSTS, type AppConfig } from '../../../config/app-config.js';

/** Accept.js in the Authorize.Net sandbox. */
export const ACCEPT_JS_SANDBOX_URL = 'https://jstest.authorize.net/v1/Accept.js';
/** Accept.js in production. */
export const ACCEPT_JS_PRODUCTION_URL = 'https://js.authorize.net/v1/Accept.js';

/** The settings the browser needs to tokenise a card with Accept.js (public values only). */
export interface AcceptJsSettings {
  environment: 'sandbox' | 'production';
  apiLoginId: string;
  /** The public client key (never the transaction key). */
  clientKey: string;
  acceptJsUrl: string;
}

/** The origins Accept.js needs in the Content-Security-Policy. */
export interface AcceptJsCspSources {
  /** The Accept.js script origin (`script-src`, and `frame-src`: Accept.js may open a frame from it). */
  script: string[];
  frame: string[];
  /** Where Accept.js sends the card (`connect-src`). */
  connect: string[];
}

/**
 * Which Authorize.Net environment the configuration uses: `AUTHNET_ENVIRONMENT` when set, else
 * `production` for an AUTHNET_ENDPOINT on api.authorize.net / api2.authorize.net, else `sandbox`.
 */
export function authnetEnvironment(config: Pick<AppConfig, 'AUTHNET_ENVIRONMENT' | 'AUTHNET_ENDPOINT'>): 'sandbox' | 'production' {
  if (config.AUTHNET_ENVIRONMENT) return config.AUTHNET_ENVIRONMENT;
  let host = '';
  try {
    host = new URL(config.AUTHNET_ENDPOINT).hostname.toLowerCase();
  } catch {
    /* validated as a URL by the config schema; fall back to the sandbox */
  }
  return PRODUCTION_AUTHNET_HOSTS.includes(host) ? 'production' : 'sandbox';
}

/**
 * The Accept.js settings of the configuration (DESIGN §7), or null unless `PAYMENT_GATEWAY=authorizenet`.
 * @returns `{environment, apiLoginId, clientKey, acceptJsUrl}`: jstest.authorize.net in the sandbox,
 *          js.authorize.net in production
 */
export function acceptJsSettings(config: AppConfig): AcceptJsSettings | null {
  if (config.PAYMENT_GATEWAY !== 'authorizenet') return null;
  const environment = authnetEnvironment(config);
  return {
    environment,
    apiLoginId: config.AUTHNET_API_LOGIN_ID ?? '',
    clientKey: config.AUTHNET_CLIENT_KEY ?? '',
    acceptJsUrl: environment === 'production' ? ACCEPT_JS_PRODUCTION_URL : ACCEPT_JS_SANDBOX_URL,
  };
}

/**
 * The origins helmet's CSP must allow for Accept.js: none with the fake gateway; with Authorize.Net the
 * script origin (also as a frame source) and the API origins Accept.js posts the card to.
 */
export function acceptJsCspSources(config: AppConfig): AcceptJsCspSources {
  const settings = acceptJsSettings(config);
  if (!settings) return { script: [], frame: [], connect: [] };
  const scriptOrigin = new URL(settings.acceptJsUrl).origin;
  const api =
    settings.environment === 'production' ? ['https://api2.authorize.net', 'https://api.authorize.net'] : ['https://apitest.authorize.net'];
  return { script: [scriptOrigin], frame: [scriptOrigin], connect: [scriptOrigin, ...api] };
}
