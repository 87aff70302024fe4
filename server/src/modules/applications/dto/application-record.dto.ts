import { ApiProperty } from '@nestjs/swagger';
import type { Application } from '../application.entity.js';

/**
 * The application record on the wire (spec §3 field names): the identity and status columns plus every
 * saved answer. Fields never saved are absent.
 */
export class ApplicationRecord {
  @ApiProperty({ format: 'uuid' }) Id: string;
  @ApiProperty() version: number;
  @ApiProperty({ enum: ['draft', 'submitted', 'complete', 'withdrawn'] }) status: string;
  @ApiProperty({ example: '1' }) stepReached: string;
  @ApiProperty({ enum: ['Unpaid', 'Pending', 'Paid', 'Declined', 'Waived', 'Refunded'] }) Payment_Status: string;
  @ApiProperty() email: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty({ enum: ['Female', 'Male'] }) gender: string;
  @ApiProperty({ enum: ['underGraduate', 'graduate', 'postGraduate', 'preRequisite'] }) program: string;
  @ApiProperty() fieldOfInterest: string;
  @ApiProperty() semesterApplied: string;
  @ApiProperty({ nullable: true }) location: string | null;
  @ApiProperty() locale: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  [answer: string]: unknown;
}

/** Maps an application row to its wire record (answers first, so columns always win). */
export function toApplicationRecord(app: Application): ApplicationRecord {
  return {
    ...app.answers,
    Id: app.id,
    version: app.version,
    status: app.status,
    stepReached: String(app.stepReached),
    Payment_Status: app.paymentStatus,
    email: app.email,
    firstName: app.firstName,
    lastName: app.lastName,
    gender: app.gender,
    program: app.program,
    fieldOfInterest: app.fieldOfInterest,
    semesterApplied: app.semester,
    location: app.location,
    locale: app.locale,
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  };
}

/** Answer of start: the application's token (shown once, also e-mailed later), its id and record. */
export class StartApplicationResponse {
  @ApiProperty() success: true;
  @ApiProperty({ description: 'the application token for the tokenised link' }) token: string;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: ApplicationRecord }) data: ApplicationRecord;
}

/** Answer of save. */
export class SaveApplicationResponse {
  @ApiProperty() success: true;
  @ApiProperty({ type: ApplicationRecord }) data: ApplicationRecord;
}
