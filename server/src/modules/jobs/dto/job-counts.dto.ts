import { ApiProperty } from '@nestjs/swagger';

/** Jobs of one queue by state (pg-boss), live and archived (the history of the last 7 days). */
export class QueueCountsDto {
  @ApiProperty({ example: 'payments-settlement', description: 'queue name' }) queue!: string;
  @ApiProperty({ description: 'waiting to run (created, or waiting for a retry)' }) queued!: number;
  @ApiProperty({ description: 'running now on some replica' }) active!: number;
  @ApiProperty({ description: 'failed after their last retry' }) failed!: number;
  @ApiProperty({ description: 'completed' }) completed!: number;
}

/** `GET /api/admin/jobs` answer. */
export class JobCountsResponse {
  @ApiProperty({ type: [QueueCountsDto], description: 'one entry per queue, sorted by name' }) queues!: QueueCountsDto[];
}
