import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject, IsOptional, IsUUID } from 'class-validator';

/**
 * `POST /api/admin/assignments` and `…/unassign`: applications (by `applicationIds`, or every one the
 * admin applications list `filter` matches, exactly one of the two) × readers.
 */
export class AssignmentDto {
  @ApiPropertyOptional({ type: [String], format: 'uuid' })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  applicationIds?: string[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'the filter of GET /api/admin/applications',
    example: { status: 'complete', fieldOfInterest: 'MSW' },
  })
  @IsOptional()
  @IsObject()
  filter?: Record<string, unknown>;

  @ApiProperty({ type: [String], format: 'uuid', description: 'readers (or admins)' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @IsUUID('all', { each: true })
  readerIds: string[];
}

/** What an assignment call changed. */
export class AssignmentResultResponse {
  @ApiProperty({ description: 'applications matched' }) applications: number;
  @ApiProperty({ description: 'pairs added (assign) or removed (unassign); pairs already so are not counted' }) changed: number;
}

/** One application in the caller's queue (`GET /api/admin/queue`). */
export class QueueItemResponse {
  @ApiProperty({ format: 'uuid', description: 'the application id' }) id: string;
  @ApiProperty() referenceNumber: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() fieldOfInterest: string;
  @ApiProperty() semesterApplied: string;
  @ApiProperty() status: string;
  @ApiProperty({ description: 'the file is complete and can be read (complete, under review or decided); ready files come first' })
  ready: boolean;
  @ApiProperty({
    type: [String],
    example: ['undergraduateTranscript', 'secondLetterOfRecommendation'],
    description: 'a submitted file that cannot be read yet: the required items it still waits for (slot names); else empty',
  })
  waitingFor: string[];
  @ApiProperty({ format: 'date-time' }) assignedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: "when the caller's review was last saved" }) reviewedAt:
    string | null;
  @ApiProperty({ type: String, enum: ['admit', 'waitlist', 'deny', 'discuss'], nullable: true, description: "the caller's recommendation" })
  recommendation: string | null;
}
