import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsNumber, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';

/** Body of `POST /api/timelog` (spec §3 "Duration in seconds with 4 decimals, and a step name"). */
export class CreateTimeLogDto {
  @ApiProperty({ example: 12.3456, description: 'seconds, up to 4 decimals' })
  @IsNumber({ maxDecimalPlaces: 4, allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(99_999_999)
  duration: number;
  @ApiProperty({ example: 'personal' }) @IsString() @IsNotEmpty() @MaxLength(50) step: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'needed when authenticating by login instead of the application token' })
  @IsOptional()
  @IsUUID('4')
  applicationId?: string;
}

/** A stored time-log record. */
export class TimeLogResponse {
  @ApiProperty() id: string;
  @ApiProperty({ example: '12.3456', description: 'seconds as a decimal string (4 decimals)' }) duration: string;
  @ApiProperty() step: string;
}

/** Answer of `POST /api/timelog`. */
export class CreateTimeLogResponse {
  @ApiProperty() success: true;
  @ApiProperty({ type: TimeLogResponse }) data: TimeLogResponse;
}
