/**
 * Shapes of `/api/admin/applications` (docs/api.md "Admin console"; spec §3 wire names), from the
 * contract; the lists below are the orders the filters offer the contract's values in.
 */
import type { Schema } from '../api/contract-types';

/** One row of the list (also the head of the detail). Dates are ISO 8601 or null. */
export type ApplicationRecord = Schema<'AdminApplicationResponse'>;

/** GET /api/admin/applications/:id: the row plus answers, documents, payments (null for readers) and time log. */
export type ApplicationDetail = Schema<'AdminApplicationDetail'>;

/** A stored document (metadata; the bytes come from `downloadUrl` with the admin's token). */
export type ApplicationAttachment = Schema<'AdminAttachment'>;

/** One payment attempt; amounts in the major unit of its `currency`. */
export type ApplicationPayment = Schema<'AdminPayment'>;

/** One time-log record; `duration` in seconds. */
export type ApplicationTimeLog = Schema<'AdminTimeLogEntry'>;

/** Application status (spec §3; issue 15 adds under_review and decided). */
export type ApplicationStatus = ApplicationRecord['status'];

/** Where a reference stands (spec §3 firstReferenceStatus / secondReferenceStatus). */
export type ReferenceStatus = ApplicationRecord['firstReferenceStatus'];

/** Every application status, in the order of the form's life. */
export const APPLICATION_STATUSES = [
  'draft',
  'submitted',
  'complete',
  'under_review',
  'decided',
  'withdrawn',
] as const satisfies readonly ApplicationStatus[];

/** Payment status of an application (spec §3). */
export const PAYMENT_STATUSES = [
  'Unpaid',
  'Pending',
  'Paid',
  'Declined',
  'Waived',
  'Refunded',
] as const satisfies readonly ApplicationRecord['Payment_Status'][];

/** Program groups (DESIGN §4). */
export const PROGRAM_GROUPS = [
  'underGraduate',
  'graduate',
  'postGraduate',
  'preRequisite',
] as const satisfies readonly ApplicationRecord['program'][];

/** Reference statuses as stored. */
export const REFERENCE_STATUSES = ['Not requested', 'Requested', 'Received', 'Waived'] as const satisfies readonly ReferenceStatus[];

/** Applicant genders as stored (spec §3). */
export const GENDERS = ['Female', 'Male'] as const satisfies readonly ApplicationRecord['gender'][];
