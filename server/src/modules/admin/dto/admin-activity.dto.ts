import { ApiProperty } from '@nestjs/swagger';

/** A form session in the admin console (`/api/admin/sessions`); spec §3 Session. */
export class AdminSessionResponse {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) startTime: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) newStartTime: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) endTime: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lastActivityTime: string | null;
  @ApiProperty({ type: String, nullable: true }) parentModule: string | null;
  @ApiProperty({ type: String, nullable: true }) parentId: string | null;
  @ApiProperty() renewed: boolean;
  @ApiProperty({ description: 'no end time and activity within the last 30 minutes' }) active: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}
