import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNumber, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { MaxDecimalPlaces } from '../../../common/validation/formats.js';
import { TIME_LOG_STEPS } from '../../applications/application-steps.js';

/**
 * Body of `POST /api/timelog` (spec §3 "Duration in seconds with 4 decimals, and a step name"). The step
 * is one of the form's step keys, so the time per step can be compared (admin statistics).
 */
export class CreateTimeLogDto {
  @ApiProperty({ example: 12.3456, description: 'seconds, up to 4 decimals' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @MaxDecimalPlaces(4)
  @Min(0)
  @Max(99_999_999)
  duration: number;
  @ApiProperty({
    example: 'personal',
    enum: TIME_LOG_STEPS,
    description: 'the step: application form personal…payment (steps 1–8), details form documents, finish',
  })
  @IsIn(TIME_LOG_STEPS)
  step: string;
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
