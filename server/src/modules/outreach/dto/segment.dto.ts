import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsObject, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import type { OutreachSegment } from '../outreach-segment.entity.js';
import { SegmentFilterDto, type SegmentFilter } from './segment-filter.dto.js';

/** Body of `POST /api/admin/segments` and `PUT /api/admin/segments/{id}`. */
export class SegmentDto {
  @ApiProperty({ minLength: 1, maxLength: 120, example: 'Drafts idle a week' })
  @IsString()
  @MinLength(1)
  @MaxLength(120)
  name: string;

  @ApiProperty({ type: SegmentFilterDto, description: 'the allow-listed filter (unknown fields: 422 VAL-001)' })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => SegmentFilterDto)
  filter: SegmentFilterDto;
}

/** Body of `POST /api/admin/segments/preview`: a filter not saved (yet). */
export class SegmentPreviewDto {
  @ApiProperty({ type: SegmentFilterDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => SegmentFilterDto)
  filter: SegmentFilterDto;
}

/** A saved segment. */
export class SegmentResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: SegmentFilterDto }) filter: SegmentFilter;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;

  static from(row: OutreachSegment): SegmentResponse {
    return Object.assign(new SegmentResponse(), {
      id: row.id,
      name: row.name,
      filter: row.filter,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
  }
}

/** One application of a segment's sample. */
export class SegmentSampleRow {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: '100001' }) referenceNumber: string;
  @ApiProperty({ description: 'the name in its own order (contract/format/person-name.ts)', example: 'Ana Ruiz' }) name: string;
  @ApiProperty() email: string;
  @ApiProperty({ example: 'MSW', description: 'field-of-interest key' }) program: string;
  @ApiProperty({ description: "the term's key, the wire value of `semesterApplied`" }) semester: string;
  @ApiProperty() status: string;
  @ApiProperty({ minimum: 1, maximum: 8, description: 'step reached' }) step: number;
  @ApiProperty({ description: 'whole days since the application last changed (server clock)' }) idleDays: number;
}

/** Answer of the segment previews: how many applications match now, and the first 20 (most idle first). */
export class SegmentPreviewResponse {
  @ApiProperty({ description: 'applications matching now' }) count: number;
  @ApiProperty({ type: [SegmentSampleRow], description: 'at most 20, the longest idle first (then by id)' })
  sample: SegmentSampleRow[];
}
