/**
 * Pure helpers of the Users pages: the name shown, the `PUT` body (the API refuses any field but
 * role and names with 422), and what a role button does.
 */
import type { Schema } from '../api/contract-types';
import type { UserRecord, UserRole } from './types';
import { formatPersonName } from '../../../contract/format/person-name';

/** The name in its own order ("Ana Díaz", "王芳", issue 27), or the e-mail when both names are empty. */
export function displayName(user: Pick<UserRecord, 'first_name' | 'last_name' | 'email'>): string {
  const name = formatPersonName({ firstName: user.first_name, lastName: user.last_name });
  return name || user.email || '';
}

/** Body of `PUT /api/admin/users/:id` from the edit form: the names, trimmed. */
export function toUserNamesPayload(values: Partial<UserRecord>): Required<Pick<Schema<'UpdateAdminUserDto'>, 'first_name' | 'last_name'>> {
  return { first_name: String(values.first_name ?? '').trim(), last_name: String(values.last_name ?? '').trim() };
}

/** The role button's action for an account: which role it gives, and its message keys. */
export interface RoleChange {
  role: UserRole;
  /** `make_admin` or `remove_admin` (under `app.users.`). */
  action: 'make_admin' | 'remove_admin';
  /** Whether the admin is changing their own account (the dialog warns about losing access). */
  self: boolean;
}

/** What pressing the role button does for `user` when `currentUserId` is the one signed in. */
export function roleChangeFor(user: Pick<UserRecord, 'id' | 'role'>, currentUserId: string | number | undefined): RoleChange {
  const self = currentUserId !== undefined && String(currentUserId) === String(user.id);
  return user.role === 'admin' ? { role: 'applicant', action: 'remove_admin', self } : { role: 'admin', action: 'make_admin', self };
}
