/**
 * Record shape of `/api/admin/discount-codes` (docs/api.md "Admin console").
 */

/** fixed: USD off; percent: percent off (≤ 100); waiver: the whole fee. */
export type DiscountKind = 'fixed' | 'percent' | 'waiver';

/** The kinds, in the order the form offers them. */
export const DISCOUNT_KINDS: readonly DiscountKind[] = ['fixed', 'percent', 'waiver'];

/** A discount code as the admin API returns it. */
export interface DiscountCodeRecord {
  id: string;
  code: string;
  kind: DiscountKind;
  /** USD (fixed) or percent (percent); 0 for waiver. */
  value: number;
  description: string | null;
  /** UTC ISO instant, or null: never expires. */
  expiresAt: string | null;
  /** null: unlimited. */
  maxUses: number | null;
  /** Payments that used the code (kept by the payments, never set by hand). */
  usageCount: number;
  active: boolean;
  /** Active, not expired and not used up: would be accepted now. */
  usable: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Body of `POST` and `PUT /api/admin/discount-codes(/:id)`. */
export interface DiscountCodePayload {
  code: string;
  kind: DiscountKind;
  value: number;
  description: string | null;
  expiresAt: string | null;
  maxUses: number | null;
  active: boolean;
}
