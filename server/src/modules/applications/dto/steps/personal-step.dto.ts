import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';
import { OptionalOption, OptionalPastUsDate, OptionalPhone, OptionalText } from '../../../../common/validation/optional-fields.js';

const trimmed = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
const sent = (name: string) => ValidateIf((o: Record<string, unknown>) => o[name] !== undefined);

/**
 * Step 1 — Personal (DESIGN §3). Name and e-mail are required whenever sent (they cannot be cleared);
 * a changed field of interest / semester / location must be offered to the applicant's gender
 * (checked against the catalogue). Gender is fixed at start and not writable. The address and phone
 * follow `addressCountry` (issue 11 item 2, `address-rules.ts`).
 */
export class PersonalStepDto {
  @ApiPropertyOptional() @sent('firstName') @trimmed() @IsString() @IsNotEmpty() @MaxLength(100) firstName?: string;
  @ApiPropertyOptional() @sent('lastName') @trimmed() @IsString() @IsNotEmpty() @MaxLength(100) lastName?: string;
  @ApiPropertyOptional() @sent('email') @trimmed() @IsEmail() @MaxLength(254) email?: string;
  @ApiPropertyOptional({ description: "changeable; must be offered to the applicant's gender" })
  @sent('fieldOfInterest')
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  fieldOfInterest?: string;
  @ApiPropertyOptional({ description: 'a term key (`GET /api/programs` courses[].semester)' })
  @sent('semesterApplied')
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  semesterApplied?: string;
  @OptionalText(50) location?: string | null;
  @OptionalPastUsDate() dateOfBirth?: string | null;
  @OptionalOption('countries') addressCountry?: string | null;
  @OptionalText(200, 'street address, first line (issue 27: a full mailing address)') addressLine1?: string | null;
  @OptionalText(200, 'street address, second line (apartment, suite, building)') addressLine2?: string | null;
  @OptionalText(100, 'city, town or locality') addressCity?: string | null;
  @OptionalOption('states') addressState?: string | null;
  @OptionalText(100, 'province or region, outside the United States only') addressRegion?: string | null;
  @OptionalText(20, "ZIP code in the US, else the country's postal code (checked per country by the service)")
  addressZip?: string | null;
  @OptionalOption('maritalStatus') maritalStatus?: string | null;
  @OptionalText(100) contactName?: string | null;
  @OptionalPhone() cellPhone?: string | null;
  @OptionalOption('howHeard') howHeard?: string | null;
}
