import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import type { User } from '../users/user.entity.js';
import { AuthService } from './auth.service.js';

/** Passport strategy `bearer`: `Authorization: Bearer <token>` → the token's user (spec §7). */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly auth: AuthService) {
    super();
  }

  /** @returns the user, or false (→ 401) for an unknown, expired or revoked token */
  async validate(token: string): Promise<User | false> {
    return (await this.auth.userForToken(token)) ?? false;
  }
}
