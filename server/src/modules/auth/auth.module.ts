import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutreachRecipientsModule } from '../outreach/outreach-recipients.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccessToken } from './access-token.entity.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { BearerStrategy } from './bearer.strategy.js';
import { LoginLockoutService } from './login-lockout.service.js';
import { EmailVerification } from './email-verification.entity.js';
import { EmailVerificationService } from './email-verification.service.js';
import { OAuthIdentity } from './oauth-identity.entity.js';
import { OAuthState } from './oauth-state.entity.js';
import { OAuthController } from './oauth.controller.js';
import { OAuthService } from './oauth.service.js';
import { PasswordReset } from './password-reset.entity.js';
import { PasswordResetService } from './password-reset.service.js';

/**
 * Login, register, logout, current user, e-mail verification, password reset by e-mail, OAuth sign-in and the login lockout;
 * bearer tokens hashed at rest (DESIGN §4–§5).
 */
@Module({
  imports: [
    PassportModule,
    UsersModule,
    OutreachRecipientsModule,
    TypeOrmModule.forFeature([AccessToken, PasswordReset, EmailVerification, OAuthIdentity, OAuthState]),
  ],
  controllers: [AuthController, OAuthController],
  providers: [AuthService, BearerStrategy, LoginLockoutService, PasswordResetService, EmailVerificationService, OAuthService],
  exports: [AuthService],
})
export class AuthModule {}
