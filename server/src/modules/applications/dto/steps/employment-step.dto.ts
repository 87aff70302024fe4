import { OptionalOption, OptionalPastUsDate, OptionalText } from '../../../../common/validation/optional-fields.js';

/**
 * Step 4 — Employment (DESIGN §3). The details are accepted only when currentlyEmployed is Yes
 * (checked by the service against the merged record). employmentDate MM/DD/YYYY, not in the future.
 */
export class EmploymentStepDto {
  @OptionalOption('yesNo') currentlyEmployed?: string | null;
  @OptionalText(200) employer?: string | null;
  @OptionalText(200) jobTitle?: string | null;
  @OptionalPastUsDate() employmentDate?: string | null;
  @OptionalOption('employment') employmentType?: string | null;
}
