import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { EqualsField } from '../../../common/validation/equals-field.validator.js';

/** `POST /api/password/email` body. */
export class PasswordEmailDto {
  @ApiProperty({ example: 'applicant@example.com' }) @IsEmail() @MaxLength(254) email: string;
}

/** `POST /api/password/reset` body: the token from the e-mailed link, its e-mail, and the new password (8–1024 characters). */
export class PasswordResetDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(200) token: string;
  @ApiProperty() @IsEmail() @MaxLength(254) email: string;
  @ApiProperty({ minLength: 8 }) @IsString() @MinLength(8) @MaxLength(1024) password: string;
  @ApiProperty() @IsString() @EqualsField('password') password_confirmation: string;
}

/** Answer of the password endpoints: a message in the caller's language. */
export class PasswordMessageResponse {
  @ApiProperty() success: true;
  @ApiProperty() message: string;
}

/** Answer of `POST /api/oauth/{provider}`: where to send the browser. */
export class OAuthUrlResponse {
  @ApiProperty({ example: 'https://accounts.example.com/authorize?response_type=code&…' }) url: string;
}

/** `POST /api/email/verify` body: the token of the e-mailed `/email/verify/{token}` link. */
export class EmailVerifyDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(200) token: string;
}

/** Answer of `POST /api/email/verify` and `POST /api/email/resend`: a message in the caller's language. */
export class EmailVerificationResponse {
  @ApiProperty() success: true;
  @ApiProperty() message: string;
  /** True when the address is verified (after verify; on resend, when it already was). */
  @ApiProperty() verified: boolean;
}
