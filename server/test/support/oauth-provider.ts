import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { TestApp } from './test-app.js';

/** The person the double signs in as (OIDC userinfo claims). */
export interface ProviderUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

/** Ways to spoil the next ID token, for the checks the portal must make. */
export interface IdTokenTamper {
  /** a `nonce` claim other than the one sent to /authorize */
  nonce?: string;
  /** an `iss` claim other than the double's issuer */
  issuer?: string;
  /** an `aud` claim other than the client id */
  audience?: string;
  /** signed with a key that is not in the JWKS (same `kid`) */
  foreignKey?: boolean;
}

/**
 * A local OpenID Connect provider for tests: discovery, JWKS, authorization code + PKCE (S256), token
 * with an RS256-signed ID token, userinfo.
 */
export interface OAuthProviderDouble {
  /** `http://127.0.0.1:<port>` */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The OAUTH_PROVIDERS entry for this double. */
  config(): Record<string, string>;
  /** Who the next /authorize signs in as; `deny` answers `error=access_denied` instead. */
  user: ProviderUser | 'deny';
  /** Every token request's form fields, in order. */
  tokenRequests: Record<string, string>[];
  /** Spoils the next ID tokens while set. */
  tamper: IdTokenTamper | undefined;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Starts the double on a free loopback port; its issuer is its URL. `/.well-known/openid-configuration`
 * describes it, `/jwks` holds its RS256 public key. `/authorize` approves at once (no login page): it
 * redirects to `redirect_uri?code=…&state=…&iss=…`. `/token` checks client id and secret (form fields),
 * the code (single use, bound to its redirect_uri) and the PKCE verifier against the challenge, and
 * answers an access token and an ID token (`iss`, `aud`, `sub`, `nonce`, `iat`, `exp`, e-mail and name
 * claims). `/userinfo` answers the claims for the bearer access token.
 */
export async function startOAuthProvider(): Promise<OAuthProviderDouble> {
  const clientId = 'portal-client';
  const clientSecret = 'portal-secret';
  const codes = new Map<string, { redirectUri: string; challenge: string; nonce: string; user: ProviderUser }>();
  const accessTokens = new Map<string, ProviderUser>();
  const double = {
    user: { sub: 'user-1' } as ProviderUser | 'deny',
    tokenRequests: [] as Record<string, string>[],
    tamper: undefined as IdTokenTamper | undefined,
  };
  const kid = 'double-key-1';
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } as JWK] };
  let issuer = '';
  const idToken = (user: ProviderUser, nonce: string) => {
    const tamper = double.tamper ?? {};
    const key: CryptoKey = tamper.foreignKey ? foreign.privateKey : privateKey;
    return new SignJWT({ ...user, nonce: tamper.nonce ?? nonce })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(tamper.issuer ?? issuer)
      .setAudience(tamper.audience ?? clientId)
      .setSubject(user.sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  };
  const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body), type: 'application/json' });

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      let answer: { status: number; body: string; type: string; location?: string };
      if (url.pathname === '/.well-known/openid-configuration') {
        answer = json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/userinfo`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_post'],
          authorization_response_iss_parameter_supported: true,
        });
      } else if (url.pathname === '/jwks') {
        answer = json(200, jwks);
      } else if (url.pathname === '/authorize' && request.method === 'GET') {
        const p = url.searchParams;
        const target = new URL(p.get('redirect_uri') ?? '');
        if (p.get('client_id') !== clientId || p.get('response_type') !== 'code' || p.get('code_challenge_method') !== 'S256') {
          answer = json(400, { error: 'invalid_request' });
        } else {
          target.searchParams.set('state', p.get('state') ?? '');
          target.searchParams.set('iss', issuer);
          if (double.user === 'deny') target.searchParams.set('error', 'access_denied');
          else {
            const code = randomBytes(16).toString('hex');
            codes.set(code, {
              redirectUri: p.get('redirect_uri')!,
              challenge: p.get('code_challenge') ?? '',
              nonce: p.get('nonce') ?? '',
              user: double.user,
            });
            target.searchParams.set('code', code);
          }
          answer = { status: 302, body: '', type: 'text/plain', location: target.toString() };
        }
      } else if (url.pathname === '/token' && request.method === 'POST') {
        const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
        double.tokenRequests.push(form);
        const grant = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        const verifierOk =
          grant &&
          createHash('sha256')
            .update(form.code_verifier ?? '')
            .digest('base64url') === grant.challenge;
        if (form.client_id !== clientId || form.client_secret !== clientSecret) answer = json(401, { error: 'invalid_client' });
        else if (!grant || grant.redirectUri !== form.redirect_uri || !verifierOk || form.grant_type !== 'authorization_code') {
          answer = json(400, { error: 'invalid_grant' });
        } else {
          const accessToken = randomBytes(16).toString('hex');
          accessTokens.set(accessToken, grant.user);
          const id_token = await idToken(grant.user, grant.nonce);
          answer = json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, id_token });
        }
      } else if (url.pathname === '/userinfo') {
        const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
        const user = token ? accessTokens.get(token) : undefined;
        answer = user ? json(200, user) : json(401, { error: 'invalid_token' });
      } else {
        answer = json(404, { error: 'not_found' });
      }
      response.writeHead(answer.status, { 'content-type': answer.type, ...(answer.location ? { location: answer.location } : {}) });
      response.end(answer.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer = url;
  return Object.assign(double, {
    url,
    clientId,
    clientSecret,
    config: () => ({
      clientId,
      clientSecret,
      issuer: url,
      scopes: 'openid email profile',
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/**
 * The browser's part of a sign-in against the double: `POST /api/oauth/{provider}` on the app, the double's
 * `/authorize` (global fetch, its redirect not followed) and the app's callback with the state cookie.
 * @returns the landing URL's fragment: `{ oauth_token, token_type, expires_in }` or `{ oauth_error }`
 */
export async function browserSignIn(app: Pick<TestApp, 'http'>, provider = 'acme'): Promise<Record<string, string>> {
  const started = await app.http().post(`/api/oauth/${provider}`);
  if (started.status !== 200) throw new Error(`POST /api/oauth/${provider}: ${started.status} ${JSON.stringify(started.body)}`);
  const cookie = (started.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('oauth_state='))!;
  const authorize = await fetch(started.body.url as string, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  const callback = await app
    .http()
    .get(back.pathname + back.search)
    .set('Cookie', cookie.split(';')[0]);
  return Object.fromEntries(new URLSearchParams(new URL(callback.headers.location).hash.slice(1)));
}
