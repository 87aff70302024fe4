import { ApiProperty, ApiPropertyOptional, IntersectionType, PickType } from '@nestjs/swagger';
import { IsInt, IsOptional, Min } from 'class-validator';
import { IsStepNumber, IsTimeZone } from '../../../common/validation/formats.js';
import { validateByParts } from '../../../common/validation/validate-by-parts.js';
import { EducationStepDto } from './steps/education-step.dto.js';
import { EmploymentStepDto } from './steps/employment-step.dto.js';
import { FamilyStepDto } from './steps/family-step.dto.js';
import { PaymentStepDto } from './steps/payment-step.dto.js';
import { PersonalStepDto } from './steps/personal-step.dto.js';
import { PrerequisitesStepDto } from './steps/prerequisites-step.dto.js';
import { ReferencesStepDto } from './steps/references-step.dto.js';

export { ContactDto } from './steps/nested.dto.js';

/** One class-validator DTO per step. */
const STEPS = [
  PersonalStepDto,
  FamilyStepDto,
  EducationStepDto,
  EmploymentStepDto,
  PrerequisitesStepDto,
  ReferencesStepDto,
  PaymentStepDto,
] as const;

/** The fields of every step (the step DTOs merged). */
const AllSteps = IntersectionType(...STEPS);

/**
 * Body of `PATCH /api/applications/{id}`: flat, the spec §3 field names of any step at top level, plus
 * the `version` the client last saw and optionally the step reached. Every field is optional (autosave
 * sends what changed); an empty string or null clears an optional field. Unknown fields — including
 * the ones only submit or payments write (certifyAllInformation, fullNameSignature, dateSignature,
 * amount, lateFee, Payment_Status) — are refused (422), so a typo never silently loses data.
 * Option values are checked against the current dropdowns and the conditional rules (spouse only when
 * married, employment details only when employed, "other" texts only with Other) against the merged
 * record by the service.
 */
export class SaveApplicationDto extends AllSteps {
  @ApiProperty({ minimum: 1, description: 'version of the record the client edited; stale → 409 APP-409' })
  @IsInt()
  @Min(1)
  version: number;

  @ApiPropertyOptional({ example: '2', description: 'step the applicant has reached (only ever raised)' })
  @IsOptional()
  @IsStepNumber()
  stepReached?: string;

  @ApiPropertyOptional({ example: 'Asia/Shanghai', description: "the applicant's IANA time zone (a column, not an answer; issue 11)" })
  @IsOptional()
  @IsTimeZone()
  timeZone?: string;
}

// Issue 12: a body is validated by the steps its fields belong to (same rules and messages, a fraction of the work).
validateByParts(SaveApplicationDto, PickType(SaveApplicationDto, ['version', 'stepReached', 'timeZone']), [...STEPS]);
