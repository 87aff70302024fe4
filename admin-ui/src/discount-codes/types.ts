/**
 * Record shape of `/api/admin/discount-codes` (docs/api.md "Admin console"), from the contract.
 */
import type { Schema } from '../api/contract-types';

/** A discount code as the admin API returns it (`value`: major currency unit for fixed, percent for percent, 0 for waiver). */
export type DiscountCodeRecord = Schema<'DiscountCodeResponse'>;

/** Body of `POST` and `PUT /api/admin/discount-codes(/:id)`. */
export type DiscountCodePayload = Schema<'DiscountCodeDto'>;

/** fixed: an amount off; percent: percent off (≤ 100); waiver: the whole fee. */
export type DiscountKind = DiscountCodeRecord['kind'];

/** The kinds, in the order the form offers them. */
export const DISCOUNT_KINDS = ['fixed', 'percent', 'waiver'] as const satisfies readonly DiscountKind[];

/** What a code discounts (issue 29 item 2): the application fee or the enrollment deposit. */
export type DiscountPurpose = DiscountCodeRecord['appliesTo'];

/** The purposes, in the order the form offers them. */
export const DISCOUNT_PURPOSES = ['application_fee', 'enrollment_deposit'] as const satisfies readonly DiscountPurpose[];
