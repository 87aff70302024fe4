/**
 * Record shape of `/api/admin/users` (docs/api.md "Admin console"), from the contract.
 */
import type { Schema } from '../api/contract-types';

/** An account as the admin API returns it. */
export type UserRecord = Schema<'AdminUserResponse'>;

/** admin: uses this console; reader: reads and rates the applications assigned to them; applicant: the applicant app only. */
export type UserRole = UserRecord['role'];

/** The roles, in the order filters and the role select offer them. */
export const USER_ROLES = ['admin', 'reader', 'applicant'] as const satisfies readonly UserRole[];
