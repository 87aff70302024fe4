import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import type { ApiKeyPrincipal } from '../api-keys/api-key-principal.js';
import { ApiKeysService, isApiKeyToken } from '../api-keys/api-keys.service.js';
import type { User } from '../users/user.entity.js';
import { AuthService } from './auth.service.js';

/**
 * Passport strategy `bearer`: `Authorization: Bearer <token>` → the token's user (spec §7), or for an
 * API key (`pak_…`, issue 14 item 5) its {@link ApiKeyPrincipal}.
 */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(
    private readonly auth: AuthService,
    private readonly apiKeys: ApiKeysService,
  ) {
    super();
  }

  /** @returns the user or API key caller, or false (→ 401) for an unknown, expired or revoked token or key */
  async validate(token: string): Promise<User | ApiKeyPrincipal | false> {
    if (isApiKeyToken(token)) return (await this.apiKeys.principalFor(token)) ?? false;
    return (await this.auth.userForToken(token)) ?? false;
  }
}
