import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type * as oidc from 'openid-client';
import { LessThan, type Repository } from 'typeorm';
import { APP_CONFIG, outboundMayReachPrivateHosts, publicUrl, type AppConfig, type OAuthProviderConfig } from '../../config/app-config.js';
import { ApiException } from '../../common/errors/api.exception.js';
import { assertPublicHost, outboundFetch, OutboundRefusedError } from '../../common/net/outbound-policy.js';
import { generateToken, hashToken } from '../../common/security/token-hash.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { AuthService } from './auth.service.js';
import { OAuthIdentity } from './oauth-identity.entity.js';
import { OAuthState } from './oauth-state.entity.js';

/** How long a sign-in may take between `POST /api/oauth/{provider}` and the callback (ms). */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Timeout of each call to the provider (discovery, token, JWKS, userinfo), seconds. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** Callback failures, sent to the applicant-ui as `/login#oauth_error=<code>`. */
export type OAuthErrorCode =
  /** missing, unknown, expired, reused or foreign `state` */
  | 'OAU-001'
  /** the provider refused (user denied), the code exchange or userinfo call failed, or the ID token is not valid */
  | 'OAU-002'
  /** the provider gave no e-mail, or an unverified e-mail that belongs to an existing account */
  | 'OAU-003';

/** Raised inside the callback; the controller turns it into the error redirect. */
export class OAuthCallbackError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    why: string,
  ) {
    super(why);
  }
}

/** The claims the portal reads (OIDC standard claims, from the ID token and userinfo). */
interface UserInfo {
  sub?: unknown;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
}

/**
 * Sign-in with an OpenID Connect provider (spec §7 `POST /api/oauth/{provider}` → `{url}`), configured by
 * OAUTH_PROVIDERS, through `openid-client`: the provider's metadata by discovery from its issuer (cached;
 * a failed discovery is retried at the next sign-in), authorization-code flow with PKCE (S256), a random
 * `state` and `nonce`. The state is stored as sha256 in `oauth_states` with the verifier and the nonce,
 * valid 10 minutes, used once, and bound to the browser by an httpOnly cookie. The callback exchanges the
 * code (client_secret_post) and validates the ID token (signature against the provider's JWKS, `iss`, `aud`,
 * `exp`, `nonce`), reads userinfo when the provider has it (its `sub` must be the ID token's), links or
 * creates the account (`email_verified` honoured, issue 11) and issues an access token.
 *
 * Every request to the provider (discovery, JWKS, token, userinfo) follows the outbound policy (issue 26
 * item 2, `outboundFetch`): unless OUTBOUND_ALLOW_PRIVATE_HOSTS (default: outside production only), an issuer
 * whose host is or resolves to an internal address is refused before any request (logged as an error, the
 * sign-in answers 503), each connection goes only to a public address, and no redirect is followed.
 */
/** openid-client, loaded on the first OAuth sign-in rather than at start-up (issue 12: lazy start-up). */
const openidClient = () => import('openid-client');

@Injectable()
export class OAuthService {
  private readonly logger = new Logger(OAuthService.name);
  /** Discovered provider configurations by provider name. */
  private readonly discovered = new Map<string, Promise<oidc.Configuration>>();
  /** Whether the providers may be on internal addresses (OUTBOUND_ALLOW_PRIVATE_HOSTS; development, tests). */
  private readonly allowPrivate: boolean;
  /** The fetch of every request to a provider: the outbound policy's. */
  private readonly fetch: ReturnType<typeof outboundFetch>;

  constructor(
    @InjectRepository(OAuthState) private readonly states: Repository<OAuthState>,
    @InjectRepository(OAuthIdentity) private readonly identities: Repository<OAuthIdentity>,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.allowPrivate = outboundMayReachPrivateHosts(config);
    this.fetch = outboundFetch(this.allowPrivate);
  }

  /** The callback URL registered with the provider: `<PUBLIC_URL>/api/oauth/<provider>/callback`. */
  redirectUri(provider: string): string {
    return `${publicUrl(this.config)}/api/oauth/${provider}/callback`;
  }

  /** Where the browser lands after the callback: the applicant-ui login page with a fragment. */
  landingUrl(fragment: Record<string, string>): string {
    return `${publicUrl(this.config)}/login#${new URLSearchParams(fragment).toString()}`;
  }

