/**
 * Record shape of `/api/admin/users` (docs/api.md "Admin console").
 */

/** admin: uses this console; applicant: the applicant app only. */
export type UserRole = 'admin' | 'applicant';

/** The roles, in the order filters offer them. */
export const USER_ROLES: readonly UserRole[] = ['admin', 'applicant'];

/** An account as the admin API returns it. */
export interface UserRecord {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: UserRole;
  created_at: string;
  updated_at: string;
}
