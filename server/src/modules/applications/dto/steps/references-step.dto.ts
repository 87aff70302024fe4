import { ContactDto, OptionalNested } from './nested.dto.js';

/** Step 6 — References and recommenders (DESIGN §3), each {name, phone, email, relationship}. */
export class ReferencesStepDto {
  @OptionalNested(ContactDto) firstReferenceNameAndNumber?: ContactDto | null;
  @OptionalNested(ContactDto) secondReferenceNameAndNumber?: ContactDto | null;
  @OptionalNested(ContactDto) firstRecommender?: ContactDto | null;
  @OptionalNested(ContactDto) secondRecommender?: ContactDto | null;
  @OptionalNested(ContactDto) thirdRecommender?: ContactDto | null;
}
