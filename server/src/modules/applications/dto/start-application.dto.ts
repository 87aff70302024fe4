import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsLocale, IsTimeZone } from '../../../common/validation/formats.js';

const trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Body of `POST /api/applications` (DESIGN §3–§4): the welcome page's choice and who is applying. */
export class StartApplicationDto {
  @ApiProperty({ enum: ['Female', 'Male'] }) @IsIn(['Female', 'Male']) gender: 'Female' | 'Male';
  @ApiProperty({ description: 'name of a field of interest from GET /api/programs' })
  @trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  fieldOfInterest: string;
  @ApiProperty({ description: 'a term key open for the program now (`GET /api/programs` courses[].semester)' })
  @trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  semester: string;
  @ApiPropertyOptional({ example: 'Online' }) @trim() @IsOptional() @IsString() @MaxLength(50) location?: string;
  @ApiProperty() @trim() @IsString() @IsNotEmpty() @MaxLength(100) firstName: string;
  @ApiProperty() @trim() @IsString() @IsNotEmpty() @MaxLength(100) lastName: string;
  @ApiProperty() @trim() @IsEmail() @MaxLength(254) email: string;
  @ApiProperty({ enum: ['en', 'es', 'zh-CN'] }) @IsLocale() locale: string;
  @ApiPropertyOptional({ example: 'America/Toronto', description: "the applicant's IANA time zone; e-mails show times in it (issue 11)" })
  @IsOptional()
  @IsTimeZone()
  timeZone?: string;
}
