/**
 * Shapes of `/api/admin/applications` (docs/api.md "Admin console"; spec §3 wire names).
 */

/** Application status (spec §3; issue 15 adds under_review and decided). */
export type ApplicationStatus = 'draft' | 'submitted' | 'complete' | 'withdrawn' | 'under_review' | 'decided';

/** Every application status, in the order of the form's life. */
export const APPLICATION_STATUSES: ApplicationStatus[] = ['draft', 'submitted', 'complete', 'under_review', 'decided', 'withdrawn'];

/** Payment status of an application (spec §3). */
export const PAYMENT_STATUSES = ['Unpaid', 'Pending', 'Paid', 'Declined', 'Waived', 'Refunded'] as const;

/** Program groups (DESIGN §4). */
export const PROGRAM_GROUPS = ['underGraduate', 'graduate', 'postGraduate', 'preRequisite'] as const;

/** Reference statuses as stored (spec §3 firstReferenceStatus / secondReferenceStatus). */
export const REFERENCE_STATUSES = ['Not requested', 'Requested', 'Received', 'Waived'] as const;

/** One of {@link REFERENCE_STATUSES}. */
export type ReferenceStatus = (typeof REFERENCE_STATUSES)[number];

/** Applicant genders as stored (spec §3). */
export const GENDERS = ['Female', 'Male'] as const;

/** One row of the list (also the head of the detail). Dates are ISO 8601 or null. */
export interface ApplicationRecord {
  id: string;
  referenceNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  gender: string;
  /** Program group. */
  program: string;
  /** Program name. */
  fieldOfInterest: string;
  semesterApplied: string;
  location: string | null;
  locale: string;
  status: ApplicationStatus;
  stepReached: string;
  Payment_Status: string;
  version: number;
  userId: string | null;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  certifiedAt: string | null;
  completedAt: string | null;
  withdrawnAt: string | null;
  /** Where the first reference stands (issue 11; admins set it). */
  firstReferenceStatus?: ReferenceStatus;
  /** Where the second reference stands. */
  secondReferenceStatus?: ReferenceStatus;
}

/** A stored document (metadata; the bytes come from `downloadUrl` with the admin's token). */
export interface ApplicationAttachment {
  id: string;
  slot: string;
  originalName: string;
  detectedType: string;
  sizeBytes: number;
  sha256: string;
  uploadedAt: string;
  replacedAt: string | null;
  downloadUrl: string;
}

/** One payment attempt; amounts in `currency` (USD). */
export interface ApplicationPayment {
  id: string;
  requestId: string;
  amount: number;
  lateFee: number;
  discount: number;
  total: number;
  currency: string;
  status: string;
  gateway: string;
  invoiceNumber: string | null;
  transactionId: string | null;
  accountNumber: string | null;
  errorCode: string | null;
  errorText: string | null;
  createdAt: string;
}

/** One time-log record; `duration` in seconds. */
export interface ApplicationTimeLog {
  id: string;
  applicationId: string;
  step: string;
  duration: number | string;
  createdAt: string;
}

/** GET /api/admin/applications/:id. */
export interface ApplicationDetail extends ApplicationRecord {
  answers: Record<string, unknown>;
  attachments: ApplicationAttachment[];
  payments: ApplicationPayment[];
  timeLog: ApplicationTimeLog[];
}
