/** The application record as the API answers it (docs/api.md "Record"; spec §3 field names). */

/** `{name, phone, email, relationship}` JSON sub-object (emergency contact, references…). */
export interface ContactInfo {
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  relationship?: string | null;
}

/** The application record; fields never saved are absent or null. */
export interface ApplicationRecord {
  Id: string;
  version: number;
  status: 'draft' | 'submitted' | 'complete' | 'withdrawn' | string;
  stepReached: string;
  Payment_Status?: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  gender?: string | null;
  program?: string | null;
  fieldOfInterest?: string | null;
  semesterApplied?: string | null;
  location?: string | null;
  locale?: string | null;
  dateOfBirth?: string | null;
  addressCountry?: string | null;
  addressState?: string | null;
  addressRegion?: string | null;
  addressZip?: string | null;
  maritalStatus?: string | null;
  contactName?: string | null;
  cellPhone?: string | null;
  howHeard?: string | null;
  fatherFirstName?: string | null;
  fatherLastName?: string | null;
  fatherOccupation?: string | null;
  fatherDeceased?: boolean | null;
  motherFirstName?: string | null;
  motherLastName?: string | null;
  motherMaidenName?: string | null;
  motherOccupation?: string | null;
  motherDeceased?: boolean | null;
  SpouseFirstName?: string | null;
  SpouseMaidenName?: string | null;
  SpouseLastName?: string | null;
  SpouseOccupation?: string | null;
  SpouseEmail?: string | null;
  SpouseCellNumber?: string | null;
  emergencyContact?: ContactInfo | null;
  [key: string]: unknown;
}

/** The welcome page's choice, passed as router state `information` (spec §2). */
export interface ApplicationInformation {
  gender: 'Female' | 'Male';
  fieldOfInterest: string;
  semester: string;
  location?: string;
}
