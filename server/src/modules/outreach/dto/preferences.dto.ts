import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsString, MaxLength, MinLength } from 'class-validator';
import { LOCALES, type Locale } from '../../../common/i18n/i18n.service.js';

/** Query of the public preference endpoints: the token of a marketing message's unsubscribe link. */
export class PreferencesTokenQuery {
  @ApiProperty({ minLength: 1, maxLength: 200, description: 'the token of the e-mailed link' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  token: string;
}

/** Body of `PUT /api/outreach/preferences`. */
export class PreferencesDto {
  @ApiProperty({ description: 'true: receive marketing messages; false: only messages about the application itself (transactional)' })
  @IsBoolean()
  marketing: boolean;
}

/** What the token's address receives. */
export class PreferencesResponse {
  @ApiProperty({ example: 'a•••z@example.com', description: 'the address, masked' }) email: string;
  @ApiProperty({ description: 'whether marketing messages are sent to it (transactional messages always are)' }) marketing: boolean;
  @ApiProperty({ enum: LOCALES, description: 'the language of the message the link came in (the page may adopt it)' }) locale: Locale;
}
