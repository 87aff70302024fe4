import { HttpStatus } from '@nestjs/common';
import { ApiException } from '../../common/errors/api.exception.js';
import type { ApplicationStatus } from './application.entity.js';

/**
 * What an applicant (and her recommenders, through their links) may change in each status of her
 * application (issue 26 item 12): an allow-list per write, so a status not named — `decided`, or one added
 * later — allows nothing until someone allows it here. Office staff act through their own routes.
 */
export const APPLICANT_WRITES = {
  /** Upload a document into an empty slot (the applicant's, or a recommender's letter). */
  'document.add': ['draft', 'submitted', 'complete', 'under_review'],
  /** Upload over a slot's current document (the old one stays as history). */
  'document.replace': ['draft', 'submitted', 'complete', 'under_review'],
  /** Remove a slot's current document: not once the file is complete (it would fall back to incomplete). */
  'document.remove': ['draft', 'submitted'],
  /** Ask, re-ask (resend) or remove a recommender. */
  'recommendation.request': ['draft', 'submitted'],
  'recommendation.resend': ['draft', 'submitted'],
  'recommendation.remove': ['draft', 'submitted'],
} as const satisfies Record<string, readonly ApplicationStatus[]>;

/** One write of {@link APPLICANT_WRITES}. */
export type ApplicantWrite = keyof typeof APPLICANT_WRITES;

/** Whether `write` is allowed on an application in `status`. */
export function applicantMay(write: ApplicantWrite, status: string): boolean {
  return (APPLICANT_WRITES[write] as readonly string[]).includes(status);
}

/**
 * Refuses a write the application's status does not allow.
 * @throws ApiException 410 TKN-002 when it is withdrawn (its links have ended); 409 ATT-409-complete for
 *         removing a document of a complete (or later) file; 409 APP-409-write (`params.status`) otherwise
 */
export function assertApplicantMay(write: ApplicantWrite, application: { status: string }): void {
  if (applicantMay(write, application.status)) return;
  if (application.status === 'withdrawn') throw new ApiException(HttpStatus.GONE, 'TKN-002');
  if (write === 'document.remove') throw new ApiException(HttpStatus.CONFLICT, 'ATT-409-complete');
  throw new ApiException(HttpStatus.CONFLICT, 'APP-409-write', { params: { status: application.status } });
}
