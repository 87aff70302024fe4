/**
 * Record shape of `/api/admin/advisory-lines` (docs/api.md "Admin console" and "Advisory banner").
 */

/** One line of the applicant home page's advisory banner, in the three languages. */
export interface AdvisoryLineRecord {
  id: number;
  textEn: string;
  textEs: string;
  textZhCn: string;
  /** Lines show in ascending order. */
  sortOrder: number;
  active: boolean;
  /** UTC ISO instant after which the line is hidden; null: no end. */
  showUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Body of `POST` and `PUT /api/admin/advisory-lines(/:id)`. */
export type AdvisoryLinePayload = Pick<AdvisoryLineRecord, 'textEn' | 'textEs' | 'textZhCn' | 'sortOrder' | 'active' | 'showUntil'>;
