import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import {
  OptionalBoolean,
  OptionalEmail,
  OptionalOption,
  OptionalPastUsDate,
  OptionalPhone,
  OptionalText,
  OptionalUsDate,
} from '../../../../common/validation/optional-fields.js';

/** A person to contact: the JSON sub-objects of spec §3 `{name, phone, email, relationship}`. */
export class ContactDto {
  @OptionalText(100) name?: string | null;
  @OptionalPhone() phone?: string | null;
  @OptionalEmail() email?: string | null;
  @OptionalText(50) relationship?: string | null;
}

/** A prerequisite course entry of spec §3 (OTDCourse1…, MSLPCourse1…, NutritionCourse1…). */
export class CourseEntryDto {
  @OptionalOption('classStatus') status?: string | null;
  @OptionalText(200) college?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'MM/DD/YYYY; may be in the future for a scheduled course' })
  @OptionalUsDate()
  completion_date?: string | null;
}

/** Spec §3 `completedObservation {boolean, when}` (OT clinical observation hours). */
export class ObservationDto {
  @OptionalBoolean() boolean?: boolean | null;
  @OptionalPastUsDate() when?: string | null;
}

/** Spec §3 prerequisite object `{tookCourse, howTaken}` of one subject. */
export class PrerequisiteDto {
  @OptionalOption('transferCredit') tookCourse?: string | null;
  @OptionalOption('placesClassesTaken') howTaken?: string | null;
}

/** Spec §3 info object of one prerequisite subject: how and when it was taken. */
export class PrerequisiteInfoDto {
  @OptionalOption('classTypes') typeClass?: string | null;
  @OptionalOption('colleges') college?: string | null;
  @OptionalText(200) collegeOther?: string | null;
  @OptionalOption('examTypes') examTaken?: string | null;
  @OptionalText(200) examTakenOther?: string | null;
  @OptionalUsDate() completion_date?: string | null;
}

/** One row of `passedCollegeLevelOrAPCourses` (spec §3): `{college, name}`; a blank row is `''` in both. */
export class CollegeCourseDto {
  @ApiProperty({ maxLength: 200 }) @IsString() @MaxLength(200) college: string;
  @ApiProperty({ maxLength: 200 }) @IsString() @MaxLength(200) name: string;
}

/** An optional JSON sub-object of type `type`; null clears it. */
export const OptionalNested = (type: new () => object) =>
  applyDecorators(
    ApiPropertyOptional({ type, nullable: true }),
    IsOptional(),
    ValidateNested(),
    Type(() => type),
  );
