import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { LessThan, type Repository } from 'typeorm';
import { APP_CONFIG, publicUrl, type AppConfig, type OAuthProviderConfig } from '../../config/app-config.js';
import { ApiException } from '../../common/errors/api.exception.js';
import { generateToken, hashToken } from '../../common/security/token-hash.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { AuthService } from './auth.service.js';
import { OAuthIdentity } from './oauth-identity.entity.js';
import { OAuthState } from './oauth-state.entity.js';

/** How long a sign-in may take between `POST /api/oauth/{provider}` and the callback (ms). */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Timeout of each call to the provider (token, userinfo), ms. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** Callback failures, sent to the applicant-ui as `/login#oauth_error=<code>`. */
export type OAuthErrorCode =
  /** missing, unknown, expired, reused or foreign `state` */
  | 'OAU-001'
  /** the provider refused (user denied), or the code exchange / userinfo call failed */
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

/** The userinfo claims the portal reads (OIDC standard claims). */
interface UserInfo {
  sub?: unknown;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
}

/**
 * Sign-in with a generic OAuth2 / OpenID Connect provider (spec §7 `POST /api/oauth/{provider}` → `{url}`),
 * configured by OAUTH_PROVIDERS. Authorization-code flow with PKCE (S256) and a random `state`, stored
 * as sha256 in `oauth_states` with the verifier, valid 10 minutes, used once, and bound to the browser
 * by an httpOnly cookie. The callback exchanges the code (client_secret_post), reads userinfo (`sub`,
 * `email`, `email_verified`, `given_name`, `family_name`), links or creates the account and issues an
 * access token.
 */
@Injectable()
export class OAuthService {
  private readonly logger = new Logger(OAuthService.name);

  constructor(
    @InjectRepository(OAuthState) private readonly states: Repository<OAuthState>,
    @InjectRepository(OAuthIdentity) private readonly identities: Repository<OAuthIdentity>,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
   * Starts a sign-in.
   * @returns the provider's authorization URL and the raw `state` (for the binding cookie)
   * @throws ApiException 404 REQ-404 (OAU-404 message) for a provider that is not configured
   */
  async start(name: string): Promise<{ url: string; state: string }> {
    const provider = this.provider(name);
    const state = generateToken();
    const codeVerifier = generateToken();
    await this.states.delete({ expiresAt: LessThan(new Date()) });
    await this.states.insert({
      stateHash: hashToken(state),
      provider: name,
      codeVerifier,
      expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
    });
    const url = new URL(provider.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', provider.clientId);
    url.searchParams.set('redirect_uri', this.redirectUri(name));
    url.searchParams.set('scope', provider.scopes);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', createHash('sha256').update(codeVerifier).digest('base64url'));
    url.searchParams.set('code_challenge_method', 'S256');
    return { url: url.toString(), state };
  }

  /**
   * Completes a sign-in.
   * @param query the callback's query (`code`, `state`, or `error`)
   * @param cookieState the `state` of the binding cookie set by {@link start}
   * @returns the access token for the linked or new account
   * @throws OAuthCallbackError with OAU-001/002/003; ApiException 404 for an unknown provider
   */
  async complete(
    name: string,
    query: { code?: string; state?: string; error?: string },
    cookieState: string | undefined,
  ): Promise<{ token: string; expires_in: number }> {
    const provider = this.provider(name);
    if (!query.state || !cookieState || query.state !== cookieState)
      throw new OAuthCallbackError('OAU-001', 'state missing or not this browser');
    // DELETE … RETURNING through TypeORM answers [rows, affected count]: the state works once.
    const [deleted] = (await this.states.query(
      `DELETE FROM oauth_states WHERE state_hash = $1 AND provider = $2 RETURNING code_verifier, expires_at`,
      [hashToken(query.state), name],
    )) as [{ code_verifier: string; expires_at: Date }[], number];
    const saved = deleted[0];
    if (!saved || new Date(saved.expires_at).getTime() <= Date.now())
      throw new OAuthCallbackError('OAU-001', 'state unknown, used or expired');
    if (query.error || !query.code) throw new OAuthCallbackError('OAU-002', `provider answered ${query.error ?? 'no code'}`);

    const accessToken = await this.exchange(name, provider, query.code, saved.code_verifier);
    const info = await this.userInfo(provider, accessToken);
    const user = await this.linkOrCreate(name, info);
    const issued = await this.auth.issue(user, false);
    return { token: issued.token, expires_in: issued.expires_in };
  }

  private async exchange(name: string, provider: OAuthProviderConfig, code: string, codeVerifier: string): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.redirectUri(name),
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
      code_verifier: codeVerifier,
    });
    const answer = await this.call(provider.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    });
    const token = (answer as { access_token?: unknown }).access_token;
    if (typeof token !== 'string' || !token) throw new OAuthCallbackError('OAU-002', 'token answer without access_token');
    return token;
  }

  private async userInfo(provider: OAuthProviderConfig, accessToken: string): Promise<UserInfo> {
    return (await this.call(provider.userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    })) as UserInfo;
  }

  private async call(url: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    } catch (error) {
      throw new OAuthCallbackError('OAU-002', `${url}: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) throw new OAuthCallbackError('OAU-002', `${url}: HTTP ${response.status} ${text.slice(0, 200)}`);
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
      return parsed;
    } catch {
      throw new OAuthCallbackError('OAU-002', `${url}: answer is not a JSON object`);
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