  private provider(name: string): OAuthProviderConfig {
    const provider = Object.hasOwn(this.config.OAUTH_PROVIDERS ?? {}, name) ? this.config.OAUTH_PROVIDERS![name] : undefined;
    if (!provider) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404', { messageKey: 'errors.OAU-404' });
    return provider;
  }

  /**
   * The provider's configuration by OIDC discovery, once per provider (forgotten when it fails). The issuer's
   * host is checked first (OutboundRefusedError: no request made); discovery and every later request of the
   * configuration go through the outbound policy's fetch.
   */
  private configuration(name: string, provider: OAuthProviderConfig): Promise<oidc.Configuration> {
    let found = this.discovered.get(name);
    if (!found) {
      const loopback = provider.issuer.startsWith('http:'); // allowed by the config schema only on loopback
      found = assertPublicHost(provider.issuer, this.allowPrivate)
        .then(openidClient)
        .then((client) =>
          client.discovery(new URL(provider.issuer), provider.clientId, undefined, client.ClientSecretPost(provider.clientSecret), {
            timeout: PROVIDER_TIMEOUT_SECONDS,
            // discovery, JWKS, token and userinfo: public addresses only (unless allowed), no redirect followed
            [client.customFetch]: this.fetch,
            // the ID token's signature is checked against the JWKS even though it came over TLS from the token endpoint
            execute: [client.enableNonRepudiationChecks, ...(loopback ? [client.allowInsecureRequests] : [])],
          }),
        )
        .then((configuration) => {
          configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
          return configuration;
        });
      found.catch(() => this.discovered.delete(name));
      this.discovered.set(name, found);
    }
    return found;
  }

