import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** `POST /api/login` body. */
export class LoginDto {
  @ApiProperty({ example: 'admin@example.com' }) @IsEmail() @MaxLength(254) email: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(1024) password: string;
  /** Keep the login for 365 days (spec §4, §9) instead of a browser session. */
  @ApiPropertyOptional() @IsOptional() @IsBoolean() remember?: boolean;
}
