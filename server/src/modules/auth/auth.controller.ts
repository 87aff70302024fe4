import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { UserResponse } from '../users/dto/user.response.js';
import type { User } from '../users/user.entity.js';
import { LoggedIn } from './auth.guards.js';
import { AuthService } from './auth.service.js';
import { BearerToken, CurrentUser } from './current-user.decorator.js';
import { LoginDto } from './dto/login.dto.js';
import { RegisterDto } from './dto/register.dto.js';
import { TokenResponse } from './dto/token.response.js';
import { RateLimited } from '../../common/http/throttle.js';

/** Accounts: the laravel-vue-spa contract of DESIGN §4 (spec §4 Auth, §7 GET /api/user, POST /api/logout). */
@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  /** Logs in. 401 AUTH-401 on wrong credentials; 429 AUTH-429 when rate limited. */
  @Post('login')
  @HttpCode(200)
  @RateLimited()
  @ApiOperation({ summary: 'Log in with e-mail and password; returns a bearer token' })
  @ApiOkResponse({ type: TokenResponse })
  login(@Body() dto: LoginDto): Promise<TokenResponse> {
    return this.auth.login(dto.email, dto.password, dto.remember ?? false);
  }

  /** Registers an applicant account and logs it in. 422 VAL-001 when invalid or the e-mail is taken. */
  @Post('register')
  @RateLimited()
  @ApiOperation({ summary: 'Register an applicant account' })
  @ApiCreatedResponse({ type: TokenResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  async register(@Body() dto: RegisterDto): Promise<TokenResponse> {
    return this.auth.register(dto);
  }

  /** Revokes the caller's token server-side (spec §4 "Logout clears the user and token"). */
  @Post('logout')
  @HttpCode(200)
  @LoggedIn()
  @ApiOperation({ summary: 'Log out: the token is revoked and refused afterwards' })
  async logout(@BearerToken() token: string): Promise<{ success: true }> {
    await this.auth.revoke(token);
    return { success: true };
  }

  /** The current user (spec §7 GET /api/user). */
  @Get('user')
  @LoggedIn()
  @ApiOperation({ summary: 'The logged-in user' })
  @ApiOkResponse({ type: UserResponse })
  user(@CurrentUser() user: User): UserResponse {
    return UserResponse.from(user);
  }
}