  /**
   * Starts a sign-in.
   * @returns the provider's authorization URL and the raw `state` (for the binding cookie)
   * @throws ApiException 404 REQ-404 (OAU-404 message) for a provider that is not configured;
   *         503 SRV-503 when the provider's discovery document cannot be read, or its issuer is refused by
   *         the outbound policy (an internal address in production: logged as an error for the operator)
   */
  async start(name: string): Promise<{ url: string; state: string }> {
    const provider = this.provider(name);
    let configuration: oidc.Configuration;
    try {
      configuration = await this.configuration(name, provider);
    } catch (error) {
      if (error instanceof OutboundRefusedError) this.logger.error(`OAuth ${name}: issuer ${provider.issuer} ${error.message}`);
      else this.logger.warn(`OAuth ${name}: discovery at ${provider.issuer} failed: ${errorText(error)}`);
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'SRV-503');
    }
    const state = generateToken();
    const nonce = (await openidClient()).randomNonce();
    const codeVerifier = (await openidClient()).randomPKCECodeVerifier();
    await this.states.delete({ expiresAt: LessThan(new Date()) });
    await this.states.insert({
      stateHash: hashToken(state),
      provider: name,
      codeVerifier,
      nonce,
      expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
    });
    const url = (await openidClient()).buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri(name),
      scope: provider.scopes,
      state,
      nonce,
      code_challenge: await (await openidClient()).calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.toString(), state };
  }

  /**
   * Completes a sign-in.
   * @param query the callback's query (`code`, `state`, `iss`, or `error`)
   * @param cookieState the `state` of the binding cookie set by {@link start}
   * @returns the access token for the linked or new account
   * @throws OAuthCallbackError with OAU-001/002/003; ApiException 404 for an unknown provider
   */
  async complete(
    name: string,
    query: { code?: string; state?: string; iss?: string; error?: string },
    cookieState: string | undefined,
  ): Promise<{ token: string; expires_in: number }> {
    const provider = this.provider(name);
    if (!query.state || !cookieState || query.state !== cookieState)
      throw new OAuthCallbackError('OAU-001', 'state missing or not this browser');
    // DELETE … RETURNING through TypeORM answers [rows, affected count]: the state works once.
    const [deleted] = (await this.states.query(
      `DELETE FROM oauth_states WHERE state_hash = $1 AND provider = $2 RETURNING code_verifier, nonce, expires_at`,
      [hashToken(query.state), name],
    )) as [{ code_verifier: string; nonce: string; expires_at: Date }[], number];
    const saved = deleted[0];
    if (!saved || new Date(saved.expires_at).getTime() <= Date.now())
      throw new OAuthCallbackError('OAU-001', 'state unknown, used or expired');
    if (query.error || !query.code) throw new OAuthCallbackError('OAU-002', `provider answered ${query.error ?? 'no code'}`);

    const info = await this.claims(name, provider, { code: query.code, state: query.state, iss: query.iss }, saved);
    const user = await this.linkOrCreate(name, info);
    const issued = await this.auth.issue(user, false);
    return { token: issued.token, expires_in: issued.expires_in };
  }

  /**
   * Exchanges the code and answers the validated ID token's claims, completed by userinfo when the
   * provider has an endpoint for it (same `sub` required). Any failure of the provider or of a check
   * (state, PKCE, ID token signature, `iss`, `aud`, `exp`, `nonce`) is OAU-002.
   */
  private async claims(
    name: string,
    provider: OAuthProviderConfig,
    callback: { code: string; state: string; iss?: string },
    saved: { code_verifier: string; nonce: string },
  ): Promise<UserInfo> {
    try {
      const configuration = await this.configuration(name, provider);
      const currentUrl = new URL(this.redirectUri(name));
      for (const [key, value] of Object.entries(callback)) if (value !== undefined) currentUrl.searchParams.set(key, value);
      const tokens = await (
        await openidClient()
      ).authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: saved.code_verifier,
        expectedState: callback.state,
        expectedNonce: saved.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      if (!configuration.serverMetadata().userinfo_endpoint) return idToken;
      const userInfo = await (await openidClient()).fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      return { ...idToken, ...userInfo };
    } catch (error) {
      throw new OAuthCallbackError('OAU-002', errorText(error));
    }
  }

  /**
   * The account of a provider identity: the linked one; else the account with the same e-mail when the
   * provider says the e-mail is verified (then linked, and the address counts as verified); else a new
   * applicant account without a password, verified only when the provider says `email_verified` (issue 11:
   * an unverified account claims no application by e-mail).
   */
  private async linkOrCreate(provider: string, info: UserInfo): Promise<User> {
    const subject = typeof info.sub === 'string' || typeof info.sub === 'number' ? String(info.sub) : '';
    if (!subject) throw new OAuthCallbackError('OAU-002', 'userinfo without sub');
    const email = typeof info.email === 'string' && /^[^\s@]+@[^\s@]+$/.test(info.email) ? info.email.trim() : '';
    const verified = info.email_verified === true || info.email_verified === 'true';
    const linked = await this.identities.findOne({ where: { provider, subject } });
    if (linked) {
      const user = await this.users.findById(linked.userId);
      // the provider now vouches for the account's own address: that proves it (issue 11)
      if (user && verified && !user.emailVerifiedAt && email.toLowerCase() === user.email.toLowerCase())
        return (await this.users.markEmailVerified(user.id)) ?? user;
      if (user) return user;
    }
    if (!email) throw new OAuthCallbackError('OAU-003', 'userinfo without e-mail');
    let user = await this.users.findByEmail(email);
    if (user && !verified) throw new OAuthCallbackError('OAU-003', 'unverified e-mail of an existing account');
    if (!user) {
      const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
      const [first, ...rest] = text(info.name).split(/\s+/);
      user = await this.users.createWithoutPassword({
        email,
        firstName: text(info.given_name) || first || email.split('@')[0],
        lastName: text(info.family_name) || rest.join(' ') || '-',
        emailVerified: verified,
      });
    } else if (!user.emailVerifiedAt) {
      user = (await this.users.markEmailVerified(user.id)) ?? user; // reached only with verified === true
    }
    await this.identities.createQueryBuilder().insert().values({ userId: user.id, provider, subject, email }).orIgnore().execute();
    this.logger.log(`OAuth ${provider} identity linked to user ${user.id}`);
    return user;
  }
}

/** An error's message with its cause's (openid-client wraps the connection's error, e.g. the policy's refusal). */
function errorText(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? ` (${cause.message})` : '';
  return `${(error as Error).message}${detail}`;
}
