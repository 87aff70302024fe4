import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiCreatedResponse, ApiGoneResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { UserResponse } from '../users/dto/user.response.js';
import type { User } from '../users/user.entity.js';
import { LoggedIn } from './auth.guards.js';
import { AuthService } from './auth.service.js';
import { BearerToken, CurrentUser } from './current-user.decorator.js';
import { LoginDto } from './dto/login.dto.js';
import { RegisterDto } from './dto/register.dto.js';
import { TokenResponse } from './dto/token.response.js';
import { RateLimited } from '../../common/http/throttle.js';
import { SuccessResponse } from '../../common/openapi/success.response.js';
import { I18nService } from '../../common/i18n/i18n.service.js';
import {
  EmailVerificationResponse,
  EmailVerifyDto,
  PasswordEmailDto,
  PasswordMessageResponse,
  PasswordResetDto,
} from './dto/password.dto.js';
import { EmailVerificationService } from './email-verification.service.js';
import { PasswordResetService } from './password-reset.service.js';

/** Accounts: the laravel-vue-spa contract of DESIGN §4 (spec §4 Auth, §7 GET /api/user, POST /api/logout). */
@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly passwords: PasswordResetService,
    private readonly verifications: EmailVerificationService,
    private readonly i18n: I18nService,
  ) {}

  /**
   * Logs in. `remember: true` gives a 365-day token, else ACCESS_TOKEN_TTL_SECONDS (spec §4, §9).
   * 401 AUTH-401 on wrong credentials; 429 AUTH-429 when rate limited per IP, or while the account is
   * locked after repeated failures (Retry-After in seconds).
   */
  @Post('login')
  @HttpCode(200)
  @RateLimited()
  @ApiOperation({ operationId: 'login', summary: 'Log in with e-mail and password; returns a bearer token' })
  @ApiOkResponse({ type: TokenResponse })
  login(@Body() dto: LoginDto): Promise<TokenResponse> {
    return this.auth.login(dto.email, dto.password, dto.remember ?? false);
  }

  /**
   * Registers an applicant account and logs it in; e-mails a verification link (24 h, in the caller's
   * language). Until the address is verified the account claims no application by e-mail (issue 11).
   * 422 VAL-001 when invalid or the e-mail is taken.
   */
  @Post('register')
  @RateLimited()
  @ApiOperation({ operationId: 'register', summary: 'Register an applicant account; a verification link is e-mailed' })
  @ApiCreatedResponse({ type: TokenResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  async register(@Body() dto: RegisterDto, @Req() request: Request): Promise<TokenResponse> {
    return this.auth.register(dto, this.i18n.localeOf(request));
  }

  /**
   * Verifies the account's address with the token of the e-mailed `/email/verify/{token}` link (no login
   * needed: the link may be opened on another device). Single use, 24 h. 410 EMV-001 for an unknown,
   * used or expired link.
   */
  @Post('email/verify')
  @HttpCode(200)
  @RateLimited()
  @ApiOperation({ operationId: 'verifyEmail', summary: 'Verify the e-mail address with the e-mailed token' })
  @ApiOkResponse({ type: EmailVerificationResponse })
  @ApiGoneResponse({ description: 'EMV-001 unknown, used or expired link' })
  async verifyEmail(@Body() dto: EmailVerifyDto, @Req() request: Request): Promise<EmailVerificationResponse> {
    await this.verifications.verify(dto.token);
    return { success: true, verified: true, message: this.i18n.t('messages.emailVerified', this.i18n.localeOf(request)) };
  }

  /**
   * E-mails a new verification link to the logged-in account (in the caller's language), replacing
   * older ones. Rate limited per IP and per account (one e-mail per EMAIL_VERIFICATION_RESEND_SECONDS,
   * else 429 AUTH-429 with Retry-After). An already verified account gets `verified: true` and no e-mail.
   */
  @Post('email/resend')
  @HttpCode(200)
  @RateLimited()
  @LoggedIn()
  @ApiOperation({ operationId: 'resendVerificationEmail', summary: 'E-mail a new verification link to the logged-in account' })
  @ApiOkResponse({ type: EmailVerificationResponse })
  async resendVerification(@CurrentUser() user: User, @Req() request: Request): Promise<EmailVerificationResponse> {
    const locale = this.i18n.localeOf(request);
    const sent = await this.verifications.resend(user, locale);
    return sent
      ? { success: true, verified: false, message: this.i18n.t('messages.emailVerificationSent', locale, { email: user.email }) }
      : { success: true, verified: true, message: this.i18n.t('messages.emailAlreadyVerified', locale) };
  }

  /** Revokes the caller's token server-side (spec §4 "Logout clears the user and token"). */
  @Post('logout')
  @HttpCode(200)
  @LoggedIn()
  @ApiOperation({ operationId: 'logout', summary: 'Log out: the token is revoked and refused afterwards' })
  @ApiOkResponse({ type: SuccessResponse })
  async logout(@BearerToken() token: string): Promise<SuccessResponse> {
    await this.auth.revoke(token);
    return { success: true };
  }

  /** The current user (spec §7 GET /api/user). */
  @Get('user')
  @LoggedIn()
  @ApiOperation({ operationId: 'getCurrentUser', summary: 'The logged-in user' })
  @ApiOkResponse({ type: UserResponse })
  user(@CurrentUser() user: User): UserResponse {
    return UserResponse.from(user);
  }

  /**
   * Asks for a password-reset e-mail (spec §2 `/password/reset`). Always answers 200 with the same
   * message, whether or not the address has an account. The e-mail, in the caller's language, links to
   * `/password/reset/{token}?email=…` and is valid PASSWORD_RESET_TTL_MINUTES (30).
   */
  @Post('password/email')
  @HttpCode(200)
  @RateLimited()
  @ApiOperation({
    operationId: 'requestPasswordReset',
    summary: 'E-mail a password-reset link (same answer for known and unknown addresses)',
  })
  @ApiOkResponse({ type: PasswordMessageResponse })
  async passwordEmail(@Body() dto: PasswordEmailDto, @Req() request: Request): Promise<PasswordMessageResponse> {
    const locale = this.i18n.localeOf(request);
    await this.passwords.request(dto.email, locale);
    return { success: true, message: this.i18n.t('messages.passwordResetSent', locale) };
  }

  /**
   * Sets a new password with the e-mailed token (spec §2 `/password/reset/{token}`). The token works
   * once; every access token of the account is revoked. 422 VAL-001 (on `email`) for an unknown, used,
   * expired or mismatched token.
   */
  @Post('password/reset')
  @HttpCode(200)
  @RateLimited()
  @ApiOperation({ operationId: 'resetPassword', summary: 'Reset the password with the e-mailed token; logs out every session' })
  @ApiOkResponse({ type: PasswordMessageResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  async passwordReset(@Body() dto: PasswordResetDto, @Req() request: Request): Promise<PasswordMessageResponse> {
    await this.passwords.reset(dto);
    return { success: true, message: this.i18n.t('messages.passwordReset', this.i18n.localeOf(request)) };
  }
}
