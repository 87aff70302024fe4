import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { AdminApplicationResponse } from './admin-application.dto.js';

/** Query of `GET /api/admin/applications/changes` (issue 26 item 8: incremental sync). */
export class ApplicationChangesQuery {
  @ApiPropertyOptional({
    description: 'the `nextCursor` of the previous page; omitted: from the beginning',
    example: 'MjAyNi0xMS0yOFQwNzowMDowMC4xMjM0NTZafDNmYTg1ZjY0LTU3MTctNDU2Mi1iM2ZjLTJjOTYzZjY2YWZhNg',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(/^[A-Za-z0-9_-]+$/)
  after?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 500, default: 100, description: 'rows per page' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(500)
  limit?: number;
}

/** One page of changed applications, oldest change first. */
export class ApplicationChangesResponse {
  @ApiProperty({ type: [AdminApplicationResponse], description: 'applications changed after the cursor, by (updatedAt, id)' })
  data: AdminApplicationResponse[];
  @ApiProperty({
    type: String,
    description: 'pass as `after` for the next page, and keep it for the next sync (a page shorter than `limit` is the last for now)',
  })
  nextCursor: string;
}
