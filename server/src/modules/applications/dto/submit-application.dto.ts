import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Equals, IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import { IsUsDate, US_DATE_PATTERN } from '../../../common/validation/formats.js';

/**
 * Body of `POST /api/applications/{id}/submit` (contract 4, review step 7): the certification, the
 * typed signature (must match the applicant's first + last name, case- and space-insensitive), the
 * date signed (MM/DD/YYYY, today) and the record version the applicant reviewed.
 */
export class SubmitApplicationDto {
  @ApiProperty({ enum: [true] }) @Equals(true) certifyAllInformation: true;
  @ApiProperty({ maxLength: 200, example: 'Sarah Levi' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  fullNameSignature: string;
  @ApiProperty({ pattern: US_DATE_PATTERN, example: '11/22/2026', description: "MM/DD/YYYY, today's date" })
  @IsUsDate()
  dateSignature: string;
  @ApiProperty({ minimum: 1 }) @IsInt() @Min(1) version: number;
}

/** A required field without an answer, with the step where it is asked. */
export class MissingFieldDto {
  @ApiProperty({ example: 'emergencyContact.phone' }) field: string;
  @ApiProperty({ example: 2 }) step: number;
}

/** Contract 2: `GET /api/applications/{id}/requirements`. */
export class RequirementsResponse {
  @ApiProperty({ type: [Number], example: [1, 2, 3, 4, 6, 7, 8], description: 'the application steps that apply' }) steps: number[];
  @ApiProperty({ type: [String], example: ['personal', 'family', 'bachelor', 'references'] }) sections: string[];
  @ApiProperty({ type: [String], example: ['firstName', 'emergencyContact.phone', 'OTDCourse3.completion_date'] }) requiredFields: string[];
  @ApiProperty({
    type: [String],
    example: ['picture', 'undergraduateTranscript', 'resume'],
    description: 'the slots the applicant uploads',
  })
  attachmentSlots: string[];
  @ApiProperty({
    type: [String],
    example: ['firstLetterOfRecommendation', 'secondLetterOfRecommendation'],
    description:
      "the slots the applicant's recommenders fill (a letter or the short form through their own link), required too; never an upload task of the applicant",
  })
  recommenderSlots: string[];
}
