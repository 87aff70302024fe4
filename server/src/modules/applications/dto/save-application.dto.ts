import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsEmail, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { IsStepNumber } from '../../../common/validation/formats.js';
import {
  OptionalBoolean,
  OptionalChoice,
  OptionalEmail,
  OptionalPhone,
  OptionalText,
  OptionalUsDate,
  OptionalZip,
} from '../../../common/validation/optional-fields.js';

/** A person to contact: the JSON sub-objects of spec §3 `{name, phone, email, relationship}`. */
export class ContactDto {
  @OptionalText(100) name?: string | null;
  @OptionalPhone() phone?: string | null;
  @OptionalEmail() email?: string | null;
  @OptionalText(50) relationship?: string | null;
}

/** US states plus DC, as the `states` dropdown stores them (two-letter codes). */
export const STATE_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

/** Spec §3 marital status values. */
export const MARITAL_STATUSES = ['Single', 'Married', 'Divorced', 'Widowed'] as const;

const trimmed = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/**
 * Body of `PATCH /api/applications/{id}`: the `version` the client last saw, optionally the step
 * reached, and any fields of steps 1 (Personal) and 2 (Family) of DESIGN §3, named as in spec §3.
 * Every field is optional (autosave sends what changed); an empty string clears an optional field.
 * Unknown fields are refused (422), so a typo never silently loses data.
 */
export class SaveApplicationDto {
  @ApiProperty({ minimum: 1, description: 'version of the record the client edited; stale → 409 APP-409' })
  @IsInt()
  @Min(1)
  version: number;

  @ApiPropertyOptional({ example: '2', description: 'step the applicant has reached (only ever raised)' })
  @IsOptional()
  @IsStepNumber()
  stepReached?: string;

  // Step 1 — Personal. Name and e-mail are required whenever sent.
  @ApiPropertyOptional()
  @ValidateIf((o) => o.firstName !== undefined)
  @trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  firstName?: string;
  @ApiPropertyOptional()
  @ValidateIf((o) => o.lastName !== undefined)
  @trimmed()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  lastName?: string;
  @ApiPropertyOptional() @ValidateIf((o) => o.email !== undefined) @trimmed() @IsEmail() @MaxLength(254) email?: string;
  @ApiPropertyOptional({ description: "changeable; must be offered to the applicant's gender" })
  @ValidateIf((o) => o.fieldOfInterest !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  fieldOfInterest?: string;
  @ApiPropertyOptional()
  @ValidateIf((o) => o.semesterApplied !== undefined)
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  semesterApplied?: string;
  @OptionalText(50) location?: string | null;
  @OptionalUsDate() dateOfBirth?: string | null;
  @OptionalChoice(STATE_CODES) addressState?: string | null;
  @OptionalZip() addressZip?: string | null;
  @OptionalChoice(MARITAL_STATUSES) maritalStatus?: string | null;
  @OptionalText(100) contactName?: string | null;
  @OptionalPhone() cellPhone?: string | null;
  @OptionalText(100) howHeard?: string | null;

  // Step 2 — Family.
  @OptionalText(100) fatherFirstName?: string | null;
  @OptionalText(100) fatherLastName?: string | null;
  @OptionalText(100) fatherOccupation?: string | null;
  @OptionalBoolean() fatherDeceased?: boolean | null;
  @OptionalText(100) motherFirstName?: string | null;
  @OptionalText(100) motherLastName?: string | null;
  @OptionalText(100) motherMaidenName?: string | null;
  @OptionalText(100) motherOccupation?: string | null;
  @OptionalBoolean() motherDeceased?: boolean | null;
  @OptionalText(100) SpouseFirstName?: string | null;
  @OptionalText(100) SpouseMaidenName?: string | null;
  @OptionalText(100) SpouseLastName?: string | null;
  @OptionalText(100) SpouseOccupation?: string | null;
  @OptionalEmail() SpouseEmail?: string | null;
  @OptionalPhone() SpouseCellNumber?: string | null;
  @ApiPropertyOptional({ type: ContactDto, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => ContactDto)
  emergencyContact?: ContactDto | null;
}
