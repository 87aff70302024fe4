import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, MaxLength } from 'class-validator';
import type { RecipientState } from '../recipients.service.js';

/** Path of `/api/admin/outreach-recipients/{email}`. */
export class RecipientEmailParam {
  @ApiProperty({ format: 'email', maxLength: 254 })
  @IsEmail()
  @MaxLength(254)
  email: string;
}

/** What an address receives (the console: an application's delivery section). */
export class RecipientStateResponse {
  @ApiProperty({ description: 'the normalized address (trimmed, lower case)' }) email: string;
  @ApiProperty({ description: 'marketing messages are sent to it' }) marketing: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when marketing was turned off' })
  marketingOptOutAt: string | null;
  @ApiProperty({ description: 'nothing is sent to it: a hard bounce, until the address is verified again' }) suppressed: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) suppressedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: "the receiving server's answer" }) suppressedDetail: string | null;

  static from(state: RecipientState): RecipientStateResponse {
    return Object.assign(new RecipientStateResponse(), {
      email: state.email,
      marketing: state.marketingOptOutAt === null,
      marketingOptOutAt: state.marketingOptOutAt?.toISOString() ?? null,
      suppressed: state.suppressedAt !== null,
      suppressedAt: state.suppressedAt?.toISOString() ?? null,
      suppressedDetail: state.suppressedDetail,
    });
  }
}
