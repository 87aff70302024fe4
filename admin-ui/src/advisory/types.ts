/**
 * Record shape of `/api/admin/advisory-lines` (docs/api.md "Admin console" and "Advisory banner"), from the
 * contract.
 */
import type { Schema } from '../api/contract-types';

/** One line of the applicant home page's advisory banner, in the three languages (`showUntil` null: no end). */
export type AdvisoryLineRecord = Schema<'AdvisoryLineResponse'>;

/** Body of `POST` and `PUT /api/admin/advisory-lines(/:id)`. */
export type AdvisoryLinePayload = Schema<'AdvisoryLineDto'>;
