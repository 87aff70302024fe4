import { OptionalBoolean, OptionalEmail, OptionalPhone, OptionalText } from '../../../../common/validation/optional-fields.js';
import { ContactDto, OptionalNested } from './nested.dto.js';

/**
 * Step 2 — Family (DESIGN §3): parents, spouse (accepted only when maritalStatus is Married: checked
 * by the service against the merged record) and the emergency contact.
 */
export class FamilyStepDto {
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
  @OptionalNested(ContactDto) emergencyContact?: ContactDto | null;
}
