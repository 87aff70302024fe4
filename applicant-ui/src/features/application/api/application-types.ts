/**
 * The application record as the API answers it (docs/api.md "Record"; spec §3 field names), from the
 * contract: `ApplicationRecord`, every saved answer merged at top level (typed by the contract's
 * `ApplicationAnswers`, generated from the server's field registry; an answer never saved is absent)
 * and the identity, status and time columns.
 */
import type { RequestBody, Schema } from '../../../../../contract/client/create-client';

/** `{name, phone, email, relationship}` JSON sub-object (emergency contact, references…; contract `ContactDto`). */
export type ContactInfo = Schema<'ContactDto'>;

/** The answers of PATCH /api/applications/{id} (contract `SaveApplicationDto` less the save's own `version`, `stepReached`, `timeZone`). */
export type ApplicationAnswers = Omit<RequestBody<'updateApplication'>, 'version' | 'stepReached' | 'timeZone'>;

/**
 * The application record (contract `ApplicationRecord`: the answers and the columns); the index signature
 * lets the form read and write answers by their dotted names.
 */
export type ApplicationRecord = Schema<'ApplicationRecord'> & { [key: string]: unknown };

/** The welcome page's choice, passed as router state `information` (spec §2): UI state, not a wire type. */
export interface ApplicationInformation {
  gender: 'Female' | 'Male';
  fieldOfInterest: string;
  semester: string;
  location?: string;
}
