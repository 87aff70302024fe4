import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, Matches, ValidateIf } from 'class-validator';
import { CATALOGUE, SEMESTERS_BY_GENDER } from '../../../programs/programs.catalogue.js';
import type { ApplicationDeadline } from '../application-deadline.entity.js';

/** Semesters offered to any gender (spec §3). */
export const OFFERED_SEMESTERS: readonly string[] = [...new Set(Object.values(SEMESTERS_BY_GENDER).flat())];
/** Field-of-interest names of the catalogue (`GET /api/programs` `name`). */
export const OFFERED_FIELDS: readonly string[] = [...new Set(CATALOGUE.map((entry) => entry.name))];

/** An application deadline in the admin console (`/api/admin/deadlines`). */
export class DeadlineResponse {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'Fall 2026' }) semester: string;
  @ApiProperty({ type: String, nullable: true, description: 'null: the whole semester; a field’s own row wins' })
  fieldOfInterest: string | null;
  @ApiProperty({ format: 'date-time', description: 'UTC instant' }) deadlineAt: string;

  /** Maps an entity. */
  static from(row: ApplicationDeadline): DeadlineResponse {
    return Object.assign(new DeadlineResponse(), {
      id: row.id,
      semester: row.semester,
      fieldOfInterest: row.fieldOfInterest,
      deadlineAt: row.deadlineAt.toISOString(),
    });
  }
}

/**
 * Create (`POST`) or replace (`PUT`) a deadline. `semester`: an offered semester; `fieldOfInterest`: a
 * field-of-interest name, or absent/null for the whole semester; `deadlineAt`: ISO-8601 instant with an
 * offset (`Z` or `±hh:mm`), stored in UTC.
 */
export class DeadlineDto {
  @ApiProperty({ enum: OFFERED_SEMESTERS }) @IsIn(OFFERED_SEMESTERS) semester: string;
  @ApiPropertyOptional({ type: String, nullable: true, enum: OFFERED_FIELDS })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsIn(OFFERED_FIELDS)
  fieldOfInterest?: string | null;
  @ApiProperty({ format: 'date-time', example: '2026-06-30T23:59:00-04:00' })
  @IsISO8601({ strict: true })
  @Matches(/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/, { message: 'deadlineAt must carry an offset (Z or ±hh:mm)' })
  deadlineAt: string;
}
