import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsOptional } from 'class-validator';
import { IsClockTime, IsIsoDate } from '../../../common/validation/formats.js';
import type { MaintenanceWindow } from '../maintenance-window.entity.js';

/** Body of create/update of a maintenance window: wall-clock dates and times in America/New_York. */
export class MaintenanceWindowDto {
  @ApiProperty({ example: '2026-12-01', description: 'YYYY-MM-DD, Eastern' }) @IsDefined() @IsIsoDate() startDate: string;
  @ApiProperty({ example: '22:00', description: 'HH:mm, Eastern' }) @IsDefined() @IsClockTime() startTime: string;
  @ApiProperty({ example: '2026-12-02' }) @IsDefined() @IsIsoDate() endDate: string;
  @ApiProperty({ example: '02:00' }) @IsDefined() @IsClockTime() endTime: string;
  @ApiPropertyOptional({ type: Number, readOnly: true, description: 'echoed back from the read; ignored' }) @IsOptional() id?: unknown;
  @ApiPropertyOptional({ type: String, format: 'date-time', readOnly: true, description: 'echoed back from the read; ignored' })
  @IsOptional()
  startsAt?: unknown;
  @ApiPropertyOptional({ type: String, format: 'date-time', readOnly: true, description: 'echoed back from the read; ignored' })
  @IsOptional()
  endsAt?: unknown;
  @ApiPropertyOptional({ type: String, format: 'date-time', readOnly: true, description: 'echoed back from the read; ignored' })
  @IsOptional()
  createdAt?: unknown;
}

/** A maintenance window as the admin console sees it. */
export class MaintenanceWindowResponse {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'YYYY-MM-DD, Eastern' }) startDate: string;
  @ApiProperty({ description: 'HH:mm, Eastern' }) startTime: string;
  @ApiProperty() endDate: string;
  @ApiProperty() endTime: string;
  @ApiProperty({ format: 'date-time', description: 'UTC' }) startsAt: string;
  @ApiProperty({ format: 'date-time', description: 'UTC' }) endsAt: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;

  /** Maps an entity to the wire shape. */
  static from(row: MaintenanceWindow): MaintenanceWindowResponse {
    return Object.assign(new MaintenanceWindowResponse(), {
      id: row.id,
      startDate: row.startDate,
      startTime: row.startTime.slice(0, 5),
      endDate: row.endDate,
      endTime: row.endTime.slice(0, 5),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    });
  }
}

/** The schedule fields of spec §3 "Maintenance schedule" (Eastern wall clock), plus UTC instants. */
export class MaintenanceScheduleDto {
  @ApiProperty({ example: '2026-12-01' }) Start_Date__c: string;
  @ApiProperty({ example: '2026-12-02' }) End_Date__c: string;
  @ApiProperty({ example: '22:00:00' }) Start_Time__c: string;
  @ApiProperty({ example: '02:00:00' }) End_Time__c: string;
  @ApiProperty({ format: 'date-time' }) startsAt: string;
  @ApiProperty({ format: 'date-time' }) endsAt: string;
}

/** Answer of `GET /api/maintenance/check`: MAI-000 with data, or MAI-001 with null (spec §4, §7). */
export class MaintenanceCheckResponse {
  @ApiProperty() success: true;
  @ApiProperty({ enum: ['MAI-000', 'MAI-001'] }) code: 'MAI-000' | 'MAI-001';
  @ApiProperty({ type: MaintenanceScheduleDto, nullable: true }) data: MaintenanceScheduleDto | null;
}
