import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { EqualsField } from '../../../common/validation/equals-field.validator.js';

/** `POST /api/register` body (laravel-vue-spa contract). Passwords: 8 to 1024 characters. */
export class RegisterDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100) first_name: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100) last_name: string;
  @ApiProperty() @IsEmail() @MaxLength(254) email: string;
  @ApiProperty({ minLength: 8 }) @IsString() @MinLength(8) @MaxLength(1024) password: string;
  @ApiProperty() @IsString() @EqualsField('password') password_confirmation: string;
}
