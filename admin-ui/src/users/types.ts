/**
 * Record shape of `/api/admin/users` (docs/api.md "Admin console").
 */

/** admin: uses this console; reader: reads and rates the applications assigned to them; applicant: the applicant app only. */
export type UserRole = 'admin' | 'applicant' | 'reader';

/** The roles, in the order filters and the role select offer them. */
export const USER_ROLES: readonly UserRole[] = ['admin', 'reader', 'applicant'];

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
