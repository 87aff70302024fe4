import { ApiProperty } from '@nestjs/swagger';
import { ApplicationRecord } from '../../applications/dto/application-record.dto.js';

/** Answer of `GET /api/token/check` (spec §7: `data.data` is the record; success and code are read). */
export class TokenCheckResponse {
  @ApiProperty() success: true;
  @ApiProperty({ enum: ['TKN-000'] }) code: 'TKN-000';
  @ApiProperty({ enum: ['application', 'details'], description: 'which form the link opens' }) purpose: string;
  @ApiProperty({ type: ApplicationRecord }) data: ApplicationRecord;
}
